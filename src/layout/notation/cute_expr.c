/*
 * cute_expr.c - algebra expressions in the cute notation (docs/algebra.md):
 * `logical_divide((4,2,3):(2,1,8), 4:2)`, nested calls, the operand forms
 * people paste (printed layouts, C++ types and builders, pycute reprs,
 * tilers `<A, B>` / make_tile, shapes, Step, swizzled layouts), evaluated
 * by cute_algebra.c with one step per call and its checks.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/cute_atoms.h"
#include "notation/cute_expr.h"

static const char *const fn_names[] = {
	"composition",
	"complement",
	"coalesce",
	"filter",
	"left_inverse",
	"right_inverse",
	"logical_divide",
	"zipped_divide",
	"tiled_divide",
	"flat_divide",
	"logical_product",
	"zipped_product",
	"tiled_product",
	"flat_product",
	"blocked_product",
	"raked_product",
	"make_layout",
	"tile_to_shape",
	"upcast",
	"downcast",
	"recast_layout",
	"max_common_vector",
	"max_common_layout",
	NULL,
};

static bool is_fn(const char *name)
{
	for (int i = 0; fn_names[i]; i++)
		if (strcmp(fn_names[i], name) == 0)
			return true;
	return false;
}

static void skip(struct ex *e)
{
	for (;;) {
		lay_scan_ws(&e->sc);
		if (strncmp(e->sc.s + e->sc.pos, "cute::", 6) == 0)
			e->sc.pos += 6;
		else
			return;
	}
}

static bool peek(struct ex *e, char ch)
{
	skip(e);
	return e->sc.s[e->sc.pos] == ch;
}

static int need(struct ex *e, char ch, const char *what)
{
	if (!peek(e, ch))
		return lay_scan_expected(&e->sc, what);
	e->sc.pos++;
	return 0;
}

static int ident(struct ex *e, char *out, size_t n)
{
	skip(e);
	return lay_scan_name(&e->sc, out, n);
}

/* An integer: 8, -2, _8, Int<8>{}, C<8>{}, _8{}. */
static int integer(struct ex *e, int64_t *v)
{
	skip(e);
	int at = e->sc.pos;
	const char *p = e->sc.s + e->sc.pos;
	bool braces = false;
	if (strncmp(p, "Int<", 4) == 0 || strncmp(p, "C<", 2) == 0) {
		e->sc.pos += p[0] == 'I' ? 4 : 2;
		skip(e);
		braces = true;
	} else if (p[0] == '_' && (isdigit((unsigned char)p[1]) || p[1] == '-')) {
		e->sc.pos++;
	}
	bool neg = e->sc.s[e->sc.pos] == '-';
	if (neg)
		e->sc.pos++;
	int rc = lay_scan_int(&e->sc, at, neg, -EX_MAX_VALUE, EX_MAX_VALUE, "the integer",
			      LAY_ERANGE, v);
	if (rc)
		return rc;
	if (braces && (rc = need(e, '>', "'>' closing Int<N>")))
		return rc;
	if (strncmp(e->sc.s + e->sc.pos, "{}", 2) == 0)
		e->sc.pos += 2;
	return 0;
}

static bool int_start(struct ex *e)
{
	skip(e);
	const char *p = e->sc.s + e->sc.pos;
	return isdigit((unsigned char)p[0]) || (p[0] == '-' && isdigit((unsigned char)p[1])) ||
	       (p[0] == '_' && (isdigit((unsigned char)p[1]) || p[1] == '-')) ||
	       strncmp(p, "Int<", 4) == 0 || strncmp(p, "C<", 2) == 0;
}

/* ------------------------------------------------------------------ */
/* Integer tuples: (4,(2,2)), Shape<_4,Shape<_2,_2>>, make_shape(...)   */

static struct ca *tuple_node(struct ex *e, struct ca **kids, int n)
{
	struct ca *t = ca_tuple(&e->c, n);
	for (int i = 0; t && i < n; i++)
		t->m[i] = kids[i];
	return t;
}

/* One element of an integer tuple; `close` is ')' or '>'. */
static int int_tree(struct ex *e, struct ca **out)
{
	int rc;
	char name[32];
	struct ca *kids[LAYOUTD_MAX_ITERS];
	int n = 0;
	skip(e);
	if (++e->depth > EX_MAX_DEPTH)
		return lay_scan_error(&e->sc, LAY_ELIMIT, e->sc.pos, "nested more than %d deep",
				      EX_MAX_DEPTH);
	int save = e->sc.pos;
	char close = 0;
	if (e->sc.s[e->sc.pos] == '(') {
		e->sc.pos++;
		close = ')';
	} else if (isalpha((unsigned char)e->sc.s[e->sc.pos]) && !int_start(e)) {
		ident(e, name, sizeof name);
		if ((strcmp(name, "Shape") == 0 || strcmp(name, "Stride") == 0 ||
		     strcmp(name, "Step") == 0 || strcmp(name, "Tile") == 0) &&
		    peek(e, '<')) {
			e->sc.pos++;
			close = '>';
		} else if ((strcmp(name, "make_shape") == 0 || strcmp(name, "make_stride") == 0 ||
			    strcmp(name, "make_step") == 0) &&
			   peek(e, '(')) {
			e->sc.pos++;
			close = ')';
		} else {
			e->sc.pos = save;
			return lay_scan_expected(&e->sc, "an integer or a tuple of integers");
		}
	}
	if (!close) {
		int64_t v;
		if ((rc = integer(e, &v)))
			return rc;
		e->depth--;
		return (*out = ca_leaf(&e->c, v, 0)) ? 0 : LAY_ENOMEM;
	}
	for (;;) {
		skip(e);
		if (e->sc.s[e->sc.pos] == close && (n > 0 || close == ')'))
			break;
		if (n >= LAYOUTD_MAX_ITERS)
			return lay_scan_error(&e->sc, LAY_ELIMIT, e->sc.pos,
					      "more than %d modes in one tuple", LAYOUTD_MAX_ITERS);
		if ((rc = int_tree(e, &kids[n++])))
			return rc;
		skip(e);
		if (e->sc.s[e->sc.pos] == ',') {
			e->sc.pos++;
			continue;
		}
		if (e->sc.s[e->sc.pos] != close)
			return lay_scan_expected(&e->sc,
						 close == ')' ? "',' or ')'" : "',' or '>'");
	}
	e->sc.pos++;
	if (close == '>' && strncmp(e->sc.s + e->sc.pos, "{}", 2) == 0)
		e->sc.pos += 2;
	e->depth--;
	return (*out = tuple_node(e, kids, n)) ? 0 : LAY_ENOMEM;
}

/* shape and stride trees -> one layout, congruent */
int ex_zip_layout(struct ex *e, const struct ca *sh, const struct ca *st, int pos, struct ca **out)
{
	int rc;
	if (sh->n < 0 && st->n < 0) {
		if (sh->s <= 0)
			return lay_scan_error(&e->sc, LAY_EEXTENT, pos,
					      "extent %lld is not positive", (long long)sh->s);
		return (*out = ca_leaf(&e->c, sh->s, st->s)) ? 0 : LAY_ENOMEM;
	}
	if (sh->n != st->n)
		return lay_scan_error(
			&e->sc, LAY_ECONGRUENT, pos,
			"the shape and the stride are not congruent (%d and %d modes)", ca_rank(sh),
			ca_rank(st));
	struct ca *t = ca_tuple(&e->c, sh->n);
	if (!t)
		return LAY_ENOMEM;
	for (int i = 0; i < sh->n; i++)
		if ((rc = ex_zip_layout(e, sh->m[i], st->m[i], pos, &t->m[i])))
			return rc;
	*out = t;
	return 0;
}

int ex_check_shape(struct ex *e, const struct ca *sh, int pos)
{
	int64_t s[LAYOUTD_MAX_ITERS], d[LAYOUTD_MAX_ITERS], p = 1;
	int n = ca_leaves(sh, s, d, LAYOUTD_MAX_ITERS);
	if (n < 0)
		return lay_scan_error(&e->sc, LAY_ELIMIT, pos, "more than %d leaf modes",
				      LAYOUTD_MAX_ITERS);
	for (int i = 0; i < n; i++) {
		if (s[i] <= 0)
			return lay_scan_error(&e->sc, LAY_EEXTENT, pos,
					      "extent %lld is not positive", (long long)s[i]);
		if (__builtin_mul_overflow(p, s[i], &p) || p > EX_MAX_VALUE)
			return lay_scan_error(&e->sc, LAY_ELIMIT, pos,
					      "the size is over the limit %lld",
					      (long long)EX_MAX_VALUE);
	}
	return 0;
}

static struct ct *ct_new(struct ex *e, int kind, int n)
{
	struct ct *t = ca_alloc(&e->c, sizeof *t + sizeof(struct ct *) * (size_t)(n ? n : 1));
	if (!t)
		return NULL;
	memset(t, 0, sizeof *t);
	t->kind = kind;
	t->n = n;
	t->k = (struct ct **)(t + 1);
	return t;
}

/* An integer tree as a shape operand: CT_INT leaves, CT_TUPLE nodes. */
static struct ct *ct_of_tree(struct ex *e, const struct ca *t)
{
	if (t->n < 0) {
		struct ct *r = ct_new(e, CT_INT, 0);
		if (r)
			r->v = t->s;
		return r;
	}
	struct ct *r = ct_new(e, CT_TUPLE, t->n);
	for (int i = 0; r && i < t->n; i++)
		if (!(r->k[i] = ct_of_tree(e, t->m[i])))
			return NULL;
	return r;
}

const char *ex_kind_name(int k)
{
	static const char *const names[] = { "a layout",	  "a shape", "a tiler",
					     "an integer",	  "'_'",     "a swizzle",
					     "a major-order tag", "nothing" };
	return names[k];
}

/* A value as a tiler (or a shape or profile operand). */
struct ct *ex_as_tiler(struct ex *e, const struct val *v, int pos)
{
	struct ct *t = NULL;
	switch (v->kind) {
	case V_LAYOUT:
		if (v->sw) {
			lay_scan_error(
				&e->sc, LAY_EALGEBRA, pos,
				"a swizzled layout as a tiler is not supported: only the layout "
				"being tiled may carry a swizzle");
			return NULL;
		}
		if ((t = ct_new(e, CT_LAYOUT, 0)))
			t->l = v->l;
		return t;
	case V_INT:
		if ((t = ct_new(e, CT_INT, 0)))
			t->v = v->v;
		return t;
	case V_UNDER:
		return ct_new(e, CT_UNDER, 0);
	case V_SHAPE:
	case V_TILE:
		return v->t;
	default:
		lay_scan_error(&e->sc, LAY_ESYNTAX, pos,
			       "expected a layout, an integer, a shape or a tiler, found %s",
			       ex_kind_name(v->kind));
		return NULL;
	}
}

static int expr(struct ex *e, struct val *out);

/* Layout<SHAPE[, STRIDE]>{} after "Layout", or pycute's Layout(shape, stride). */
static int cxx_layout(struct ex *e, int at, struct val *out)
{
	int rc;
	struct ca *sh, *st = NULL;
	bool repr = peek(e, '(');
	e->sc.pos++;
	if ((rc = int_tree(e, &sh)))
		return rc;
	skip(e);
	if (e->sc.s[e->sc.pos] == ',') {
		e->sc.pos++;
		if ((rc = int_tree(e, &st)))
			return rc;
	}
	if (need(e, repr ? ')' : '>', repr ? "')' closing Layout(...)" : "'>' closing Layout<...>"))
		return e->sc.err->code;
	if (strncmp(e->sc.s + e->sc.pos, "{}", 2) == 0)
		e->sc.pos += 2;
	if ((rc = ex_check_shape(e, sh, at)))
		return rc;
	out->kind = V_LAYOUT;
	if (!st)
		return (out->l = ca_compact(&e->c, sh, 1)) ? 0 : LAY_ENOMEM;
	return ex_zip_layout(e, sh, st, at, &out->l);
}

/* Sw<B,M,S>, S<B,M,S>, Swizzle<B,M,S>{} after the name; SW_B_M_S. */
static int swizzle(struct ex *e, const char *name, int at, struct val *out)
{
	int rc;
	int64_t v[3];
	if (strncmp(name, "SW_", 3) == 0) {
		if (sscanf(name, "SW_%" SCNd64 "_%" SCNd64 "_%" SCNd64, &v[0], &v[1], &v[2]) != 3)
			return lay_scan_error(&e->sc, LAY_ESYNTAX, at, "expected SW_B_M_S");
	} else {
		e->sc.pos++; /* '<' */
		for (int i = 0; i < 3; i++) {
			if (i && need(e, ',', "',' between the swizzle's B, M and S"))
				return e->sc.err->code;
			if ((rc = integer(e, &v[i])))
				return rc;
		}
		if ((rc = need(e, '>', "'>' closing the swizzle")))
			return rc;
		if (strncmp(e->sc.s + e->sc.pos, "{}", 2) == 0)
			e->sc.pos += 2;
	}
	if (v[0] < 0 || v[0] > 16 || v[1] < 0 || v[1] > 32 || v[2] < -32 || v[2] > 32)
		return lay_scan_error(&e->sc, LAY_ERANGE, at,
				      "the swizzle <%lld,%lld,%lld> is out of range",
				      (long long)v[0], (long long)v[1], (long long)v[2]);
	out->kind = V_SWIZZLE;
	out->B = (int)v[0];
	out->M = (int)v[1];
	out->S = (int)v[2];
	return 0;
}

/* `Sw o off o L` or `Sw o L` after a swizzle. */
static bool at_o(struct ex *e)
{
	skip(e);
	const char *p = e->sc.s + e->sc.pos;
	return p[0] == 'o' && (isspace((unsigned char)p[1]) || p[1] == '(');
}

static int composed(struct ex *e, struct val *out)
{
	int rc;
	struct val a = { 0 }, b = { 0 };
	e->sc.pos++;
	int at = e->sc.pos;
	if ((rc = expr(e, &a)))
		return rc;
	if (a.kind == V_INT) {
		if (!at_o(e))
			return lay_scan_expected(&e->sc, "'o' and the layout after the offset");
		e->sc.pos++;
		at = e->sc.pos;
		if ((rc = expr(e, &b)))
			return rc;
		out->off = a.v;
	} else {
		b = a;
		out->off = 0;
	}
	skip(e);
	if (b.kind != V_LAYOUT || b.sw)
		return lay_scan_error(
			&e->sc, LAY_ESYNTAX, at, "expected a layout after the swizzle, found %s",
			b.kind == V_LAYOUT ? "a swizzled layout" : ex_kind_name(b.kind));
	out->kind = V_LAYOUT;
	out->l = b.l;
	out->sw = true;
	return 0;
}

static int call(struct ex *e, const char *name, int at, struct val *out);

/* One operand or call. */
/* The modes of a tiler, <a, b, ...> or make_tile(a, b, ...), after the
 * opener and up to `close`. */
static int tiler_list(struct ex *e, char close, const char *what, struct val *out)
{
	int rc;
	struct ct *k[EX_MAX_ARGS];
	int n = 0;
	do {
		struct val v;
		int vp = (skip(e), e->sc.pos);
		if (n >= EX_MAX_ARGS)
			return lay_scan_error(&e->sc, LAY_ELIMIT, vp,
					      "more than %d modes in a tiler", EX_MAX_ARGS);
		if (expr(e, &v) || !(k[n++] = ex_as_tiler(e, &v, vp)))
			return e->sc.err->code;
	} while (peek(e, ',') && ++e->sc.pos);
	if ((rc = need(e, close, what)))
		return rc;
	if (!(out->t = ct_new(e, CT_TUPLE, n)))
		return LAY_ENOMEM;
	memcpy(out->t->k, k, sizeof k[0] * (size_t)n);
	out->kind = V_TILE;
	return 0;
}

static int primary(struct ex *e, struct val *out)
{
	char name[64];
	skip(e);
	int at = e->sc.pos;
	memset(out, 0, sizeof *out);
	if (++e->depth > EX_MAX_DEPTH)
		return lay_scan_error(&e->sc, LAY_ELIMIT, at,
				      "the expression nests more than %d deep", EX_MAX_DEPTH);
	int rc = 0;
	char ch = e->sc.s[e->sc.pos];
	if (ch == '(' || int_start(e)) {
		struct ca *sh, *st;
		if (ch == '(' ? int_tree(e, &sh) : (rc = 0, 0))
			return e->sc.err->code;
		if (ch != '(') {
			int64_t v = 0;
			if ((rc = integer(e, &v)))
				return rc;
			sh = ca_leaf(&e->c, v, 0);
		}
		skip(e);
		if (e->sc.s[e->sc.pos] == ':' && e->sc.s[e->sc.pos + 1] != ':') {
			e->sc.pos++;
			if ((rc = int_tree(e, &st)) || (rc = ex_check_shape(e, sh, at)) ||
			    (rc = ex_zip_layout(e, sh, st, at, &out->l)))
				return rc;
			out->kind = V_LAYOUT;
		} else if (sh->n < 0) {
			out->kind = V_INT;
			out->v = sh->s;
		} else {
			out->kind = V_SHAPE;
			if (ex_check_shape(e, sh, at) || !(out->t = ct_of_tree(e, sh)))
				return e->sc.err->code ? e->sc.err->code : LAY_ENOMEM;
		}
	} else if (ch == '<') {
		e->sc.pos++;
		rc = tiler_list(e, '>', "',' or '>' closing the tiler", out);
	} else if (ch == '_' && !isalnum((unsigned char)e->sc.s[e->sc.pos + 1])) {
		e->sc.pos++;
		if (strncmp(e->sc.s + e->sc.pos, "{}", 2) == 0)
			e->sc.pos += 2;
		out->kind = V_UNDER;
	} else if (isalpha((unsigned char)ch)) {
		ident(e, name, sizeof name);
		if (strcmp(name, "Layout") == 0 && (peek(e, '<') || peek(e, '('))) {
			rc = cxx_layout(e, at, out);
		} else if ((strcmp(name, "Shape") == 0 || strcmp(name, "Stride") == 0 ||
			    strcmp(name, "Step") == 0 || strcmp(name, "make_shape") == 0 ||
			    strcmp(name, "make_stride") == 0 || strcmp(name, "make_step") == 0)) {
			struct ca *sh;
			bool step = strstr(name, "tep") != NULL; /* an order: any integers */
			e->sc.pos = at;
			if (int_tree(e, &sh) || (!step && ex_check_shape(e, sh, at)))
				return e->sc.err->code;
			out->kind = V_SHAPE;
			rc = (out->t = ct_of_tree(e, sh)) ? 0 : LAY_ENOMEM;
		} else if (strcmp(name, "make_tile") == 0 && peek(e, '(')) {
			e->sc.pos++;
			rc = tiler_list(e, ')', "',' or ')' closing make_tile(...)", out);
		} else if ((strcmp(name, "Sw") == 0 || strcmp(name, "S") == 0 ||
			    strcmp(name, "Swizzle") == 0) &&
			   peek(e, '<')) {
			rc = swizzle(e, name, at, out);
		} else if (strncmp(name, "SW_", 3) == 0) {
			rc = swizzle(e, name, at, out);
		} else if (strcmp(name, "LayoutLeft") == 0 || strcmp(name, "GenColMajor") == 0 ||
			   strcmp(name, "LayoutRight") == 0 || strcmp(name, "GenRowMajor") == 0) {
			/* a major-order tag: 0 column-major (CuTe's default), 1 row-major */
			if (strncmp(e->sc.s + e->sc.pos, "{}", 2) == 0)
				e->sc.pos += 2;
			out->kind = V_TYPE;
			out->v = strstr(name, "Right") || strstr(name, "Row") ? 1 : 0;
		} else if (is_fn(name) && (peek(e, '(') || peek(e, '<'))) {
			rc = call(e, name, at, out);
		} else {
			return lay_scan_error(
				&e->sc, LAY_EUNKNOWN, at,
				"unknown name '%s' in the algebra expression (a CuTe function, "
				"a layout, a shape, a tiler <...> or make_tile(...) was expected)",
				name);
		}
	} else {
		return lay_scan_expected(
			&e->sc, "a layout, a shape, an integer, a tiler or a function call");
	}
	if (rc)
		return rc;
	if (out->kind == V_SWIZZLE && at_o(e))
		rc = composed(e, out);
	e->depth--;
	return rc;
}

static int expr(struct ex *e, struct val *out)
{
	return primary(e, out);
}

/* ------------------------------------------------------------------ */
/* Calls                                                               */

/* A type argument of recast_layout: the one CuTe type table's reader. */
static int type_bits(struct ex *e, int *bits)
{
	int at;
	skip(e);
	return lay_cute_type_read(&e->sc, bits, &at);
}

static int read_args(struct ex *e, const char *name, struct args *a)
{
	int rc;
	a->ntarg = 0;
	if (peek(e, '<')) {
		e->sc.pos++;
		bool recast = strcmp(name, "recast_layout") == 0;
		do {
			int bits = 0;
			int64_t v = 0;
			if (a->ntarg >= 2)
				return lay_scan_expected(&e->sc, "'>'");
			if (recast ? type_bits(e, &bits) : integer(e, &v))
				return e->sc.err->code;
			a->targ[a->ntarg++] = recast ? bits : v;
		} while (peek(e, ',') && ++e->sc.pos);
		if ((rc = need(e, '>', "'>' closing the template arguments")))
			return rc;
	}
	if (need(e, '(', "'(' and the arguments"))
		return e->sc.err->code;
	a->n = 0;
	if (peek(e, ')')) {
		e->sc.pos++;
		return 0;
	}
	do {
		skip(e);
		if (a->n >= EX_MAX_ARGS)
			return lay_scan_error(&e->sc, LAY_ELIMIT, e->sc.pos,
					      "more than %d arguments", EX_MAX_ARGS);
		a->pos[a->n] = e->sc.pos;
		if ((rc = expr(e, &a->v[a->n])))
			return rc;
		int end = e->sc.pos;
		while (end > a->pos[a->n] && isspace((unsigned char)e->sc.s[end - 1]))
			end--;
		a->end[a->n++] = end;
	} while (peek(e, ',') && ++e->sc.pos);
	return need(e, ')', "',' or ')' closing the arguments") ? e->sc.err->code : 0;
}

static void print_val(const struct val *v, char *out, size_t n)
{
	if (v->kind == V_INT) {
		snprintf(out, n, "%lld", (long long)v->v);
		return;
	}
	if (!v->sw) {
		ca_print(v->l, out, n);
		return;
	}
	int k = snprintf(out, n, "Sw<%d,%d,%d> o %lld o ", v->B, v->M, v->S, (long long)v->off);
	if (k > 0 && (size_t)k < n)
		ca_print(v->l, out + k, n - (size_t)k);
}

static void cpp_val(const struct val *v, char *out, size_t n)
{
	if (!v->sw) {
		ca_cpp(v->l, out, n);
		return;
	}
	int k = snprintf(out, n, "ComposedLayout<Swizzle<%d,%d,%d>,_%lld,", v->B, v->M, v->S,
			 (long long)v->off);
	if (k > 0 && (size_t)k < n) {
		ca_cpp(v->l, out + k, n - (size_t)k);
		size_t len = strlen(out);
		if (len + 1 < n) {
			out[len] = '>';
			out[len + 1] = '\0';
		}
	}
}

static void add_step(struct ex *e, const char *name, const struct args *a, const struct val *r)
{
	char t[EX_TEXT];
	json_t *args = json_array(), *checks = json_array();
	for (int i = 0; i < a->n; i++)
		json_array_append_new(
			args, json_stringn(e->sc.s + a->pos[i], (size_t)(a->end[i] - a->pos[i])));
	for (int i = 0; i < e->c.nchecks; i++) {
		json_t *k = json_pack("{s:s,s:b}", "name", e->c.checks[i].name, "holds",
				      e->c.checks[i].holds);
		if (e->c.checks[i].example[0])
			json_object_set_new(k, "example", json_string(e->c.checks[i].example));
		if (e->c.checks[i].proven)
			json_object_set_new(k, "proof", json_string("generators"));
		json_array_append_new(checks, k);
	}
	json_t *st = json_pack("{s:s,s:o}", "op", name, "args", args);
	if (r->kind == V_INT) {
		json_object_set_new(st, "result", json_integer(r->v));
	} else {
		print_val(r, t, sizeof t);
		json_object_set_new(st, "result", json_string(t));
	}
	json_object_set_new(st, "checks", checks);
	json_array_append_new(e->steps, st);
}

static int call(struct ex *e, const char *name, int at, struct val *out)
{
	struct args *a = calloc(1, sizeof *a);
	int rc;
	bool step = true;
	if (!a)
		return lay_scan_error(&e->sc, LAY_ENOMEM, at, "out of memory");
	if ((rc = read_args(e, name, a)))
		goto out;
	if (a->ntarg && strcmp(name, "upcast") && strcmp(name, "downcast") &&
	    strcmp(name, "recast_layout")) {
		rc = lay_scan_error(&e->sc, LAY_ESYNTAX, at, "%s takes no template arguments",
				    name);
		goto out;
	}
	e->c.nchecks = 0;
	e->c.code = 0;
	if (strcmp(name, "make_layout") == 0)
		rc = ex_make_layout(e, a, at, out, &step);
	else
		rc = ex_apply(e, name, at, a, out);
	if (!rc && step)
		add_step(e, name, a, out);
out:
	free(a);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Entry points                                                        */

/* The head of the text is a function this file evaluates, and not one of
 * the composed forms the atoms reader keeps (GMMA/UMMA atoms, smem_ptr
 * flags, composition(Swizzle<...>{}, L) as the whole text). */
static bool is_expression(const char *s)
{
	struct ex e = { .sc.s = s };
	char name[64];
	skip(&e);
	if (!ident(&e, name, sizeof name) || !is_fn(name) || !(peek(&e, '(') || peek(&e, '<')))
		return false;
	if (strstr(s, "GMMA::") || strstr(s, "UMMA::") || strstr(s, "smem_ptr") ||
	    strstr(s, "_Atom") || strstr(s, "!cute"))
		return false;
	if (strcmp(name, "tile_to_shape") == 0 && strstr(s, "Swizzle"))
		return false; /* the swizzled atoms' tiling, read by cute_atoms.c */
	if (strcmp(name, "composition") == 0) {
		e.sc.pos++;
		skip(&e);
		if (strncmp(s + e.sc.pos, "Swizzle", 7) == 0 ||
		    strncmp(s + e.sc.pos, "make_swizzle", 12) == 0)
			return false;
	}
	return true;
}

bool lay_cute_is_expression(const char *text)
{
	return is_expression(text);
}

static int evaluate(struct ex *e, struct val *v)
{
	if (expr(e, v))
		return e->sc.err ? e->sc.err->code : LAY_ESYNTAX;
	skip(e);
	if (e->sc.s[e->sc.pos] == ';')
		e->sc.pos++;
	skip(e);
	if (e->sc.s[e->sc.pos])
		return lay_scan_expected(&e->sc, "the end of the expression");
	return 0;
}

int lay_cute_algebra(const char *text, const char *ptr, char **result, json_t **algebra,
		     struct lay_error *err)
{
	return lay_cute_algebra_in(NULL, text, ptr, result, algebra, err);
}

int lay_cute_algebra_in(struct lay_ctx *ctx, const char *text, const char *ptr, char **result,
			json_t **algebra, struct lay_error *err)
{
	struct lay_error local;
	struct ex e = { .sc = { .s = text, .ptr = ptr, .err = err ? err : &local } };
	struct val v;
	char t[EX_TEXT * 4], cpp[EX_TEXT * 4];
	int rc;
	*result = NULL;
	*algebra = NULL;
	if (!is_expression(text))
		return 0;
	ca_init(&e.c);
	e.c.lay = ctx;
	e.steps = json_array();
	if ((rc = evaluate(&e, &v)))
		goto out;
	if (v.kind == V_INT) {
		*algebra = json_pack("{s:I,s:O}", "value", (json_int_t)v.v, "steps", e.steps);
		*result = strdup("1:0");
	} else if (v.kind == V_LAYOUT) {
		print_val(&v, t, sizeof t);
		cpp_val(&v, cpp, sizeof cpp);
		*algebra = json_pack("{s:s,s:s,s:O}", "result", t, "cpp", cpp, "steps", e.steps);
		*result = strdup(t);
	} else {
		rc = lay_scan_error(&e.sc, LAY_ESYNTAX, 0,
				    "the expression's value is %s, not a layout",
				    ex_kind_name(v.kind));
		goto out;
	}
	if (!*result || !*algebra) {
		json_decref(*algebra);
		free(*result);
		*algebra = NULL;
		*result = NULL;
		rc = lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
	}
out:
	json_decref(e.steps);
	ca_free(&e.c);
	return rc;
}

/* Evaluate a layout text or expression into (layout, swizzle). */
static int layout_of(struct ex *e, const char *s, struct val *v)
{
	e->sc.s = s;
	e->sc.pos = 0;
	e->depth = 0;
	if (evaluate(e, v))
		return -1;
	if (v->kind != V_LAYOUT)
		return lay_scan_error(&e->sc, LAY_ESYNTAX, 0, "expected a layout, found %s",
				      ex_kind_name(v->kind)),
		       -1;
	return 0;
}

char *lay_cute_layout_text(const char *text)
{
	struct lay_error local;
	struct ex e = { .sc = { .ptr = "", .err = &local } };
	struct val v;
	char t[EX_TEXT * 4];
	char *out = NULL;
	ca_init(&e.c);
	e.steps = json_array();
	if (layout_of(&e, text, &v) == 0) {
		print_val(&v, t, sizeof t);
		out = strdup(t);
	}
	json_decref(e.steps);
	ca_free(&e.c);
	return out;
}

static int64_t val_at(const struct val *v, const int64_t *s, const int64_t *d, int n, int64_t i)
{
	int64_t x = ca_eval(s, d, n, i);
	if (!v->sw)
		return x;
	x += v->off;
	int64_t yyy = (((int64_t)1 << v->B) - 1) << (v->M + (v->S > 0 ? v->S : 0));
	int64_t y = x & yyy;
	return x ^ (v->S >= 0 ? y >> v->S : y << -v->S);
}

/* Whether a and b (not equal as layouts) are the same function of the
 * same logical shape: proven on the generators where both are plain
 * layouts, else compared at every point up to the check limit; -1 past it
 * (not decided). */
static int same_function_of(const struct val *a, const struct val *b)
{
	int64_t as[LAYOUTD_MAX_ITERS], ad[LAYOUTD_MAX_ITERS], bs[LAYOUTD_MAX_ITERS],
		bd[LAYOUTD_MAX_ITERS], where;
	int na = ca_leaves(a->l, as, ad, LAYOUTD_MAX_ITERS),
	    nb = ca_leaves(b->l, bs, bd, LAYOUTD_MAX_ITERS);
	if (na <= 0 || nb <= 0 || ca_rank(a->l) != ca_rank(b->l))
		return 0;
	for (int i = 0; i < ca_rank(a->l); i++)
		if (ca_size(ca_mode(a->l, i)) != ca_size(ca_mode(b->l, i)))
			return 0;
	if (!a->sw && !b->sw) {
		int p = ca_prove_same(as, ad, na, bs, bd, nb, &where);
		if (p >= 0)
			return p;
	}
	if (ca_size(a->l) > LAYOUTD_MAX_CHECK_POINTS)
		return -1;
	for (int64_t i = 0; i < ca_size(a->l); i++)
		if (val_at(a, as, ad, na, i) != val_at(b, bs, bd, nb, i))
			return 0;
	return 1;
}

int lay_cute_layout_equal(const char *want, const char *got, int *same_function, const char *ptr,
			  struct lay_error *err)
{
	struct lay_error local;
	struct ex e = { .sc = { .ptr = ptr, .err = err ? err : &local } };
	struct val a, b;
	int rc = -1;
	*same_function = 0;
	ca_init(&e.c);
	e.steps = json_array();
	if (layout_of(&e, want, &a))
		goto out;
	e.sc.ptr = "";
	if (layout_of(&e, got, &b))
		goto out;
	rc = a.sw == b.sw && ca_equal(a.l, b.l) &&
	     (!a.sw || (a.B == b.B && a.M == b.M && a.S == b.S && a.off == b.off));
	*same_function = rc == 1 ? 1 : same_function_of(&a, &b);
out:
	json_decref(e.steps);
	ca_free(&e.c);
	return rc;
}
