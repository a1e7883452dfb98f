/*
 * convert.h - internal to the conversion analysis (convert.c and
 * convert_swizzle.c).  Not installed.
 */
#ifndef LAYOUTD_CONVERT_H
#define LAYOUTD_CONVERT_H

#include "analysis/access.h"

/*
 * The scratch layout Triton's generic swizzling picks for a store of S and
 * a load of T (both read by acc_read_threads over tile d) of bits-wide
 * elements: eoff (element -> offset) and the offset bases as row-major
 * element indices (bases[0..*nbases)), the last *nreps of them the
 * repetitions (segment bases both sides hold in registers: Triton's
 * buildReps, which the scratch buffer does not hold).  1 when built, 0
 * when the layouts are not GF(2) over a power-of-two tile, -1 out of
 * memory.
 */
int cvt_scratch_swizzle(const struct acc *S, const struct acc *T, const struct lay_def *d, int bits,
			int64_t *eoff, int64_t *bases, int *nbases, int *nreps, int *nblk);

/* convert_rule.c: the hardware dimensions of a conversion, Triton's order
 * of quotients aside (block, warp, lane, register). */
enum { CVT_REG, CVT_LANE, CVT_WARP, CVT_BLOCK, CVT_NDIMS };
#define CVT_MAXB 40

/* One side as GF(2) bases: per dimension, the element (row-major index)
 * each bit of that dimension reaches; a zero basis is a broadcast. */
struct cvt_hw {
	int n[CVT_NDIMS];
	int64_t b[CVT_NDIMS][CVT_MAXB];
};

/* The bases of a side read by acc_read_threads over tile d: 1 when its
 * table is GF(2)-linear over power-of-two extents, else 0 (*hw unusable). */
int cvt_hw_read(const struct acc *A, const struct lay_def *d, struct cvt_hw *hw);
/* The first of block, warp, lane, register whose bases differ; -1 none. */
int cvt_first_diff(const struct cvt_hw *s, const struct cvt_hw *t);
/* The mixed transpositions of Triton's warp decomposition; -1 when the
 * register/lane bases of the two sides admit no permutation. */
int cvt_mixed(const struct cvt_hw *s, const struct cvt_hw *t);

struct cvt_verdict {
	const char *kind;
	int differs; /* cvt_first_diff */
	int mixed;   /* cvt_mixed, -1 unknown */
	char why[256];
};
/* The kind by Triton's rule: 1 decided; 0 a side is not GF(2); 2 both are,
 * but Triton's conversion map does not exist (v->mixed is still set). */
int cvt_rule(const struct acc *S, const struct lay_def *sd, const struct acc *T,
	     const struct lay_def *td, struct cvt_verdict *v);

#endif
