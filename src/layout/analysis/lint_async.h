/*
 * lint_async.h - lint's module-level pieces outside lint.c: the copies into
 * shared memory that bypass registers (lint_async.c) and the module's
 * shared-memory budget (lint_budget.c).  Internal to lint; lint.h is its
 * interface.
 */
#ifndef LAYOUTD_LINT_ASYNC_H
#define LAYOUTD_LINT_ASYNC_H

#include "analysis/lint.h"
#include "notation/ttgir_lines.h"

/*
 * The finding of a cp.async (ttg.async_copy_global_to_local) or an AMD
 * buffer load into LDS (amdg.buffer_load_to_local) on line l of m, op at
 * byte column col (lint.c): appended to findings (kind "bank_conflicts":
 * the shared store's counts, with "copy": the instruction, vector bytes,
 * count per thread, the limits each side sets, what was assumed, and for
 * cp.async the global side's coalescing), or kind skipped / error when it
 * cannot be analysed.  Nonzero only when the request's bounds stop it.
 */
int lint_async_op(struct module *m, const struct line *l, int col, const char *op, int module_no,
		  json_t *findings, const struct lay_options *opt, struct lay_error *err);
/* The analysed members of that finding into f (lint_async.c): md[0..ml)
 * the memdesc (either spelling), tn[0..tl) the source tensor, amd for a
 * buffer load.  Nonzero with err set when it cannot be analysed. */
int lay_lint_async(json_t *f, const struct module *m, const char *md, int ml, const char *tn,
		   int tl, bool amd, const struct lay_options *opt, struct lay_error *err);

/*
 * The shared memory module m uses against its target's (lint_budget.c):
 * {"module", "target", "limit", "used", "allocations", "scratch",
 * "source", "fits"} in bytes, scratch the largest scratch_bytes of the
 * module's findings findings[first..), target the lint's --target (or
 * NULL); NULL when neither names a target whose shared memory is known
 * (or out of memory).
 */
json_t *lint_budget(const struct module *m, int module_no, json_t *findings, size_t first,
		    const char *target);

#endif
