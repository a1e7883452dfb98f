/*
 * cute_proof.c - the post-condition checks of composition and complement,
 * and the proofs on the generators of the layouts that stand in for
 * checking every point where such a proof exists.
 *
 * A flat layout s:d is the function L(i) = sum_k i_k d_k of the colex
 * coordinates i_k of i.  Over the points [0, N) of its own size every
 * coordinate stays in its extent, so L is additive in the coordinates:
 * two layouts of size N whose shapes have a common refinement (a mixed
 * radix both shapes split into) are the same function on [0, N) exactly
 * when their strides agree on every refined mode of extent > 1, and where
 * they disagree, the first point of that mode is a counter-example.  Where
 * no common refinement exists, nothing is concluded here and the caller
 * checks every point.
 *
 * The composition A o B is such a layout when B's strides, written in the
 * mixed radix of A's extents, fall into A's modes without carries: then
 * A(B(c)) = L(c) for every c of B, L a layout of a refinement of B's
 * shape, and A o B = R is decided by comparing L with R as above.
 */
#include <stdio.h>
#include <stdlib.h>

#include "algebra/cute_algebra.h"

#define CA_MAXL LAYOUTD_MAX_ITERS

int ca_prove_same(const int64_t *fs, const int64_t *fd, int nf, const int64_t *gs,
		  const int64_t *gd, int ng, int64_t *where)
{
	int i = 0, j = 0;
	int64_t rf = 0, rg = 0, sf = 0, sg = 0, p = 1; /* what is left of the current modes */
	for (;;) {
		while (rf <= 1 && i < nf) {
			if (fs[i] <= 0)
				return -1;
			rf = fs[i];
			sf = fd[i++];
		}
		while (rg <= 1 && j < ng) {
			if (gs[j] <= 0)
				return -1;
			rg = gs[j];
			sg = gd[j++];
		}
		if (rf <= 1 || rg <= 1)
			return rf <= 1 && rg <= 1 ? 1 : -1; /* else the sizes differ */
		int64_t m = rf < rg ? rf : rg;
		if (rf % m || rg % m)
			return -1; /* no common refinement */
		if (sf != sg) {
			*where = p; /* coordinate 1 in this refined mode, 0 elsewhere */
			return 0;
		}
		if (__builtin_mul_overflow(p, m, &p) || __builtin_mul_overflow(sf, m, &sf) ||
		    __builtin_mul_overflow(sg, m, &sg))
			return -1;
		rf /= m;
		rg /= m;
	}
}

/* A's modes of extent > 1 (its last mode kept: A extends along it), with
 * the adjacent modes that are one mode merged (d' = s d: the same
 * function, extension included), and the prefix products p of the extents. */
static int digits(const int64_t *as, const int64_t *ad, int na, int64_t *s, int64_t *d, int64_t *p)
{
	int n = 0;
	for (int k = 0; k < na; k++) {
		if (as[k] <= 0)
			return -1;
		if (as[k] == 1 && k != na - 1)
			continue;
		int64_t x;
		if (n > 0 && !__builtin_mul_overflow(s[n - 1], d[n - 1], &x) && x == ad[k] &&
		    !__builtin_mul_overflow(s[n - 1], as[k], &x)) {
			s[n - 1] = x;
			continue;
		}
		s[n] = as[k];
		d[n++] = ad[k];
	}
	p[0] = 1;
	for (int k = 0; k + 1 < n; k++)
		if (__builtin_mul_overflow(p[k], s[k], &p[k + 1]))
			return -1;
	return n;
}

bool ca_prove_compose(const int64_t *as, const int64_t *ad, int na, const int64_t *bs,
		      const int64_t *bd, int nb, int64_t *rs, int64_t *rd, int *nr, int max)
{
	int64_t s[CA_MAXL], d[CA_MAXL], p[CA_MAXL], used[CA_MAXL] = { 0 };
	int n = na <= CA_MAXL ? digits(as, ad, na, s, d, p) : -1, k = 0;
	if (n <= 0)
		return false;
	for (int j = 0; j < nb; j++) {
		int64_t rest = bs[j], x = bd[j];
		if (rest <= 0 || x < 0)
			return false;
		if (rest == 1)
			continue;
		if (x == 0) { /* the mode adds nothing to B(c) */
			if (k >= max)
				return false;
			rs[k] = rest;
			rd[k++] = 0;
			continue;
		}
		while (rest > 1) {
			int t = n - 1;
			while (t > 0 && p[t] > x)
				t--;
			if (x % p[t] || k >= max)
				return false;
			int64_t u = x / p[t], m = rest; /* u < s[t] unless t is the last */
			if (t < n - 1 && (__builtin_mul_overflow(rest, u, &m) || m > s[t])) {
				if (s[t] % u || rest % (s[t] / u))
					return false; /* the mode would cross into the next */
				m = s[t] / u;
			} else {
				m = rest;
			}
			rs[k] = m;
			if (__builtin_mul_overflow(u, d[t], &rd[k]))
				return false;
			k++;
			/* the largest value the modes put in digit t, carry-free */
			if (t < n - 1 && (__builtin_add_overflow(used[t], (m - 1) * u, &used[t]) ||
					  used[t] > s[t] - 1))
				return false;
			rest /= m;
			x = t < n - 1 ? p[t + 1] : 0;
		}
	}
	if (k == 0) { /* B is one point: A(B(0)) = A(0) = 0 */
		rs[0] = 1;
		rd[k++] = 0;
	}
	*nr = k;
	return true;
}

bool ca_prove_injective(const int64_t *s, const int64_t *d, int n)
{
	int64_t ks[2 * CA_MAXL], kd[2 * CA_MAXL], span = 0;
	int m = 0;
	if (n > 2 * CA_MAXL)
		return false;
	for (int i = 0; i < n; i++) {
		if (s[i] <= 0 || d[i] < 0)
			return false;
		if (s[i] == 1 || d[i] == 0)
			continue;
		int j = m++;
		for (; j > 0 && kd[j - 1] > d[i]; j--) {
			ks[j] = ks[j - 1];
			kd[j] = kd[j - 1];
		}
		ks[j] = s[i];
		kd[j] = d[i];
	}
	for (int i = 0; i < m; i++) {
		int64_t x;
		if (kd[i] <= span || __builtin_mul_overflow(ks[i] - 1, kd[i], &x) ||
		    __builtin_add_overflow(span, x, &span))
			return false;
	}
	return true;
}

int ca_prove_increasing(const int64_t *s, const int64_t *d, int n, int64_t *where)
{
	int64_t span = 0, p = 1;
	for (int i = 0; i < n; i++) {
		int64_t x;
		if (s[i] <= 0)
			return -1;
		if (s[i] == 1)
			continue;
		if (d[i] <= span) {
			*where = p; /* the first carry into mode i */
			return 0;
		}
		if (__builtin_mul_overflow(s[i] - 1, d[i], &x) ||
		    __builtin_add_overflow(span, x, &span) || __builtin_mul_overflow(p, s[i], &p))
			return -1;
	}
	return 1;
}

int ca_prove_composition(const struct ca *a, const struct ca *b, const struct ca *r, int64_t *where)
{
	int64_t as[CA_MAXL], ad[CA_MAXL], bs[CA_MAXL], bd[CA_MAXL], rs[CA_MAXL], rd[CA_MAXL];
	int64_t ls[2 * CA_MAXL], ld[2 * CA_MAXL];
	int na = ca_leaves(a, as, ad, CA_MAXL), nb = ca_leaves(b, bs, bd, CA_MAXL);
	int nr = ca_leaves(r, rs, rd, CA_MAXL), nl = 0;
	if (na < 1 || nb < 1 || nr < 1 ||
	    !ca_prove_compose(as, ad, na, bs, bd, nb, ls, ld, &nl, 2 * CA_MAXL))
		return -1;
	return ca_prove_same(ls, ld, nl, rs, rd, nr, where);
}

/* ------------------------------------------------------------------ */
/* The checks of composition and complement                            */

/* Drop the size-1 leaves but the last: the same function, extension
 * along the last leaf included. */
static int squeeze(int64_t *s, int64_t *d, int n)
{
	int k = 0;
	for (int i = 0; i < n; i++)
		if (s[i] != 1 || i == n - 1) {
			s[k] = s[i];
			d[k++] = d[i];
		}
	return k;
}

static bool comp_refuse(struct ca_ctx *c, const struct ca *r, int64_t i, int64_t x, int64_t want,
			int64_t got)
{
	ca_check(c, "R(c) = A(B(c))", false, "c = %lld: B(c) = %lld, A(B(c)) = %lld, R(c) = %lld",
		 (long long)i, (long long)x, (long long)want, (long long)got);
	char rt[256];
	ca_print(r, rt, sizeof rt);
	ca_fail(c, LAY_EALGEBRA,
		"CuTe's divisibility checks pass but its result %s is not A o B: "
		"at c = %lld, B(c) = %lld and A(B(c)) = %lld, but R(c) = %lld "
		"(a carry crosses a mode boundary of A, cf. cutlass#3177, #2955); "
		"refused rather than answered wrong",
		rt, (long long)i, (long long)x, (long long)want, (long long)got);
	return false;
}

/* R(c) = A(B(c)) for every c of B, A extended along its last leaf: proven
 * on the generators where B falls into A's modes without carries and R's
 * shape and B's have a common refinement (cute_proof.c), else checked at
 * every point. */
bool ca_comp_check(struct ca_ctx *c, const struct ca *a, const struct ca *b, const struct ca *r)
{
	int64_t as[CA_MAXL], ad[CA_MAXL], bs[CA_MAXL], bd[CA_MAXL], rs[CA_MAXL], rd[CA_MAXL];
	int na = ca_flat(c, a, as, ad), nb = ca_flat(c, b, bs, bd), nr = ca_flat(c, r, rs, rd);
	if (na < 0 || nb < 0 || nr < 0)
		return false;
	int64_t N = ca_size(b), w;
	ca_check(c, "size(R) = size(B)", ca_size(r) == N, "size(R) = %lld, size(B) = %lld",
		 (long long)ca_size(r), (long long)N);
	int proof = ca_size(r) == N ? ca_prove_composition(a, b, r, &w) : -1;
	na = squeeze(as, ad, na);
	if (proof == 1) {
		ca_check_proven(c, "R(c) = A(B(c))");
		return true;
	}
	if (proof == 0) {
		int64_t x = ca_eval(bs, bd, nb, w);
		return comp_refuse(c, r, w, x, ca_eval(as, ad, na, x), ca_eval(rs, rd, nr, w));
	}
	struct odo ob, orr;
	odo_init(&ob, bs, bd, nb);
	odo_init(&orr, rs, rd, nr);
	/* A's values over [0, cosize(B)) at once when B's image is that dense */
	int64_t span = ca_cosize(b), *tab = NULL, M = N < c->check_points ? N : c->check_points;
	bool up = true;
	for (int k = 0; k < nb; k++)
		up &= bd[k] >= 0;
	if (up && span > 0 && span <= 2 * M + 4096 &&
	    (tab = lay_ctx_malloc(c->lay, sizeof *tab * (size_t)span))) {
		struct odo oa;
		odo_init(&oa, as, ad, na);
		for (int64_t x = 0; x < span; x++, odo_next(&oa))
			tab[x] = oa.v;
	}
	for (int64_t i = 0; i < N && i < c->check_points; i++, odo_next(&ob), odo_next(&orr)) {
		int64_t x = ob.v;
		int64_t want = tab ? tab[x] : ca_eval(as, ad, na, x), got = orr.v;
		if (want != got) {
			lay_ctx_free(tab);
			return comp_refuse(c, r, i, x, want, got);
		}
	}
	lay_ctx_free(tab);
	if (!ca_tick(c, N))
		return false;
	if (!ca_points_ok(c, N)) /* no counter-example, but not every point */
		return false;
	ca_check(c, "R(c) = A(B(c))", true, NULL);
	return ca_size(r) == N;
}

/* The complement's checks proven on the generators: R increasing (an
 * exact criterion), and A's modes with R's injective (then R(i) = A(x)
 * for some i >= 1 would make (x, 0) and (0, i) collide): disjoint. */
bool ca_prove_complement(struct ca_ctx *c, const struct ca *a, const int64_t *s, const int64_t *d,
			 int n)
{
	int64_t js[2 * CA_MAXL], jd[2 * CA_MAXL], w;
	int na = ca_leaves(a, js, jd, CA_MAXL);
	if (na < 0 || ca_prove_increasing(s, d, n, &w) != 1)
		return false;
	for (int i = 0; i < n; i++) {
		js[na + i] = s[i];
		jd[na + i] = d[i];
	}
	if (!ca_prove_injective(js, jd, na + n))
		return false;
	ca_check_proven(c, "ordered");
	ca_check_proven(c, "disjoint from A");
	return true;
}
