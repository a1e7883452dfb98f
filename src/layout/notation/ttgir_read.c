/*
 * ttgir_read.c - the reader of the MLIR attribute syntax Triton prints:
 * integers, booleans, arrays, dictionaries, #dialect.name<{...}> attributes,
 * alias references, strings and words, each value with its byte range so
 * every later error can point at it.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/ttgir_text.h"

int tt_err(struct tp *p, int code, long at, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
int tt_err(struct tp *p, int code, long at, const char *fmt, ...)
{
	char msg[LAY_ERR_MSG];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	lay_error_set(p->err, code, p->ptr, at < 0 ? -1 : lay_utf8_offset(p->s, at), "%s", msg);
	if (at >= 0)
		lay_error_source(p->err, p->s);
	return code;
}

void tt_warn(struct tp *p, const char *code, long at, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void tt_warn(struct tp *p, const char *code, long at, const char *fmt, ...)
{
	char msg[LAY_ERR_MSG - 64];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	lay_def_warn(p->def, code, "ttgir position %ld: %s", lay_utf8_offset(p->s, at), msg);
}

static struct tv *tv_new(struct tp *p, int kind, long pos)
{
	if (!p->blocks || p->blocks->used == TV_BLOCK) {
		struct tv_block *b = calloc(1, sizeof *b);
		if (!b)
			return NULL;
		b->next = p->blocks;
		p->blocks = b;
	}
	struct tv *v = &p->blocks->v[p->blocks->used++];
	memset(v, 0, sizeof *v);
	v->kind = kind;
	v->pos = pos;
	return v;
}

static void tv_add(struct tv *parent, struct tv *kid)
{
	if (parent->last)
		parent->last->next = kid;
	else
		parent->kid = kid;
	parent->last = kid;
}

bool tv_key_is(const struct tv *m, const char *k)
{
	return m->key && (int)strlen(k) == m->klen && strncmp(m->key, k, (size_t)m->klen) == 0;
}

struct tv *tv_get(const struct tv *o, const char *k)
{
	for (struct tv *m = o ? o->kid : NULL; m; m = m->next)
		if (tv_key_is(m, k))
			return m;
	return NULL;
}

int tv_len(const struct tv *a)
{
	int n = 0;
	for (struct tv *e = a->kid; e; e = e->next)
		n++;
	return n;
}

/* ------------------------------------------------------------------ */
/* Reading MLIR attribute text                                         */

void tt_ws(struct tp *p)
{
	for (;;) {
		while (p->s[p->i] && isspace((unsigned char)p->s[p->i]))
			p->i++;
		if (p->s[p->i] == '/' && p->s[p->i + 1] == '/') {
			while (p->s[p->i] && p->s[p->i] != '\n')
				p->i++;
			continue;
		}
		return;
	}
}

bool tt_eat(struct tp *p, char c)
{
	tt_ws(p);
	if (p->s[p->i] != c)
		return false;
	p->i++;
	return true;
}

bool tt_ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '$' || c == '.' || c == '-';
}

/* A bare identifier [A-Za-z_][A-Za-z0-9_$.-]*; returns its length. */
static int ident(struct tp *p)
{
	size_t b = p->i;
	if (!(isalpha((unsigned char)p->s[b]) || p->s[b] == '_'))
		return 0;
	while (tt_ident_char(p->s[p->i]))
		p->i++;
	return (int)(p->i - b);
}

static int read_int(struct tp *p, int64_t *out)
{
	tt_ws(p);
	size_t b = p->i;
	bool neg = p->s[p->i] == '-';
	if (neg)
		p->i++;
	if (!isdigit((unsigned char)p->s[p->i]))
		return tt_err(p, LAY_ESYNTAX, (long)b, "expected an integer");
	int64_t v = 0;
	while (isdigit((unsigned char)p->s[p->i])) {
		if (v > (INT64_MAX - 9) / 10)
			return tt_err(p, LAY_EOVERFLOW, (long)b, "integer overflows 64 bits");
		v = v * 10 + (p->s[p->i++] - '0');
	}
	if (p->s[p->i] == '.' || p->s[p->i] == 'e' || p->s[p->i] == 'E')
		return tt_err(p, LAY_ENOTINT, (long)b, "expected an integer, not a real number");
	*out = neg ? -v : v;
	return 0;
}

/* After an integer: an optional ": i32" type. */
static void skip_int_type(struct tp *p)
{
	size_t save = p->i;
	tt_ws(p);
	if (p->s[p->i] == ':') {
		p->i++;
		tt_ws(p);
		size_t b = p->i;
		if (ident(p) && (p->s[b] == 'i' || p->s[b] == 's' || p->s[b] == 'u' ||
				 strncmp(p->s + b, "index", 5) == 0))
			return;
	}
	p->i = save;
}

/* Members "key = value" (or a unit key) until `close`, into o. */
static int parse_members(struct tp *p, struct tv *o, char close)
{
	tt_ws(p);
	if (p->s[p->i] == close) {
		p->i++;
		return 0;
	}
	for (;;) {
		tt_ws(p);
		long kpos = (long)p->i;
		const char *key;
		int klen;
		if (p->s[p->i] == '"') {
			p->i++;
			key = p->s + p->i;
			while (p->s[p->i] && p->s[p->i] != '"')
				p->i++;
			if (!p->s[p->i])
				return tt_err(p, LAY_ESYNTAX, kpos, "unterminated string");
			klen = (int)(p->s + p->i - key);
			p->i++;
		} else {
			key = p->s + p->i;
			klen = ident(p);
			if (!klen)
				return tt_err(p, LAY_ESYNTAX, kpos,
					      "expected a key (name = value) or '%c'", close);
		}
		struct tv *v;
		if (tt_eat(p, '=')) {
			v = tt_value(p);
			if (!v)
				return p->err ? p->err->code : LAY_ESYNTAX;
		} else {
			v = tv_new(p, TV_BOOL, kpos);
			if (!v)
				return tt_err(p, LAY_ENOMEM, -1, "out of memory");
			v->i = 1; /* a unit attribute */
		}
		v->key = key;
		v->klen = klen;
		v->kpos = kpos;
		for (struct tv *m = o->kid; m; m = m->next)
			if (m->klen == klen && strncmp(m->key, key, (size_t)klen) == 0)
				return tt_err(p, LAY_EDUPKEY, kpos, "key %.*s appears twice", klen,
					      key);
		tv_add(o, v);
		tt_ws(p);
		if (p->s[p->i] == ',') {
			p->i++;
			continue;
		}
		if (p->s[p->i] == close) {
			p->i++;
			return 0;
		}
		return tt_err(p, LAY_ESYNTAX, (long)p->i, "expected ',' or '%c'", close);
	}
}

/* padded_shared's "[32:+4, 64:+8]" */
static int parse_pairs(struct tp *p, struct tv *a)
{
	struct tv *arr = tv_new(p, TV_PAIRS, (long)p->i);
	if (!arr)
		return tt_err(p, LAY_ENOMEM, -1, "out of memory");
	arr->key = "[intervals]";
	arr->klen = (int)strlen(arr->key);
	arr->kpos = (long)p->i;
	p->i++; /* [ */
	for (;;) {
		tt_ws(p);
		struct tv *pair = tv_new(p, TV_ARR, (long)p->i);
		struct tv *x = tv_new(p, TV_INT, (long)p->i);
		if (!pair || !x)
			return tt_err(p, LAY_ENOMEM, -1, "out of memory");
		if (read_int(p, &x->i))
			return p->err->code;
		if (!tt_eat(p, ':') || !tt_eat(p, '+'))
			return tt_err(p, LAY_ESYNTAX, (long)p->i,
				      "expected ':+' between an interval and its padding (32:+4)");
		tt_ws(p);
		struct tv *y = tv_new(p, TV_INT, (long)p->i);
		if (!y)
			return tt_err(p, LAY_ENOMEM, -1, "out of memory");
		if (read_int(p, &y->i))
			return p->err->code;
		tv_add(pair, x);
		tv_add(pair, y);
		tv_add(arr, pair);
		if (tt_eat(p, ','))
			continue;
		if (tt_eat(p, ']'))
			break;
		return tt_err(p, LAY_ESYNTAX, (long)p->i, "expected ',' or ']' after 32:+4");
	}
	tv_add(a, arr);
	return 0;
}

/* The body of #dialect.name<...>: dicts, "key = value" items, pairs. */
static int parse_attr_body(struct tp *p, struct tv *a)
{
	p->i++; /* < */
	tt_ws(p);
	if (p->s[p->i] == '>') {
		p->i++;
		return 0;
	}
	for (;;) {
		tt_ws(p);
		int rc;
		if (p->s[p->i] == '{') {
			p->i++;
			rc = parse_members(p, a, '}');
		} else if (p->s[p->i] == '[') {
			rc = parse_pairs(p, a);
		} else {
			/* key = value items up to '>' */
			long kpos = (long)p->i;
			const char *key = p->s + p->i;
			int klen = ident(p);
			if (!klen)
				return tt_err(p, LAY_ESYNTAX, kpos,
					      "expected '{', a key or '>' in the attribute");
			if (!tt_eat(p, '='))
				return tt_err(p, LAY_ESYNTAX, (long)p->i, "expected '=' after %.*s",
					      klen, key);
			struct tv *v = tt_value(p);
			if (!v)
				return p->err ? p->err->code : LAY_ESYNTAX;
			v->key = key;
			v->klen = klen;
			v->kpos = kpos;
			tv_add(a, v);
			rc = 0;
		}
		if (rc)
			return rc;
		tt_ws(p);
		if (p->s[p->i] == ',') {
			p->i++;
			continue;
		}
		if (p->s[p->i] == '>') {
			p->i++;
			return 0;
		}
		if (p->s[p->i] == '{' && p->s[p->i - 1] != '}')
			continue; /* padded_shared: [32:+4] {order = ...} */
		return tt_err(p, LAY_ESYNTAX, (long)p->i,
			      "expected ',' or '>' to close the attribute");
	}
}

struct tv *tt_value(struct tp *p)
{
	tt_ws(p);
	long pos = (long)p->i;
	char c = p->s[p->i];
	struct tv *v = NULL;
	if (++p->depth > TT_MAX_DEPTH) {
		tt_err(p, LAY_EDEPTH, pos, "attribute nested deeper than %d levels", TT_MAX_DEPTH);
		return NULL;
	}
	if (c == '[') {
		if (!(v = tv_new(p, TV_ARR, pos)))
			goto nomem;
		p->i++;
		if (!tt_eat(p, ']')) {
			for (;;) {
				struct tv *e = tt_value(p);
				if (!e)
					return NULL;
				tv_add(v, e);
				if (tt_eat(p, ','))
					continue;
				if (tt_eat(p, ']'))
					break;
				tt_err(p, LAY_ESYNTAX, (long)p->i,
				       "expected ',' or ']' in the array");
				return NULL;
			}
		}
	} else if (c == '{') {
		if (!(v = tv_new(p, TV_DICT, pos)))
			goto nomem;
		p->i++;
		if (parse_members(p, v, '}'))
			return NULL;
	} else if (c == '#') {
		p->i++;
		const char *name = p->s + p->i;
		int n = 0;
		while (tt_ident_char(p->s[p->i]))
			p->i++, n++;
		if (!n) {
			tt_err(p, LAY_ESYNTAX, pos, "expected a name after '#'");
			return NULL;
		}
		bool dialect = memchr(name, '.', (size_t)n) != NULL;
		if (!(v = tv_new(p, dialect ? TV_ATTR : TV_REF, pos)))
			goto nomem;
		v->s = name;
		v->n = n;
		if (dialect && p->s[p->i] == '<' && parse_attr_body(p, v))
			return NULL;
	} else if (c == '"') {
		if (!(v = tv_new(p, TV_STR, pos)))
			goto nomem;
		p->i++;
		v->s = p->s + p->i;
		while (p->s[p->i] && p->s[p->i] != '"')
			p->i += p->s[p->i] == '\\' && p->s[p->i + 1] ? 2 : 1;
		if (!p->s[p->i]) {
			tt_err(p, LAY_ESYNTAX, pos, "unterminated string");
			return NULL;
		}
		v->n = (int)(p->s + p->i - v->s);
		p->i++;
	} else if (isdigit((unsigned char)c) || c == '-') {
		if (!(v = tv_new(p, TV_INT, pos)))
			goto nomem;
		if (read_int(p, &v->i))
			return NULL;
		skip_int_type(p);
	} else if (isalpha((unsigned char)c) || c == '_') {
		const char *w = p->s + p->i;
		int n = ident(p);
		if ((n == 4 && strncmp(w, "true", 4) == 0) ||
		    (n == 5 && strncmp(w, "false", 5) == 0)) {
			if (!(v = tv_new(p, TV_BOOL, pos)))
				goto nomem;
			v->i = n == 4;
		} else {
			if (!(v = tv_new(p, TV_WORD, pos)))
				goto nomem;
			v->s = w;
			v->n = n;
			if (p->s[p->i] == '<') { /* dense<...>, array<...>: skip */
				int d = 0;
				do {
					d += p->s[p->i] == '<' ? 1 : p->s[p->i] == '>' ? -1 : 0;
					p->i++;
				} while (p->s[p->i] && d > 0);
			}
		}
	} else {
		if (c)
			tt_err(p, LAY_ESYNTAX, pos,
			       "unexpected '%c': expected a value ([...], {...}, #attr, an "
			       "integer, "
			       "true/false)",
			       c);
		else
			tt_err(p, LAY_ESYNTAX, pos, "unexpected end of text: expected a value");
		return NULL;
	}
	v->end = (long)p->i;
	p->depth--;
	return v;
nomem:
	tt_err(p, LAY_ENOMEM, -1, "out of memory");
	return NULL;
}
