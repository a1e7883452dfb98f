/*
 * def.c - layout definitions: JSON loading with the engine's rules, the
 * members every notation shares (logical, physical, axes), the known-axis
 * registry, and the definition's identity.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <nettle/sha2.h>

#include "layout.h"

/* ------------------------------------------------------------------ */
/* Known axes: kind and hardware limit (a fact that warns, not an extent). */

static const struct {
	const char *name;
	int kind;
	int64_t hw_limit;
} known_axes[] = {
	{ "laneid", LAY_KIND_THREAD, 32 },     { "warpid", LAY_KIND_THREAD, 0 },
	{ "tid_in_wg", LAY_KIND_THREAD, 128 }, { "wid_in_wg", LAY_KIND_THREAD, 4 },
	{ "wgid", LAY_KIND_THREAD, 0 },	       { "tx", LAY_KIND_THREAD, 0 },
	{ "thread", LAY_KIND_THREAD, 0 },      { "tid", LAY_KIND_THREAD, 0 },
	{ "lane", LAY_KIND_THREAD, 32 },       { "warp", LAY_KIND_THREAD, 0 },
	{ "block", LAY_KIND_THREAD, 0 },       { "bx", LAY_KIND_THREAD, 0 },
	{ "by", LAY_KIND_THREAD, 0 },	       { "bz", LAY_KIND_THREAD, 0 },
	{ "cbx", LAY_KIND_THREAD, 0 },	       { "cby", LAY_KIND_THREAD, 0 },
	{ "cbz", LAY_KIND_THREAD, 0 },	       { "gpuid", LAY_KIND_DEVICE, 0 },
	{ "pid", LAY_KIND_DEVICE, 0 },	       { "m", LAY_KIND_MEMORY, 0 },
	{ "slot", LAY_KIND_MEMORY, 0 },	       { "value", LAY_KIND_MEMORY, 0 },
	{ "register", LAY_KIND_MEMORY, 0 },    { "index", LAY_KIND_MEMORY, 0 },
	{ "offset", LAY_KIND_MEMORY, 0 },      { "TLane", LAY_KIND_MEMORY, 128 },
	{ "TCol", LAY_KIND_MEMORY, 512 },      { "P", LAY_KIND_MEMORY, 128 },
	{ "F", LAY_KIND_MEMORY, 0 },	       { "Bank", LAY_KIND_MEMORY, 0 },
};

void lay_axis_known(const char *name, int *kind, int64_t *hw_limit)
{
	*kind = LAY_KIND_MEMORY;
	*hw_limit = 0;
	for (size_t i = 0; i < sizeof known_axes / sizeof known_axes[0]; i++)
		if (strcmp(known_axes[i].name, name) == 0) {
			*kind = known_axes[i].kind;
			*hw_limit = known_axes[i].hw_limit;
			return;
		}
}

const char *lay_kind_name(int kind)
{
	return kind == LAY_KIND_THREAD ? "thread" : kind == LAY_KIND_DEVICE ? "device" : "memory";
}

static int kind_from_name(const char *s)
{
	if (strcmp(s, "thread") == 0)
		return LAY_KIND_THREAD;
	if (strcmp(s, "device") == 0)
		return LAY_KIND_DEVICE;
	if (strcmp(s, "memory") == 0)
		return LAY_KIND_MEMORY;
	return -1;
}

/* ------------------------------------------------------------------ */
/* JSON helpers                                                        */

void lay_ptr_join(char *out, size_t n, const char *base, const char *key)
{
	size_t len = strlen(base);
	if (out != base)
		snprintf(out, n, "%s", base);
	len = strlen(out);
	if (len + 1 < n)
		out[len++] = '/';
	for (const char *k = key; *k && len + 2 < n; k++) {
		if (*k == '~' || *k == '/') {
			out[len++] = '~';
			out[len++] = *k == '~' ? '0' : '1';
		} else {
			out[len++] = *k;
		}
	}
	out[len < n ? len : n - 1] = '\0';
}

void lay_ptr_index(char *out, size_t n, const char *base, size_t index)
{
	char key[32];
	snprintf(key, sizeof key, "%zu", index);
	lay_ptr_join(out, n, base, key);
}

int lay_cxx_skip(const char *s, int *pos)
{
	for (;;) {
		while (isspace((unsigned char)s[*pos]))
			(*pos)++;
		if (s[*pos] == '/' && s[*pos + 1] == '/') {
			while (s[*pos] && s[*pos] != '\n')
				(*pos)++;
		} else if (s[*pos] == '/' && s[*pos + 1] == '*') {
			const char *end = strstr(s + *pos + 2, "*/");
			if (!end)
				return -1;
			*pos = (int)(end - s) + 2;
		} else {
			return 0;
		}
	}
}

int lay_cute_label(const char *s, int pos)
{
	int k = pos;
	if (!isalpha((unsigned char)s[k]))
		return pos;
	while (isalnum((unsigned char)s[k]) || s[k] == '_')
		k++;
	while (s[k] == ' ' || s[k] == '\t')
		k++;
	if (s[k] != ':' || s[k + 1] == ':' || (s[k + 1] != ' ' && s[k + 1] != '\t'))
		return pos;
	k++;
	while (s[k] == ' ' || s[k] == '\t')
		k++;
	return k;
}

bool lay_cute_grid(const char *s, int pos)
{
	const char *t = s + pos;
	while (isspace((unsigned char)*t))
		t++;
	if (!*t)
		return false;
	for (const char *c = t; *c; c++)
		if (!strchr(" \t\r\n0123456789+-|", *c))
			return false;
	return strstr(t, "+-") != NULL && strchr(t, '|') != NULL;
}

bool lay_is_ident(const char *s)
{
	size_t n = strlen(s);
	if (n == 0 || n >= LAYOUTD_MAX_NAME)
		return false;
	if (!(isalpha((unsigned char)s[0]) || s[0] == '_'))
		return false;
	for (size_t i = 1; i < n; i++)
		if (!(isalnum((unsigned char)s[i]) || s[i] == '_'))
			return false;
	return true;
}

int lay_json_int(json_t *v, const char *ptr, int64_t *out, struct lay_error *err)
{
	if (json_is_integer(v)) {
		*out = (int64_t)json_integer_value(v);
		return 0;
	}
	if (json_is_real(v))
		return lay_error_set(
			err, LAY_ENOTINT, ptr, -1,
			"%s: %.17g is not an integer; layout definitions hold integers only",
			*ptr ? ptr : "/", json_real_value(v));
	return lay_error_set(err, LAY_ESCHEMA, ptr, -1, "%s: expected an integer",
			     *ptr ? ptr : "/");
}

/* The same checks without building a pointer per value: the located
 * error is only built (by check_tree) when one fails. */
static bool tree_ok(json_t *v, int depth, int max_depth, bool reals_ok)
{
	if (depth > max_depth || (json_is_real(v) && !reals_ok))
		return false;
	if (lay_rows_is(v)) /* rows hold integers, three levels down */
		return depth + 3 <= max_depth;
	if (json_is_object(v)) {
		const char *key;
		json_t *val;
		json_object_foreach(v, key, val)
		{
			if (!tree_ok(val, depth + 1, max_depth, reals_ok))
				return false;
		}
	} else if (json_is_array(v)) {
		size_t i, n = json_array_size(v);
		for (i = 0; i < n; i++) {
			json_t *val = json_array_get(v, i);
			if ((json_is_object(val) || json_is_array(val) || json_is_real(val)) &&
			    !tree_ok(val, depth + 1, max_depth, reals_ok))
				return false;
		}
	}
	return true;
}

/* Depth of nesting and the first real number, for the checks every request
 * gets.  Returns the first offending code with err filled. */
static int check_tree(json_t *v, const char *ptr, int depth, int max_depth, bool reals_ok,
		      struct lay_error *err)
{
	char sub[LAY_ERR_PTR];
	if (depth > max_depth)
		return lay_error_set(err, LAY_EDEPTH, ptr, -1,
				     "%s: JSON nested deeper than %d levels", ptr, max_depth);
	if (json_is_real(v) && !reals_ok)
		return lay_error_set(
			err, LAY_ENOTINT, ptr, -1,
			"%s: %.17g is not an integer; layout definitions hold integers only",
			*ptr ? ptr : "/", json_real_value(v));
	if (lay_rows_is(v)) {
		/* what the walk of the rows' array would meet first: row 0, its
		 * logical coordinates, the first of them */
		char sub2[LAY_ERR_PTR];
		snprintf(sub2, sizeof sub2, "%s", ptr);
		for (int k = 1; k <= 3; k++) {
			lay_ptr_index(sub, sizeof sub, sub2, 0);
			snprintf(sub2, sizeof sub2, "%s", sub);
			if (depth + k > max_depth)
				return lay_error_set(err, LAY_EDEPTH, sub, -1,
						     "%s: JSON nested deeper than %d levels", sub,
						     max_depth);
		}
		return 0;
	}
	if (json_is_object(v)) {
		const char *key;
		json_t *val;
		json_object_foreach(v, key, val)
		{
			lay_ptr_join(sub, sizeof sub, ptr, key);
			int rc = check_tree(val, sub, depth + 1, max_depth, reals_ok, err);
			if (rc)
				return rc;
		}
	} else if (json_is_array(v)) {
		size_t i;
		json_t *val;
		json_array_foreach(v, i, val)
		{
			lay_ptr_index(sub, sizeof sub, ptr, i);
			int rc = check_tree(val, sub, depth + 1, max_depth, reals_ok, err);
			if (rc)
				return rc;
		}
	}
	return 0;
}

static int depth_limit(int max_depth)
{
	return max_depth > 0 && max_depth < LAYOUTD_MAX_JSON_DEPTH ? max_depth
								   : LAYOUTD_MAX_JSON_DEPTH;
}

json_t *lay_json_load(const char *text, size_t len, struct lay_error *err)
{
	return lay_json_load_depth(text, len, 0, err);
}

/*
 * Arrays longer than a table may be are refused while reading the text,
 * before any value is built: one pass over the bytes keeping, per open
 * array or object, its element count and (for the error only) the key or
 * index that leads to it.  Malformed text is left to the parser.
 */
#define SCAN_DEPTH 256
struct scan_level {
	char kind;	  /* '[' or '{' */
	long count;	  /* elements (array) so far */
	long key, keylen; /* object: the last key's bytes in the text */
};

static void scan_pointer(const char *text, const struct scan_level *lv, int depth, char *out,
			 size_t n)
{
	char key[LAY_ERR_PTR], tmp[LAY_ERR_PTR];
	out[0] = '\0';
	for (int d = 0; d < depth; d++) {
		snprintf(tmp, sizeof tmp, "%s", out);
		if (lv[d].kind == '[') {
			lay_ptr_index(out, n, tmp, (size_t)lv[d].count - 1);
		} else {
			long k = lv[d].keylen < (long)sizeof key - 1 ? lv[d].keylen
								     : (long)sizeof key - 1;
			memcpy(key, text + lv[d].key, (size_t)k);
			key[k] = '\0';
			lay_ptr_join(out, n, tmp, key);
		}
	}
}

static int scan_arrays(const char *text, size_t len, struct lay_error *err)
{
	struct scan_level lv[SCAN_DEPTH];
	int depth = 0;
	bool want_key = false;
	for (size_t i = 0; i < len; i++) {
		char c = text[i];
		if (c == '"') {
			if (depth && lv[depth - 1].kind == '[' && lv[depth - 1].count == 0)
				lv[depth - 1].count = 1;
			size_t start = ++i;
			while (i < len && text[i] != '"')
				i += text[i] == '\\' ? 2 : 1;
			if (want_key && depth) {
				lv[depth - 1].key = (long)start;
				lv[depth - 1].keylen = (long)(i - start);
				want_key = false;
			}
			continue;
		}
		if (c == '[' || c == '{') {
			if (depth == SCAN_DEPTH)
				return 0; /* the depth check refuses it */
			if (depth && lv[depth - 1].kind == '[' && lv[depth - 1].count == 0)
				lv[depth - 1].count = 1;
			lv[depth++] = (struct scan_level){ c, 0, 0, 0 };
			want_key = c == '{';
			continue;
		}
		if (c == ']' || c == '}') {
			if (depth)
				depth--;
			want_key = false;
			continue;
		}
		if (!depth)
			continue;
		struct scan_level *top = &lv[depth - 1];
		if (c == ',') {
			if (top->kind == '{') {
				want_key = true;
			} else if (++top->count > LAYOUTD_MAX_TABLE_ROWS) {
				char ptr[LAY_ERR_PTR];
				scan_pointer(text, lv, depth - 1, ptr, sizeof ptr);
				return lay_error_set(err, LAY_ELIMIT, ptr, -1,
						     "an array of more than %ld elements: a table "
						     "holds at most %ld rows",
						     (long)LAYOUTD_MAX_TABLE_ROWS,
						     (long)LAYOUTD_MAX_TABLE_ROWS);
			}
		} else if (top->kind == '[' && top->count == 0 && c != ' ' && c != '\n' &&
			   c != '\t' && c != '\r') {
			top->count = 1; /* the first element of an array */
		}
	}
	return 0;
}

/*
 * Tables read without a jansson value per row (docs/notations.md): one
 * pass finds every "table" member whose array the streaming reader takes
 * (table.c); jansson then parses the text with each such array read as
 * "[]", and the placeholders go where those arrays were.  Nothing about
 * the text changes what the engine answers: on anything unusual (a key
 * written with escapes, nesting past SCAN_DEPTH, a parse error anywhere)
 * this gives up and the whole text goes to jansson as before, so errors
 * keep their code, position and message.
 */
struct span {
	size_t start, end; /* the array's bytes */
	long nth;	   /* which "table" member, in text order */
	json_t *rows;
};

struct spans {
	struct span *v;
	size_t n, cap;
};

static void spans_free(struct spans *sp)
{
	for (size_t k = 0; k < sp->n; k++)
		json_decref(sp->v[k].rows);
	free(sp->v);
}

static size_t skip_space(const char *text, size_t len, size_t i)
{
	while (i < len && (text[i] == ' ' || text[i] == '\n' || text[i] == '\t' || text[i] == '\r'))
		i++;
	return i;
}

static int find_tables(const char *text, size_t len, struct spans *sp)
{
	char kind[SCAN_DEPTH];
	int depth = 0;
	bool want_key = false;
	long nth = 0;
	for (size_t i = 0; i < len; i++) {
		char c = text[i];
		if (c == '"') {
			size_t start = ++i;
			bool escaped = false;
			while (i < len && text[i] != '"') {
				escaped = escaped || text[i] == '\\';
				i += text[i] == '\\' ? 2 : 1;
			}
			if (i >= len)
				return -1;
			if (!want_key || !depth || kind[depth - 1] != '{')
				continue;
			want_key = false;
			if (escaped)
				return -1;
			if (i - start != 5 || memcmp(text + start, "table", 5) != 0)
				continue;
			size_t j = skip_space(text, len, i + 1), end;
			json_t *rows = NULL;
			if (j < len && text[j] == ':' && (j = skip_space(text, len, j + 1)) < len &&
			    text[j] == '[' && (rows = lay_rows_read(text, len, j, &end))) {
				if (sp->n == sp->cap) {
					size_t cap = sp->cap ? 2 * sp->cap : 4;
					struct span *v = realloc(sp->v, cap * sizeof *v);
					if (!v) {
						json_decref(rows);
						return -1;
					}
					sp->v = v;
					sp->cap = cap;
				}
				sp->v[sp->n++] = (struct span){ j, end, nth, rows };
				i = end - 1; /* the value is read */
			}
			nth++;
			continue;
		}
		if (c == '[' || c == '{') {
			if (depth == SCAN_DEPTH)
				return -1;
			kind[depth++] = c;
			want_key = c == '{';
		} else if (c == ']' || c == '}') {
			if (depth)
				depth--;
			want_key = false;
		} else if (c == ',' && depth && kind[depth - 1] == '{') {
			want_key = true;
		}
	}
	return 0;
}

/* The text as jansson reads it: each span's array as "[]". */
struct feed {
	const char *text;
	size_t len, pos;
	const struct spans *sp;
	size_t k;
	int rep; /* bytes of "[]" given for span k */
};

static size_t feed_text(void *buffer, size_t buflen, void *data)
{
	struct feed *f = data;
	char *b = buffer;
	size_t out = 0;
	while (out < buflen) {
		if (f->k < f->sp->n && f->pos >= f->sp->v[f->k].start) {
			if (f->rep < 2) {
				b[out++] = "[]"[f->rep++];
				continue;
			}
			f->pos = f->sp->v[f->k++].end;
			f->rep = 0;
			continue;
		}
		if (f->pos >= f->len)
			break;
		size_t stop = f->k < f->sp->n ? f->sp->v[f->k].start : f->len;
		size_t n = stop - f->pos < buflen - out ? stop - f->pos : buflen - out;
		memcpy(b + out, f->text + f->pos, n);
		out += n;
		f->pos += n;
	}
	return out;
}

/* Puts the placeholders in, meeting "table" members in text order (which
 * is jansson's member order); false if the document does not line up. */
static bool put_rows(json_t *v, const struct spans *sp, size_t *k, long *nth)
{
	if (json_is_array(v)) {
		size_t i;
		json_t *val;
		json_array_foreach(v, i, val)
		{
			if (!put_rows(val, sp, k, nth))
				return false;
		}
	} else if (json_is_object(v)) {
		for (void *it = json_object_iter(v); it; it = json_object_iter_next(v, it)) {
			json_t *val = json_object_iter_value(it);
			if (strcmp(json_object_iter_key(it), "table") == 0) {
				if (*k < sp->n && sp->v[*k].nth == *nth) {
					if (!json_is_array(val) || json_array_size(val) ||
					    json_object_iter_set(v, it, sp->v[*k].rows))
						return false;
					++*k;
					++*nth;
					continue;
				}
				++*nth;
			}
			if (!put_rows(val, sp, k, nth))
				return false;
		}
	}
	return true;
}

bool lay_rows_stream = true;

static json_t *load_streamed(const char *text, size_t len)
{
	struct spans sp = { 0 };
	json_t *v = NULL;
	if (lay_rows_stream && find_tables(text, len, &sp) == 0 && sp.n) {
		struct feed f = { text, len, 0, &sp, 0, 0 };
		json_error_t jerr;
		size_t k = 0;
		long nth = 0;
		v = json_load_callback(feed_text, &f, JSON_REJECT_DUPLICATES, &jerr);
		if (v && (!put_rows(v, &sp, &k, &nth) || k != sp.n)) {
			json_decref(v);
			v = NULL;
		}
	}
	spans_free(&sp);
	return v;
}

json_t *lay_json_load_depth(const char *text, size_t len, int max_depth, struct lay_error *err)
{
	json_error_t jerr;
	if (scan_arrays(text, len, err))
		return NULL;
	json_t *v = load_streamed(text, len);
	if (!v)
		v = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
	if (!v) {
		int code = json_error_code(&jerr) == json_error_duplicate_key	 ? LAY_EDUPKEY
			   : json_error_code(&jerr) == json_error_stack_overflow ? LAY_EDEPTH
										 : LAY_EJSON;
		lay_error_set(err, code, "", (long)jerr.position, "JSON line %d, column %d: %s",
			      jerr.line, jerr.column, jerr.text);
		if (err) {
			err->line = jerr.line;
			err->column = jerr.column;
		}
		return NULL;
	}
	if (!tree_ok(v, 0, depth_limit(max_depth), true) &&
	    check_tree(v, "", 0, depth_limit(max_depth), true, err)) {
		json_decref(v);
		return NULL;
	}
	return v;
}

void lay_sha256_hex(const void *data, size_t len, char out[72])
{
	struct sha256_ctx ctx;
	uint8_t digest[SHA256_DIGEST_SIZE];
	sha256_init(&ctx);
	sha256_update(&ctx, len, data);
	sha256_digest(&ctx, sizeof digest, digest);
	memcpy(out, "sha256:", 7);
	for (int i = 0; i < SHA256_DIGEST_SIZE; i++)
		snprintf(out + 7 + 2 * i, 3, "%02x", digest[i]);
}

static int hash_chunk(const char *buf, size_t size, void *data)
{
	sha256_update(data, size, (const uint8_t *)buf);
	return 0;
}

/* Whether a streamed table's placeholder is somewhere inside v. */
static bool has_rows(json_t *v)
{
	if (lay_rows_is(v))
		return true;
	if (json_is_object(v)) {
		const char *key;
		json_t *val;
		json_object_foreach(v, key, val)
		{
			if ((json_is_object(val) || json_is_array(val)) && has_rows(val))
				return true;
		}
	} else if (json_is_array(v)) {
		size_t i;
		json_t *val;
		json_array_foreach(v, i, val)
		{
			if ((json_is_object(val) || json_is_array(val)) && has_rows(val))
				return true;
		}
	}
	return false;
}

static int cmp_key(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/*
 * json_dump_callback with placeholders written as their rows, and the
 * member skip (if any) of v left out.  Containers with a placeholder
 * inside are written here the way jansson writes them compact; everything
 * else, keys included, by jansson itself.
 */
static int dump_rec(json_t *v, size_t flags, json_dump_callback_t cb, void *data, const char *skip)
{
	int rc = 0;
	if (lay_rows_is(v))
		return lay_rows_dump(v, flags & JSON_SORT_KEYS, cb, data);
	if (!json_is_object(v) && !json_is_array(v))
		return json_dump_callback(v, cb, data, flags | JSON_ENCODE_ANY);
	if (!skip && !has_rows(v))
		return json_dump_callback(v, cb, data, flags | JSON_ENCODE_ANY);
	if (json_is_array(v)) {
		size_t i;
		json_t *val;
		rc = cb("[", 1, data);
		json_array_foreach(v, i, val)
		{
			if (rc || (i && (rc = cb(",", 1, data))) ||
			    (rc = dump_rec(val, flags, cb, data, NULL)))
				return -1;
		}
		return rc || cb("]", 1, data) ? -1 : 0;
	}
	size_t n = json_object_size(v), m = 0;
	const char **keys = malloc((n ? n : 1) * sizeof *keys);
	const char *key;
	json_t *val;
	if (!keys)
		return -1;
	json_object_foreach(v, key, val)
	{
		if (!skip || strcmp(key, skip) != 0)
			keys[m++] = key;
	}
	if (flags & JSON_SORT_KEYS)
		qsort(keys, m, sizeof *keys, cmp_key);
	rc = cb("{", 1, data);
	for (size_t i = 0; i < m && !rc; i++) {
		json_t *k = json_string_nocheck(keys[i]);
		rc = !k || (i && cb(",", 1, data)) ||
		     json_dump_callback(k, cb, data, flags | JSON_ENCODE_ANY) || cb(":", 1, data) ||
		     dump_rec(json_object_get(v, keys[i]), flags, cb, data, NULL);
		json_decref(k);
	}
	free(keys);
	return rc || cb("}", 1, data) ? -1 : 0;
}

int lay_json_dump_callback(json_t *v, size_t flags, json_dump_callback_t cb, void *data)
{
	return has_rows(v) ? dump_rec(v, flags, cb, data, NULL)
			   : json_dump_callback(v, cb, data, flags);
}

struct strbuf {
	char *s;
	size_t n, cap;
};

static int buf_chunk(const char *buf, size_t size, void *data)
{
	struct strbuf *b = data;
	if (b->n + size + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 4096;
		while (cap < b->n + size + 1)
			cap *= 2;
		char *s = realloc(b->s, cap);
		if (!s)
			return -1;
		b->s = s;
		b->cap = cap;
	}
	memcpy(b->s + b->n, buf, size);
	b->n += size;
	b->s[b->n] = '\0';
	return 0;
}

static int count_chunk(const char *buf, size_t size, void *data)
{
	(void)buf;
	*(size_t *)data += size;
	return 0;
}

/* Measured first, then written into a buffer of that size: the text of a
 * large table is held once, never regrown. */
char *lay_json_dumps(json_t *v, size_t flags)
{
	if (!has_rows(v))
		return json_dumps(v, flags);
	size_t n = 0;
	if (dump_rec(v, flags, count_chunk, &n, NULL))
		return NULL;
	struct strbuf b = { malloc(n + 1), 0, n + 1 };
	if (!b.s || dump_rec(v, flags, buf_chunk, &b, NULL) || b.n != n) {
		free(b.s);
		return NULL;
	}
	return b.s;
}

/*
 * id = sha256 of the definition's canonical JSON: "name" dropped, keys
 * sorted bytewise, compact separators, non-ASCII escaped, integers only
 * (reals were refused before this is called).  docs/identity.md.
 */
int lay_canonical_id(json_t *def, char out[72], struct lay_error *err)
{
	struct sha256_ctx ctx;
	uint8_t digest[SHA256_DIGEST_SIZE];
	const size_t flags = JSON_COMPACT | JSON_SORT_KEYS | JSON_ENSURE_ASCII;
	int rc;
	sha256_init(&ctx);
	if (has_rows(def)) {
		/* streamed rows: written back row by row into the hash */
		rc = dump_rec(def, flags, hash_chunk, &ctx, "name");
	} else {
		/* "name" is dropped from a shallow copy; the rest is shared */
		json_t *copy = json_object_get(def, "name") ? json_copy(def) : json_incref(def);
		if (!copy)
			return lay_error_set(err, LAY_ENOMEM, "", -1, "out of memory");
		json_object_del(copy, "name");
		/* streamed into the hash: no copy of a large table's text */
		rc = json_dump_callback(copy, hash_chunk, &ctx, flags);
		json_decref(copy);
	}
	if (rc)
		return lay_error_set(err, LAY_ENOMEM, "", -1, "out of memory");
	sha256_digest(&ctx, sizeof digest, digest);
	memcpy(out, "sha256:", 7);
	for (int i = 0; i < SHA256_DIGEST_SIZE; i++)
		snprintf(out + 7 + 2 * i, 3, "%02x", digest[i]);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Definition                                                          */

void lay_def_warn(struct lay_def *def, const char *code, const char *fmt, ...)
{
	char msg[LAY_ERR_MSG];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	json_array_append_new(def->warnings, json_pack("{s:s,s:s}", "code", code, "message", msg));
}

int lay_def_axis(struct lay_def *def, const char *name, const char *ptr, struct lay_error *err)
{
	for (int i = 0; i < def->naxes; i++)
		if (strcmp(def->axes[i].name, name) == 0)
			return i;
	if (!lay_is_ident(name))
		return lay_error_set(err, LAY_ENAME, ptr, -1,
				     "axis name \"%.64s\" is not an identifier "
				     "([A-Za-z_][A-Za-z0-9_]*, < %d chars)",
				     name, LAYOUTD_MAX_NAME),
		       -1;
	if (def->naxes >= LAYOUTD_MAX_AXES)
		return lay_error_set(err, LAY_ELIMIT, ptr, -1, "more than %d physical axes",
				     LAYOUTD_MAX_AXES),
		       -1;
	struct lay_axis *ax = &def->axes[def->naxes];
	memset(ax, 0, sizeof *ax);
	snprintf(ax->name, sizeof ax->name, "%s", name);
	lay_axis_known(name, &ax->kind, &ax->hw_limit);
	json_t *k = def->axes_json ? json_object_get(def->axes_json, name) : NULL;
	if (k)
		ax->kind = kind_from_name(json_string_value(k));
	json_t *e = def->physical_json ? json_object_get(def->physical_json, name) : NULL;
	if (e) {
		ax->extent = json_integer_value(e);
		ax->declared = true;
	}
	return def->naxes++;
}

static void default_name(int d, char *out, size_t n)
{
	static const char *first[] = { "i", "j", "k", "l" };
	if (d < 4)
		snprintf(out, n, "%s", first[d]);
	else
		snprintf(out, n, "d%d", d);
}

/* Multiply with overflow check. */
static bool mul_ok(int64_t a, int64_t b, int64_t *out)
{
	return !__builtin_mul_overflow(a, b, out);
}

int lay_def_set_shape(struct lay_def *def, int rank, const int64_t *shape, const char *ptr,
		      struct lay_error *err)
{
	if (rank < 1 || rank > LAYOUTD_MAX_RANK)
		return lay_error_set(err, LAY_ELIMIT, ptr, -1, "logical rank %d outside 1..%d",
				     rank, LAYOUTD_MAX_RANK);
	int64_t size = 1;
	for (int d = 0; d < rank; d++) {
		if (shape[d] <= 0)
			return lay_error_set(err, LAY_EEXTENT, ptr, -1,
					     "logical extent %lld of dimension %d is not positive",
					     (long long)shape[d], d);
		if (!mul_ok(size, shape[d], &size))
			return lay_error_set(err, LAY_EOVERFLOW, ptr, -1,
					     "the logical size overflows 64 bits");
	}
	def->rank = rank;
	def->size = size;
	for (int d = 0; d < rank; d++) {
		def->shape[d] = shape[d];
		default_name(d, def->names[d], sizeof def->names[d]);
	}
	return 0;
}

/* "logical": [8, 16] or {"shape": [8, 16], "names": ["row", "col"]}. */
static int parse_logical(struct lay_def *def, json_t *v, const char *ptr, struct lay_error *err)
{
	char p[LAY_ERR_PTR], q[LAY_ERR_PTR];
	json_t *shape = v, *names = NULL;
	snprintf(p, sizeof p, "%s", ptr);
	if (json_is_object(v)) {
		const char *key;
		json_t *val;
		json_object_foreach(v, key, val)
		{
			if (strcmp(key, "shape") != 0 && strcmp(key, "names") != 0) {
				lay_ptr_join(q, sizeof q, ptr, key);
				return lay_error_set(
					err, LAY_ESCHEMA, q, -1,
					"unknown member \"%s\" in logical (expected shape, names)",
					key);
			}
		}
		shape = json_object_get(v, "shape");
		names = json_object_get(v, "names");
		lay_ptr_join(p, sizeof p, ptr, "shape");
		if (!shape)
			return lay_error_set(err, LAY_ESCHEMA, p, -1, "logical.shape is required");
	}
	if (!json_is_array(shape))
		return lay_error_set(err, LAY_ESCHEMA, p, -1,
				     "logical must be an array of extents or {\"shape\": [...], "
				     "\"names\": [...]}");
	size_t rank = json_array_size(shape);
	if (rank == 0)
		return lay_error_set(err, LAY_ESCHEMA, p, -1, "logical shape has no dimensions");
	if (rank > LAYOUTD_MAX_RANK)
		return lay_error_set(err, LAY_ELIMIT, p, -1,
				     "logical rank %zu is over the limit %d", rank,
				     LAYOUTD_MAX_RANK);
	int64_t ext[LAYOUTD_MAX_RANK];
	for (size_t d = 0; d < rank; d++) {
		lay_ptr_index(q, sizeof q, p, d);
		if (lay_json_int(json_array_get(shape, d), q, &ext[d], err))
			return err ? err->code : LAY_ESCHEMA;
		if (ext[d] <= 0)
			return lay_error_set(err, LAY_EEXTENT, q, -1,
					     "logical extent %lld is not positive",
					     (long long)ext[d]);
	}
	int rc = lay_def_set_shape(def, (int)rank, ext, p, err);
	if (rc)
		return rc;
	if (names) {
		lay_ptr_join(p, sizeof p, ptr, "names");
		if (!json_is_array(names) || json_array_size(names) != rank)
			return lay_error_set(
				err, LAY_ESCHEMA, p, -1,
				"logical.names must be an array of %zu names, one per dimension",
				rank);
		for (size_t d = 0; d < rank; d++) {
			lay_ptr_index(q, sizeof q, p, d);
			const char *s = json_string_value(json_array_get(names, d));
			if (!s || !lay_is_ident(s))
				return lay_error_set(err, LAY_ENAME, q, -1,
						     "dimension name must be an identifier");
			for (size_t e = 0; e < d; e++)
				if (strcmp(def->names[e], s) == 0)
					return lay_error_set(err, LAY_ENAME, q, -1,
							     "dimension name \"%s\" repeats", s);
			snprintf(def->names[d], sizeof def->names[d], "%s", s);
		}
	}
	def->logical_given = true;
	return 0;
}

static int check_physical(json_t *v, const char *ptr, struct lay_error *err)
{
	char q[LAY_ERR_PTR];
	if (!json_is_object(v))
		return lay_error_set(
			err, LAY_ESCHEMA, ptr, -1,
			"physical must be an object of axis extents, e.g. {\"laneid\": 32}");
	const char *key;
	json_t *val;
	json_object_foreach(v, key, val)
	{
		lay_ptr_join(q, sizeof q, ptr, key);
		if (!lay_is_ident(key))
			return lay_error_set(err, LAY_ENAME, q, -1,
					     "axis name \"%.64s\" is not an identifier", key);
		int64_t e;
		if (lay_json_int(val, q, &e, err))
			return err ? err->code : LAY_ESCHEMA;
		if (e <= 0)
			return lay_error_set(err, LAY_EEXTENT, q, -1,
					     "declared extent %lld of axis %s is not positive",
					     (long long)e, key);
	}
	return 0;
}

static int check_axes(json_t *v, const char *ptr, struct lay_error *err)
{
	char q[LAY_ERR_PTR];
	if (!json_is_object(v))
		return lay_error_set(
			err, LAY_ESCHEMA, ptr, -1,
			"axes must be an object of axis kinds, e.g. {\"q\": \"thread\"}");
	const char *key;
	json_t *val;
	json_object_foreach(v, key, val)
	{
		lay_ptr_join(q, sizeof q, ptr, key);
		if (!lay_is_ident(key))
			return lay_error_set(err, LAY_ENAME, q, -1,
					     "axis name \"%.64s\" is not an identifier", key);
		const char *s = json_string_value(val);
		if (!s || kind_from_name(s) < 0)
			return lay_error_set(
				err, LAY_ESCHEMA, q, -1,
				"axis kind must be \"thread\", \"device\" or \"memory\"");
	}
	return 0;
}

static const struct {
	const char *key;
	int notation;
	int (*parse)(struct lay_def *, json_t *, json_t *, struct lay_error *);
} notations[] = {
	{ "axe", LAY_AXE, lay_axe_parse },	 { "cute", LAY_CUTE, lay_cute_parse },
	{ "expr", LAY_EXPR, lay_expr_parse },	 { "linear", LAY_LINEAR, lay_linear_parse },
	{ "table", LAY_TABLE, lay_table_parse }, { "ttgir", LAY_TTGIR, lay_ttgir_parse },
};

static const char *shared_keys[] = { "name",	  "logical",   "physical",     "axes",
				     "replicate", "cute_role", "element_bits", NULL };
/* Members only the ttgir notation reads (the tensor shape and the module's
 * numbers when the text has no tensor type or module line). */
static const char *ttgir_keys[] = { "shape", "threads_per_warp", "num_warps", "num_ctas", NULL };

void lay_def_free(struct lay_def *def)
{
	if (!def)
		return;
	if (def->ops && def->ops->free)
		def->ops->free(def->state);
	json_decref(def->warnings);
	free(def->limit);
	free(def);
}

/* The enumeration limits, checked before any walk. */
static int over_limit(const struct lay_def *def, const char *ptr, struct lay_error *err)
{
	char p[LAY_ERR_PTR];
	if (def->size > def->max_points) {
		lay_ptr_join(p, sizeof p, ptr, "logical");
		lay_error_set(
			err, LAY_ELIMIT, p, -1,
			"the logical space has %lld elements, over the enumeration limit of %lld",
			(long long)def->size, (long long)def->max_points);
		return LAY_ELIMIT;
	}
	if (def->placements_bound == INT64_MAX) { /* a saturated count */
		lay_ptr_join(p, sizeof p, ptr, def->notation_key);
		lay_error_set(err, LAY_ELIMIT, p, -1,
			      "enumerating this layout produces over 2^63 placements, over the "
			      "limit of %lld",
			      (long long)def->max_points);
		return LAY_ELIMIT;
	}
	if (def->placements_bound > def->max_points) {
		lay_ptr_join(p, sizeof p, ptr, def->notation_key);
		lay_error_set(
			err, LAY_ELIMIT, p, -1,
			"enumerating this layout produces %lld placements, over the limit of %lld",
			(long long)def->placements_bound, (long long)def->max_points);
		return LAY_ELIMIT;
	}
	if (def->work_bound / LAYOUTD_WORK_PER_POINT > def->max_points) {
		lay_ptr_join(p, sizeof p, ptr, def->notation_key);
		lay_error_set(err, LAY_ELIMIT, p, -1,
			      "evaluating this layout takes about %lld operations, over the limit "
			      "of %lld (%d per point)",
			      (long long)def->work_bound,
			      (long long)def->max_points * LAYOUTD_WORK_PER_POINT,
			      LAYOUTD_WORK_PER_POINT);
		return LAY_ELIMIT;
	}
	return 0;
}

struct lay_def *lay_def_new(json_t *v, const char *ptr, const struct lay_options *opt,
			    struct lay_error *err)
{
	struct lay_def *def = NULL;
	char p[LAY_ERR_PTR];
	int nnot = -1;
	const char *key;
	json_t *val;

	if (!json_is_object(v)) {
		lay_error_set(err, LAY_ESCHEMA, ptr, -1,
			      "a layout definition must be a JSON object with one notation key "
			      "(axe, cute, expr, linear, table, ttgir)");
		return NULL;
	}
	if (!tree_ok(v, 0, depth_limit(opt ? opt->max_depth : 0), false) &&
	    check_tree(v, ptr, 0, depth_limit(opt ? opt->max_depth : 0), false, err))
		return NULL;
	def = calloc(1, sizeof *def);
	if (!def) {
		lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
		return NULL;
	}
	def->warnings = json_array();
	snprintf(def->ptr, sizeof def->ptr, "%s", ptr);
	def->max_points = opt && opt->max_points > 0 ? opt->max_points : LAYOUTD_DEFAULT_MAX_POINTS;
	if (opt) {
		def->reserve = opt->reserve;
		def->reserve_ctx = opt->reserve_ctx;
		def->interrupt = opt->interrupt;
		def->interrupt_ctx = opt->interrupt_ctx;
	}
	if (def->max_points > LAYOUTD_MAX_POINTS_CAP)
		def->max_points = LAYOUTD_MAX_POINTS_CAP;
	def->max_expr_len = opt && opt->max_expr_len > 0 && opt->max_expr_len < LAYOUTD_MAX_EXPR_LEN
				    ? opt->max_expr_len
				    : LAYOUTD_MAX_EXPR_LEN;

	json_object_foreach(v, key, val)
	{
		lay_ptr_join(p, sizeof p, ptr, key);
		int found = -1;
		for (size_t i = 0; i < sizeof notations / sizeof notations[0]; i++)
			if (strcmp(notations[i].key, key) == 0)
				found = (int)i;
		if (found >= 0) {
			if (nnot >= 0) {
				lay_error_set(err, LAY_ENOTATION, p, -1,
					      "two notation keys, \"%s\" and \"%s\": a definition "
					      "has exactly one",
					      notations[nnot].key, key);
				goto fail;
			}
			nnot = found;
			continue;
		}
		bool known = false;
		for (const char **s = shared_keys; *s; s++)
			known = known || strcmp(*s, key) == 0;
		for (const char **s = ttgir_keys; *s; s++)
			known = known || strcmp(*s, key) == 0;
		if (!known) {
			lay_error_set(err, LAY_ESCHEMA, p, -1,
				      "unknown member \"%s\" in the layout definition", key);
			goto fail;
		}
	}
	if (nnot < 0) {
		lay_error_set(err, LAY_ENOTATION, ptr, -1,
			      "no notation key: give exactly one of axe, cute, expr, linear, "
			      "table, ttgir");
		goto fail;
	}
	def->notation = notations[nnot].notation;
	snprintf(def->notation_key, sizeof def->notation_key, "%s", notations[nnot].key);

	val = json_object_get(v, "name");
	if (val && !json_is_string(val)) {
		lay_ptr_join(p, sizeof p, ptr, "name");
		lay_error_set(err, LAY_ESCHEMA, p, -1, "name must be a string");
		goto fail;
	}
	if ((val = json_object_get(v, "replicate")) && def->notation != LAY_EXPR) {
		lay_ptr_join(p, sizeof p, ptr, "replicate");
		lay_error_set(err, LAY_ESCHEMA, p, -1,
			      "replicate belongs to the expr notation only");
		goto fail;
	}
	for (const char **s = ttgir_keys; *s; s++)
		if (json_object_get(v, *s) && def->notation != LAY_TTGIR) {
			lay_ptr_join(p, sizeof p, ptr, *s);
			lay_error_set(err, LAY_ESCHEMA, p, -1,
				      "%s belongs to the ttgir notation only", *s);
			goto fail;
		}
	if ((val = json_object_get(v, "cute_role")) && def->notation != LAY_CUTE) {
		lay_ptr_join(p, sizeof p, ptr, "cute_role");
		lay_error_set(err, LAY_ESCHEMA, p, -1,
			      "cute_role belongs to the cute notation only");
		goto fail;
	}
	if ((val = json_object_get(v, "element_bits"))) {
		int64_t bits;
		lay_ptr_join(p, sizeof p, ptr, "element_bits");
		if (lay_json_int(val, p, &bits, err))
			goto fail;
		if (bits < 1 || bits > 1024) {
			lay_error_set(err, LAY_ERANGE, p, -1,
				      "element_bits %lld is outside 1..1024 (the element width in "
				      "bits: 16 for half_t)",
				      (long long)bits);
			goto fail;
		}
		def->element_bits = (int)bits;
	}
	if ((val = json_object_get(v, "logical"))) {
		lay_ptr_join(p, sizeof p, ptr, "logical");
		if (parse_logical(def, val, p, err))
			goto fail;
	}
	if ((val = json_object_get(v, "physical"))) {
		lay_ptr_join(p, sizeof p, ptr, "physical");
		if (check_physical(val, p, err))
			goto fail;
		def->physical_json = val;
	}
	if ((val = json_object_get(v, "axes"))) {
		lay_ptr_join(p, sizeof p, ptr, "axes");
		if (check_axes(val, p, err))
			goto fail;
		def->axes_json = val;
	}

	lay_ptr_join(p, sizeof p, ptr, notations[nnot].key);
	if (notations[nnot].parse(def, json_object_get(v, notations[nnot].key), v, err))
		goto fail;
	if (def->rank == 0) {
		lay_error_set(err, LAY_ESCHEMA, ptr, -1, "logical is required for the %s notation",
			      def->notation_key);
		goto fail;
	}
	/* Declared axes the notation never names still span the space (at 0). */
	if (def->physical_json) {
		json_object_foreach(def->physical_json, key, val)
		{
			lay_ptr_join(p, sizeof p, ptr, "physical");
			lay_ptr_join(p, sizeof p, p, key);
			if (lay_def_axis(def, key, p, err) < 0)
				goto fail;
		}
	}
	if (def->axes_json) {
		json_object_foreach(def->axes_json, key, val)
		{
			bool used = false;
			for (int i = 0; i < def->naxes; i++)
				used = used || strcmp(def->axes[i].name, key) == 0;
			if (!used)
				lay_def_warn(def, "unused_axis",
					     "axes gives a kind for \"%s\", which the layout does "
					     "not use",
					     key);
		}
	}
	struct lay_error *lim = malloc(sizeof *lim);
	if (!lim) {
		lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
		goto fail;
	}
	lay_error_clear(lim);
	if (over_limit(def, ptr, lim)) {
		/* Past the enumeration limits, a closed form may still decide it. */
		struct lay_form *f = calloc(1, sizeof *f);
		if (f && def->ops->form)
			def->ops->form(def, f);
		bool closed = f && f->kind != LAY_FORM_NONE && !f->fast_only;
		free(f);
		if (!closed) {
			if (err)
				*err = *lim;
			free(lim);
			goto fail;
		}
		def->limit = lim;
	} else {
		free(lim);
	}
	if (lay_canonical_id(v, def->id, err))
		goto fail;
	def->physical_json = def->axes_json = NULL;
	return def;
fail:
	lay_def_free(def);
	return NULL;
}
