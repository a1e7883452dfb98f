/*
 * axe.c - the Axe notation (TVM TIRx TileLayout): shard iters S[...] split
 * the row-major flat index of the logical element mixed-radix (last iter
 * fastest), replica iters R[...] add every combination, offsets add a
 * constant per axis.  Text and JSON forms.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/axe_compose.h"
#include "notation/notation.h"
#include "notation/scan.h"
#include "layout.h"

struct iter {
	int64_t extent, stride;
	int axis;
};

struct axe_state {
	int nshard, nrep;
	struct iter shard[LAYOUTD_MAX_ITERS];
	struct iter rep[LAYOUTD_MAX_ITERS];
	int64_t offset[LAYOUTD_MAX_AXES];
	int64_t div[LAYOUTD_MAX_ITERS]; /* product of the extents after iter k */
};

/* ------------------------------------------------------------------ */
/* Text parser                                                         */

struct axe_parser {
	struct lay_scan sc;
	struct lay_def *def;
	struct axe_state *st;
	bool seen_s, seen_r;
};

static int parse_int(struct axe_parser *p, int64_t *out, bool allow_neg);

/* "(512 * 32)": constant products and sums, as TVM prints computed strides. */
static int parse_const(struct axe_parser *p, int64_t *out)
{
	int64_t acc = 0, term;
	int sign = 1, rc;
	int open = p->sc.pos++;
	for (;;) {
		if ((rc = parse_int(p, &term, true)))
			return rc;
		while (lay_scan_eat(&p->sc, '*')) {
			int64_t f;
			if ((rc = parse_int(p, &f, true)))
				return rc;
			if (__builtin_mul_overflow(term, f, &term))
				return lay_scan_error(&p->sc, LAY_EOVERFLOW, open,
						      "constant overflows 64 bits");
		}
		if (__builtin_mul_overflow(term, sign, &term) ||
		    __builtin_add_overflow(acc, term, &acc))
			return lay_scan_error(&p->sc, LAY_EOVERFLOW, open,
					      "constant overflows 64 bits");
		if (lay_scan_eat(&p->sc, '+'))
			sign = 1;
		else if (lay_scan_eat(&p->sc, '-'))
			sign = -1;
		else
			break;
	}
	if (!lay_scan_eat(&p->sc, ')'))
		return lay_scan_expect(&p->sc, ')', "')' closing the constant");
	*out = acc;
	return 0;
}

static int parse_int(struct axe_parser *p, int64_t *out, bool allow_neg)
{
	lay_scan_ws(&p->sc);
	int start = p->sc.pos;
	if (p->sc.s[p->sc.pos] == '(') {
		int rc = parse_const(p, out);
		if (!rc && !allow_neg && *out < 0)
			return lay_scan_error(&p->sc, LAY_EEXTENT, start,
					      "an extent cannot be negative");
		return rc;
	}
	bool neg = false;
	if (p->sc.s[p->sc.pos] == '-') {
		if (!allow_neg)
			return lay_scan_error(&p->sc, LAY_ESYNTAX, start,
					      "an extent cannot be negative");
		neg = true;
		p->sc.pos++;
		lay_scan_ws(&p->sc);
	}
	int64_t v = 0;
	int rc = lay_scan_digits(&p->sc, start, false, &v, NULL, LAY_EOVERFLOW);
	if (rc)
		return rc;
	if (p->sc.s[p->sc.pos] == '.')
		return lay_scan_error(&p->sc, LAY_ENOTINT, p->sc.pos, "only integers are allowed");
	*out = neg ? -v : v;
	/* "64 * 64": a product, as TVM sources write computed strides */
	int save = p->sc.pos;
	lay_scan_ws(&p->sc);
	if (p->sc.s[p->sc.pos] == '*') {
		int64_t f;
		p->sc.pos++;
		rc = parse_int(p, &f, allow_neg);
		if (rc)
			return rc;
		if (__builtin_mul_overflow(*out, f, out))
			return lay_scan_error(&p->sc, LAY_EOVERFLOW, start,
					      "product overflows 64 bits");
		return 0;
	}
	p->sc.pos = save;
	return 0;
}

/* stride or offset: INT ['@' NAME]; the axis index goes to *axis. */
static int parse_scaled(struct axe_parser *p, int64_t *v, int *axis)
{
	const char *name = "m";
	char buf[LAYOUTD_MAX_NAME];
	int at, rc;
	lay_scan_ws(&p->sc);
	char q = p->sc.s[p->sc.pos];
	if (q == '"' || q == '\'') {
		/* TVM's shorthand: a quoted axis name is stride 1 on that axis */
		int start = ++p->sc.pos, n = 0;
		while (p->sc.s[p->sc.pos] && p->sc.s[p->sc.pos] != q) {
			if (n + 1 >= (int)sizeof buf)
				return lay_scan_error(&p->sc, LAY_ENAME, start,
						      "axis name too long");
			buf[n++] = p->sc.s[p->sc.pos++];
		}
		if (p->sc.s[p->sc.pos] != q)
			return lay_scan_error(&p->sc, LAY_ESYNTAX, start - 1,
					      "unterminated axis name");
		p->sc.pos++;
		buf[n] = '\0';
		*v = 1;
		name = buf;
		at = start;
		goto found;
	}
	if ((rc = parse_int(p, v, true)))
		return rc;
	at = p->sc.pos;
	if (lay_scan_eat(&p->sc, '@')) {
		lay_scan_ws(&p->sc);
		if (strncmp(p->sc.s + p->sc.pos, "Axis.", 5) == 0)
			p->sc.pos += 5; /* TVM prints 1 @ Axis.laneid */
		int start = p->sc.pos, n = 0;
		if (!(isalpha((unsigned char)p->sc.s[p->sc.pos]) || p->sc.s[p->sc.pos] == '_'))
			return lay_scan_error(&p->sc, LAY_ESYNTAX, p->sc.pos,
					      "expected an axis name after '@'%s", "");
		while (isalnum((unsigned char)p->sc.s[p->sc.pos]) || p->sc.s[p->sc.pos] == '_') {
			if (n + 1 >= (int)sizeof buf)
				return lay_scan_error(&p->sc, LAY_ENAME, start,
						      "axis name too long");
			buf[n++] = p->sc.s[p->sc.pos++];
		}
		buf[n] = '\0';
		name = buf;
		at = start;
	}
found:
	*axis = lay_def_axis(p->def, name, p->sc.ptr, p->sc.err);
	if (*axis < 0) {
		if (p->sc.err)
			p->sc.err->position = lay_utf8_offset(p->sc.s, at);
		lay_error_source(p->sc.err, p->sc.s);
		return p->sc.err ? p->sc.err->code : LAY_ELIMIT;
	}
	return 0;
}

/* One group: "(a, b, ...)" or a single item.  Items are extents (ints) or
 * strides (scaled). */
static int parse_group(struct axe_parser *p, struct iter *it, int *n, bool strides)
{
	bool paren = lay_scan_eat(&p->sc, '(');
	*n = 0;
	do {
		if (*n >= LAYOUTD_MAX_ITERS)
			return lay_scan_error(&p->sc, LAY_ELIMIT, p->sc.pos, "more than %d iters",
					      LAYOUTD_MAX_ITERS);
		int start = p->sc.pos;
		int rc = strides ? parse_scaled(p, &it[*n].stride, &it[*n].axis)
				 : parse_int(p, &it[*n].extent, false);
		if (rc)
			return rc;
		if (!strides && it[*n].extent <= 0)
			return lay_scan_error(&p->sc, LAY_EEXTENT, start,
					      "extent must be positive");
		(*n)++;
		/* "(8,)": a trailing comma before ')' closes a one-element tuple */
	} while (paren && lay_scan_eat(&p->sc, ',') &&
		 (lay_scan_ws(&p->sc), p->sc.s[p->sc.pos] != ')'));
	if (paren)
		return lay_scan_expect(&p->sc, ')', "',' or ')'");
	return 0;
}

/* Inside S[...] or R[...]: "(e...):(s...)", "e:s", "(e...)" or "e, e, ...". */
static int parse_iters(struct axe_parser *p, struct iter *it, int *n)
{
	int ne = 0, rc;
	lay_scan_ws(&p->sc);
	if ((rc = parse_group(p, it, &ne, false)))
		return rc;
	if (lay_scan_eat(&p->sc, ':')) {
		struct iter st[LAYOUTD_MAX_ITERS];
		int ns = 0, at = p->sc.pos;
		lay_scan_ws(&p->sc);
		at = p->sc.pos;
		if ((rc = parse_group(p, st, &ns, true)))
			return rc;
		if (ns != ne) {
			char msg[96];
			snprintf(msg, sizeof msg, "%d extents but %d strides", ne, ns);
			return lay_scan_error(&p->sc, LAY_ESHAPE, at, "%s", msg);
		}
		for (int k = 0; k < ne; k++) {
			it[k].stride = st[k].stride;
			it[k].axis = st[k].axis;
		}
	} else {
		/* extents only: "S[8, 4]" -> compact row-major strides on m */
		while (lay_scan_eat(&p->sc, ',')) {
			if (ne >= LAYOUTD_MAX_ITERS)
				return lay_scan_error(&p->sc, LAY_ELIMIT, p->sc.pos,
						      "more than %d iters", LAYOUTD_MAX_ITERS);
			int start = p->sc.pos;
			if ((rc = parse_int(p, &it[ne].extent, false)))
				return rc;
			if (it[ne].extent <= 0)
				return lay_scan_error(&p->sc, LAY_EEXTENT, start,
						      "extent must be positive");
			ne++;
		}
		int m = lay_def_axis(p->def, "m", p->sc.ptr, p->sc.err);
		if (m < 0)
			return p->sc.err ? p->sc.err->code : LAY_ELIMIT;
		int64_t s = 1;
		for (int k = ne - 1; k >= 0; k--) {
			it[k].stride = s;
			it[k].axis = m;
			if (__builtin_mul_overflow(s, it[k].extent, &s))
				return lay_scan_error(&p->sc, LAY_EOVERFLOW, p->sc.pos,
						      "extents overflow 64 bits");
		}
	}
	*n = ne;
	return lay_scan_expect(&p->sc, ']', "']'");
}

static int parse_offset_term(struct axe_parser *p)
{
	int64_t v;
	int axis;
	int rc = parse_scaled(p, &v, &axis);
	if (rc)
		return rc;
	if (__builtin_add_overflow(p->st->offset[axis], v, &p->st->offset[axis]))
		return lay_scan_error(&p->sc, LAY_EOVERFLOW, p->sc.pos, "offset overflows 64 bits");
	return 0;
}

/* TVM's script printer wraps the spec: T.TileLayout(T.S[...] + ...).  The
 * position of the wrapper's '(' (the scan past it), or -1 when the text
 * is not wrapped. */
static int tile_layout_open(struct axe_parser *p)
{
	int k = p->sc.pos, last = k;
	while (isalnum((unsigned char)p->sc.s[k]) || p->sc.s[k] == '_' || p->sc.s[k] == '.') {
		if (p->sc.s[k] == '.')
			last = k + 1;
		k++;
	}
	if (k - last == 10 && strncmp(p->sc.s + last, "TileLayout", 10) == 0) {
		int open = k;
		while (p->sc.s[open] == ' ' || p->sc.s[open] == '\t')
			open++;
		if (p->sc.s[open] == '(') {
			p->sc.pos = open + 1;
			return open;
		}
	}
	return -1;
}

/* Offsets "a @ axis" joined by the separators sep1 or sep2. */
static int parse_offset_terms(struct axe_parser *p, char sep1, char sep2)
{
	int rc;
	do {
		rc = parse_offset_term(p);
	} while (!rc && (lay_scan_eat(&p->sc, sep1) || lay_scan_eat(&p->sc, sep2)));
	return rc;
}

/* The bracketed term c[...] at start (c is S, R or O): at most one shard
 * and one replica; O[...] holds offsets, parenthesized or not. */
static int parse_bracket_term(struct axe_parser *p, char c, int start)
{
	int save = p->sc.pos, rc;
	p->sc.pos++;
	if (!lay_scan_eat(&p->sc, '[')) {
		p->sc.pos = save;
		return lay_scan_error(&p->sc, LAY_ESYNTAX, save + 1, "expected '[' after %s",
				      c == 'S'	 ? "S"
				      : c == 'R' ? "R"
						 : "O");
	}
	if (c == 'S') {
		if (p->seen_s)
			return lay_scan_error(&p->sc, LAY_ESYNTAX, start,
					      "a second S[...] term (at most one shard)");
		p->seen_s = true;
		return parse_iters(p, p->st->shard, &p->st->nshard);
	}
	if (c == 'R') {
		if (p->seen_r)
			return lay_scan_error(&p->sc, LAY_ESYNTAX, start,
					      "a second R[...] term (at most one replica)");
		p->seen_r = true;
		return parse_iters(p, p->st->rep, &p->st->nrep);
	}
	bool paren = lay_scan_eat(&p->sc, '(');
	rc = parse_offset_terms(p, ',', '+');
	if (!rc && paren)
		rc = lay_scan_expect(&p->sc, ')', "')'");
	if (!rc)
		rc = lay_scan_expect(&p->sc, ']', "']'");
	return rc;
}

/* One term of the sum: S[...], R[...], O[...], a parenthesized group of
 * offsets or one offset. */
static int parse_term(struct axe_parser *p)
{
	lay_scan_ws(&p->sc);
	/* TVM prints its terms as T.S[...] (or Tx.S[...]) */
	if (strncmp(p->sc.s + p->sc.pos, "T.", 2) == 0)
		p->sc.pos += 2;
	else if (strncmp(p->sc.s + p->sc.pos, "Tx.", 3) == 0)
		p->sc.pos += 3;
	int start = p->sc.pos, rc;
	char c = p->sc.s[p->sc.pos];
	if ((c == 'S' || c == 'R' || c == 'O') && p->sc.s[p->sc.pos + 1] != '\0')
		return parse_bracket_term(p, c, start);
	if (c == '(') {
		/* "(1 @ laneid + 2 @ warpid + 64)": a group of offsets */
		p->sc.pos++;
		rc = parse_offset_terms(p, '+', ',');
		if (!rc)
			rc = lay_scan_expect(&p->sc, ')', "'+' or ')'");
		return rc;
	}
	if (isdigit((unsigned char)c) || c == '-')
		return parse_offset_term(p);
	if (!c)
		return lay_scan_error(&p->sc, LAY_ESYNTAX, start, "expected a term after '+'");
	char tok[8] = { c, 0 };
	return lay_scan_error(&p->sc, LAY_ESYNTAX, start,
			      "unexpected '%s' (expected S[...], R[...], O[...] or an offset)",
			      tok);
}

/* The text: terms joined by '+', in TileLayout(...) or not. */
static int parse_text(struct axe_parser *p)
{
	lay_scan_ws(&p->sc);
	if (!p->sc.s[p->sc.pos])
		return lay_scan_error(&p->sc, LAY_ESYNTAX, 0, "empty Axe layout");
	int wrap = tile_layout_open(p);
	for (;;) {
		int rc = parse_term(p);
		if (rc)
			return rc;
		lay_scan_ws(&p->sc);
		if (wrap >= 0 && p->sc.s[p->sc.pos] == ')') {
			p->sc.pos++;
			lay_scan_ws(&p->sc);
			if (p->sc.s[p->sc.pos])
				return lay_scan_error(
					&p->sc, LAY_ESYNTAX, p->sc.pos,
					"expected the end of the layout after TileLayout(...)");
			return 0;
		}
		if (!p->sc.s[p->sc.pos]) {
			if (wrap >= 0)
				return lay_scan_error(&p->sc, LAY_ESYNTAX, wrap,
						      "TileLayout( is never closed: ')' expected");
			return 0;
		}
		if (!lay_scan_eat(&p->sc, '+')) {
			char tok[8] = { p->sc.s[p->sc.pos], 0 };
			return lay_scan_error(&p->sc, LAY_ESYNTAX, p->sc.pos,
					      "expected '+' between terms, found '%s'", tok);
		}
	}
}

/* ------------------------------------------------------------------ */
/* JSON form                                                           */

static int json_iters(struct lay_def *def, json_t *v, const char *ptr, struct iter *it, int *n,
		      struct lay_error *err)
{
	char q[LAY_ERR_PTR], q2[LAY_ERR_PTR];
	if (!json_is_array(v))
		return lay_error_set(err, LAY_ESCHEMA, ptr, -1,
				     "expected an array of [extent, stride, axis] iters");
	if (json_array_size(v) > LAYOUTD_MAX_ITERS)
		return lay_error_set(err, LAY_ELIMIT, ptr, -1, "more than %d iters",
				     LAYOUTD_MAX_ITERS);
	size_t i;
	json_t *item;
	json_array_foreach(v, i, item)
	{
		lay_ptr_index(q, sizeof q, ptr, i);
		size_t len = json_array_size(item);
		if (!json_is_array(item) || len < 2 || len > 3)
			return lay_error_set(
				err, LAY_ESCHEMA, q, -1,
				"an iter is [extent, stride] or [extent, stride, \"axis\"]");
		lay_ptr_index(q2, sizeof q2, q, 0);
		if (lay_json_int(json_array_get(item, 0), q2, &it[i].extent, err))
			return err ? err->code : LAY_ESCHEMA;
		if (it[i].extent <= 0)
			return lay_error_set(err, LAY_EEXTENT, q2, -1,
					     "extent %lld is not positive",
					     (long long)it[i].extent);
		lay_ptr_index(q2, sizeof q2, q, 1);
		if (lay_json_int(json_array_get(item, 1), q2, &it[i].stride, err))
			return err ? err->code : LAY_ESCHEMA;
		const char *axis = "m";
		if (len == 3) {
			lay_ptr_index(q2, sizeof q2, q, 2);
			axis = json_string_value(json_array_get(item, 2));
			if (!axis)
				return lay_error_set(err, LAY_ESCHEMA, q2, -1,
						     "the axis of an iter is a string");
		}
		if ((it[i].axis = lay_def_axis(def, axis, q2, err)) < 0)
			return err ? err->code : LAY_ENAME;
	}
	*n = (int)json_array_size(v);
	return 0;
}

static int parse_json(struct lay_def *def, struct axe_state *st, json_t *v, const char *ptr,
		      struct lay_error *err)
{
	char q[LAY_ERR_PTR], q2[LAY_ERR_PTR];
	const char *key;
	json_t *val;
	json_object_foreach(v, key, val)
	{
		lay_ptr_join(q, sizeof q, ptr, key);
		int rc;
		if (strcmp(key, "shard") == 0) {
			rc = json_iters(def, val, q, st->shard, &st->nshard, err);
		} else if (strcmp(key, "replica") == 0) {
			rc = json_iters(def, val, q, st->rep, &st->nrep, err);
		} else if (strcmp(key, "offset") == 0) {
			if (!json_is_object(val))
				return lay_error_set(err, LAY_ESCHEMA, q, -1,
						     "offset is an object of axis offsets, e.g. "
						     "{\"warpid\": 4}");
			const char *ak;
			json_t *av;
			rc = 0;
			json_object_foreach(val, ak, av)
			{
				lay_ptr_join(q2, sizeof q2, q, ak);
				int64_t o;
				int axis;
				if (lay_json_int(av, q2, &o, err))
					return err ? err->code : LAY_ESCHEMA;
				if ((axis = lay_def_axis(def, ak, q2, err)) < 0)
					return err ? err->code : LAY_ENAME;
				st->offset[axis] = o;
			}
		} else {
			return lay_error_set(
				err, LAY_ESCHEMA, q, -1,
				"unknown member \"%s\" in the Axe object (shard, replica, offset)",
				key);
		}
		if (rc)
			return rc;
	}
	return 0;
}

/* ------------------------------------------------------------------ */

static int axe_walk(const struct lay_def *def, lay_emit_fn fn, void *ctx, struct lay_error *err)
{
	const struct axe_state *st = def->state;
	int64_t base[LAYOUTD_MAX_AXES], coord[LAYOUTD_MAX_AXES];
	int64_t rc_[LAYOUTD_MAX_ITERS];
	(void)err;
	for (int64_t e = 0; e < def->size; e++) {
		memcpy(base, st->offset, sizeof base);
		for (int k = 0; k < st->nshard; k++)
			base[st->shard[k].axis] +=
				(e / st->div[k]) % st->shard[k].extent * st->shard[k].stride;
		memset(rc_, 0, sizeof rc_);
		for (;;) {
			memcpy(coord, base, sizeof coord);
			for (int k = 0; k < st->nrep; k++)
				coord[st->rep[k].axis] += rc_[k] * st->rep[k].stride;
			if (def->swizzle.present)
				coord[def->swizzle.axis] =
					lay_swizzle_apply(&def->swizzle, coord[def->swizzle.axis]);
			int rc = fn(ctx, e, coord, 0);
			if (rc)
				return rc;
			int k = st->nrep - 1;
			while (k >= 0 && ++rc_[k] == st->rep[k].extent)
				rc_[k--] = 0;
			if (k < 0)
				break;
		}
	}
	return 0;
}

static void axe_form(const struct lay_def *def, struct lay_form *f)
{
	const struct axe_state *st = def->state;
	if (def->swizzle.present && def->swizzle.eB > 0) {
		f->kind = LAY_FORM_NONE; /* the XOR is no iterator: enumerate */
		return;
	}
	f->kind = LAY_FORM_FORWARD;
	f->n = 0;
	for (int pass = 0; pass < 2; pass++) {
		const struct iter *it = pass ? st->rep : st->shard;
		int n = pass ? st->nrep : st->nshard;
		for (int k = 0; k < n; k++)
			f->it[f->n++] = (struct lay_form_iter){ it[k].extent, it[k].stride,
								it[k].axis, pass == 1 };
	}
	memcpy(f->offset, st->offset, sizeof f->offset);
	f->nord = st->nshard; /* the last shard iter is the fastest */
	for (int k = 0; k < st->nshard; k++)
		f->ord[k] = st->nshard - 1 - k;
}

static const struct lay_notation_ops axe_ops = {
	.walk = axe_walk,
	.free = free,
	.ordered = true,
	.form = axe_form,
};

/* Largest |coordinate| must fit 64 bits: sum of |(e-1)*s| plus |offset|. */
static int check_range(struct lay_def *def, struct axe_state *st, const char *ptr,
		       struct lay_error *err)
{
	int64_t span[LAYOUTD_MAX_AXES];
	for (int a = 0; a < LAYOUTD_MAX_AXES; a++)
		span[a] = st->offset[a] < 0 ? -st->offset[a] : st->offset[a];
	for (int pass = 0; pass < 2; pass++) {
		const struct iter *it = pass ? st->rep : st->shard;
		int n = pass ? st->nrep : st->nshard;
		for (int k = 0; k < n; k++) {
			int64_t s = it[k].stride < 0 ? -it[k].stride : it[k].stride, t;
			if (it[k].stride == INT64_MIN ||
			    __builtin_mul_overflow(s, it[k].extent - 1, &t) ||
			    __builtin_add_overflow(span[it[k].axis], t, &span[it[k].axis]))
				return lay_error_set(err, LAY_EOVERFLOW, ptr, -1,
						     "coordinates on axis %s overflow 64 bits",
						     def->axes[it[k].axis].name);
			if (it[k].stride == 0)
				lay_def_warn(def, "stride_zero",
					     "%s iter %d (extent %lld) has stride 0 on %s: its %s "
					     "share one place",
					     pass ? "replica" : "shard", k, (long long)it[k].extent,
					     def->axes[it[k].axis].name,
					     pass ? "replicas" : "elements");
		}
	}
	return 0;
}

/* TVM ComposeLayout: Swizzle<B, M, +-S> on the memory axis m, after the
 * tile's offsets (swizzle.c); its warnings see the iters on m. */
static int axe_swizzle(struct lay_def *def, const struct axe_state *st,
		       const struct lay_axe_compose *ac, const char *ptr, struct lay_error *err)
{
	int64_t ext[2 * LAYOUTD_MAX_ITERS], str[2 * LAYOUTD_MAX_ITERS];
	int n = 0, m = lay_def_axis(def, "m", ptr, err);
	const char *why = NULL;
	if (m < 0)
		return err ? err->code : LAY_ELIMIT;
	if (lay_swizzle_set(def, ac->B, ac->M, ac->S, false, 0, 0, m, &why))
		return lay_error_set(err, LAY_ERANGE, ptr, -1, "%s", why);
	for (int pass = 0; pass < 2; pass++) {
		const struct iter *it = pass ? st->rep : st->shard;
		int cnt = pass ? st->nrep : st->nshard;
		for (int k = 0; k < cnt; k++)
			if (it[k].axis == m) {
				ext[n] = it[k].extent;
				str[n++] = it[k].stride;
			}
	}
	lay_swizzle_warnings(def, n, ext, str, st->offset[m]);
	return 0;
}

static int lay_axe_parse(struct lay_def *def, json_t *v, json_t *whole, struct lay_error *err)
{
	char ptr[LAY_ERR_PTR];
	(void)whole;
	lay_ptr_join(ptr, sizeof ptr, def->ptr, "axe");
	struct axe_state *st = calloc(1, sizeof *st);
	if (!st)
		return lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
	def->ops = &axe_ops;
	def->state = st;
	int rc;
	struct lay_axe_compose ac = { 0 };
	if (json_is_string(v)) {
		const char *text = json_string_value(v);
		if (strlen(text) > (size_t)def->max_expr_len)
			return lay_error_set(err, LAY_ELIMIT, ptr, -1,
					     "Axe text of %zu characters is over the limit %d",
					     strlen(text), def->max_expr_len);
		struct axe_parser p = { .def = def, .st = st };
		lay_scan_init(&p.sc, text, ptr, err, 0);
		if ((rc = lay_axe_compose_parse(text, ptr, &ac, err)))
			return rc;
		if (ac.composed && ac.tile_lo < 0) {
			/* a bare SwizzleLayout: S[size] on m */
			int m = lay_def_axis(def, "m", ptr, err);
			if (m < 0)
				return err ? err->code : LAY_ELIMIT;
			st->nshard = 1;
			st->shard[0] = (struct iter){ ac.bare_size, 1, m };
		} else if (ac.composed) {
			/* the tile: the text up to its end, read from its start */
			char *inner = strndup(text, (size_t)ac.tile_hi);
			if (!inner)
				return lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
			p.sc.s = inner;
			p.sc.pos = ac.tile_lo;
			rc = parse_text(&p);
			if (rc)
				lay_error_source(err, text);
			free(inner);
		} else {
			rc = parse_text(&p);
		}
	} else if (json_is_object(v)) {
		rc = parse_json(def, st, v, ptr, err);
	} else {
		return lay_error_set(err, LAY_ESCHEMA, ptr, -1,
				     "axe is a string like \"S[(8,4):(4@laneid,1)]\" or an object "
				     "{\"shard\": [...]}");
	}
	if (rc)
		return rc;
	int64_t size = 1, div = 1;
	for (int k = st->nshard - 1; k >= 0; k--) {
		st->div[k] = div;
		if (__builtin_mul_overflow(div, st->shard[k].extent, &div))
			return lay_error_set(err, LAY_EOVERFLOW, ptr, -1,
					     "the product of the shard extents overflows 64 bits");
	}
	size = div;
	if ((rc = check_range(def, st, ptr, err)))
		return rc;
	if (def->logical_given) {
		if (def->size != size) {
			char q[LAY_ERR_PTR];
			lay_ptr_join(q, sizeof q, def->ptr, "logical");
			return lay_error_set(err, LAY_ESHAPE, q, -1,
					     "logical size %lld differs from the shard size %lld "
					     "(product of the S[...] extents)",
					     (long long)def->size, (long long)size);
		}
	} else {
		if ((rc = lay_def_set_shape(def, 1, &size, ptr, err)))
			return rc;
	}
	int64_t bound = def->size;
	for (int k = 0; k < st->nrep; k++)
		if (__builtin_mul_overflow(bound, st->rep[k].extent, &bound))
			bound = INT64_MAX;
	def->placements_bound = bound;
	if (ac.composed)
		return axe_swizzle(def, st, &ac, ptr, err);
	return 0;
}

/* ------------------------------------------------------------------ */
/* The axe notation: how its text is detected, its swizzle written back, its descriptor       */

static bool is_axe_form(const char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	if (strncmp(s, "T.", 2) == 0 || strncmp(s, "Tx.", 3) == 0)
		return true;
	if ((s[0] == 'S' || s[0] == 'R' || s[0] == 'O') && s[1 + strspn(s + 1, " \t")] == '[')
		return true;
	return lay_text_starts(s, "ComposeLayout") || lay_text_starts(s, "TileLayout") ||
	       lay_text_starts(s, "SwizzleLayout");
}

static int detect_axe(const char *s)
{
	if (is_axe_form(s))
		return LAY_PASS_AXE;
	return strchr(s, '@') ? LAY_PASS_AT : 0;
}

/* axe: inside TVM's ComposeLayout (M, B, S as TVM orders them). */
static json_t *write_swizzle_axe(json_t *def, const struct lay_def *d, int axis, int B, int M,
				 int S, int form)
{
	(void)d;
	(void)axis;
	const char *t = lay_swizzle_plain_text(def, "axe");
	if (!t || form != 0)
		return NULL;
	size_t need = strlen(t) + 96;
	char *buf = malloc(need);
	if (buf)
		snprintf(buf, need, "ComposeLayout(%d, %d, %d, TileLayout(%s))", M, B, S, t);
	return lay_swizzle_replaced(def, "axe", buf);
}

const struct lay_notation lay_notation_axe = {
	.key = "axe",
	.text_hint = "Axe S[...]",
	.parse = lay_axe_parse,
	.detect = detect_axe,
	.write_swizzle = write_swizzle_axe,
};
