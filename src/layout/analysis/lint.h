/*
 * lint.h - every shared-memory access and layout conversion of a whole
 * TTGIR module, checked in place (lint.c).  No I/O: text in, JSON out.
 */
#ifndef LAYOUTD_LINT_H
#define LAYOUTD_LINT_H

#include "layout.h"

/* The largest .mlir text lint reads: 16 MiB (a big kernel's dump with
 * every pass printed is a few MiB). */
#define LAYOUTD_MAX_LINT_TEXT (16L << 20)
/* Ops analysed per text: each is one or two full analyses. */
#define LAYOUTD_MAX_LINT_OPS 4096

/*
 * Lint `text`, the TTGIR of one or more modules (split at "// -----"
 * lines, as Triton's lit tests are), named `file` in the answer.  Returns
 * a new object {"file", "modules", "findings": [...]}, one finding per
 * ttg.local_load / local_store / local_alloc with a value (kind
 * "bank_conflicts": the warp's access of the memdesc's shared layout by the
 * tensor's distributed layout, bank_conflicts and vector_bits as the access
 * analysis counts them), per ttg.convert_layout (kind "conversion") and
 * per ttng.tmem_alloc / tmem_load / tmem_store / tmem_copy (kind "tmem"),
 * each with its line and column in the text and the op's loc(...)
 * resolved through #loc aliases to the kernel's file, line and column.  An
 * op whose layouts cannot be analysed is a finding of kind "error" (the
 * rest are still linted).  Pieces that are no module (blank or comment
 * pieces, a split at the end) are skipped and not counted.  NULL with err
 * set for a text over the limits, or one with no TTGIR module at all (no
 * module line, no top-level function, op or attribute alias: not MLIR).
 */
json_t *lay_lint(const char *text, const char *file, const struct lay_options *opt,
		 struct lay_error *err);

/*
 * Internal to lint: the finding of a TMEM op (lint_tmem.c).  `layout` is
 * the ttgir definition of its tensor-memory memdesc, joined with the
 * registers it moves when it moves some; sets f's "kind": "tmem" and its
 * "tmem" verdict (columns, allocation, fits, packing, sub-partitions).
 * Nonzero with err set when the layout cannot be analysed.
 */
int lay_lint_tmem(json_t *f, json_t *layout, const struct lay_options *opt, struct lay_error *err);
/* The copy verdict of a local_load / local_store finding (lint_copy.c):
 * "copy": {"instruction", "count"}, the ldmatrix / stmatrix variant that
 * moves mem from or into threads (null: none), when one can be asked. */
void lay_lint_copy(json_t *f, struct lay_def *mem, json_t *threads, bool store,
		   const struct lay_options *opt);
/* The gfx950 transposed read of a local_load finding (lint_amd_tr.c):
 * "ds_read_tr": {"instruction", "used", and either "reason" or the
 * instructions, wavefronts, ideal_wavefronts and bank_conflicts of the
 * read as ds_read_b64_tr_b16 / _b8 does it}, for 8- and 16-bit elements
 * on gfx950. */
void lay_lint_ds_read_tr(json_t *f, struct lay_def *mem, json_t *threads, bool store,
			 const struct lay_options *opt);
/* The finding of a TMA copy op (lint_copy.c): mem the ttgir definition of
 * its shared memdesc md[0..ml); sets f's "kind": "copy" and its "copy"
 * verdict (instruction, box, swizzle, writes, matches_layout, differences,
 * boxes, bytes_per_box).  Nonzero with err set when it cannot be checked
 * (a descriptor rule the derived box breaks is located in err->pointer,
 * under /copy).  An im2col descriptor's box is the same; its instruction
 * (rank that of the global tensor, unseen) is null, "mode" says which.
 * store: shared to global (local_to_global), which names the store
 * instruction. */
int lay_lint_tma(json_t *f, json_t *mem, const char *md, int ml, bool im2col, bool store,
		 const struct lay_options *opt, struct lay_error *err);
/* A finding of a rank-3 (multi-buffered) memdesc: its columns times buffers. */
void lay_lint_tmem_buffers(json_t *f, long long buffers);

/*
 * Judge a lay_lint result against thresholds: a bank_conflicts finding
 * over max_conflicts (< 0: no limit) fails, and so does a conversion
 * through shared memory when deny (an array of names, ptr its pointer;
 * NULL for none) holds "shared_memory_conversion"; "bank_conflicts" in
 * deny means max_conflicts 0.  A tmem finding whose verdict is not ok (a
 * sub-partition violation, past 512 columns) always fails.  Each judged finding gets "fails" (and a
 * "reason"), the result "failed", "errors" (findings of kind error),
 * "skipped" (findings of kind skipped: ops lint cannot analyse, which fail
 * only when strict) and "ok".  0, or an error for an unknown deny name.
 */
int lay_lint_judge(json_t *res, int64_t max_conflicts, json_t *deny, bool strict, const char *ptr,
		   struct lay_error *err);

/*
 * A check request whose layout is {"ttgir": <a pasted op line>} (and at
 * most a "name"): the same request lay_ttgir_request
 * (notation/ttgir_lines.h) makes, merged into
 * body in place -- its "layout" replaced, "access" or "convert" added.  1
 * when body was rewritten, 0 when it is left as it is (not one pasted op,
 * or the body already has an access or convert of its own).
 */
int lay_lint_expand(json_t *body);

#endif
