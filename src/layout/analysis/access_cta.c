/*
 * access_cta.c - an access of layouts over several CTAs (Triton's CGA
 * layouts: a "block" dimension).  Each CTA reads and writes its own shared
 * memory; Triton lowers a local load or store only when the map from
 * registers to shared memory is trivial over block (LocalLoadOpConversion,
 * lowerLocalStore: cvt.isTrivialOver({"block"})), so every CTA's warps
 * reach their own CTA's memory at the offsets CTA 0's warps reach.  The
 * access is then counted on CTA 0, and it holds for the others.
 */
#include <stdio.h>

#include "analysis/access.h"

static void elem_text(const struct lay_def *def, int64_t e, char *out, size_t n)
{
	int64_t x[LAYOUTD_MAX_RANK];
	for (int d = def->rank - 1; d >= 0; d--) {
		x[d] = e % def->shape[d];
		e /= def->shape[d];
	}
	size_t len = (size_t)snprintf(out, n, "(");
	for (int d = 0; d < def->rank && len < n; d++)
		len += (size_t)snprintf(out + len, n - len, "%s%lld", d ? ", " : "",
					(long long)x[d]);
	if (len < n)
		snprintf(out + len, n - len, ")");
}

/* Element e's offset in CTA b's shared memory (-1: not there). */
static int64_t cta_offset(const struct acc *A, int64_t b, int64_t e)
{
	if (b >= A->nblk)
		return -1;
	return b == 0 ? A->eoff[e] : A->eoff_cta[(b - 1) * A->mem->size + e];
}

/* Every point of CTA b reads its own CTA's memory at CTA 0's offset. */
static int cta_check(const struct acc *A, int64_t b, int64_t per, const char *tptr,
		     struct lay_error *err)
{
	char es[128];
	for (int64_t p = 0; p < per; p++) {
		int64_t e = A->pelem[b * per + p];
		if (e < 0)
			continue;
		int64_t o = cta_offset(A, b, e);
		if (o < 0) {
			elem_text(A->thr, e, es, sizeof es);
			return lay_error_set(
				err, LAY_ESCHEMA, tptr, -1,
				"CTA %lld's threads hold element %s, which the shared layout keeps "
				"in another CTA's shared memory: each CTA reads its own (Triton "
				"lowers a local load or store only when the registers-to-shared "
				"map is trivial over block)",
				(long long)b, es);
		}
		int64_t e0 = A->pelem[p], o0 = e0 >= 0 ? A->eoff[e0] : -1;
		if (b > 0 && o != o0) {
			elem_text(A->thr, e, es, sizeof es);
			return lay_error_set(
				err, LAY_ESCHEMA, tptr, -1,
				"CTA %lld reads element %s at offset %lld where CTA 0 reads offset "
				"%lld: the CTAs do not access their shared memory alike (Triton "
				"lowers a local load or store only when the registers-to-shared "
				"map is trivial over block)",
				(long long)b, es, (long long)o, (long long)o0);
		}
	}
	return 0;
}

int acc_cta_split(struct acc *A, const char *tptr, struct lay_error *err)
{
	int64_t tb = A->thr_blk >= 0 ? A->ext[A->thr_blk] : 1;
	A->ctas = 1;
	if (tb <= 1 && A->nblk <= 1)
		return 0;
	if (tb > 1 && A->nblk > 1 && tb != A->nblk)
		return lay_error_set(err, LAY_ESCHEMA, tptr, -1,
				     "the threads layout spans %lld CTAs and the shared layout "
				     "%lld: each CTA reads its own shared memory",
				     (long long)tb, (long long)A->nblk);
	/* the block axis is the outermost warp group (thr_roles) */
	int64_t per = A->G / tb * A->L * A->R;
	for (int64_t b = 0; b < tb; b++) {
		int rc = cta_check(A, b, per, tptr, err);
		if (rc)
			return rc;
	}
	A->G /= tb;
	A->ctas = tb > A->nblk ? tb : A->nblk;
	return 0;
}
