/*
 * convert_rule.c - the class of a conversion by Triton's rule
 * (lib/Analysis/Utility.cpp), for layouts that are GF(2)-linear:
 *
 *   minimalCvtLayout composes the destination's inverse with the source
 *   and quotients the result by block, warp, lane and register in that
 *   order, stopping at the first dimension it cannot remove.  With
 *   invertAndCompose's heuristic a dimension maps as the identity exactly
 *   when both layouts give it the same bases, so the walk stops at the
 *   first dimension whose bases differ:
 *
 *     none            no dimension differs (Triton folds the convert);
 *     registers       only the registers differ (cvtReordersRegisters),
 *                     a dropped broadcast register included;
 *     warp_shuffle    block and warp agree, the lanes differ, and the
 *                     register/lane permutation has fewer than two mixed
 *                     transpositions (cvtNeedsWarpShuffle);
 *     shared_memory   otherwise: the block or warp bases differ (even when
 *                     every CTA already holds the element), or the
 *                     permutation has two or more mixed transpositions.
 *
 * The permutation is getWarpLayoutConvertDecomposition's: broadcast
 * registers removed, both sides padded with zero bases to the same
 * register and lane counts, each source position sent to the destination
 * position with the same basis, common zeros fixed, and the other source
 * zeros paired in order with the destination zeros that the source fills.
 * Each register -> lane step of it is one mixed transposition: it counts
 * source registers that become lanes and, through the zero pairing,
 * source lanes that become registers.
 */
#include <stdio.h>
#include <string.h>

#include "analysis/access.h"
#include "analysis/convert.h"
#include "gf2.h"

static bool block_name(const char *s)
{
	static const char *const names[] = {
		"block", "bx", "by", "bz", "cbx", "cby", "cbz", "cta"
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(s, names[i]) == 0)
			return true;
	return false;
}

/* Which dimension each warp-group bit of A is: the warps a thread axis
 * spans come first, then the group axes in order.  False unless every
 * piece is a power of two. */
static bool group_dims(const struct acc *A, int *dim, int *nbits)
{
	int n = 0;
	if (!acc_is_pow2(A->twarps))
		return false;
	for (int k = acc_log2i(A->twarps); k > 0; k--)
		dim[n++] = CVT_WARP;
	for (int k = 0; k < A->ngrp; k++) {
		int a = A->grp_axes[k];
		if (!acc_is_pow2(A->ext[a]) || n + acc_log2i(A->ext[a]) > CVT_MAXB)
			return false;
		int d = block_name(A->thr->axes[a].name) ? CVT_BLOCK : CVT_WARP;
		for (int j = acc_log2i(A->ext[a]); j > 0; j--)
			dim[n++] = d;
	}
	*nbits = n;
	return true;
}

int cvt_hw_read(const struct acc *A, const struct lay_def *d, struct cvt_hw *hw)
{
	memset(hw, 0, sizeof *hw);
	for (int k = 0; k < d->rank; k++)
		if (!acc_is_pow2(d->shape[k]))
			return 0;
	int gdim[CVT_MAXB], ng = 0;
	if (!acc_is_pow2(A->R) || !acc_is_pow2(A->L) || !acc_is_pow2(A->G) ||
	    !group_dims(A, gdim, &ng) || (INT64_C(1) << ng) != A->G)
		return 0;
	int nr = acc_log2i(A->R), nl = acc_log2i(A->L), nb = nr + nl + ng;
	if (nr > CVT_MAXB || nl > CVT_MAXB || nb > 62 || A->pelem[0] != 0)
		return 0;
	/* the basis of every point bit: registers lowest, then lanes, then groups */
	int64_t bit[64];
	for (int k = 0; k < nb; k++) {
		int32_t e = A->pelem[INT64_C(1) << k];
		if (e < 0)
			return 0;
		bit[k] = e;
		int dim = k < nr ? CVT_REG : k < nr + nl ? CVT_LANE : gdim[k - nr - nl];
		hw->b[dim][hw->n[dim]++] = e;
	}
	/* linear: every point is its lowest bit's basis XOR the point without it */
	int64_t np = INT64_C(1) << nb;
	for (int64_t q = 3; q < np; q++) {
		if (!(q & (q - 1)))
			continue;
		int32_t e = A->pelem[q], rest = A->pelem[q & (q - 1)];
		if (e < 0 || e != (rest ^ bit[__builtin_ctzll((unsigned long long)q)]))
			return 0;
	}
	return 1;
}

static bool dim_differs(const struct cvt_hw *s, const struct cvt_hw *t, int d)
{
	return s->n[d] != t->n[d] ||
	       memcmp(s->b[d], t->b[d], sizeof s->b[d][0] * (size_t)s->n[d]) != 0;
}

int cvt_first_diff(const struct cvt_hw *s, const struct cvt_hw *t)
{
	static const int order[] = { CVT_BLOCK, CVT_WARP, CVT_LANE, CVT_REG };
	for (int i = 0; i < 4; i++) {
		int d = order[i];
		if (dim_differs(s, t, d))
			return d;
	}
	return -1;
}

/* The register bases without the zero (broadcast) ones, then the lanes,
 * each part padded with zeros to nr and nl entries. */
static void positions(const struct cvt_hw *h, int nr, int nl, int64_t *v)
{
	int k = 0;
	for (int i = 0; i < h->n[CVT_REG]; i++)
		if (h->b[CVT_REG][i])
			v[k++] = h->b[CVT_REG][i];
	while (k < nr)
		v[k++] = 0;
	for (int i = 0; i < nl; i++)
		v[nr + i] = i < h->n[CVT_LANE] ? h->b[CVT_LANE][i] : 0;
}

static int nonzero_regs(const struct cvt_hw *h)
{
	int n = 0;
	for (int i = 0; i < h->n[CVT_REG]; i++)
		n += h->b[CVT_REG][i] != 0;
	return n;
}

int cvt_mixed(const struct cvt_hw *s, const struct cvt_hw *t)
{
	int rs = nonzero_regs(s), rt = nonzero_regs(t);
	int nr = rs > rt ? rs : rt;
	int nl = s->n[CVT_LANE] > t->n[CVT_LANE] ? s->n[CVT_LANE] : t->n[CVT_LANE];
	int np = nr + nl, P[2 * CVT_MAXB], sfree[2 * CVT_MAXB], ns = 0, nd = 0;
	int64_t sv[2 * CVT_MAXB], tv[2 * CVT_MAXB];
	bool used[2 * CVT_MAXB] = { false };
	positions(s, nr, nl, sv);
	positions(t, nr, nl, tv);
	for (int p = 0; p < np; p++) {
		P[p] = -1;
		if (sv[p]) {
			for (int q = 0; q < np && P[p] < 0; q++)
				if (tv[q] == sv[p])
					P[p] = q;
			if (P[p] < 0)
				return -1; /* the destination holds it outside its registers and
					      lanes */
		} else if (!tv[p]) {
			P[p] = p;
		} else {
			sfree[ns++] = p;
		}
	}
	for (int q = 0; q < np; q++)
		if (!tv[q] && sv[q]) {
			if (nd >= ns)
				return -1;
			P[sfree[nd++]] = q;
		}
	if (nd != ns)
		return -1;
	int mixed = 0;
	for (int p = 0; p < np; p++) {
		if (used[P[p]])
			return -1; /* not a permutation */
		used[P[p]] = true;
		mixed += p < nr && P[p] >= nr;
	}
	return mixed;
}

/* Whether invertAndCompose can relate the layouts: every destination basis
 * of a dimension whose bases differ lies in the span of the source's bases
 * of such dimensions (the dimensions that agree map to themselves).  When
 * not, Triton's least-squares step has no solution and its rule says
 * nothing. */
static bool composable(const struct cvt_hw *s, const struct cvt_hw *t)
{
	uint64_t rows[CVT_NDIMS * CVT_MAXB], basis[64];
	int n = 0;
	for (int d = 0; d < CVT_NDIMS; d++)
		if (dim_differs(s, t, d))
			for (int i = 0; i < s->n[d]; i++)
				rows[n++] = (uint64_t)s->b[d][i];
	lay_gf2_basis(rows, n, basis);
	for (int d = 0; d < CVT_NDIMS; d++) {
		if (!dim_differs(s, t, d))
			continue;
		for (int i = 0; i < t->n[d]; i++) {
			uint64_t v = (uint64_t)t->b[d][i];
			for (int b = 0; b < 64 && v; b++)
				if (v >> b & 1) {
					if (!basis[b])
						return false;
					v ^= basis[b];
				}
		}
	}
	return true;
}

int cvt_rule(const struct acc *S, const struct lay_def *sd, const struct acc *T,
	     const struct lay_def *td, struct cvt_verdict *v)
{
	struct cvt_hw hs, ht;
	v->mixed = -1;
	if (!cvt_hw_read(S, sd, &hs) || !cvt_hw_read(T, td, &ht))
		return 0;
	v->mixed = cvt_mixed(&hs, &ht);
	if (!composable(&hs, &ht))
		return 2;
	v->differs = cvt_first_diff(&hs, &ht);
	int m = v->mixed;
	switch (v->differs) {
	case -1:
		v->kind = "none";
		snprintf(v->why, sizeof v->why,
			 "both layouts have the same register, lane, warp and block bases: Triton "
			 "folds the convert");
		break;
	case CVT_REG:
		v->kind = "registers";
		snprintf(v->why, sizeof v->why,
			 "block, warp and lane have the same bases and only the registers differ: "
			 "each thread rearranges or drops its own registers");
		break;
	case CVT_LANE:
		v->kind = m >= 0 && m < 2 ? "warp_shuffle" : "shared_memory";
		if (m < 0)
			snprintf(v->why, sizeof v->why,
				 "block and warp have the same bases, the lanes differ, and no "
				 "register/lane permutation relates the layouts: shared memory");
		else
			snprintf(v->why, sizeof v->why,
				 "block and warp have the same bases and the lanes differ, with %d "
				 "register<->lane transposition%s (Triton shuffles with fewer than "
				 "2): %s",
				 m, m == 1 ? "" : "s", m < 2 ? "warp shuffles" : "shared memory");
		break;
	default:
		v->kind = "shared_memory";
		snprintf(v->why, sizeof v->why,
			 "the %s bases differ (Triton's minimalCvtLayout keeps %s, even where "
			 "every %s already holds the element): shared memory",
			 v->differs == CVT_BLOCK ? "block" : "warp",
			 v->differs == CVT_BLOCK ? "block" : "warp",
			 v->differs == CVT_BLOCK ? "CTA" : "warp");
	}
	return 1;
}
