/*
 * tmem.h - internal to the engine: the "tmem" section of the analysis
 * (tmem.c) of Blackwell tensor memory.  The CUTLASS SM100 TMEM copy atoms
 * it judges are the cute notation's (notation/cute_tmem.h).  Not installed.
 */
#ifndef LAYOUTD_TMEM_H
#define LAYOUTD_TMEM_H

#include "layout.h"
#include "notation/cute_tmem.h"

/* The "tmem" section of a TMEM layout's analysis (nothing for another
 * layout); a layout that does not fit or breaks the sub-partition rule
 * sets the analysis's "ok" false. */
int lay_tmem_attach(json_t *analysis, const struct lay_def *def, const struct lay_options *opt,
		    struct lay_error *err);

/* A TMEM layout that also names who moves each element (thread, value,
 * lane, warp ...) is judged on its TMEM cells (TLane, TCol, TSub, block):
 * physical.size, physical.codomain, holes, collisions, replication,
 * round_trip and the verdicts they decide are replaced by theirs
 * (tmem_judge.c).  The caller evaluates the expectations again. */
int lay_tmem_judge(json_t *analysis, const struct lay_def *def, const struct lay_options *opt,
		   struct lay_error *err);

#endif
