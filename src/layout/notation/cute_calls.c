/*
 * cute_calls.c - the functions of an algebra expression (docs/algebra.md)
 * applied to their arguments: arity and operand kinds, swizzled operands,
 * the builders, and each function's call into cute_algebra.c.
 */
#include <stdio.h>
#include <string.h>

#include "notation/cute_expr.h"

static int arity(struct ex *e, const char *name, int at, const struct args *a, int lo, int hi,
		 const char *what)
{
	if (a->n >= lo && a->n <= hi)
		return 0;
	return lay_scan_error(&e->sc, LAY_ESYNTAX, at, "%s takes %s, not %d argument%s", name, what,
			      a->n, a->n == 1 ? "" : "s");
}

static int want_layout(struct ex *e, const char *name, const struct args *a, int i, bool sw_ok)
{
	const struct val *v = &a->v[i];
	if (v->kind == V_LAYOUT && (sw_ok || !v->sw))
		return 0;
	if (v->kind == V_LAYOUT)
		return lay_scan_error(
			&e->sc, LAY_EALGEBRA, a->pos[i],
			"%s of a swizzled layout is not supported: its result is no layout "
			"of the form Sw o offset o layout",
			name);
	return lay_scan_error(&e->sc, LAY_ESYNTAX, a->pos[i],
			      "%s: argument %d must be a layout, found %s", name, i + 1,
			      ex_kind_name(v->kind));
}

/* A failure of the algebra, located at the call. */
static int step_fail(struct ex *e, const char *name, int at)
{
	const char *m = e->c.msg;
	size_t k = strlen(name);
	if (strncmp(m, name, k) == 0 && (m[k] == ':' || m[k] == '<' || m[k] == ' ')) {
		const char *colon = strstr(m, ": ");
		if (colon && m[k] != ' ')
			m = colon + 2;
		else if (m[k] == ' ')
			m += k + 1;
	}
	return lay_scan_error(&e->sc, e->c.code, at, "%s: %s", name, m);
}

/* The end of a function call: its result, or the algebra's failure
 * located at the call. */
static int algebra_done(struct ex *e, const char *name, int at, const struct val *r)
{
	return r->l ? 0 : step_fail(e, name, at);
}

static int div_kind(const char *name)
{
	const char *k[] = { "logical", "zipped", "tiled", "flat", "blocked", "raked" };
	for (int i = 0; i < 6; i++)
		if (strncmp(name, k[i], strlen(k[i])) == 0)
			return i;
	return -1;
}

/* The swizzle of `a` recast by N (upcast: M - log2 N, B shrinking below 0;
 * downcast: M + log2 N), CuTe's swizzle_layout.hpp. */
static int recast_swizzle(struct ex *e, struct val *r, const struct val *a, int64_t n, bool up,
			  int at)
{
	int lg = 0;
	if (n <= 0 || (n & (n - 1)))
		return lay_scan_error(
			&e->sc, LAY_EALGEBRA, at,
			"%s<%lld> of a swizzled layout: N must be a power of two (CuTe: \"N "
			"must be a power of two\")",
			up ? "upcast" : "downcast", (long long)n);
	if (a->off != 0)
		return lay_scan_error(
			&e->sc, LAY_EALGEBRA, at,
			"%s of a swizzled layout with the offset %lld is not supported",
			up ? "upcast" : "downcast", (long long)a->off);
	while (((int64_t)1 << lg) < n)
		lg++;
	r->sw = true;
	r->S = a->S;
	r->off = 0;
	if (!up) {
		r->B = a->B;
		r->M = a->M + lg;
	} else if (a->M - lg >= 0) {
		r->B = a->B;
		r->M = a->M - lg;
	} else {
		r->B = a->B + a->M - lg > 0 ? a->B + a->M - lg : 0;
		r->M = 0;
	}
	if (r->B == 0)
		r->sw = false; /* Swizzle<0,M,S> o _0 o L is L */
	return 0;
}

/* CuTe's compact_major<LayoutRight>: the last leaf fastest (size 1: 0). */
static struct ca *compact_right(struct ca_ctx *c, const struct ca *sh, int64_t *acc)
{
	if (sh->n < 0) {
		struct ca *l = ca_leaf(c, sh->s, sh->s == 1 ? 0 : *acc);
		*acc *= sh->s; /* <= the size, checked */
		return l;
	}
	struct ca *t = ca_tuple(c, sh->n);
	for (int i = sh->n - 1; t && i >= 0; i--)
		if (!(t->m[i] = compact_right(c, sh->m[i], acc)))
			return NULL;
	return t;
}

/* GenRowMajor as an order over the target's modes: the last fastest. */
static struct ct *row_major_order(struct ex *e, const struct ct *shape)
{
	int R = shape->kind == CT_TUPLE ? shape->n : 1;
	struct ct *o = ca_alloc(&e->c, sizeof *o + sizeof(struct ct *) * (size_t)R);
	struct ct *k = ca_alloc(&e->c, sizeof *k * (size_t)R);
	if (!o || !k)
		return NULL;
	*o = (struct ct){ CT_TUPLE, NULL, 0, R, (struct ct **)(o + 1) };
	for (int i = 0; i < R; i++) {
		k[i] = (struct ct){ CT_INT, NULL, R - 1 - i, 0, NULL };
		o->k[i] = &k[i];
	}
	return o;
}

/* make_layout: a builder (shape[, stride]) is an operand; layouts are
 * concatenated into modes, a step. */
int ex_make_layout(struct ex *e, const struct args *a, int at, struct val *r, bool *step)
{
	int rc;
	*step = false;
	if (a->n == 0)
		return lay_scan_error(&e->sc, LAY_ESYNTAX, at,
				      "make_layout takes a shape (and a stride) or layouts");
	const struct val *s0 = &a->v[0];
	if (s0->kind == V_SHAPE || s0->kind == V_INT) {
		struct ca *sh =
			s0->kind == V_INT ? ca_leaf(&e->c, s0->v, 0) : ca_ct_shape(&e->c, s0->t);
		if (!sh || arity(e, "make_layout", at, a, 1, 2, "a shape and a stride"))
			return sh ? e->sc.err->code : LAY_ENOMEM;
		if ((rc = ex_check_shape(e, sh, a->pos[0])))
			return rc;
		r->kind = V_LAYOUT;
		if (a->n == 1 || (a->v[1].kind == V_TYPE && a->v[1].v == 0))
			return (r->l = ca_compact(&e->c, sh, 1)) ? 0 : LAY_ENOMEM;
		if (a->v[1].kind == V_TYPE) {
			int64_t acc = 1;
			return (r->l = compact_right(&e->c, sh, &acc)) ? 0 : LAY_ENOMEM;
		}
		const struct val *s1 = &a->v[1];
		if (s1->kind != V_SHAPE && s1->kind != V_INT)
			return lay_scan_error(&e->sc, LAY_ESYNTAX, a->pos[1],
					      "make_layout(shape, stride): the stride is %s",
					      ex_kind_name(s1->kind));
		struct ca *st =
			s1->kind == V_INT ? ca_leaf(&e->c, s1->v, 0) : ca_ct_shape(&e->c, s1->t);
		return st ? ex_zip_layout(e, sh, st, a->pos[1], &r->l) : LAY_ENOMEM;
	}
	struct ca *ls[EX_MAX_ARGS];
	for (int i = 0; i < a->n; i++) {
		if ((rc = want_layout(e, "make_layout", a, i, false)))
			return rc;
		ls[i] = a->v[i].l;
	}
	*step = true;
	r->kind = V_LAYOUT;
	return (r->l = ca_concat(&e->c, ls, a->n)) ? 0 : LAY_ENOMEM;
}

/* upcast<N>, downcast<N>, recast_layout<Old, New> (the latter by the ratio
 * of the element widths, CuTe's trait_ratio). */
static int apply_cast(struct ex *e, const char *name, int at, const struct args *a, struct val *r)
{
	int rc;
	struct ca_ctx *c = &e->c;
	const struct val *v0 = &a->v[0];
	bool recast = name[0] == 'r';
	if (a->ntarg != (recast ? 2 : 1))
		return lay_scan_error(
			&e->sc, LAY_ESYNTAX, at,
			recast ? "recast_layout<OldType, NewType>(layout) needs two types"
			       : "%s<N>(layout) needs the factor N",
			name);
	if ((rc = arity(e, name, at, a, 1, 1, "one layout")) ||
	    (rc = want_layout(e, name, a, 0, true)))
		return rc;
	int64_t up = 1, down = 1;
	if (!recast) {
		if (name[0] == 'u')
			up = a->targ[0];
		else
			down = a->targ[0];
	} else {
		int64_t x = a->targ[1], y = a->targ[0], g = x, h = y; /* New / Old */
		while (h) {
			int64_t m = g % h;
			g = h;
			h = m;
		}
		up = x / g;
		down = y / g;
	}
	*r = *v0;
	struct ca *l = v0->l;
	if (up != 1 || !recast) {
		if (v0->sw && up != 1 && recast_swizzle(e, r, v0, up, true, at))
			return e->sc.err->code;
		if (up != 1 || name[0] == 'u')
			l = l ? ca_upcast(c, l, up) : NULL;
	}
	if (down != 1) {
		struct val mid = *r;
		if (r->sw && recast_swizzle(e, r, &mid, down, false, at))
			return e->sc.err->code;
		l = l ? ca_downcast(c, l, down) : NULL;
	}
	r->l = l;
	return algebra_done(e, name, at, r);
}

/* composition(A, B) of two layouts or a layout and a tiler, or
 * composition(Sw, [offset,] L): the swizzle laid over L. */
static int apply_composition(struct ex *e, const char *name, int at, const struct args *a,
			     struct val *r)
{
	int rc;
	const struct val *v0 = &a->v[0];
	struct ct *t;
	if ((rc = arity(e, name, at, a, 2, 3,
			"two layouts (A, B), or a swizzle, an offset and a layout")))
		return rc;
	if (v0->kind == V_SWIZZLE) {
		const struct val *L = &a->v[a->n - 1];
		if (a->n == 3 && a->v[1].kind != V_INT)
			return lay_scan_error(&e->sc, LAY_ESYNTAX, a->pos[1],
					      "the offset must be an integer");
		if ((rc = want_layout(e, name, a, a->n - 1, false)))
			return rc;
		*r = *L;
		r->sw = v0->B > 0 || (a->n == 3 && a->v[1].v != 0);
		r->B = v0->B;
		r->M = v0->M;
		r->S = v0->S;
		r->off = a->n == 3 ? a->v[1].v : 0;
		return 0;
	}
	if ((rc = arity(e, name, at, a, 2, 2, "two arguments (a layout and a layout or tiler)")) ||
	    (rc = want_layout(e, name, a, 0, true)))
		return rc;
	if (a->v[1].kind == V_LAYOUT && a->v[1].sw)
		return lay_scan_error(
			&e->sc, LAY_EALGEBRA, a->pos[1],
			"composition with a swizzled layout on the right is not supported");
	if (!(t = ex_as_tiler(e, &a->v[1], a->pos[1])))
		return e->sc.err->code;
	*r = *v0;
	r->l = ca_composition(&e->c, v0->l, t);
	return algebra_done(e, name, at, r);
}

/* complement(layout[, cotarget]). */
static int apply_complement(struct ex *e, const char *name, int at, const struct args *a,
			    struct val *r)
{
	int rc;
	struct ct *t = NULL;
	if ((rc = arity(e, name, at, a, 1, 2, "a layout and an optional cotarget")) ||
	    (rc = want_layout(e, name, a, 0, true)))
		return rc;
	if (a->n == 2 && a->v[1].kind != V_INT && a->v[1].kind != V_SHAPE)
		return lay_scan_error(
			&e->sc, LAY_ESYNTAX, a->pos[1],
			"complement: the cotarget must be an integer or a shape, found %s",
			ex_kind_name(a->v[1].kind));
	if (a->n == 2 && !(t = ex_as_tiler(e, &a->v[1], a->pos[1])))
		return e->sc.err->code;
	r->l = ca_complement(&e->c, a->v[0].l, t);
	return algebra_done(e, name, at, r);
}

/* coalesce(layout[, profile]) and filter(layout[, profile]). */
static int apply_coalesce(struct ex *e, const char *name, int at, const struct args *a,
			  struct val *r)
{
	int rc;
	const struct val *v0 = &a->v[0];
	struct ct *t = NULL;
	if ((rc = arity(e, name, at, a, 1, 2, "a layout and an optional profile")) ||
	    (rc = want_layout(e, name, a, 0, true)))
		return rc;
	if (a->n == 2 && !(t = ex_as_tiler(e, &a->v[1], a->pos[1])))
		return e->sc.err->code;
	*r = *v0;
	r->l = name[0] == 'c' ? ca_coalesce(&e->c, v0->l, t) : ca_filter(&e->c, v0->l, t);
	return algebra_done(e, name, at, r);
}

/* left_inverse(layout) and right_inverse(layout), of a swizzled layout
 * too. */
static int apply_inverse(struct ex *e, const char *name, int at, const struct args *a,
			 struct val *r)
{
	int rc;
	struct ca_ctx *c = &e->c;
	const struct val *v0 = &a->v[0];
	if ((rc = arity(e, name, at, a, 1, 1, "one layout")) ||
	    (rc = want_layout(e, name, a, 0, true)))
		return rc;
	struct ca_sw in = { v0->sw, v0->B, v0->M, v0->S, v0->off }, out = { 0 };
	bool left = name[0] == 'l';
	struct ca *inv = v0->sw ? ca_sw_inverse(c, left, v0->l, &in, &out)
			 : left ? ca_left_inverse(c, v0->l)
				: ca_right_inverse(c, v0->l);
	*r = (struct val){ .kind = V_LAYOUT, .l = inv, .sw = out.sw };
	r->B = out.B;
	r->M = out.M;
	r->S = out.S;
	return algebra_done(e, name, at, r);
}

/* The six *_divide and six *_product of a layout by a tiler. */
static int apply_divide_product(struct ex *e, const char *name, int at, const struct args *a,
				struct val *r)
{
	const struct val *v0 = &a->v[0];
	struct ct *t = NULL;
	int k = div_kind(name);
	if (arity(e, name, at, a, 2, 2, "a layout and a tiler") ||
	    want_layout(e, name, a, 0, true) || !(t = ex_as_tiler(e, &a->v[1], a->pos[1])))
		return e->sc.err->code;
	*r = *v0;
	r->l = strstr(name, "_divide") ? ca_divide(&e->c, k, v0->l, t)
				       : ca_product(&e->c, k, v0->l, t);
	return algebra_done(e, name, at, r);
}

/* tile_to_shape(layout, shape[, order]): the order a Step<...> or
 * GenColMajor / GenRowMajor. */
static int apply_tile_to_shape(struct ex *e, const char *name, int at, const struct args *a,
			       struct val *r)
{
	int rc;
	const struct val *v0 = &a->v[0];
	struct ct *t = NULL, *o = NULL;
	if ((rc = arity(e, name, at, a, 2, 3, "a layout, a shape and an optional order")) ||
	    (rc = want_layout(e, name, a, 0, true)))
		return rc;
	bool tag = a->n == 3 && a->v[2].kind == V_TYPE;
	for (int i = 1; i < a->n - tag; i++)
		if (a->v[i].kind != V_SHAPE && a->v[i].kind != V_INT)
			return lay_scan_error(&e->sc, LAY_ESYNTAX, a->pos[i],
					      "tile_to_shape: argument %d must be %s, found %s",
					      i + 1, i == 1 ? "a shape" : "an order (Step<...>)",
					      ex_kind_name(a->v[i].kind));
	if (!(t = ex_as_tiler(e, &a->v[1], a->pos[1])) ||
	    (a->n == 3 && !tag && !(o = ex_as_tiler(e, &a->v[2], a->pos[2]))))
		return e->sc.err->code;
	if (tag && a->v[2].v == 1 && !(o = row_major_order(e, t)))
		return e->sc.err->code ? e->sc.err->code : LAY_ENOMEM;
	*r = *v0;
	r->l = ca_tile_to_shape(&e->c, v0->l, t, o);
	return algebra_done(e, name, at, r);
}

/* max_common_vector (an integer) and max_common_layout of two layouts. */
static int apply_max_common(struct ex *e, const char *name, int at, const struct args *a,
			    struct val *r)
{
	int rc;
	const struct val *v0 = &a->v[0], *v1 = &a->v[1];
	if ((rc = arity(e, name, at, a, 2, 2, "two layouts")) ||
	    (rc = want_layout(e, name, a, 0, true)) || (rc = want_layout(e, name, a, 1, true)))
		return rc;
	int64_t vec = 1;
	struct ca_sw wa = { v0->sw, v0->B, v0->M, v0->S, v0->off },
		     wb = { v1->sw, v1->B, v1->M, v1->S, v1->off };
	if (v0->sw || v1->sw)
		r->l = ca_sw_max_common(&e->c, !strstr(name, "vector"), v0->l, &wa, v1->l, &wb,
					&vec);
	else
		r->l = ca_max_common_layout(&e->c, v0->l, v1->l, &vec);
	if (strstr(name, "vector")) {
		r->kind = V_INT;
		r->v = vec;
	}
	return algebra_done(e, name, at, r);
}

/* Dispatch one function on its arguments; r has the result. */
int ex_apply(struct ex *e, const char *name, int at, const struct args *a, struct val *r)
{
	r->kind = V_LAYOUT;
	if (strcmp(name, "composition") == 0)
		return apply_composition(e, name, at, a, r);
	if (strcmp(name, "complement") == 0)
		return apply_complement(e, name, at, a, r);
	if (strcmp(name, "coalesce") == 0 || strcmp(name, "filter") == 0)
		return apply_coalesce(e, name, at, a, r);
	if (strcmp(name, "left_inverse") == 0 || strcmp(name, "right_inverse") == 0)
		return apply_inverse(e, name, at, a, r);
	if (strstr(name, "_divide") || strstr(name, "_product"))
		return apply_divide_product(e, name, at, a, r);
	if (strcmp(name, "tile_to_shape") == 0)
		return apply_tile_to_shape(e, name, at, a, r);
	if (strcmp(name, "upcast") == 0 || strcmp(name, "downcast") == 0 ||
	    strcmp(name, "recast_layout") == 0)
		return apply_cast(e, name, at, a, r);
	if (strcmp(name, "max_common_vector") == 0 || strcmp(name, "max_common_layout") == 0)
		return apply_max_common(e, name, at, a, r);
	return lay_scan_error(&e->sc, LAY_EUNKNOWN, at, "unknown function '%s'", name);
}
