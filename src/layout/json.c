/*
 * json.c - JSON with the engine's rules: integers only (reals refused where
 * a definition is read), a depth limit, duplicate keys refused, errors with
 * their JSON pointer and position; table rows read straight from the text
 * into a compact stream and written back where text leaves the engine; and
 * the definition's identity (the canonical dump and its SHA-256).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <nettle/sha2.h>

#include "layout.h"

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

int lay_json_tree_check(json_t *v, const char *ptr, int max_depth, bool reals_ok,
			struct lay_error *err)
{
	int limit = depth_limit(max_depth);
	if (tree_ok(v, 0, limit, reals_ok))
		return 0;
	return check_tree(v, ptr, 0, limit, reals_ok, err);
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
 * (rows.c); jansson then parses the text with each such array read as
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
	if (lay_json_tree_check(v, "", max_depth, true, err)) {
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
