/*
 * cute_products.c - the CuTe functions built on composition and complement
 * (docs/algebra.md): the four divides, the six products, concatenation,
 * upcast/downcast, max_common_layout/vector and tile_to_shape, with the
 * definitions and refusals of CuTe C++ (include/cute/layout.hpp).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algebra/cute_algebra.h"

#define CA_MAXL LAYOUTD_MAX_ITERS

/* ------------------------------------------------------------------ */
/* Divides                                                             */

/* logical_divide with a layout tiler:
 * composition(A, make_layout(B, complement(B, shape(coalesce(A))))). */
static struct ca *divide1(struct ca_ctx *c, const struct ca *a, const struct ca *b)
{
	struct ca *x = ca_coalesce_flat(c, a, false);
	if (!x)
		return NULL;
	struct ct cot = { CT_LAYOUT, x, 0, 0, NULL };
	struct ca *comp = ca_complement(c, b, &cot);
	struct ca *t = comp ? ca_pair(c, (struct ca *)b, comp) : NULL;
	if (!t)
		return NULL;
	struct ct tt = { CT_LAYOUT, t, 0, 0, NULL };
	return ca_composition(c, a, &tt);
}

static const struct ca_tiler_op divide_op = { divide1,
					      "\"logical_divide: Too many modes in tiler.\"", true,
					      true };

static struct ca *logical_divide(struct ca_ctx *c, const struct ca *a, const struct ct *b)
{
	return ca_by_tiler(c, a, b, &divide_op);
}

/* CuTe's zip2_by: following the tiler's profile, gather the first halves
 * of the rank-2 modes into mode 0 and the second halves (then the modes
 * the tiler does not reach) into mode 1. */
static struct ca *zip2_by(struct ca_ctx *c, const struct ca *t, const struct ct *g)
{
	if (g->kind != CT_TUPLE) {
		if (ca_rank(t) != 2) {
			char tt[256];
			ca_print(t, tt, sizeof tt);
			ca_fail(c, LAY_EALGEBRA,
				"the mode %s the tiler leaves as it is ('_') has %d modes, and "
				"regrouping it into (tile, rest) needs 2 (CuTe: \"Mismatched "
				"ranks\" in zip2_by)",
				tt, ca_rank(t));
			return NULL;
		}
		return (struct ca *)t;
	}
	int R = ca_rank(t);
	struct ca *m0 = ca_tuple(c, g->n), *m1 = ca_tuple(c, R);
	if (!m0 || !m1)
		return NULL;
	for (int i = 0; i < g->n; i++) {
		struct ca *s = zip2_by(c, ca_mode(t, i), g->k[i]);
		if (!s)
			return NULL;
		m0->m[i] = s->m[0];
		m1->m[i] = s->m[1];
	}
	for (int j = g->n; j < R; j++)
		m1->m[j] = ca_mode(t, j);
	return ca_pair(c, m0, m1);
}

/* The modes of r, with mode i unpacked one level when `unpack[i]` and it
 * has more than one mode (CuTe's result(_, repeat<R1>(_)) slices). */
static struct ca *unpack(struct ca_ctx *c, const struct ca *r, bool u0, bool u1)
{
	int n = 0;
	const struct ca *m[2] = { r->m[0], r->m[1] };
	bool u[2] = { u0 && ca_rank(m[0]) > 1, u1 && ca_rank(m[1]) > 1 };
	for (int i = 0; i < 2; i++)
		n += u[i] ? m[i]->n : 1;
	struct ca *t = ca_tuple(c, n);
	if (!t)
		return NULL;
	n = 0;
	for (int i = 0; i < 2; i++)
		if (u[i])
			for (int k = 0; k < m[i]->n; k++)
				t->m[n++] = m[i]->m[k];
		else
			t->m[n++] = (struct ca *)m[i];
	return t;
}

/* The leaves of r are those of l, regrouped: same multiset of (s, d). */
static int cmp_leaf(const void *a, const void *b)
{
	const int64_t *x = a, *y = b;
	return x[0] != y[0] ? (x[0] < y[0] ? -1 : 1) : x[1] != y[1] ? (x[1] < y[1] ? -1 : 1) : 0;
}

static void regroup_check(struct ca_ctx *c, const struct ca *l, const struct ca *r,
			  const char *name)
{
	int64_t s[CA_MAXL], d[CA_MAXL], s2[CA_MAXL], d2[CA_MAXL];
	int64_t p[CA_MAXL][2], q[CA_MAXL][2];
	int n = ca_flat(c, l, s, d), n2 = ca_flat(c, r, s2, d2);
	bool ok = n == n2 && n >= 0;
	for (int i = 0; ok && i < n; i++) {
		p[i][0] = s[i];
		p[i][1] = d[i];
		q[i][0] = s2[i];
		q[i][1] = d2[i];
	}
	if (ok) {
		qsort(p, (size_t)n, sizeof p[0], cmp_leaf);
		qsort(q, (size_t)n, sizeof q[0], cmp_leaf);
		ok = memcmp(p, q, sizeof p[0] * (size_t)n) == 0;
	}
	ca_check(c, name, ok, "the leaf modes differ");
}

/* The zipped, tiled and flat forms of a logical divide or product l by
 * tiler b: zip2_by, then the unpacking of the tiled or flat form; `what`
 * names the check that the leaves are the same. */
static struct ca *regroup(struct ca_ctx *c, int how, struct ca *l, const struct ct *b,
			  const char *what)
{
	struct ca *z = zip2_by(c, l, b);
	if (!z)
		return NULL;
	if (how == CA_TILED)
		z = unpack(c, z, false, true);
	else if (how == CA_FLAT)
		z = unpack(c, z, true, true);
	if (z && c->check)
		regroup_check(c, l, z, what);
	return z;
}

struct ca *ca_divide(struct ca_ctx *c, int how, const struct ca *a, const struct ct *b)
{
	struct ca *ld = logical_divide(c, a, b);
	if (!ld || how == CA_LOGICAL)
		return ld;
	return regroup(c, how, ld, b, "the modes of logical_divide, regrouped");
}

/* ------------------------------------------------------------------ */
/* Products                                                            */

/* logical_product with a layout tiler:
 * make_layout(A, composition(complement(A, size(A)*cosize(B)), B)). */
static struct ca *product1(struct ca_ctx *c, const struct ca *a, const struct ca *b)
{
	int64_t m;
	if (!ca_mul_ok(c, ca_size(a), ca_cosize(b), &m))
		return NULL;
	if (m <= 0) {
		ca_fail(c, LAY_EALGEBRA,
			"logical_product: size(A) * cosize(B) = %lld is no positive cotarget "
			"(B has a negative stride)",
			(long long)m);
		return NULL;
	}
	struct ct cot = { CT_INT, NULL, m, 0, NULL };
	struct ca *comp = ca_complement(c, a, &cot);
	struct ct tb = { CT_LAYOUT, (struct ca *)b, 0, 0, NULL };
	struct ca *r = comp ? ca_composition(c, comp, &tb) : NULL;
	return r ? ca_pair(c, (struct ca *)a, r) : NULL;
}

static const struct ca_tiler_op product_op = { product1,
					       "\"logical_product: Too many modes in tiler.\"",
					       true, true };

static struct ca *logical_product(struct ca_ctx *c, const struct ca *a, const struct ct *b)
{
	return ca_by_tiler(c, a, b, &product_op);
}

/* CuTe's zip of two layouts: ((x0,y0),(x1,y1),...), or ((x,y)) when x is
 * integral. */
static struct ca *zip(struct ca_ctx *c, struct ca *x, struct ca *y)
{
	if (x->n < 0) {
		struct ca *t = ca_tuple(c, 1);
		if (t && !(t->m[0] = ca_pair(c, x, y)))
			return NULL;
		return t;
	}
	if (ca_rank(y) != x->n || y->n < 0) {
		ca_fail(c, LAY_EALGEBRA,
			"the two halves of the product have %d and %d modes, and zipping them "
			"needs equal ranks (CuTe: \"Mismatched Ranks\" in zip)",
			x->n, ca_rank(y));
		return NULL;
	}
	struct ca *t = ca_tuple(c, x->n);
	for (int i = 0; t && i < x->n; i++)
		if (!(t->m[i] = ca_pair(c, x->m[i], y->m[i])))
			return NULL;
	return t;
}

struct ca *ca_product(struct ca_ctx *c, int how, const struct ca *a, const struct ct *b)
{
	if (how == CA_BLOCKED || how == CA_RAKED) {
		if (b->kind != CT_LAYOUT) {
			ca_fail(c, LAY_EALGEBRA,
				"it takes two layouts, not a tiler of modes (CuTe has no such "
				"overload)");
			return NULL;
		}
		int R = ca_rank(a) > ca_rank(b->l) ? ca_rank(a) : ca_rank(b->l);
		struct ca *pa = ca_pad(c, a, R), *pb = pa ? ca_pad(c, b->l, R) : NULL;
		struct ca *p = pb ? product1(c, pa, pb) : NULL;
		if (!p)
			return NULL;
		struct ca *z =
			how == CA_BLOCKED ? zip(c, p->m[0], p->m[1]) : zip(c, p->m[1], p->m[0]);
		if (z && c->check)
			regroup_check(c, p, z, "the modes of logical_product, regrouped");
		return z;
	}
	struct ca *lp = logical_product(c, a, b);
	if (!lp || how == CA_LOGICAL)
		return lp;
	return regroup(c, how, lp, b, "the modes of logical_product, regrouped");
}

struct ca *ca_concat(struct ca_ctx *c, struct ca *const *ls, int n)
{
	struct ca *t = ca_tuple(c, n);
	for (int i = 0; t && i < n; i++)
		t->m[i] = ls[i];
	return t;
}

/* ------------------------------------------------------------------ */
/* upcast, downcast                                                    */

static struct ca *upcast(struct ca_ctx *c, const struct ca *l, int64_t n)
{
	if (l->n >= 0) {
		struct ca *t = ca_tuple(c, l->n);
		for (int i = 0; t && i < l->n; i++)
			if (!(t->m[i] = upcast(c, l->m[i], n)))
				return NULL;
		return t;
	}
	if (l->d == 0)
		return ca_leaf(c, l->s, 0);
	if (!(l->d % n == 0 || n % l->d == 0)) {
		ca_fail(c, LAY_EALGEBRA,
			"upcast<%lld>: the stride %lld (extent %lld) is neither a multiple nor a "
			"divisor of %lld (CuTe: \"Divisibility condition\")",
			(long long)n, (long long)l->d, (long long)l->s, (long long)n);
		return NULL;
	}
	int64_t ad = l->d < 0 ? -l->d : l->d;
	return ca_leaf(c, ca_ceil_div(l->s, ca_ceil_div(n, ad)),
		       (l->d < 0 ? -1 : 1) * ca_ceil_div(ad, n));
}

struct ca *ca_upcast(struct ca_ctx *c, const struct ca *l, int64_t n)
{
	if (n <= 0) {
		ca_fail(c, LAY_EALGEBRA, "upcast<%lld>: the factor must be positive", (long long)n);
		return NULL;
	}
	return upcast(c, l, n);
}

static struct ca *downcast(struct ca_ctx *c, const struct ca *l, int64_t n)
{
	if (l->n >= 0) {
		struct ca *t = ca_tuple(c, l->n);
		for (int i = 0; t && i < l->n; i++)
			if (!(t->m[i] = downcast(c, l->m[i], n)))
				return NULL;
		return t;
	}
	int64_t v;
	if (l->d == 1 || l->d == -1)
		return ca_mul_ok(c, l->s, n, &v) ? ca_leaf(c, v, l->d) : NULL;
	return ca_mul_ok(c, l->d, n, &v) ? ca_leaf(c, l->s, v) : NULL;
}

struct ca *ca_downcast(struct ca_ctx *c, const struct ca *l, int64_t n)
{
	int64_t s[CA_MAXL], d[CA_MAXL];
	int k = ca_flat(c, l, s, d);
	bool unit = false;
	for (int i = 0; i < k; i++)
		unit |= d[i] == 1;
	if (k < 0)
		return NULL;
	if (n <= 0) {
		ca_fail(c, LAY_EALGEBRA, "downcast<%lld>: the factor must be positive",
			(long long)n);
		return NULL;
	}
	if (!unit) {
		ca_fail(c, LAY_EALGEBRA,
			"downcast<%lld>: no mode has stride 1, so no elements are adjacent to "
			"split (CuTe: \"Downcast requires adjacent elements\")",
			(long long)n);
		return NULL;
	}
	return downcast(c, l, n);
}

/* ------------------------------------------------------------------ */
/* max_common_layout, max_common_vector                                */

struct ca *ca_max_common_layout(struct ca_ctx *c, const struct ca *a, const struct ca *b,
				int64_t *vector)
{
	struct ca *inv = ca_right_inverse(c, b);
	struct ct ti = { CT_LAYOUT, inv, 0, 0, NULL };
	struct ca *comp = inv ? ca_composition(c, a, &ti) : NULL;
	struct ca *common = comp ? ca_coalesce_flat(c, comp, false) : NULL;
	if (!common)
		return NULL;
	struct ca *m0 = ca_mode(common, 0);
	if (m0->n >= 0 || m0->d != 1) {
		*vector = 1;
		return ca_leaf(c, 1, 0);
	}
	*vector = m0->s;
	struct ct t0 = { CT_LAYOUT, m0, 0, 0, NULL };
	struct ca *r = ca_composition(c, inv, &t0);
	if (!r || !c->check)
		return r;
	struct ca *id = ca_leaf(c, ca_size(r), 1);
	int64_t w;
	if (id && ca_prove_composition(a, r, id, &w) == 1 &&
	    ca_prove_composition(b, r, id, &w) == 1) {
		ca_check_proven(c, "a(R(i)) = i = b(R(i))");
		return r;
	}
	int64_t as[CA_MAXL], ad[CA_MAXL], bs[CA_MAXL], bd[CA_MAXL], rs[CA_MAXL], rd[CA_MAXL];
	int na = ca_flat(c, a, as, ad), nb = ca_flat(c, b, bs, bd), nr = ca_flat(c, r, rs, rd);
	if (na < 0 || nb < 0 || nr < 0)
		return NULL;
	for (int64_t i = 0; i < ca_size(r) && i < c->check_points; i++) {
		int64_t x = ca_eval(rs, rd, nr, i);
		int64_t va = ca_eval(as, ad, na, x), vb = ca_eval(bs, bd, nb, x);
		if (va != i || vb != i) {
			ca_check(c, "a(R(i)) = i = b(R(i))", false,
				 "i = %lld: a(R(i)) = %lld, b(R(i)) = %lld", (long long)i,
				 (long long)va, (long long)vb);
			ca_fail(c, LAY_EALGEBRA,
				"max_common_layout: at i = %lld, a(R(i)) = %lld and b(R(i)) = %lld "
				"(CuTe's result is not common to both)",
				(long long)i, (long long)va, (long long)vb);
			return NULL;
		}
	}
	if (!ca_points_ok(c, ca_size(r))) /* no counter-example, not every point */
		return NULL;
	ca_check(c, "a(R(i)) = i = b(R(i))", true, NULL);
	return r;
}

/* ------------------------------------------------------------------ */
/* tile_to_shape                                                       */

static int64_t ct_size(const struct ct *t)
{
	if (t->kind == CT_INT)
		return t->v;
	if (t->kind == CT_LAYOUT)
		return ca_size(t->l);
	int64_t p = 1;
	for (int i = 0; i < t->n; i++)
		if (__builtin_mul_overflow(p, ct_size(t->k[i]), &p))
			return INT64_MAX;
	return p;
}

struct ca *ca_tile_to_shape(struct ca_ctx *c, const struct ca *block, const struct ct *shape,
			    const struct ct *order)
{
	int R = shape->kind == CT_TUPLE ? shape->n : 1;
	int64_t ts[CA_MAXL], bs[CA_MAXL], ps[CA_MAXL], pd[CA_MAXL];
	if (R > CA_MAXL || ca_rank(block) > R) {
		ca_fail(c, LAY_EALGEBRA,
			"tile_to_shape: the block has %d modes and the target shape %d (CuTe: "
			"\"Rank of layout must be <= rank of target shape.\")",
			ca_rank(block), R);
		return NULL;
	}
	if (order && (order->kind == CT_TUPLE ? order->n : 1) != R) {
		ca_fail(c, LAY_EALGEBRA,
			"tile_to_shape: the order has %d modes and the target shape %d (CuTe: "
			"\"Need equal rank of shape and order\")",
			order->kind == CT_TUPLE ? order->n : 1, R);
		return NULL;
	}
	struct ca *pb = ca_pad(c, block, R);
	if (!pb)
		return NULL;
	for (int i = 0; i < R; i++) {
		ts[i] = ct_size(shape->kind == CT_TUPLE ? shape->k[i] : shape);
		bs[i] = ca_size(ca_mode(pb, i));
		if (ts[i] <= 0 || ts[i] % bs[i] != 0) {
			ca_fail(c, LAY_EALGEBRA,
				"tile_to_shape: the block's mode %d has size %lld, which does not "
				"divide the target's %lld (CuTe: \"tile_to_shape: block shape does "
				"not divide the target shape.\")",
				i, (long long)bs[i], (long long)ts[i]);
			return NULL;
		}
		ps[i] = ts[i] / bs[i];
	}
	for (int i = 0; i < R; i++) {
		int64_t start = 1;
		for (int j = 0; j < R; j++) {
			bool less = order ? ct_size(order->kind == CT_TUPLE ? order->k[j] : order) <
						    ct_size(order->kind == CT_TUPLE ? order->k[i]
										    : order)
					  : j < i;
			if (less && !ca_mul_ok(c, start, ps[j], &start))
				return NULL;
		}
		pd[i] = ps[i] == 1 ? 0 : start;
	}
	struct ca *ord = ca_from_leaves(c, ps, pd, R);
	struct ct to = { CT_LAYOUT, ord, 0, 0, NULL };
	return ord ? ca_product(c, CA_BLOCKED, pb, &to) : NULL;
}
