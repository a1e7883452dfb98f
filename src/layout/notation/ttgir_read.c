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

void tt_warn(struct tp *p, const char *code, long at, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void tt_warn(struct tp *p, const char *code, long at, const char *fmt, ...)
{
	char msg[LAY_ERR_MSG - 64];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	lay_def_warn(p->def, code, "ttgir position %ld: %s", lay_utf8_offset(p->sc.s, at), msg);
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

bool tt_ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '$' || c == '.' || c == '-';
}

/* A bare identifier [A-Za-z_][A-Za-z0-9_$.-]*; returns its length. */
static int ident(struct tp *p)
{
	size_t b = p->sc.pos;
	if (!(isalpha((unsigned char)p->sc.s[b]) || p->sc.s[b] == '_'))
		return 0;
	while (tt_ident_char(p->sc.s[p->sc.pos]))
		p->sc.pos++;
	return (int)(p->sc.pos - b);
}

static int read_int(struct tp *p, int64_t *out)
{
	lay_scan_skip(&p->sc);
	size_t b = p->sc.pos;
	bool neg = p->sc.s[p->sc.pos] == '-';
	if (neg)
		p->sc.pos++;
	if (!isdigit((unsigned char)p->sc.s[p->sc.pos]))
		return lay_scan_error(&p->sc, LAY_ESYNTAX, (long)b, "expected an integer");
	int64_t v = 0;
	int rc = lay_scan_digits(&p->sc, (int)b, neg, &v, NULL, LAY_EOVERFLOW);
	if (rc)
		return rc;
	if (p->sc.s[p->sc.pos] == '.' || p->sc.s[p->sc.pos] == 'e' || p->sc.s[p->sc.pos] == 'E')
		return lay_scan_error(&p->sc, LAY_ENOTINT, (long)b,
				      "expected an integer, not a real number");
	*out = v;
	return 0;
}

/* After an integer: an optional ": i32" type. */
static void skip_int_type(struct tp *p)
{
	size_t save = p->sc.pos;
	lay_scan_skip(&p->sc);
	if (p->sc.s[p->sc.pos] == ':') {
		p->sc.pos++;
		lay_scan_skip(&p->sc);
		size_t b = p->sc.pos;
		if (ident(p) && (p->sc.s[b] == 'i' || p->sc.s[b] == 's' || p->sc.s[b] == 'u' ||
				 strncmp(p->sc.s + b, "index", 5) == 0))
			return;
	}
	p->sc.pos = save;
}

/* Members "key = value" (or a unit key) until `close`, into o. */
static int parse_members(struct tp *p, struct tv *o, char close)
{
	lay_scan_skip(&p->sc);
	if (p->sc.s[p->sc.pos] == close) {
		p->sc.pos++;
		return 0;
	}
	for (;;) {
		lay_scan_skip(&p->sc);
		long kpos = (long)p->sc.pos;
		const char *key;
		int klen;
		if (p->sc.s[p->sc.pos] == '"') {
			p->sc.pos++;
			key = p->sc.s + p->sc.pos;
			while (p->sc.s[p->sc.pos] && p->sc.s[p->sc.pos] != '"')
				p->sc.pos++;
			if (!p->sc.s[p->sc.pos])
				return lay_scan_error(&p->sc, LAY_ESYNTAX, kpos,
						      "unterminated string");
			klen = (int)(p->sc.s + p->sc.pos - key);
			p->sc.pos++;
		} else {
			key = p->sc.s + p->sc.pos;
			klen = ident(p);
			if (!klen)
				return lay_scan_error(&p->sc, LAY_ESYNTAX, kpos,
						      "expected a key (name = value) or '%c'",
						      close);
		}
		struct tv *v;
		if (lay_scan_eat(&p->sc, '=')) {
			v = tt_value(p);
			if (!v)
				return p->sc.err ? p->sc.err->code : LAY_ESYNTAX;
		} else {
			v = tv_new(p, TV_BOOL, kpos);
			if (!v)
				return lay_scan_error(&p->sc, LAY_ENOMEM, -1, "out of memory");
			v->i = 1; /* a unit attribute */
		}
		v->key = key;
		v->klen = klen;
		v->kpos = kpos;
		for (struct tv *m = o->kid; m; m = m->next)
			if (m->klen == klen && strncmp(m->key, key, (size_t)klen) == 0)
				return lay_scan_error(&p->sc, LAY_EDUPKEY, kpos,
						      "key %.*s appears twice", klen, key);
		tv_add(o, v);
		lay_scan_skip(&p->sc);
		if (p->sc.s[p->sc.pos] == ',') {
			p->sc.pos++;
			continue;
		}
		if (p->sc.s[p->sc.pos] == close) {
			p->sc.pos++;
			return 0;
		}
		return lay_scan_error(&p->sc, LAY_ESYNTAX, (long)p->sc.pos, "expected ',' or '%c'",
				      close);
	}
}

/* padded_shared's "[32:+4, 64:+8]" */
static int parse_pairs(struct tp *p, struct tv *a)
{
	int rc;
	struct tv *arr = tv_new(p, TV_PAIRS, (long)p->sc.pos);
	if (!arr)
		return lay_scan_error(&p->sc, LAY_ENOMEM, -1, "out of memory");
	arr->key = "[intervals]";
	arr->klen = (int)strlen(arr->key);
	arr->kpos = (long)p->sc.pos;
	p->sc.pos++; /* [ */
	for (;;) {
		lay_scan_skip(&p->sc);
		struct tv *pair = tv_new(p, TV_ARR, (long)p->sc.pos);
		struct tv *x = tv_new(p, TV_INT, (long)p->sc.pos);
		if (!pair || !x)
			return lay_scan_error(&p->sc, LAY_ENOMEM, -1, "out of memory");
		if ((rc = read_int(p, &x->i)))
			return rc;
		if (!lay_scan_eat(&p->sc, ':') || !lay_scan_eat(&p->sc, '+'))
			return lay_scan_error(
				&p->sc, LAY_ESYNTAX, (long)p->sc.pos,
				"expected ':+' between an interval and its padding (32:+4)");
		lay_scan_skip(&p->sc);
		struct tv *y = tv_new(p, TV_INT, (long)p->sc.pos);
		if (!y)
			return lay_scan_error(&p->sc, LAY_ENOMEM, -1, "out of memory");
		if ((rc = read_int(p, &y->i)))
			return rc;
		tv_add(pair, x);
		tv_add(pair, y);
		tv_add(arr, pair);
		if (lay_scan_eat(&p->sc, ','))
			continue;
		if (lay_scan_eat(&p->sc, ']'))
			break;
		return lay_scan_error(&p->sc, LAY_ESYNTAX, (long)p->sc.pos,
				      "expected ',' or ']' after 32:+4");
	}
	tv_add(a, arr);
	return 0;
}

/* The body of #dialect.name<...>: dicts, "key = value" items, pairs. */
static int parse_attr_body(struct tp *p, struct tv *a)
{
	p->sc.pos++; /* < */
	lay_scan_skip(&p->sc);
	if (p->sc.s[p->sc.pos] == '>') {
		p->sc.pos++;
		return 0;
	}
	for (;;) {
		lay_scan_skip(&p->sc);
		int rc;
		if (p->sc.s[p->sc.pos] == '{') {
			p->sc.pos++;
			rc = parse_members(p, a, '}');
		} else if (p->sc.s[p->sc.pos] == '[') {
			rc = parse_pairs(p, a);
		} else {
			/* key = value items up to '>' */
			long kpos = (long)p->sc.pos;
			const char *key = p->sc.s + p->sc.pos;
			int klen = ident(p);
			if (!klen)
				return lay_scan_error(
					&p->sc, LAY_ESYNTAX, kpos,
					"expected '{', a key or '>' in the attribute");
			if (!lay_scan_eat(&p->sc, '='))
				return lay_scan_error(&p->sc, LAY_ESYNTAX, (long)p->sc.pos,
						      "expected '=' after %.*s", klen, key);
			struct tv *v = tt_value(p);
			if (!v)
				return p->sc.err ? p->sc.err->code : LAY_ESYNTAX;
			v->key = key;
			v->klen = klen;
			v->kpos = kpos;
			tv_add(a, v);
			rc = 0;
		}
		if (rc)
			return rc;
		lay_scan_skip(&p->sc);
		if (p->sc.s[p->sc.pos] == ',') {
			p->sc.pos++;
			continue;
		}
		if (p->sc.s[p->sc.pos] == '>') {
			p->sc.pos++;
			return 0;
		}
		if (p->sc.s[p->sc.pos] == '{' && p->sc.s[p->sc.pos - 1] != '}')
			continue; /* padded_shared: [32:+4] {order = ...} */
		return lay_scan_error(&p->sc, LAY_ESYNTAX, (long)p->sc.pos,
				      "expected ',' or '>' to close the attribute");
	}
}

/* A new value, or NULL with the out-of-memory error set. */
static struct tv *value_new(struct tp *p, int kind, long pos)
{
	struct tv *v = tv_new(p, kind, pos);
	if (!v)
		lay_scan_error(&p->sc, LAY_ENOMEM, -1, "out of memory");
	return v;
}

/* "[v, v, ...]", at its '['. */
static struct tv *read_array(struct tp *p, long pos)
{
	struct tv *v = value_new(p, TV_ARR, pos);
	if (!v)
		return NULL;
	p->sc.pos++;
	if (lay_scan_eat(&p->sc, ']'))
		return v;
	for (;;) {
		struct tv *e = tt_value(p);
		if (!e)
			return NULL;
		tv_add(v, e);
		if (lay_scan_eat(&p->sc, ','))
			continue;
		if (lay_scan_eat(&p->sc, ']'))
			return v;
		lay_scan_error(&p->sc, LAY_ESYNTAX, (long)p->sc.pos,
			       "expected ',' or ']' in the array");
		return NULL;
	}
}

/* "{key = value, ...}", at its '{'. */
static struct tv *read_dict(struct tp *p, long pos)
{
	struct tv *v = value_new(p, TV_DICT, pos);
	if (!v)
		return NULL;
	p->sc.pos++;
	return parse_members(p, v, '}') ? NULL : v;
}

/* "#dialect.name<...>" (an attribute) or "#alias" (a reference), at its
 * '#'. */
static struct tv *read_hash(struct tp *p, long pos)
{
	p->sc.pos++;
	const char *name = p->sc.s + p->sc.pos;
	int n = 0;
	while (tt_ident_char(p->sc.s[p->sc.pos]))
		p->sc.pos++, n++;
	if (!n) {
		lay_scan_error(&p->sc, LAY_ESYNTAX, pos, "expected a name after '#'");
		return NULL;
	}
	bool dialect = memchr(name, '.', (size_t)n) != NULL;
	struct tv *v = value_new(p, dialect ? TV_ATTR : TV_REF, pos);
	if (!v)
		return NULL;
	v->s = name;
	v->n = n;
	if (dialect && p->sc.s[p->sc.pos] == '<' && parse_attr_body(p, v))
		return NULL;
	return v;
}

/* A quoted string, its escapes kept, at its '"'. */
static struct tv *read_string(struct tp *p, long pos)
{
	struct tv *v = value_new(p, TV_STR, pos);
	if (!v)
		return NULL;
	p->sc.pos++;
	v->s = p->sc.s + p->sc.pos;
	while (p->sc.s[p->sc.pos] && p->sc.s[p->sc.pos] != '"')
		p->sc.pos += p->sc.s[p->sc.pos] == '\\' && p->sc.s[p->sc.pos + 1] ? 2 : 1;
	if (!p->sc.s[p->sc.pos]) {
		lay_scan_error(&p->sc, LAY_ESYNTAX, pos, "unterminated string");
		return NULL;
	}
	v->n = (int)(p->sc.s + p->sc.pos - v->s);
	p->sc.pos++;
	return v;
}

/* An integer and its optional ": i32" type. */
static struct tv *read_number(struct tp *p, long pos)
{
	struct tv *v = value_new(p, TV_INT, pos);
	if (!v || read_int(p, &v->i))
		return NULL;
	skip_int_type(p);
	return v;
}

/* true, false or another word (dense<...>, array<...>: its <...> skipped). */
static struct tv *read_word(struct tp *p, long pos)
{
	const char *w = p->sc.s + p->sc.pos;
	int n = ident(p);
	struct tv *v;
	if ((n == 4 && strncmp(w, "true", 4) == 0) || (n == 5 && strncmp(w, "false", 5) == 0)) {
		if ((v = value_new(p, TV_BOOL, pos)))
			v->i = n == 4;
		return v;
	}
	if (!(v = value_new(p, TV_WORD, pos)))
		return NULL;
	v->s = w;
	v->n = n;
	if (p->sc.s[p->sc.pos] == '<') { /* dense<...>, array<...>: skip */
		int d = 0;
		do {
			d += p->sc.s[p->sc.pos] == '<' ? 1 : p->sc.s[p->sc.pos] == '>' ? -1 : 0;
			p->sc.pos++;
		} while (p->sc.s[p->sc.pos] && d > 0);
	}
	return v;
}

struct tv *tt_value(struct tp *p)
{
	lay_scan_skip(&p->sc);
	long pos = (long)p->sc.pos;
	char c = p->sc.s[p->sc.pos];
	struct tv *v;
	if (++p->depth > TT_MAX_DEPTH) {
		lay_scan_error(&p->sc, LAY_EDEPTH, pos, "attribute nested deeper than %d levels",
			       TT_MAX_DEPTH);
		return NULL;
	}
	if (c == '[')
		v = read_array(p, pos);
	else if (c == '{')
		v = read_dict(p, pos);
	else if (c == '#')
		v = read_hash(p, pos);
	else if (c == '"')
		v = read_string(p, pos);
	else if (isdigit((unsigned char)c) || c == '-')
		v = read_number(p, pos);
	else if (isalpha((unsigned char)c) || c == '_')
		v = read_word(p, pos);
	else {
		if (c)
			lay_scan_error(&p->sc, LAY_ESYNTAX, pos,
				       "unexpected '%c': expected a value ([...], {...}, #attr, an "
				       "integer, "
				       "true/false)",
				       c);
		else
			lay_scan_error(&p->sc, LAY_ESYNTAX, pos,
				       "unexpected end of text: expected a value");
		return NULL;
	}
	if (!v)
		return NULL;
	v->end = (long)p->sc.pos;
	p->depth--;
	return v;
}
