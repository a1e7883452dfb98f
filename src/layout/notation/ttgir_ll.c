/*
 * ttgir_ll.c - Triton's encodings -> linear layouts for a tensor shape, the
 * way Triton's toLinearLayout builds them (LinearLayoutConversions.cpp):
 * small 1-D identities and zeros multiplied together, wrapped to the shape
 * (extra register or offset bases when the tensor is larger than the tile,
 * zeroed lane/warp bases - broadcast - when it is smaller), then the CTAs of
 * the CGA layout on top.
 *
 * The algebra itself is in ttgir_tll.c.
 */
#include <stdio.h>
#include <string.h>

#include "notation/ttgir.h"

/* ------------------------------------------------------------------ */
/* Families                                                            */

static int fail(struct tt_fail *f, const struct tt_enc *e, const char *msg)
{
	f->at = e;
	snprintf(f->msg, sizeof f->msg, "%s", msg);
	return -1;
}

/* CTASplitNum per dim from the CGA bases (each non-zero basis doubles the
 * dim of its first non-zero component) and the per-CTA shape. */
static void shape_per_cta(const struct tt_enc *e, const int64_t *shape, int rank, int64_t *spc)
{
	int64_t split[TT_MAXR];
	for (int d = 0; d < rank; d++)
		split[d] = 1;
	int i = tll_in_index(&e->cga, TT_BLOCK);
	for (int j = 0; i >= 0 && j < e->cga.nb[i]; j++)
		for (int o = 0; o < e->cga.nout; o++)
			if (e->cga.b[i][j][o]) {
				split[e->cga.out[o]] *= 2;
				break;
			}
	for (int d = 0; d < rank; d++)
		spc[d] = shape[d] / (shape[d] < split[d] ? shape[d] : split[d]);
}

/* The dot operand's CGA: the parent's with the K component zeroed. */
static void dot_cga(const struct tt_enc *dot, const struct tt_enc *parent, int rank,
		    struct tll *cga)
{
	*cga = parent->cga;
	int kdim = dot->opidx == 0 ? rank - 1 : rank - 2;
	int o = tll_out_index(cga, kdim);
	int i = tll_in_index(cga, TT_BLOCK);
	if (o < 0 || i < 0)
		return;
	for (int j = 0; j < cga->nb[i]; j++)
		cga->b[i][j][o] = 0;
	cga->osz[o] = 1;
}

static void blocked_ll(const struct tt_enc *e, const int64_t *shape, int rank, struct tll *r)
{
	struct tll t;
	tll_identity_nd(r, TT_REG, e->spt, e->order, rank);
	tll_identity_nd(&t, TT_LANE, e->tpw, e->order, rank);
	tll_mul_eq(r, &t);
	tll_identity_nd(&t, TT_WARP, e->wpc, e->order, rank);
	tll_mul_eq(r, &t);
	tll_combine(r, &e->cga, shape, rank);
}

/* nvidiaMmaTile: kWidth registers and 4 lanes along the inner dim, 8 lanes
 * along the outer, then register repeats (outer, then inner). */
static void mma_tile(struct tll *r, const unsigned *tile, int rank, unsigned kwidth,
		     const unsigned *order, const unsigned *rep_order)
{
	unsigned ones[TT_MAXR];
	struct tll f;
	for (int d = 0; d < rank; d++)
		ones[d] = 1;
	tll_identity_nd(r, TT_REG, ones, rep_order, rank);
	int inner = (int)order[0], outer = (int)order[1];
	int64_t m = tile[outer], n = tile[inner];
	tll_identity1d(&f, kwidth, TT_REG, inner);
	tll_mul_eq(r, &f);
	tll_identity1d(&f, 4, TT_LANE, inner);
	tll_mul_eq(r, &f);
	tll_identity1d(&f, 8, TT_LANE, outer);
	tll_mul_eq(r, &f);
	tll_identity1d(&f, m / 8, TT_REG, outer);
	tll_mul_eq(r, &f);
	tll_identity1d(&f, n / (kwidth * 4), TT_REG, inner);
	tll_mul_eq(r, &f);
}

static int nvidia_mma_ll(const struct tt_enc *e, const int64_t *shape, int rank, struct tll *r,
			 struct tt_fail *f)
{
	unsigned tile[TT_MAXR] = { 0 }, order[TT_MAXR] = { 0 }, worder[TT_MAXR] = { 0 };
	struct tll w;
	bool hopper = e->version == 3;
	if (e->version != 2 && e->version != 3)
		return fail(f, e,
			    "nvidia_mma has a linear layout for versionMajor 2 (Ampere) and 3 "
			    "(Hopper) only");
	if (rank < 2)
		return fail(f, e, "nvidia_mma needs rank >= 2");
	if (hopper) {
		/* Triton takes [M, N] of instrShape as a rank-2 tile */
		if (e->ninstr < 2 || rank != 2)
			return fail(f, e, "nvidia_mma v3 needs rank 2 and instrShape = [M, N, K]");
		tile[0] = e->instr[0];
		tile[1] = e->instr[1];
	} else {
		if (e->ninstr != rank)
			return fail(f, e,
				    "nvidia_mma v2 needs instrShape with one entry per dim "
				    "([16, 8], or [1, 16, 8] in 3-D)");
		for (int d = 0; d < rank; d++)
			tile[d] = e->instr[d];
	}
	tll_matrix_order(order, rank, true);
	if (tile[order[1]] % 8 != 0 || tile[order[1]] == 0 || tile[order[0]] % 8 != 0 ||
	    tile[order[0]] == 0)
		return fail(f, e, "nvidia_mma instrShape must be multiples of 8 (M % 8, N % 8)");
	mma_tile(r, tile, rank, 2, order, order);
	tll_matrix_order(worder, rank, !hopper);
	tll_identity_nd(&w, TT_WARP, e->wpc, worder, rank);
	tll_transpose(&w, r->out);
	tll_mul_eq(r, &w);
	tll_combine(r, &e->cga, shape, rank);
	return 0;
}

static int nvidia_dot_ll(const struct tt_enc *e, const struct tt_enc *mma, const int64_t *shape,
			 int rank, struct tll *r, struct tt_fail *f)
{
	unsigned tile[TT_MAXR] = { 0 }, order[TT_MAXR] = { 0 }, worder[TT_MAXR] = { 0 };
	struct tll w, cga;
	bool is_a = e->opidx == 0, hopper = mma->version == 3;
	if (mma->version != 2 && mma->version != 3)
		return fail(f, mma,
			    "nvidia_mma has a linear layout for versionMajor 2 (Ampere) and 3 "
			    "(Hopper) only");
	for (int d = 0; d < rank; d++)
		tile[d] = 1;
	if (is_a) {
		tile[rank - 2] = 16;
		tile[rank - 1] = e->kwidth * 8;
	} else {
		tile[rank - 2] = e->kwidth * 8;
		tile[rank - 1] = 8;
	}
	tll_dot_order(order, e->opidx, rank);
	mma_tile(r, tile, rank, e->kwidth, order, order);
	int kdim = is_a ? rank - 1 : rank - 2;
	tll_matrix_order(worder, rank, !hopper);
	tll_dot_broadcast(&w, mma->wpc, worder, rank, kdim, TT_WARP);
	tll_transpose(&w, r->out);
	tll_mul_eq(r, &w);
	dot_cga(e, mma, rank, &cga);
	tll_combine(r, &cga, shape, rank);
	return 0;
}

static void fma_dot_ll(const struct tt_enc *e, const struct tt_enc *bl, const int64_t *shape,
		       int rank, struct tll *r)
{
	unsigned size[TT_MAXR];
	struct tll lanes, warps, cga;
	int kdim = e->opidx == 0 ? rank - 1 : rank - 2;
	memcpy(size, bl->spt, sizeof size);
	size[kdim] = (unsigned)shape[kdim];
	tll_identity_nd(r, TT_REG, size, bl->order, rank);
	tll_dot_broadcast(&lanes, bl->tpw, bl->order, rank, kdim, TT_LANE);
	tll_dot_broadcast(&warps, bl->wpc, bl->order, rank, kdim, TT_WARP);
	tll_transpose_by(r, bl->order);
	tll_transpose_by(&lanes, bl->order);
	tll_transpose_by(&warps, bl->order);
	tll_mul_eq(r, &lanes);
	tll_mul_eq(r, &warps);
	dot_cga(e, bl, rank, &cga);
	tll_combine(r, &cga, shape, rank);
}

static int mfma_ll(const struct tt_enc *e, const int64_t *shape, int rank, struct tll *r,
		   struct tt_fail *f)
{
	unsigned order[TT_MAXR] = { 0 };
	struct tll t, g;
	if (rank != 2 && rank != 3)
		return fail(f, e, "amd_mfma has rank 2 or 3");
	bool batch = rank == 3;
	int mi = batch ? 1 : 0, ni = batch ? 2 : 1;
	tll_matrix_order(order, rank, true);
	int dm = (int)order[1], dn = (int)order[0];
	int64_t m = e->instr[0], n = e->instr[1];
	int height = e->ebw == 64 ? 1 : 4;
	const int warp = 64;
	int64_t tiles = m * n / (warp * height);
	if (!e->transposed) {
		tll_identity1d(r, height, TT_REG, dm);
		tll_identity1d(&t, n, TT_LANE, dn);
		tll_identity1d(&g, warp / n, TT_LANE, dm);
		tll_mul_eq(&t, &g);
		tll_mul_eq(r, &t);
		if (tiles > 0) {
			tll_identity1d(&g, tiles, TT_REG, dm);
			tll_mul_eq(r, &g);
		}
	} else {
		tll_identity1d(r, height, TT_REG, dn);
		tll_identity1d(&t, m, TT_LANE, dm);
		tll_identity1d(&g, warp / m, TT_LANE, dn);
		tll_mul_eq(&t, &g);
		tll_mul_eq(r, &t);
		if (tiles > 0) {
			tll_identity1d(&g, tiles, TT_REG, dn);
			tll_mul_eq(r, &g);
		}
	}
	int nm[2] = { dn, dm };
	if (r->nout == 2)
		tll_transpose(r, nm);
	else
		r->bad = true;
	unsigned tm = e->tiles[mi], tn = e->tiles[ni], wm = e->wpc[mi], wn = e->wpc[ni];
	tll_identity1d(&g, tn, TT_REG, dn);
	tll_mul_eq(r, &g);
	tll_identity1d(&g, wn, TT_WARP, dn);
	tll_mul_eq(r, &g);
	tll_identity1d(&g, shape[ni] / (n * wn * tn), TT_REG, dn);
	tll_mul_eq(r, &g);
	tll_identity1d(&g, tm, TT_REG, dm);
	tll_mul_eq(r, &g);
	tll_identity1d(&g, wm, TT_WARP, dm);
	tll_mul_eq(r, &g);
	if (batch) {
		tll_identity1d(&g, 1, TT_REG, (int)order[2]);
		tll_mul_eq(r, &g);
		tll_identity1d(&g, 1, TT_LANE, (int)order[2]);
		tll_mul_eq(r, &g);
		tll_identity1d(&g, e->wpc[0], TT_WARP, (int)order[2]);
		tll_mul_eq(r, &g);
	}
	tll_combine(r, &e->cga, shape, rank);
	return 0;
}

static int mfma_dot_ll(const struct tt_enc *e, const struct tt_enc *p, const int64_t *shape,
		       int rank, struct tll *r, struct tt_fail *f)
{
	unsigned order[TT_MAXR] = { 0 }, worder[TT_MAXR] = { 0 };
	struct tll t, g, w;
	if (rank != 2 && rank != 3)
		return fail(f, e, "a dot operand of amd_mfma has rank 2 or 3");
	bool batch = rank == 3;
	int64_t kw = e->kwidth;
	int nonk_i = e->opidx == 0 ? rank - 2 : rank - 1;
	int k_i = e->opidx == 0 ? rank - 1 : rank - 2;
	int64_t m = p->instr[0], n = p->instr[1];
	int64_t nonk = e->opidx == 0 ? m : n;
	const int warp = 64;
	int64_t ksize = shape[k_i];
	tll_dot_order(order, e->opidx, rank);
	int dk = (int)order[0], dnk = (int)order[1];
	tll_matrix_order(worder, rank, true);
	tll_identity1d(r, kw, TT_REG, dk);
	tll_identity1d(&t, nonk, TT_LANE, dnk);
	tll_identity1d(&g, warp / nonk, TT_LANE, dk);
	tll_mul_eq(&t, &g);
	tll_mul_eq(r, &t);
	int64_t ktile = warp / nonk * kw;
	if ((m == 64 && n == 4 && e->opidx == 0) || (m == 4 && n == 64 && e->opidx == 1)) {
		tll_identity1d(&g, 16, TT_REG, dk);
		tll_mul_eq(r, &g);
		ktile *= 16;
	}
	if (ksize > ktile) {
		tll_identity1d(&g, ksize / ktile, TT_REG, dk);
		tll_mul_eq(r, &g);
	}
	tll_identity1d(&g, p->tiles[nonk_i], TT_REG, dnk);
	tll_mul_eq(r, &g);
	int kn[2] = { dk, dnk };
	if (r->nout == 2)
		tll_transpose(r, kn);
	else
		r->bad = true;
	if (batch) {
		tll_identity1d(&g, 1, TT_REG, (int)order[2]);
		tll_mul_eq(r, &g);
		tll_identity1d(&g, 1, TT_LANE, (int)order[2]);
		tll_mul_eq(r, &g);
	}
	tll_identity_nd(&w, TT_WARP, p->wpc, worder, rank);
	tll_mul_eq(r, &w);
	tll_combine(r, &p->cga, shape, rank);
	tll_transpose_std(r);
	return 0;
}

/* The 16x16 WMMA tile in (threadOrder[0], threadOrder[1]) coordinates. */
static void wmma_tile(const struct tt_enc *e, int rank, struct tll *t)
{
	unsigned to[TT_MAXR] = { 0 };
	struct tll g;
	tll_matrix_order(to, rank, !e->transposed);
	tll_empty(t);
	t->nin = 2;
	t->in[0] = TT_REG;
	t->in[1] = TT_LANE;
	t->nout = 2;
	t->out[0] = (int)to[0];
	t->out[1] = (int)to[1];
	static const int64_t v1_reg[3][2] = { { 0, 2 }, { 0, 4 }, { 0, 8 } };
	static const int64_t v1_lane[5][2] = { { 1, 0 }, { 2, 0 }, { 4, 0 }, { 8, 0 }, { 0, 1 } };
	static const int64_t v2_reg[3][2] = { { 0, 1 }, { 0, 2 }, { 0, 4 } };
	static const int64_t v2_lane[5][2] = { { 1, 0 }, { 2, 0 }, { 4, 0 }, { 8, 0 }, { 0, 8 } };
	const int64_t(*reg)[2] = e->version == 1 ? v1_reg : v2_reg;
	const int64_t(*lane)[2] = e->version == 1 ? v1_lane : v2_lane;
	t->nb[0] = 3;
	t->nb[1] = 5;
	for (int j = 0; j < 3; j++)
		for (int o = 0; o < 2; o++)
			t->b[0][j][o] = reg[j][o];
	for (int j = 0; j < 5; j++)
		for (int o = 0; o < 2; o++)
			t->b[1][j][o] = lane[j][o];
	tll_infer_sizes(t);
	if (rank == 3) {
		tll_identity1d(&g, 1, TT_REG, 0);
		tll_mul_eq(t, &g);
		tll_identity1d(&g, 1, TT_LANE, 0);
		tll_mul_eq(t, &g);
	}
	tll_transpose_std(t);
}

static int wmma_ll(const struct tt_enc *e, const int64_t *shape, int rank, struct tll *r,
		   struct tt_fail *f)
{
	unsigned rep[TT_MAXR] = { 0 };
	if (rank != 2 && rank != 3)
		return fail(f, e, "amd_wmma has rank 2 or 3");
	wmma_tile(e, rank, r);
	tll_mul_eq(r, &e->ll);
	tll_matrix_order(rep, rank, true);
	tll_transpose_by(r, rep);
	tll_combine(r, &e->cga, shape, rank);
	return 0;
}

static int wmma_dot_ll(const struct tt_enc *e, const struct tt_enc *p, const int64_t *shape,
		       int rank, struct tll *r, struct tt_fail *f)
{
	unsigned order[TT_MAXR] = { 0 };
	struct tll g, cta, cga;
	if (rank != 2 && rank != 3)
		return fail(f, e, "a dot operand of amd_wmma has rank 2 or 3");
	tll_dot_order(order, e->opidx, rank);
	int dk = (int)order[0], dnk = (int)order[1];
	int64_t kdim = p->instr[2];
	int k_i = e->opidx == 0 ? rank - 1 : rank - 2;
	int64_t ksize = shape[k_i];
	int64_t nonk = e->opidx == 0 ? p->instr[0] : p->instr[1];
	int64_t kw = e->kwidth;
	const int warp = 32;
	if (nonk == 0 || kw == 0)
		return fail(f, e, "amd_wmma dot operand: zero instrShape or kWidth");
	int64_t depth = warp / nonk;
	tll_identity1d(r, kw, TT_REG, dk);
	tll_identity1d(&g, nonk, TT_LANE, dnk);
	tll_mul_eq(r, &g);
	if (p->version == 1)
		tll_zeros1d(&g, depth, TT_LANE, dk);
	else
		tll_identity1d(&g, depth, TT_LANE, dk);
	tll_mul_eq(r, &g);
	int64_t ktile = depth * kw;
	tll_identity1d(&g, (ksize > kdim ? ksize : kdim) / ktile, TT_REG, dk);
	tll_mul_eq(r, &g);
	/* the ctaLayout with K projected away and zero registers removed */
	cta = p->ll;
	int ko = tll_out_index(&cta, dk);
	for (int i = 0; i < cta.nin; i++)
		for (int j = 0; j < cta.nb[i]; j++)
			if (ko >= 0)
				cta.b[i][j][ko] = 0;
	tll_infer_sizes(&cta);
	tll_drop_zero_regs(&cta);
	tll_mul_eq(r, &cta);
	tll_transpose_by(r, order);
	dot_cga(e, p, rank, &cga);
	tll_combine(r, &cga, shape, rank);
	return 0;
}

static int linear_ll(const struct tt_enc *e, const int64_t *shape, int rank, struct tll *r)
{
	/* repOrder = getOrder(): dims in the order register bases first move
	 * them, then [r-1, ..., 0] */
	unsigned order[TT_MAXR] = { 0 };
	int n = 0;
	bool used[TT_MAXR] = { false };
	*r = e->ll;
	int ri = tll_in_index(r, TT_REG);
	for (int j = 0; ri >= 0 && j < r->nb[ri]; j++)
		for (int o = 0; o < r->nout; o++)
			if (r->b[ri][j][o]) {
				int d = r->out[o];
				if (!used[d]) {
					used[d] = true;
					order[n++] = (unsigned)d;
				}
				break;
			}
	for (int d = rank - 1; d >= 0; d--)
		if (!used[d]) {
			used[d] = true;
			order[n++] = (unsigned)d;
		}
	tll_transpose_by(r, order);
	tll_not_smaller(r, shape);
	tll_not_larger(r, shape, false);
	tll_transpose_std(r);
	return 0;
}

static void swizzled_ll(const struct tt_enc *e, const int64_t *shape, int rank, bool rotating,
			struct tll *r)
{
	int64_t spc[TT_MAXR];
	struct tll g;
	shape_per_cta(e, shape, rank, spc);
	const int64_t *sh = rotating ? shape : spc;
	if (rank == 1) {
		tll_identity1d(r, sh[0], TT_OFFSET, 0);
		tll_combine(r, &e->cga, shape, rank);
		return;
	}
	int col = (int)e->order[0], row = (int)e->order[1];
	int64_t ncols = sh[col], nrows = sh[row];
	tll_empty(r);
	r->nin = 1;
	r->in[0] = TT_OFFSET;
	r->nb[0] = 0;
	r->nout = 2;
	r->out[0] = row;
	r->out[1] = col;
	for (int64_t c = 1; c < ncols && r->nb[0] < TT_MAXB; c *= 2) {
		r->b[0][r->nb[0]][0] = 0;
		r->b[0][r->nb[0]++][1] = c;
	}
	for (int64_t w = 1; w < nrows && r->nb[0] < TT_MAXB; w *= 2) {
		int64_t phase = (w / e->per_phase) % e->max_phase;
		if (rotating) {
			int64_t block = w / e->max_phase / e->per_phase % e->max_phase;
			phase ^= block;
		}
		r->b[0][r->nb[0]][0] = w;
		r->b[0][r->nb[0]++][1] = ((int64_t)e->vec * phase) % ncols;
	}
	tll_infer_sizes(r);
	for (int i = 2; i < rank; i++) {
		tll_identity1d(&g, sh[e->order[i]], TT_OFFSET, (int)e->order[i]);
		tll_mul_eq(r, &g);
	}
	tll_combine(r, &e->cga, shape, rank);
}

/* reshapeLayout: the out dims flattened row-major (last dim fastest) and
 * split again into `to` (rank nto); out dims become dim0..dim(nto-1). */
static void tll_reshape(struct tll *l, const int64_t *to, int nto)
{
	int64_t shift[TT_MAXR];
	int s = 0;
	for (int d = l->nout - 1; d >= 0; d--) {
		int o = tll_out_index(l, d);
		if (o < 0) {
			l->bad = true;
			return;
		}
		shift[o] = s;
		s += tll_log2(l->osz[o]);
	}
	struct tll t = *l;
	t.nout = nto;
	for (int d = 0; d < nto; d++) {
		t.out[d] = d;
		t.osz[d] = to[d];
	}
	for (int i = 0; i < l->nin; i++)
		for (int j = 0; j < l->nb[i]; j++) {
			int64_t flat = 0;
			for (int o = 0; o < l->nout; o++)
				flat |= l->b[i][j][o] << shift[o];
			for (int d = nto - 1; d >= 0; d--) {
				t.b[i][j][d] = flat % to[d];
				flat /= to[d];
			}
		}
	*l = t;
}

/* getTMABlockShape, tiled mode: the shape per CTA (spc) capped at 256 a
 * dim, its contiguous dim one swizzle wide (fp4: two elements a byte). */
static int nvmma_tma_block(const struct tt_enc *e, const int64_t *spc, int rank, int64_t *tma,
			   struct tt_fail *f)
{
	char msg[LAY_ERR_MSG];
	int contig = e->transposed ? 0 : rank - 1;
	memcpy(tma, spc, sizeof(int64_t) * TT_MAXR);
	if (e->fp4)
		tma[contig] *= 2;
	for (int d = 0; d < rank; d++)
		if (tma[d] > 256)
			tma[d] = 256;
	if (e->swizzle) {
		int64_t want = 8 * (int64_t)e->swizzle / e->ebw;
		if (tma[contig] < want) {
			snprintf(msg, sizeof msg,
				 "nvmma_shared: the contiguous dim %d has %lld elements per CTA, "
				 "fewer than 8 * swizzlingByteWidth / elementBitWidth = %lld "
				 "(Triton aborts: \"Illegal shared layout\")",
				 contig, (long long)tma[contig], (long long)want);
			return fail(f, e, msg);
		}
		tma[contig] = want;
	}
	if (e->fp4)
		tma[contig] /= 2;
	return 0;
}

/* The swizzle's core matrix, offset -> (row, col): 8 rows of
 * 8 * max(16, swizzle) / bits columns, each row's columns xor-ed by its
 * phase (fp4: the columns of packed pairs). */
static void nvmma_core_matrix(const struct tt_enc *e, struct tll *r)
{
	int vec = (int)(128 / e->ebw), per_phase = (int)(128 / e->swizzle),
	    max_phase = (int)(e->swizzle / 16);
	int64_t tile_cols = 8 * (int64_t)(e->swizzle > 16 ? e->swizzle : 16) / e->ebw;
	tll_empty(r);
	r->nin = 1;
	r->in[0] = TT_OFFSET;
	r->nb[0] = 0;
	r->nout = 2;
	r->out[0] = 0;
	r->out[1] = 1;
	for (int64_t c = 1; c < tile_cols && r->nb[0] < TT_MAXB; c *= 2) {
		r->b[0][r->nb[0]][0] = 0;
		r->b[0][r->nb[0]++][1] = e->fp4 ? c / 16 * 8 + c % 8 : c;
	}
	for (int64_t w = 1; w < 8; w *= 2) {
		int64_t c = (int64_t)vec * ((w / per_phase) % max_phase);
		r->b[0][r->nb[0]][0] = w;
		r->b[0][r->nb[0]++][1] = e->fp4 ? c / 16 * 8 + c % 8 : c;
	}
	tll_infer_sizes(r);
}

/* The transposed layout's dims put back: component k of each basis
 * becomes component order[k] with order = [rank-1, 0, 1, ...]; sizes
 * re-inferred. */
static void nvmma_untranspose(struct tll *r, int rank)
{
	struct tll t = *r;
	for (int i = 0; i < r->nin; i++)
		for (int j = 0; j < r->nb[i]; j++)
			for (int k = 0; k < rank; k++)
				t.b[i][j][k] = r->b[i][j][k == 0 ? rank - 1 : k - 1];
	tll_infer_sizes(&t);
	*r = t;
}

/* A swizzled layout within the TMA block tma: the core matrix repeated
 * over the block collapsed to 2-D (rows, the contiguous dim), reshaped
 * to the block's dims. */
static int nvmma_swizzled_ll(const struct tt_enc *e, const int64_t *tma, int rank, struct tll *r,
			     struct tt_fail *f)
{
	char msg[LAY_ERR_MSG];
	int64_t full[TT_MAXR];
	if (rank < 2)
		return fail(f, e, "a swizzled nvmma_shared layout needs rank >= 2");
	int64_t coll[2] = { 1, tma[rank - 1] };
	for (int i = 0; i + 1 < rank; i++)
		coll[0] *= tma[i];
	if (e->transposed) {
		int64_t t = coll[0];
		coll[0] = coll[1];
		coll[1] = t;
	}
	nvmma_core_matrix(e, r);
	int pack = e->fp4 ? 2 : 1;
	if (coll[1] * pack < r->osz[1] || coll[0] < r->osz[0]) {
		snprintf(msg, sizeof msg,
			 "nvmma_shared: the shape per CTA collapses to [%lld, %lld], smaller than "
			 "the %lld x %lld core matrix (Triton aborts: \"Illegal shared layout\")",
			 (long long)coll[0], (long long)coll[1], (long long)r->osz[0],
			 (long long)(r->osz[1] / pack));
		return fail(f, e, msg);
	}
	for (int d = 0; d < 2; d++)
		full[d] = coll[d];
	tll_not_smaller(r, full);
	int64_t rs[TT_MAXR];
	memcpy(rs, tma, sizeof rs);
	if (e->transposed) {
		int64_t first = rs[0];
		for (int d = 0; d + 1 < rank; d++)
			rs[d] = rs[d + 1];
		rs[rank - 1] = first;
	}
	tll_reshape(r, rs, rank);
	if (e->transposed)
		nvmma_untranspose(r, rank);
	return 0;
}

/* nvmma_shared: unswizzled, the TMA block's identity (last dim fastest);
 * swizzled, its core matrix repeated; then the shape per CTA and the CGA. */
static int nvmma_shared_ll(const struct tt_enc *e, const int64_t *shape, int rank, struct tll *r,
			   struct tt_fail *f)
{
	int64_t spc[TT_MAXR], tma[TT_MAXR];
	struct tll g;
	shape_per_cta(e, shape, rank, spc);
	if (nvmma_tma_block(e, spc, rank, tma, f))
		return -1;
	if (e->swizzle == 0) {
		tll_identity1d(r, tma[rank - 1], TT_OFFSET, rank - 1);
		for (int i = rank - 2; i >= 0; i--) {
			tll_identity1d(&g, tma[i], TT_OFFSET, i);
			tll_mul_eq(r, &g);
		}
	} else if (nvmma_swizzled_ll(e, tma, rank, r, f)) {
		return -1;
	}
	tll_not_smaller(r, spc);
	tll_combine(r, &e->cga, shape, rank);
	return 0;
}

int tt_warp_size(const struct tt_enc *e)
{
	switch (e->family) {
	case TT_AMD_MFMA:
		return 64;
	case TT_AMD_WMMA:
	case TT_NVIDIA_MMA:
		return 32;
	case TT_DOT_OP:
	case TT_SLICE:
		return e->parent ? tt_warp_size(e->parent) : 0;
	default:
		return 0;
	}
}

static int partitioned_ll(const struct tt_enc *e, const int64_t *shape, int rank, struct tll *r,
			  struct tt_fail *f);
static int slice_ll(const struct tt_enc *e, const int64_t *shape, int rank, struct tll *r,
		    struct tt_fail *f);

/* A dot operand: by its parent's family. */
static int dot_ll(const struct tt_enc *e, const int64_t *shape, int rank, struct tll *r,
		  struct tt_fail *f)
{
	const struct tt_enc *p = e->parent;
	if (p->family == TT_BLOCKED)
		fma_dot_ll(e, p, shape, rank, r);
	else if (p->family == TT_AMD_MFMA) {
		if (mfma_dot_ll(e, p, shape, rank, r, f))
			return -1;
	} else if (p->family == TT_AMD_WMMA) {
		if (wmma_dot_ll(e, p, shape, rank, r, f))
			return -1;
	} else if (p->family == TT_NVIDIA_MMA) {
		if (nvidia_dot_ll(e, p, shape, rank, r, f))
			return -1;
	} else
		return fail(f, e,
			    "dot_op needs a blocked, nvidia_mma, amd_mfma or amd_wmma parent");
	return 0;
}

int tt_to_linear(const struct tt_enc *e, const int64_t *shape, int rank, struct tll *r,
		 struct tt_fail *f)
{
	tll_empty(r);
	if (e->rank != rank) {
		char msg[128];
		snprintf(msg, sizeof msg, "the %s layout has rank %d, the tensor rank %d",
			 tt_family_name(e->family), e->rank, rank);
		return fail(f, e, msg);
	}
	switch (e->family) {
	case TT_BLOCKED:
		blocked_ll(e, shape, rank, r);
		break;
	case TT_NVIDIA_MMA:
		if (nvidia_mma_ll(e, shape, rank, r, f))
			return -1;
		break;
	case TT_AMD_MFMA:
		if (mfma_ll(e, shape, rank, r, f))
			return -1;
		break;
	case TT_AMD_WMMA:
		if (wmma_ll(e, shape, rank, r, f))
			return -1;
		break;
	case TT_LINEAR:
		linear_ll(e, shape, rank, r);
		break;
	case TT_DOT_OP:
		if (dot_ll(e, shape, rank, r, f))
			return -1;
		break;
	case TT_SLICE:
		if (slice_ll(e, shape, rank, r, f))
			return -1;
		break;
	case TT_SWIZZLED_SHARED:
		swizzled_ll(e, shape, rank, false, r);
		break;
	case TT_AMD_ROTATING_SHARED:
		swizzled_ll(e, shape, rank, true, r);
		break;
	case TT_NVMMA_SHARED:
		if (nvmma_shared_ll(e, shape, rank, r, f))
			return -1;
		break;
	case TT_PADDED_SHARED:
	case TT_SHARED_LINEAR: {
		/* the layout is the attribute's own; the tensor must fit it */
		*r = e->ll;
		for (int o = 0; o < r->nout; o++)
			if (r->osz[o] != shape[r->out[o]]) {
				char msg[200];
				snprintf(msg, sizeof msg,
					 "the %s layout covers %lld along dim%d, the tensor %lld",
					 tt_family_name(e->family), (long long)r->osz[o], r->out[o],
					 (long long)shape[r->out[o]]);
				return fail(f, e, msg);
			}
		break;
	}
	case TT_PARTITIONED_SHARED:
		if (partitioned_ll(e, shape, rank, r, f))
			return -1;
		break;
	default:
		return fail(f, e, "no linear layout for this encoding");
	}
	if (r->bad)
		return fail(f, e,
			    "the linear layout of this encoding and shape passes a limit (too many "
			    "bases, or dims whose orders contradict)");
	return 0;
}

/* A slice: the parent on the shape with a 1 inserted at dim. */
static int slice_ll(const struct tt_enc *e, const int64_t *shape, int rank, struct tll *r,
		    struct tt_fail *f)
{
	/* the parent on the shape with a 1 inserted at dim, that out dim
	 * dropped, then zero register bases dropped */
	int64_t ps[TT_MAXR];
	struct tll pl;
	int d = (int)e->dim;
	if (rank + 1 > TT_MAXR)
		return fail(f, e, "slice: rank over the limit");
	for (int i = 0, k = 0; i <= rank; i++)
		ps[i] = i == d ? 1 : shape[k++];
	if (tt_to_linear(e->parent, ps, rank + 1, &pl, f))
		return -1;
	int od = tll_out_index(&pl, d);
	struct tll t = pl;
	t.nout = 0;
	for (int o = 0; o < pl.nout; o++) {
		if (o == od)
			continue;
		int nd = pl.out[o] > d ? pl.out[o] - 1 : pl.out[o];
		t.out[t.nout] = nd;
		t.osz[t.nout] = pl.osz[o];
		for (int i = 0; i < pl.nin; i++)
			for (int j = 0; j < pl.nb[i]; j++)
				t.b[i][j][t.nout] = pl.b[i][j][o];
		t.nout++;
	}
	tll_drop_zero_regs(&t);
	tll_infer_sizes(&t);
	*r = t;
	return 0;
}

/* partitioned_shared: the inner layout on one piece, then the pieces. */
static int partitioned_ll(const struct tt_enc *e, const int64_t *shape, int rank, struct tll *r,
			  struct tt_fail *f)
{
	/* the inner layout on one piece, then the partition bits and
	 * the groups along partitionDim (partitionedSharedToLinearLayout) */
	int pd = (int)e->dim;
	int64_t pieces = (int64_t)e->partitions * e->groups;
	if (shape[pd] % pieces || shape[pd] < pieces) {
		char msg[200];
		snprintf(msg, sizeof msg,
			 "partitioned_shared: dim %d (%lld) does not split into %lld pieces", pd,
			 (long long)shape[pd], (long long)pieces);
		return fail(f, e, msg);
	}
	int64_t ps[TT_MAXR];
	memcpy(ps, shape, sizeof(int64_t) * (size_t)rank);
	ps[pd] = shape[pd] / pieces;
	struct tll g;
	if (e->parent->family == TT_PADDED_SHARED)
		*r = e->parent->ll;
	else if (tt_to_linear(e->parent, ps, rank, r, f))
		return -1;
	tll_identity1d(&g, e->partitions, TT_PARTITION, pd);
	tll_mul_eq(r, &g);
	tll_identity1d(&g, e->groups, TT_OFFSET, pd);
	tll_mul_eq(r, &g);
	return 0;
}
