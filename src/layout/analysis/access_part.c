/*
 * access_part.c - the part of a shared layout an access reaches.
 *
 * A view (access.origin): the threads' tile is a sub-tile of the layout's,
 * at an origin, as Triton reads a memdesc_subslice -- the allocation's
 * layout applied to the view's offsets plus the view's coordinates.
 *
 * CTAs: an access of layouts over several CTAs (Triton's CGA layouts: a
 * "block" dimension).  Each CTA reads and writes its own shared
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
	return b == 0 ? A->eoff[e] : A->eoff_cta[(b - 1) * A->cta_stride + e];
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

/* Element e of tile `from` (row-major) as the element of tile `to` at
 * coordinates origin + its own. */
static int64_t elem_at(const struct lay_def *from, const struct lay_def *to, const int64_t *origin,
		       int64_t e)
{
	int64_t x[LAYOUTD_MAX_RANK], m = 0;
	for (int d = from->rank - 1; d >= 0; d--) {
		x[d] = e % from->shape[d];
		e /= from->shape[d];
	}
	for (int d = 0; d < to->rank; d++)
		m = m * to->shape[d] + origin[d] + x[d];
	return m;
}

/* The origin fits: one coordinate per dimension, the tile inside. */
static int origin_fits(const struct acc *A, const int64_t *origin, const char *optr,
		       struct lay_error *err)
{
	const struct lay_def *t = A->thr, *m = A->mem;
	if (t->rank != m->rank || A->norigin != t->rank)
		return lay_error_set(err, LAY_ESHAPE, optr, -1,
				     "origin places a rank-%d tile in a rank-%d layout with %d "
				     "coordinates: one per dimension of both",
				     t->rank, m->rank, A->norigin);
	for (int d = 0; d < t->rank; d++)
		if (origin[d] < 0 || origin[d] + t->shape[d] > m->shape[d])
			return lay_error_set(err, LAY_ERANGE, optr, -1,
					     "origin %lld + the tile's %lld in dimension %d is "
					     "outside the layout's %lld",
					     (long long)origin[d], (long long)t->shape[d], d,
					     (long long)m->shape[d]);
	return 0;
}

/* Offsets of the memory side re-indexed by the threads' elements. */
static int64_t *view_offsets(const struct acc *A, const int64_t *src, int64_t nblk)
{
	int64_t n = A->thr->size, all = n * nblk > 0 ? n * nblk : 1;
	int64_t *v = lay_ctx_malloc(A->mem->ctx, sizeof *v * (size_t)all);
	if (!v)
		return NULL;
	for (int64_t b = 0; b < nblk; b++)
		for (int64_t e = 0; e < n; e++)
			v[b * n + e] =
				src[b * A->cta_stride + elem_at(A->thr, A->mem, A->origin, e)];
	return v;
}

int acc_view_origin(struct acc *A, const char *optr, struct lay_error *err)
{
	if (A->norigin == 0)
		return 0;
	int rc = origin_fits(A, A->origin, optr, err);
	if (rc)
		return rc;
	int64_t *v = view_offsets(A, A->eoff, 1), *vc = NULL;
	if (v && A->nblk > 1 && !(vc = view_offsets(A, A->eoff_cta, A->nblk - 1))) {
		lay_ctx_free(v);
		v = NULL;
	}
	if (!v)
		return lay_ctx_error(A->mem->ctx, err, optr);
	for (int64_t e = 0; e < A->thr->size; e++)
		if (v[e] < 0 && !(vc && A->nblk > 1)) {
			char es[128];
			elem_text(A->thr, e, es, sizeof es);
			lay_ctx_free(v);
			return lay_error_set(err, LAY_ESCHEMA, optr, -1,
					     "element %s of the view has no offset in the layout",
					     es);
		}
	lay_ctx_free(A->eoff);
	lay_ctx_free(A->eoff_cta);
	A->eoff = v;
	A->eoff_cta = vc;
	A->cta_stride = A->thr->size;
	A->bijective = false; /* a part of the offsets */
	return 0;
}
