/*
 * ttgir_tll.c - the linear layout algebra Triton's conversions are built
 * of (LinearLayout.cpp and the helpers of LinearLayoutConversions.cpp):
 * identities and zeros, the product, transposes, reshapes to a shape and
 * the CGA on top.  ttgir_ll.c builds each family's layout from these.
 *
 * The product A * B follows Triton exactly: in-dims and out-dims are merged
 * keeping each side's relative order, B's bases come after A's and are
 * scaled by A's size along each shared out dim.  The order of out dims
 * matters: it decides where wrap-around registers go.
 */
#include <stdio.h>
#include <string.h>

#include "notation/ttgir.h"

const char *const tt_in_names[] = { "register", "lane", "warp", "block", "offset", "partition" };

static const char *const family_names[] = {
	"blocked",
	"nvidia_mma",
	"dot_op",
	"slice",
	"linear",
	"swizzled_shared",
	"nvmma_shared",
	"padded_shared",
	"amd_mfma",
	"amd_wmma",
	"amd_rotating_shared",
	"shared_linear",
	"partitioned_shared",
};
/* One name per family, in enum order. */
_Static_assert(sizeof family_names / sizeof family_names[0] == TT_PARTITIONED_SHARED + 1,
	       "a family without a name");

const char *tt_family_name(int family)
{
	return family >= 0 && family <= TT_PARTITIONED_SHARED ? family_names[family] : "?";
}

int tll_log2(int64_t v)
{
	int k = 0;
	while (v > 1) {
		v >>= 1;
		k++;
	}
	return k;
}

static bool pow2(int64_t v)
{
	return v >= 1 && (v & (v - 1)) == 0;
}

/* llvm::NextPowerOf2: the smallest power of two strictly above v. */
static int64_t next_pow2(int64_t v)
{
	int64_t p = 1;
	while (p <= v && p < ((int64_t)1 << 62))
		p <<= 1;
	return p;
}

/* ------------------------------------------------------------------ */
/* The algebra                                                         */

void tll_empty(struct tll *l)
{
	l->nin = 0;
	l->nout = 0;
	l->bad = false;
}

int tll_in_index(const struct tll *l, int in)
{
	for (int i = 0; i < l->nin; i++)
		if (l->in[i] == in)
			return i;
	return -1;
}

int tll_out_index(const struct tll *l, int out)
{
	for (int o = 0; o < l->nout; o++)
		if (l->out[o] == out)
			return o;
	return -1;
}

/* identity1D(size, in, out): bases 1, 2, ..., size/2; size 0 is the empty
 * layout (Triton's convention), size 1 an in-dim without bases. */
void tll_identity1d(struct tll *l, int64_t size, int in, int out)
{
	tll_empty(l);
	if (size == 0)
		return;
	l->nin = 1;
	l->in[0] = in;
	l->nout = 1;
	l->out[0] = out;
	l->osz[0] = size;
	l->nb[0] = 0;
	if (!pow2(size) || tll_log2(size) > TT_MAXB) {
		l->bad = true;
		return;
	}
	for (int64_t v = 1; v < size; v <<= 1)
		l->b[0][l->nb[0]++][0] = v;
}

/* zeros1D(size, in, out): log2(size) zero bases onto an out dim of size 1. */
void tll_zeros1d(struct tll *l, int64_t size, int in, int out)
{
	tll_identity1d(l, size, in, out);
	for (int j = 0; j < l->nb[0]; j++)
		l->b[0][j][0] = 0;
	if (l->nout)
		l->osz[0] = 1;
}

/*
 * The supremum of two ordered name lists: every name once, each list's
 * relative order kept, x's names first where both orders allow.  Sets
 * *bad when the orders contradict each other.
 */
static int suprem(const int *x, int nx, const int *y, int ny, int *res, bool *bad)
{
	int n = 0, i = 0, j = 0;
	const int INF = 1 << 30;
#define IN_RES(v)                                  \
	({                                         \
		bool f_ = false;                   \
		for (int q_ = 0; q_ < n; q_++)     \
			f_ = f_ || res[q_] == (v); \
		f_;                                \
	})
	while (i < nx || j < ny) {
		while (i < nx && IN_RES(x[i]))
			i++;
		while (j < ny && IN_RES(y[j]))
			j++;
		if (i >= nx && j >= ny)
			break;
		int py = -1, px = -1;
		if (i < nx)
			for (int q = 0; q < ny; q++)
				if (y[q] == x[i])
					py = q;
		if (j < ny)
			for (int q = 0; q < nx; q++)
				if (x[q] == y[j])
					px = q;
		if (i < nx && j < ny && x[i] == y[j]) {
			if (py < j)
				*bad = true;
			res[n++] = x[i];
			i++, j++;
			continue;
		}
		int cx = (i < nx && py >= 0 && py >= j) ? py : INF;
		int cy = (j < ny && px >= 0 && px >= i) ? px : INF;
		if (i < nx && cx == INF) {
			res[n++] = x[i++];
			continue;
		}
		if (j < ny && cy == INF) {
			res[n++] = y[j++];
			continue;
		}
		if (cx <= cy) {
			if (py < j)
				*bad = true;
			res[n++] = x[i++];
		} else {
			if (px < i)
				*bad = true;
			res[n++] = y[j++];
		}
	}
#undef IN_RES
	return n;
}

void tll_mul(struct tll *r, const struct tll *a, const struct tll *b)
{
	struct tll t;
	tll_empty(&t);
	t.bad = a->bad || b->bad;
	int ina[TT_MAXIN], inb[TT_MAXIN], ins[2 * TT_MAXIN], outs[2 * TT_MAXR];
	memcpy(ina, a->in, sizeof ina);
	memcpy(inb, b->in, sizeof inb);
	t.nin = suprem(a->in, a->nin, b->in, b->nin, ins, &t.bad);
	t.nout = suprem(a->out, a->nout, b->out, b->nout, outs, &t.bad);
	if (t.nin > TT_MAXIN || t.nout > TT_MAXR) {
		t.bad = true;
		t.nin = t.nout = 0;
		*r = t;
		return;
	}
	memcpy(t.in, ins, sizeof(int) * (size_t)t.nin);
	memcpy(t.out, outs, sizeof(int) * (size_t)t.nout);
	for (int o = 0; o < t.nout; o++) {
		int oa = tll_out_index(a, t.out[o]), ob = tll_out_index(b, t.out[o]);
		int64_t s = (oa >= 0 ? a->osz[oa] : 1) * (ob >= 0 ? b->osz[ob] : 1);
		t.osz[o] = s;
	}
	for (int i = 0; i < t.nin; i++) {
		int ia = tll_in_index(a, t.in[i]), ib = tll_in_index(b, t.in[i]);
		int na = ia >= 0 ? a->nb[ia] : 0, nbb = ib >= 0 ? b->nb[ib] : 0;
		if (na + nbb > TT_MAXB) {
			t.bad = true;
			nbb = TT_MAXB - na;
		}
		t.nb[i] = na + nbb;
		for (int j = 0; j < t.nb[i]; j++)
			for (int o = 0; o < t.nout; o++)
				t.b[i][j][o] = 0;
		for (int o = 0; o < t.nout; o++) {
			int oa = tll_out_index(a, t.out[o]), ob = tll_out_index(b, t.out[o]);
			if (ia >= 0 && oa >= 0)
				for (int j = 0; j < na; j++)
					t.b[i][j][o] = a->b[ia][j][oa];
			if (ib >= 0 && ob >= 0) {
				int shift = oa >= 0 ? tll_log2(a->osz[oa]) : 0;
				for (int j = 0; j < nbb; j++)
					t.b[i][na + j][o] = b->b[ib][j][ob] << shift;
			}
		}
	}
	*r = t;
}

void tll_mul_eq(struct tll *a, const struct tll *b)
{
	tll_mul(a, a, b);
}

/* The surjective constructor's out sizes: the next power of two above the
 * largest component along each out dim. */
void tll_infer_sizes(struct tll *l)
{
	for (int o = 0; o < l->nout; o++) {
		int64_t s = 1;
		for (int i = 0; i < l->nin; i++)
			for (int j = 0; j < l->nb[i]; j++) {
				int64_t p = next_pow2(l->b[i][j][o]);
				if (p > s)
					s = p;
			}
		l->osz[o] = s;
	}
}

/* transposeOuts: the same map with the out dims listed in `order`. */
void tll_transpose(struct tll *l, const int *order)
{
	struct tll t = *l;
	int perm[TT_MAXR];
	for (int o = 0; o < l->nout; o++) {
		perm[o] = tll_out_index(l, order[o]);
		if (perm[o] < 0) {
			l->bad = true;
			return;
		}
	}
	for (int o = 0; o < l->nout; o++) {
		t.out[o] = order[o];
		t.osz[o] = l->osz[perm[o]];
		for (int i = 0; i < l->nin; i++)
			for (int j = 0; j < l->nb[i]; j++)
				t.b[i][j][o] = l->b[i][j][perm[o]];
	}
	*l = t;
}

void tll_transpose_std(struct tll *l)
{
	int order[TT_MAXR] = { 0 };
	for (int o = 0; o < l->nout; o++)
		order[o] = o;
	tll_transpose(l, order);
}

/* Out dims listed in `order` (dims by index), e.g. a repOrder. */
void tll_transpose_by(struct tll *l, const unsigned *order)
{
	int o2[TT_MAXR];
	for (int o = 0; o < l->nout; o++)
		o2[o] = (int)order[o];
	tll_transpose(l, o2);
}

/*
 * ensureLayoutNotSmallerThan: for each out dim in the layout's own order,
 * more bases of the first in-dim (register or offset) until the out size
 * reaches shape[dim].  shape is indexed by dim.
 */
void tll_not_smaller(struct tll *l, const int64_t *shape)
{
	if (l->nin == 0) {
		l->bad = true;
		return;
	}
	struct tll r = *l, f;
	int kin = l->in[0];
	for (int o = 0; o < l->nout; o++) {
		int64_t want = shape[l->out[o]], have = l->osz[o];
		tll_identity1d(&f, want / have, kin, l->out[o]);
		tll_mul_eq(&r, &f);
	}
	*l = r;
}

/*
 * ensureLayoutNotLargerThan: out sizes clamped to shape[dim]; components at
 * or past the new size become 0 (broadcast).  Without broadcast_regs a
 * register basis that only now became 0 is dropped instead.
 */
void tll_not_larger(struct tll *l, const int64_t *shape, bool broadcast_regs)
{
	for (int o = 0; o < l->nout; o++)
		if (shape[l->out[o]] < l->osz[o])
			l->osz[o] = shape[l->out[o]];
	for (int i = 0; i < l->nin; i++) {
		bool drop = !broadcast_regs && l->in[i] == TT_REG;
		int n = 0;
		for (int j = 0; j < l->nb[i]; j++) {
			bool was_zero = true, is_zero = true;
			int64_t v[TT_MAXR];
			for (int o = 0; o < l->nout; o++) {
				v[o] = l->b[i][j][o];
				was_zero = was_zero && v[o] == 0;
				if (v[o] >= l->osz[o])
					v[o] = 0;
				is_zero = is_zero && v[o] == 0;
			}
			if (drop && !was_zero && is_zero)
				continue;
			memcpy(l->b[i][n++], v, sizeof(int64_t) * (size_t)l->nout);
		}
		l->nb[i] = n;
	}
}

/* The CGA layout of a multi-CTA encoding on top of the per-CTA layout. */
void tll_combine(struct tll *cta, const struct tll *cga_attr, const int64_t *shape, int rank)
{
	struct tll cga = *cga_attr, r;
	int64_t cta_shape[TT_MAXR];
	if (cta->nout != rank || cga.nout != rank) {
		cta->bad = true;
		return;
	}
	tll_not_larger(&cga, shape, true);
	int order[TT_MAXR];
	memcpy(order, cta->out, sizeof order);
	tll_transpose(&cga, order);
	for (int d = 0; d < rank; d++) {
		int o = tll_out_index(&cga, d);
		int64_t s = o >= 0 ? shape[d] / cga.osz[o] : shape[d];
		cta_shape[d] = s > 1 ? s : 1;
	}
	tll_not_smaller(cta, cta_shape);
	tll_not_larger(cta, cta_shape, true);
	tll_mul(&r, cta, &cga);
	tll_transpose_std(&r);
	for (int o = 0; o < r.nout; o++)
		if (r.osz[o] != shape[r.out[o]])
			r.bad = true;
	*cta = r;
}

/* identityStandardND(in, shape, order): dims taken in `order`. */
void tll_identity_nd(struct tll *l, int in, const unsigned *shape, const unsigned *order, int rank)
{
	struct tll f;
	tll_empty(l);
	for (int i = 0; i < rank; i++) {
		tll_identity1d(&f, shape[order[i]], in, (int)order[i]);
		tll_mul_eq(l, &f);
	}
}

/* broadcastedDotOperandLayout: identity along every dim but K, zeros along
 * K (lanes or warps that differ only along K hold the same operand data). */
void tll_dot_broadcast(struct tll *l, const unsigned *shape, const unsigned *order, int rank,
		       int kdim, int in)
{
	struct tll f;
	tll_empty(l);
	for (int i = 0; i < rank; i++) {
		int d = (int)order[i];
		if (d == kdim)
			tll_zeros1d(&f, shape[d], in, d);
		else
			tll_identity1d(&f, shape[d], in, d);
		tll_mul_eq(l, &f);
	}
}

/* getMatrixOrder(rank, rowMajor): [r-1, ..., 0], first two swapped if not
 * row-major. */
void tll_matrix_order(unsigned *order, int rank, bool row_major)
{
	for (int i = 0; i < rank; i++)
		order[i] = (unsigned)(rank - 1 - i);
	if (!row_major && rank >= 2) {
		unsigned t = order[0];
		order[0] = order[1];
		order[1] = t;
	}
}

void tll_dot_order(unsigned *order, unsigned opidx, int rank)
{
	/* getOrderForDotOperand(opIdx, rank, kContig = true) */
	tll_matrix_order(order, rank, (opidx == 1) != true);
}

/* After removing zero bases, every basis of in-dim `in` is a distinct
 * single power of two along one dim: a permutation matrix. */
bool tll_is_permutation(const struct tll *l, int in)
{
	int i = tll_in_index(l, in);
	if (i < 0)
		return true;
	int64_t seen[TT_MAXB * TT_MAXR];
	int nseen = 0;
	for (int j = 0; j < l->nb[i]; j++) {
		int nz = 0;
		int64_t key = 0;
		for (int o = 0; o < l->nout; o++)
			if (l->b[i][j][o]) {
				if (!pow2(l->b[i][j][o]))
					return false;
				nz++;
				key = (int64_t)o << 56 | l->b[i][j][o];
			}
		if (nz == 0)
			continue;
		if (nz > 1)
			return false;
		for (int k = 0; k < nseen; k++)
			if (seen[k] == key)
				return false;
		seen[nseen++] = key;
	}
	return true;
}

void tll_drop_zero_regs(struct tll *l)
{
	int ri = tll_in_index(l, TT_REG);
	if (ri < 0)
		return;
	int n = 0;
	for (int j = 0; j < l->nb[ri]; j++) {
		bool z = true;
		for (int o = 0; o < l->nout; o++)
			z = z && l->b[ri][j][o] == 0;
		if (!z)
			memcpy(l->b[ri][n++], l->b[ri][j], sizeof l->b[ri][j]);
	}
	l->nb[ri] = n;
}
