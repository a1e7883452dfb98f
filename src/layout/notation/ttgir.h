/*
 * ttgir.h - internal to the engine: Triton's layout encodings as parsed from
 * TTGIR text (ttgir_parse.c), and their conversion to linear layouts for a
 * tensor shape (ttgir_ll.c).  Not installed.
 */
#ifndef LAYOUTD_TTGIR_H
#define LAYOUTD_TTGIR_H

#include "layout.h"

#define TT_MAXR	  8  /* tensor rank: Triton tensors have at most 5 dims */
#define TT_MAXB	  48 /* bases per in-dim: 2^48 elements is past every limit */
#define TT_MAXIN  5
#define TT_MAXPAD 16 /* padded_shared interval:padding pairs */

/* In-dim names of Triton's linear layouts. */
enum tt_in { TT_REG, TT_LANE, TT_WARP, TT_BLOCK, TT_OFFSET, TT_PARTITION };
extern const char *const tt_in_names[];

/*
 * A linear layout as Triton's LinearLayout holds it: ordered in-dims, each
 * with bases; ordered out dims (standard names dim<k>, k in out[]), each
 * with a power-of-two size.  b[i][j][o] is component o (out position) of
 * basis j of in-dim i.  `bad` is sticky: a limit was passed or an operation
 * had no defined result; the caller reports it.
 */
struct tll {
	int nin;
	int in[TT_MAXIN];
	int nb[TT_MAXIN];
	int64_t b[TT_MAXIN][TT_MAXB][TT_MAXR];
	int nout;
	int out[TT_MAXR];
	int64_t osz[TT_MAXR];
	bool bad;
};

enum tt_family {
	TT_BLOCKED,
	TT_NVIDIA_MMA,
	TT_DOT_OP,
	TT_SLICE,
	TT_LINEAR,
	TT_SWIZZLED_SHARED,
	TT_NVMMA_SHARED,
	TT_PADDED_SHARED,
	TT_AMD_MFMA,
	TT_AMD_WMMA,
	TT_AMD_ROTATING_SHARED,
	TT_SHARED_LINEAR,
	TT_PARTITIONED_SHARED,
};

/* A parsed encoding.  Fields are those of its family; `pos` is the byte
 * offset of the attribute in the text, for located errors. */
struct tt_enc {
	int family;
	long pos;
	int rank;
	bool shared; /* in-dims offset/block rather than register/lane/warp/block */
	unsigned spt[TT_MAXR], tpw[TT_MAXR], wpc[TT_MAXR], order[TT_MAXR];
	struct tll cga; /* in-dim block -> dim0.., sizes inferred */
	unsigned version, version_minor;
	unsigned instr[3];
	int ninstr;
	unsigned tiles[TT_MAXR]; /* amd_mfma tilesPerWarp */
	unsigned ebw;		 /* elementBitWidth (amd_mfma, nvmma_shared) */
	bool transposed;	 /* isTransposed / isTranspose / transposed */
	bool fp4;
	unsigned opidx, kwidth, dim; /* dim: slice dim, partitionDim */
	unsigned partitions, groups;
	struct tt_enc *parent;
	struct tll ll; /* linear, amd_wmma ctaLayout, padded/shared_linear component */
	unsigned vec, per_phase, max_phase, swizzle;
	int npad;
	unsigned intervals[TT_MAXPAD], paddings[TT_MAXPAD];
};

/* Failure of a conversion: message for the caller to locate at e->pos. */
struct tt_fail {
	const struct tt_enc *at;
	char msg[LAY_ERR_MSG];
};

/* Linear layout algebra (the operations Triton's conversions are built of). */
void tll_empty(struct tll *l);
void tll_identity1d(struct tll *l, int64_t size, int in, int out);
void tll_mul(struct tll *r, const struct tll *a, const struct tll *b);
void tll_mul_eq(struct tll *a, const struct tll *b);
void tll_infer_sizes(struct tll *l);
int tll_in_index(const struct tll *l, int in);
int tll_out_index(const struct tll *l, int out);
bool tll_is_permutation(const struct tll *l, int in);
/* The register bases that are all zero (broadcast), dropped. */
void tll_drop_zero_regs(struct tll *l);

/* The algebra's helpers the families use (ttgir_tll.c). */
int tll_log2(int64_t v);
void tll_zeros1d(struct tll *l, int64_t size, int in, int out);
void tll_transpose(struct tll *l, const int *order);
void tll_transpose_std(struct tll *l);
void tll_transpose_by(struct tll *l, const unsigned *order);
void tll_not_smaller(struct tll *l, const int64_t *shape);
void tll_not_larger(struct tll *l, const int64_t *shape, bool broadcast_regs);
void tll_combine(struct tll *cta, const struct tll *cga_attr, const int64_t *shape, int rank);
void tll_identity_nd(struct tll *l, int in, const unsigned *shape, const unsigned *order, int rank);
void tll_dot_broadcast(struct tll *l, const unsigned *shape, const unsigned *order, int rank,
		       int kdim, int in);
void tll_matrix_order(unsigned *order, int rank, bool row_major);
void tll_dot_order(unsigned *order, unsigned opidx, int rank);

/* toLinearLayout(shape, encoding); 0 or -1 with f filled. */
int tt_to_linear(const struct tt_enc *e, const int64_t *shape, int rank, struct tll *out,
		 struct tt_fail *f);

/* Distributed encodings: lanes per warp their linear layout assumes (32, or
 * 64 on AMD CDNA), 0 when the encoding does not fix it. */
int tt_warp_size(const struct tt_enc *e);
const char *tt_family_name(int family);

#endif
