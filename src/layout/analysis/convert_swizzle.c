/*
 * convert_swizzle.c - the scratch layout of a conversion through shared
 * memory, chosen the way Triton's generic swizzling does for plain
 * loads and stores (the target's banks of 4 bytes; 32 on NVIDIA):
 *
 *  1. Work on GF(2) vectors of the flattened tile (the first dimension
 *     fastest).  The vector bases are the register bases both layouts
 *     share (at most 128 bits); when they make less than one 32-bit word,
 *     registers of one side that are warp bits of the other, then common
 *     warp bits, then either side's warp bits fill the word.
 *  2. The lanes that share a wavefront (all but the vector's words) give
 *     each side's bank tile.  The segment bases (above one 128-byte row)
 *     are unit vectors neither tile uses; when there are too few, the XOR
 *     of pairs of bases only one side uses keeps both sides conflict-free,
 *     then single ones buy conflicts on one side each.
 *  3. The bank bases complete the space; segment bases held in registers
 *     on both sides move last (repetitions); with a vector of less than
 *     two words the bank bases a side holds in registers come first.
 *
 * The result is an offset -> element map; the caller counts the store and
 * the load over it with the bank rule.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/access.h"
#include "analysis/convert.h"
#include "gf2.h"

#define MAXB 32

struct vecs {
	int n;
	int64_t v[MAXB * 2];
};

static void push(struct vecs *s, int64_t x)
{
	if (s->n < MAXB * 2)
		s->v[s->n++] = x;
}

static bool has(const struct vecs *s, int64_t x)
{
	for (int i = 0; i < s->n; i++)
		if (s->v[i] == x)
			return true;
	return false;
}

static bool all_pow2(const struct vecs *s)
{
	for (int i = 0; i < s->n; i++)
		if (s->v[i] && !acc_is_pow2(s->v[i]))
			return false;
	return true;
}

/* Bases of a in b, nonzero, in a's order (unit-vector bases only). */
static int intersect(const struct vecs *a, const struct vecs *b, struct vecs *out)
{
	out->n = 0;
	if (!all_pow2(a) || !all_pow2(b))
		return -1;
	for (int i = 0; i < a->n; i++)
		if (a->v[i] && has(b, a->v[i]))
			push(out, a->v[i]);
	return 0;
}

/* Flattened index of element e: the first dimension fastest. */
static int64_t flat_of(const struct lay_def *d, int64_t e)
{
	int64_t f = 0, mul = 1, c[LAYOUTD_MAX_RANK];
	for (int k = d->rank - 1; k >= 0; k--) {
		c[k] = e % d->shape[k];
		e /= d->shape[k];
	}
	for (int k = 0; k < d->rank; k++) {
		f += c[k] * mul;
		mul *= d->shape[k];
	}
	return f;
}

static int64_t elem_of(const struct lay_def *d, int64_t f)
{
	int64_t c[LAYOUTD_MAX_RANK], e = 0;
	for (int k = 0; k < d->rank; k++) {
		c[k] = f % d->shape[k];
		f /= d->shape[k];
	}
	for (int k = 0; k < d->rank; k++)
		e = e * d->shape[k] + c[k];
	return e;
}

/* Register, lane and warp bases of one side; false unless GF(2). */
static bool side_bases(const struct acc *A, const struct lay_def *d, struct vecs *reg,
		       struct vecs *lane, struct vecs *warp)
{
	reg->n = lane->n = warp->n = 0;
	if (!A->rpow2 || !acc_is_pow2(A->L) || !acc_is_pow2(A->G))
		return false;
	int32_t e0 = A->pelem[0];
	if (e0 < 0 || flat_of(d, e0) != 0)
		return false;
	for (int k = 0; k < A->nkept; k++) {
		int32_t e = A->pelem[INT64_C(1) << A->kept[k]];
		if (e < 0)
			return false;
		push(reg, flat_of(d, e));
	}
	for (int64_t l = 1; l < A->L; l <<= 1) {
		int32_t e = A->pelem[l * A->R];
		if (e < 0)
			return false;
		push(lane, flat_of(d, e));
	}
	for (int64_t g = 1; g < A->G; g <<= 1) {
		int32_t e = A->pelem[g * A->L * A->R];
		if (e < 0)
			return false;
		push(warp, flat_of(d, e));
	}
	/* a linear or TTGIR definition is GF(2) by construction */
	struct lay_form f = { 0 };
	if (A->thr->ops && A->thr->ops->form)
		A->thr->ops->form(A->thr, &f);
	if (f.kind == LAY_FORM_GF2)
		return true;
	/* otherwise every point must be the XOR of its bits' bases: with the point's bits
	 * (registers, lanes, warps) as one index q, want(q) = want(q without
	 * its lowest bit) ^ the lowest bit's basis */
	int nb = A->nkept + acc_log2i(A->L) + acc_log2i(A->G);
	int64_t np = INT64_C(1) << nb, r2n = INT64_C(1) << A->nkept;
	/* past the budget: not shown GF(2), the search (bounded too) answers */
	int64_t bit[64], *want = nb > 40 ? NULL : lay_ctx_malloc(d->ctx, sizeof *want * (size_t)np);
	int64_t *flat =
		want ? lay_ctx_malloc(d->ctx, sizeof *flat * (size_t)(d->size ? d->size : 1))
		     : NULL;
	if (!want || !flat) {
		lay_ctx_free(want);
		lay_ctx_free(flat);
		return false;
	}
	for (int64_t e = 0; e < d->size; e++)
		flat[e] = flat_of(d, e);
	int k = 0;
	for (int i = 0; i < reg->n; i++)
		bit[k++] = reg->v[i];
	for (int i = 0; i < lane->n; i++)
		bit[k++] = lane->v[i];
	for (int i = 0; i < warp->n; i++)
		bit[k++] = warp->v[i];
	bool ok = true;
	want[0] = 0;
	for (int64_t q = 1; q < np && ok; q++) {
		int low = __builtin_ctzll((unsigned long long)q);
		want[q] = want[q & (q - 1)] ^ bit[low];
		int64_t gl = q >> A->nkept, r2 = q & (r2n - 1);
		int32_t e = A->pelem[gl * A->R + acc_expand_reg(A, r2)];
		ok = e >= 0 && flat[e] == want[q];
	}
	lay_ctx_free(want);
	lay_ctx_free(flat);
	if (!ok)
		return false;
	return true;
}

/* Unit vectors of the columns that are no pivot of span(b) (dim bits). */
static void complement(const struct vecs *b, int dim, struct vecs *out)
{
	uint64_t rows[MAXB * 2], basis[64];
	for (int i = 0; i < b->n; i++)
		rows[i] = (uint64_t)b->v[i];
	lay_gf2_basis(rows, b->n, basis);
	out->n = 0;
	for (int c = 0; c < dim; c++)
		if (!basis[c])
			push(out, INT64_C(1) << c);
}

static int cmp64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

/* A row-reduced copy of a span, to ask whether a vector lies in it. */
struct span {
	int n;
	int64_t r[MAXB * 2];
};

static int64_t reduce(const struct span *sp, int64_t x)
{
	for (int i = 0; i < sp->n; i++) {
		int64_t top = INT64_C(1) << (63 - __builtin_clzll((unsigned long long)sp->r[i]));
		if (x & top)
			x ^= sp->r[i];
	}
	return x;
}

/* Adds x to the span; false when it was already in it. */
static bool span_add(struct span *sp, int64_t x)
{
	x = reduce(sp, x);
	if (!x || sp->n >= MAXB * 2)
		return false;
	int64_t top = INT64_C(1) << (63 - __builtin_clzll((unsigned long long)x));
	for (int i = 0; i < sp->n; i++)
		if (sp->r[i] & top)
			sp->r[i] ^= x;
	int k = sp->n++;
	while (k > 0 && sp->r[k - 1] < x) {
		sp->r[k] = sp->r[k - 1];
		k--;
	}
	sp->r[k] = x;
	return true;
}

/* The vectors of a not in span(b) and independent of those taken, sorted. */
static void difference(const struct vecs *a, const struct vecs *b, struct vecs *out)
{
	struct span sp = { 0 };
	for (int i = 0; i < b->n; i++)
		span_add(&sp, b->v[i]);
	out->n = 0;
	for (int i = 0; i < a->n; i++)
		if (a->v[i] && span_add(&sp, a->v[i]))
			push(out, a->v[i]);
	qsort(out->v, (size_t)out->n, sizeof *out->v, cmp64);
}

/* The segment bases: the offsets above one row of banks.  A segment
 * vector inside a side's tile costs that side conflicts, so take unit
 * vectors outside both tiles' spans first, then sums of one vector only
 * the store tile holds and one only the load tile holds (in neither
 * span), then single ones (conflicts on one side each).  Over unit-vector
 * tiles this is Triton's computeSegment; the spans also take the mixed
 * lane vectors of an AMD 128-bit read. */
static void segment(const struct vecs *bs, const struct vecs *bd, int dim, int len,
		    struct vecs *seg)
{
	struct span both = { 0 };
	for (int i = 0; i < bs->n; i++)
		span_add(&both, bs->v[i]);
	for (int i = 0; i < bd->n; i++)
		span_add(&both, bd->v[i]);
	seg->n = 0;
	for (int b = 0; b < dim && seg->n < len; b++)
		if (span_add(&both, INT64_C(1) << b))
			push(seg, INT64_C(1) << b);
	if (seg->n >= len)
		return;
	struct vecs A, B;
	difference(bs, bd, &A);
	difference(bd, bs, &B);
	if (A.n > B.n) {
		struct vecs t = A;
		A = B;
		B = t;
	}
	int lbc = len - A.n - seg->n;
	if (lbc < 0)
		lbc = 0;
	if (lbc > A.n)
		lbc = A.n;
	for (int i = lbc; i < A.n; i++)
		push(seg, A.v[i] ^ B.v[i]);
	for (int i = 0; i < lbc; i++)
		push(seg, A.v[i]);
	for (int i = 0; i < lbc; i++)
		push(seg, B.v[i]);
	if (seg->n > len)
		seg->n = len;
}

/* Step 1: the vector bases; *fills: 1 src, 0 dst, -1 neither chose. */
static int vector_bases(const struct vecs *rs, const struct vecs *rd, const struct vecs *ws,
			const struct vecs *wd, int bits, struct vecs *vb, int *fills)
{
	*fills = -1;
	if (intersect(rs, rd, vb))
		return -1;
	int maxv = acc_log2i(128 / bits);
	if (vb->n > maxv)
		vb->n = maxv;
	if ((INT64_C(1) << vb->n) * bits >= 32)
		return 0;
	int per = acc_log2i(32 / bits);
	struct vecs wsn = { 0 }, wdn = { 0 }, rsr = { 0 }, rdr = { 0 }, a, b, c;
	for (int i = 0; i < ws->n; i++)
		if (ws->v[i])
			push(&wsn, ws->v[i]);
	for (int i = 0; i < wd->n; i++)
		if (wd->v[i])
			push(&wdn, wd->v[i]);
	for (int i = 0; i < rs->n; i++)
		if (!has(vb, rs->v[i]))
			push(&rsr, rs->v[i]);
	for (int i = 0; i < rd->n; i++)
		if (!has(vb, rd->v[i]))
			push(&rdr, rd->v[i]);
	if (intersect(&rsr, &wdn, &a) || intersect(&rdr, &wsn, &b))
		return -1;
	const struct vecs *largest;
	if (a.n == b.n && a.n > 0) {
		int64_t ma = a.v[0], mb = b.v[0];
		for (int i = 1; i < a.n; i++)
			ma = a.v[i] < ma ? a.v[i] : ma;
		for (int i = 1; i < b.n; i++)
			mb = b.v[i] < mb ? b.v[i] : mb;
		*fills = ma < mb;
	} else {
		*fills = a.n > b.n;
	}
	largest = *fills ? &a : &b;
	for (int i = 0; i < largest->n; i++)
		push(vb, largest->v[i]);
	if (vb->n < per) {
		if (intersect(&wsn, &wdn, &c))
			return -1;
		for (int i = 0; i < c.n; i++)
			push(vb, c.v[i]);
	}
	for (int i = 0; vb->n < per && (i < wsn.n || i < wdn.n); i++) {
		if (i < wsn.n && !has(vb, wsn.v[i]))
			push(vb, wsn.v[i]);
		if (vb->n < per && i < wdn.n && !has(vb, wdn.v[i]))
			push(vb, wdn.v[i]);
	}
	if (vb->n > per)
		vb->n = per;
	return 0;
}

/* The lanes one wavefront serves together, as bases of side A's lane
 * vectors, appended to tile.  All lanes but the phase bits: log2 phases =
 * log2 words + log2 lanes - log2 banks (one on NVIDIA per doubling of the
 * vector; two on gfx942 for 64-bit words).  On an AMD wave a 128-bit
 * write (ds_write_b128) serves eight consecutive lanes, and a 128-bit read
 * (ds_read_b128) the lanes of its phase 0, which are not consecutive:
 * span(l0, l1, l2^l4) on gfx942, span(l0, l1, l2^l3, l2^l4) on gfx950;
 * the other phases are its cosets. */
static void lane_tile(const struct acc *A, const struct vecs *lane, int lv, bool load,
		      struct vecs *tile)
{
	int n = lane->n;
	bool wide = A->target != ACC_NVIDIA && lv == 2;
	if (wide && load && n >= 5) {
		const int64_t *l = lane->v;
		push(tile, l[0]);
		push(tile, l[1]);
		if (A->banks == 64)
			push(tile, l[2] ^ l[3]);
		push(tile, l[2] ^ l[4]);
		return;
	}
	/* n lanes less log2 phases: the banks' worth of lanes for lv words */
	int keep = wide ? 3 : acc_log2i(A->banks) - lv;
	for (int i = 0; i < keep && i < n; i++)
		push(tile, lane->v[i]);
}

/* A side's CTAs: the block axis, read as the outermost warp group (its
 * bases the last of warp), moved out of warp into blk (the nonzero ones,
 * when blk); false when the block axis is not the outermost group. */
static bool cta_bases(const struct acc *A, struct vecs *warp, struct vecs *blk)
{
	if (blk)
		blk->n = 0;
	for (int k = 0; k < A->ngrp; k++) {
		if (strcmp(A->thr->axes[A->grp_axes[k]].name, "block") != 0)
			continue;
		int kb = acc_log2i(A->ext[A->grp_axes[k]]);
		if (k != A->ngrp - 1 || kb > warp->n)
			return false;
		for (int i = warp->n - kb; blk && i < warp->n; i++)
			if (warp->v[i] && !has(blk, warp->v[i]))
				push(blk, warp->v[i]);
		warp->n -= kb;
	}
	return true;
}

int cvt_scratch_swizzle(const struct acc *S, const struct acc *T, const struct lay_def *d, int bits,
			int64_t *eoff, int64_t *bases, int *nbases, int *nreps, int *nblk)
{
	*nreps = *nblk = 0;
	for (int k = 0; k < d->rank; k++)
		if (!acc_is_pow2(d->shape[k]))
			return 0;
	int dim = acc_log2i(d->size);
	if (dim > 30)
		return 0;
	struct vecs rs, ls, ws, rd, ld, wd, vb;
	struct vecs blk; /* Triton's optimalSwizzling: the source's block bases */
	if (!side_bases(S, d, &rs, &ls, &ws) || !side_bases(T, d, &rd, &ld, &wd) ||
	    !cta_bases(S, &ws, &blk) || !cta_bases(T, &wd, NULL))
		return 0;
	int fills;
	if (vector_bases(&rs, &rd, &ws, &wd, bits, &vb, &fills))
		return 0;
	int lv = acc_log2i((INT64_C(1) << vb.n) * bits / 32 > 1 ? (INT64_C(1) << vb.n) * bits / 32
								: 1);
	struct vecs bs = vb, bd = vb;
	lane_tile(S, &ls, lv, false, &bs);
	lane_tile(T, &ld, lv, true, &bd);
	/* one row of banks: banks x 32 bits */
	int lenb = acc_log2i(S->banks * 32 / ((INT64_C(1) << vb.n) * bits));
	if (lenb > dim - vb.n - blk.n)
		lenb = dim - vb.n - blk.n;
	int lens = dim - lenb - vb.n - blk.n;
	struct vecs sb, un = vb, bb;
	for (int i = 0; i < blk.n; i++)
		push(&bs, blk.v[i]), push(&bd, blk.v[i]);
	segment(&bs, &bd, dim, lens, &sb);
	for (int i = 0; i < sb.n + blk.n; i++)
		push(&un, i < sb.n ? sb.v[i] : blk.v[i - sb.n]);
	complement(&un, dim, &bb);
	if (vb.n + bb.n + sb.n + blk.n != dim)
		return 0;
	/* bank bases a side holds in registers first, when the vector is
	 * under two words */
	if (lv < 2) {
		struct vecs ins = { 0 }, ind = { 0 }, ord = { 0 };
		for (int i = 0; i < bb.n; i++) {
			if (has(&rs, bb.v[i]))
				push(&ins, i);
			if (has(&rd, bb.v[i]))
				push(&ind, i);
		}
		const struct vecs *o = fills == 1      ? &ins
				       : fills == 0    ? &ind
				       : ins.n > ind.n ? &ins
						       : &ind;
		ord = *o;
		for (int i = 0; i < bb.n; i++)
			if (!has(&ord, i))
				push(&ord, i);
		struct vecs nb = { 0 };
		for (int i = 0; i < ord.n; i++)
			push(&nb, bb.v[ord.v[i]]);
		bb = nb;
	}
	/* offset bits: vector, bank, segment, then repetitions */
	int n = 0;
	for (int i = 0; i < vb.n; i++)
		bases[n++] = vb.v[i];
	for (int i = 0; i < bb.n; i++)
		bases[n++] = bb.v[i];
	for (int i = 0; i < sb.n; i++)
		if (!(has(&rs, sb.v[i]) && has(&rd, sb.v[i])))
			bases[n++] = sb.v[i];
	for (int i = 0; i < blk.n; i++, ++*nblk) /* each CTA's own scratch */
		bases[n++] = blk.v[i];
	for (int i = 0; i < sb.n; i++)
		if (has(&rs, sb.v[i]) && has(&rd, sb.v[i])) {
			bases[n++] = sb.v[i];
			++*nreps; /* Triton's buildReps: a repetition, not scratch */
		}
	*nbases = n;
	/* element indices are XOR-linear in the flattened index (power-of-two
	 * dimensions): walk the offsets adding one basis at a time */
	for (int i = 0; i < n; i++)
		bases[i] = elem_of(d, bases[i]);
	for (int64_t e = 0; e < d->size; e++)
		eoff[e] = -1;
	int64_t *at = lay_ctx_malloc(d->ctx, sizeof *at * (size_t)d->size); /* offset -> element */
	if (!at)
		return -1;
	at[0] = 0;
	eoff[0] = 0;
	for (int64_t o = 1; o < d->size; o++) {
		int64_t e = at[o] = at[o & (o - 1)] ^ bases[__builtin_ctzll((unsigned long long)o)];
		if (eoff[e] >= 0) {
			lay_ctx_free(at);
			return 0; /* dependent bases: no bijection */
		}
		eoff[e] = o;
	}
	lay_ctx_free(at);
	return 1;
}
