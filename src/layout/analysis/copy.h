/*
 * copy.h - internal to the "copy" section (copy.c: the request,
 * ldmatrix / stmatrix; copy_tma.c: TMA descriptors).  Not installed.
 */
#ifndef LAYOUTD_COPY_H
#define LAYOUTD_COPY_H

#include "analysis/access.h"

/* A request's "copy" member, read. */
struct copy_req {
	const char *instruction; /* "ldmatrix", "stmatrix", "tma", "auto", or a full PTX name */
	int family;		 /* enum copy_family */
	int only_x;		 /* a full PTX name: its .xN (else 0: every variant) */
	int only_trans;		 /* a full PTX name: 1 .trans, 0 not (else -1) */
	bool named;		 /* not "auto": an instruction that cannot is a failed check */
	bool store;		 /* op "store": stmatrix, or TMA shared -> global */
	json_t *threads, *global, *box;
	const char *swizzle;
	int bits; /* element_bits, 0 unset */
};

enum copy_family { COPY_LDMATRIX, COPY_STMATRIX, COPY_TMA };

/* copy_tma.c: the "copy" section of a TMA request into *out, or a located
 * error at the broken descriptor rule. */
int copy_tma(const struct lay_def *def, const struct copy_req *q, int examples, json_t **out,
	     struct lay_error *err);

/* copy_tma.c: the tile one CTA's TMA copies write (Triton's shape per
 * CTA): def's shape, or CTA 0's part of a layout with a "block" axis, into
 * tile[] (def->rank extents, outermost first); nonzero with a located error
 * when def's shared memory cannot be read or CTA 0's part is no box. */
int copy_tma_cta_tile(const struct lay_def *def, int64_t *tile, struct lay_error *err);

#endif
