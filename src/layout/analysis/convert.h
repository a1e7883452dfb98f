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
 * element indices (bases[0..*nbases)).  1 when built, 0 when the layouts
 * are not GF(2) over a power-of-two tile, -1 out of memory.
 */
int cvt_scratch_swizzle(const struct acc *S, const struct acc *T, const struct lay_def *d, int bits,
			int64_t *eoff, int64_t *bases, int *nbases);

#endif
