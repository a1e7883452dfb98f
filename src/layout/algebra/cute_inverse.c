/*
 * cute_inverse.c - CuTe's right_inverse and left_inverse (docs/algebra.md),
 * built from the coalesced layout's modes in CuTe's stride order, with
 * their round-trip checks.
 */
#include <stdio.h>
#include <string.h>

#include "algebra/cute_algebra.h"

#define CA_MAXL LAYOUTD_MAX_ITERS

/* CuTe's exchange sort of (stride, index) pairs by stride (not stable). */
static void exchange_sort(int64_t *key, int *val, int n)
{
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			if (key[j] < key[i]) {
				int64_t k = key[i];
				int v = val[i];
				key[i] = key[j];
				val[i] = val[j];
				key[j] = k;
				val[j] = v;
			}
}

/* Both inverses start alike: l coalesced and flattened into extents s and
 * strides d, pre[i] the product of the extents before mode i (<= size(l)),
 * idx the modes in ascending stride order.  Returns the mode count, or -1
 * with c's error set. */
static int by_stride(struct ca_ctx *c, const struct ca *l, int64_t *s, int64_t *d, int64_t *pre,
		     int *idx)
{
	int64_t key[CA_MAXL];
	struct ca *x = ca_coalesce_flat(c, l, false);
	int n = x ? ca_flat(c, x, s, d) : -1;
	if (n < 0)
		return -1;
	pre[0] = 1;
	for (int i = 0; i < n; i++) {
		pre[i + 1] = pre[i] * s[i];
		key[i] = d[i];
		idx[i] = i;
	}
	exchange_sort(key, idx, n);
	return n;
}

struct ca *ca_right_inverse(struct ca_ctx *c, const struct ca *l)
{
	int64_t s[CA_MAXL], d[CA_MAXL], pre[CA_MAXL + 1];
	int64_t rs[CA_MAXL + 1], rd[CA_MAXL + 1], curr = 1;
	int idx[CA_MAXL];
	int n = by_stride(c, l, s, d, pre, idx);
	if (n < 0)
		return NULL;
	int k = 1;
	rs[0] = 1;
	rd[0] = 0;
	for (int j = 0; j < n; j++) {
		int i = idx[j];
		if (d[i] != curr)
			continue;
		rs[k] = s[i];
		rd[k++] = pre[i];
		if (!ca_mul_ok(c, s[i], d[i], &curr))
			return NULL;
	}
	struct ca *r = ca_from_leaves(c, rs, rd, k);
	r = r ? ca_coalesce_flat(c, r, false) : NULL;
	if (!r || !c->check)
		return r;
	int64_t ls[CA_MAXL], ld[CA_MAXL], qs[CA_MAXL], qd[CA_MAXL], w;
	int nl = ca_flat(c, l, ls, ld), nq = ca_flat(c, r, qs, qd);
	int64_t N = ca_size(r);
	struct ca *id = ca_leaf(c, N, 1);
	if (id && ca_prove_composition(l, r, id, &w) == 1) {
		ca_check_proven(c, "L(R(i)) = i");
		return r;
	}
	struct odo oq;
	odo_init(&oq, qs, qd, nq);
	for (int64_t i = 0; i < N && i < c->check_points; i++, odo_next(&oq)) {
		int64_t v = ca_eval(ls, ld, nl, oq.v);
		if (v != i) {
			ca_check(c, "L(R(i)) = i", false, "i = %lld: L(R(i)) = %lld", (long long)i,
				 (long long)v);
			ca_fail(c, LAY_EALGEBRA,
				"right_inverse: L(R(i)) = %lld at i = %lld (internal check)",
				(long long)v, (long long)i);
			return NULL;
		}
	}
	if (!ca_points_ok(c, N)) /* no counter-example, but not every point */
		return NULL;
	ca_check(c, "L(R(i)) = i", true, NULL);
	return r;
}

/* L(R(L(i))) = L(i) on L's points, proven on the generators: R o L a
 * layout M (of a refinement of L's shape), L o M a layout equal to L. */
static bool left_proof(const int64_t *ls, const int64_t *ld, int nl, const int64_t *qs,
		       const int64_t *qd, int nq)
{
	int64_t ms[2 * CA_MAXL], md[2 * CA_MAXL], ts[2 * CA_MAXL], td[2 * CA_MAXL], w;
	int nm = 0, nt = 0;
	return ca_prove_compose(qs, qd, nq, ls, ld, nl, ms, md, &nm, 2 * CA_MAXL) &&
	       ca_prove_compose(ls, ld, nl, ms, md, nm, ts, td, &nt, 2 * CA_MAXL) &&
	       ca_prove_same(ts, td, nt, ls, ld, nl, &w) == 1;
}

struct ca *ca_left_inverse(struct ca_ctx *c, const struct ca *l)
{
	int64_t s[CA_MAXL], d[CA_MAXL], pre[CA_MAXL + 1];
	int64_t rs[CA_MAXL + 1], rd[CA_MAXL + 1], size = 1;
	int idx[CA_MAXL];
	int n = by_stride(c, l, s, d, pre, idx);
	if (n < 0)
		return NULL;
	int k = 0;
	rd[0] = 0;
	for (int j = 0; j < n; j++) {
		int i = idx[j];
		if (d[i] == 0)
			continue;
		if (d[i] % size != 0) {
			ca_fail(c, LAY_EALGEBRA,
				"left_inverse: the stride %lld of the coalesced layout's mode %d "
				"(extent %lld) is no multiple of %lld, the size of the inverse "
				"built "
				"from the smaller strides (CuTe: \"Left inverse divisibility "
				"condition\")",
				(long long)d[i], i, (long long)s[i], (long long)size);
			return NULL;
		}
		rs[k] = d[i] / size;
		rd[k + 1] = pre[i];
		if (!ca_mul_ok(c, size, rs[k], &size))
			return NULL;
		k++;
	}
	rs[k] = s[idx[n - 1]];
	struct ca *r = ca_from_leaves(c, rs, rd, k + 1);
	r = r ? ca_coalesce_flat(c, r, false) : NULL;
	if (!r || !c->check)
		return r;
	int64_t ls[CA_MAXL], ld[CA_MAXL], qs[CA_MAXL], qd[CA_MAXL];
	int nl = ca_flat(c, l, ls, ld), nq = ca_flat(c, r, qs, qd);
	int64_t N = ca_size(l);
	if (nl > 0 && nq > 0 && left_proof(ls, ld, nl, qs, qd, nq)) {
		ca_check_proven(c, "L(R(L(i))) = L(i)");
		return r;
	}
	for (int64_t i = 0; i < N && i < c->check_points; i++) {
		int64_t li = ca_eval(ls, ld, nl, i);
		int64_t v = ca_eval(ls, ld, nl, ca_eval(qs, qd, nq, li));
		if (v != li) {
			ca_check(c, "L(R(L(i))) = L(i)", false,
				 "i = %lld: L(i) = %lld, L(R(L(i))) = %lld", (long long)i,
				 (long long)li, (long long)v);
			ca_fail(c, LAY_EALGEBRA,
				"left_inverse: CuTe's result does not invert the layout: at i = "
				"%lld, "
				"L(i) = %lld but L(R(L(i))) = %lld",
				(long long)i, (long long)li, (long long)v);
			return NULL;
		}
	}
	if (!ca_points_ok(c, N))
		return NULL;
	ca_check(c, "L(R(L(i))) = L(i)", true, NULL);
	return r;
}
