/*
 * access_table.c - the placement rows the access and conversion analyses
 * read, straight from a definition's closed form when it has one: a GF(2)
 * definition's bases (linear and TTGIR layouts: every hardware point once,
 * its element the XOR of its bits' images), or a forward definition's
 * iters (expr index maps, axe, cute memory layouts: an odometer over the
 * elements in order, each with its replicas), without the general table's
 * interpreter and sorting.  Other definitions go through lay_table.  The
 * rows carry the element index and the axis coordinates (logical is NULL:
 * the callers read neither).
 */
#include <string.h>

#include "analysis/access.h"
#include "run.h"

/* The rows of a forward definition proven clean (structural.c: every
 * placement in bounds, none twice, no collision), which are then exactly
 * lay_table's rows: *done false when the definition is not such. */
/* A forward definition proven clean (structural.c): every placement in
 * bounds, none twice, no collision, an odometer over the elements. */
static bool forward_clean(const struct lay_def *def, struct facts *F, struct lay_form *f)
{
	char why[128];
	if (def->limit || def->swizzle.present || !def->ops || !def->ops->form ||
	    lay_structural(def, F, why, sizeof why) != 1 || F->collisions || F->duplicates ||
	    F->oob || F->mismatches || F->unplaced || F->phys_size > def->max_points ||
	    F->placements > def->max_points)
		return false;
	memset(f, 0, sizeof *f);
	def->ops->form(def, f);
	if (f->kind != LAY_FORM_FORWARD || f->nord == 0)
		return false;
	int64_t total = 1;
	for (int k = 0; k < f->nord; k++)
		total *= f->it[f->ord[k]].extent;
	return total == def->size;
}

/* A row callback's refusal of memory (its own, or the budget's) as the
 * located error; any other code is already filled. */
static int row_failed(const struct lay_def *def, int rc, struct lay_error *err)
{
	if (rc == LAY_ENOMEM || rc == LAY_EMEMORY || rc == LAY_EUNAVAILABLE)
		return lay_ctx_error(def->ctx, err, def->ptr);
	return rc;
}

static int forward_rows(const struct lay_def *def, lay_row_fn fn, void *ctx, bool *done,
			struct lay_error *err)
{
	struct facts F;
	struct lay_form f;
	*done = false;
	if (!forward_clean(def, &F, &f))
		return 0;
	int64_t E[LAYOUTD_MAX_ITERS], c[LAYOUTD_MAX_ITERS] = { 0 }, total = 1;
	int64_t rE[2 * LAYOUTD_MAX_ITERS], rk[2 * LAYOUTD_MAX_ITERS] = { 0 };
	int ri[2 * LAYOUTD_MAX_ITERS], nr = 0, n = f.nord;
	for (int k = 0; k < n; k++)
		total *= E[k] = f.it[f.ord[k]].extent;
	for (int k = 0; k < f.n; k++)
		if (f.it[k].replica) {
			rE[nr] = f.it[k].extent;
			ri[nr++] = k;
		}
	*done = true;
	int64_t coord[LAYOUTD_MAX_AXES];
	for (int a = 0; a < def->naxes; a++)
		coord[a] = f.offset[a];
	struct lay_table_row row = { 0, NULL, coord, true };
	for (int64_t e = 0; e < total; e++) {
		row.elem = e;
		for (;;) { /* the replicas of e: an odometer over the replica iters */
			int rc = fn(ctx, &row);
			if (!rc)
				rc = lay_ctx_tick(def->ctx, 1, err);
			if (rc)
				return row_failed(def, rc, err);
			int k = 0;
			for (; k < nr; k++) {
				const struct lay_form_iter *it = &f.it[ri[k]];
				coord[it->axis] += it->stride;
				if (++rk[k] < rE[k])
					break;
				coord[it->axis] -= it->stride * rE[k];
				rk[k] = 0;
			}
			if (k == nr)
				break;
		}
		for (int k = 0; k < n; k++) { /* the next element */
			const struct lay_form_iter *it = &f.it[f.ord[k]];
			coord[it->axis] += it->stride;
			if (++c[k] < E[k])
				break;
			coord[it->axis] -= it->stride * E[k];
			c[k] = 0;
		}
	}
	return 0;
}

static bool gf2_direct(const struct lay_def *def, struct lay_form *f)
{
	memset(f, 0, sizeof *f);
	if (def->ops && def->ops->form)
		def->ops->form(def, f);
	return f->kind == LAY_FORM_GF2 && f->nrows < 40 && f->out_bits < 62 && f->rows;
}

bool acc_table_extents(const struct lay_def *def, int64_t *ext)
{
	struct lay_form f;
	struct facts F;
	if (gf2_direct(def, &f)) {
		/* every hardware point once: in-dim i takes all of [0, 2^bits) */
		for (int a = 0; a < def->naxes; a++)
			ext[a] = 1;
		for (int i = 0; i < f.nin; i++)
			ext[f.in_axis[i]] = INT64_C(1) << f.in_bits[i];
		for (int a = 0; a < def->naxes; a++)
			if (def->axes[a].declared) {
				if (def->axes[a].extent < ext[a])
					return false; /* out-of-bounds rows: the general path */
				ext[a] = def->axes[a].extent;
			}
		return true;
	}
	if (!forward_clean(def, &F, &f))
		return false;
	for (int a = 0; a < def->naxes; a++)
		ext[a] = F.ext[a];
	return true;
}

int acc_table(const struct lay_def *def, lay_row_fn fn, void *ctx, struct lay_error *err)
{
	struct lay_form f;
	if (!gf2_direct(def, &f)) {
		bool done;
		int rc = f.kind == LAY_FORM_FORWARD ? forward_rows(def, fn, ctx, &done, err) : 0;
		return rc || (f.kind == LAY_FORM_FORWARD && done)
			       ? rc
			       : lay_table((struct lay_def *)def, false, fn, ctx, err);
	}
	int64_t coord[LAYOUTD_MAX_AXES] = { 0 };
	uint64_t cum[LAYOUTD_MAX_AXES * 64 + 1], c = 0, x = 0;
	int shift[LAYOUTD_MAX_AXES], idx = 0;
	/* the last in-dim fastest: moving the counter from h to h + 1 flips
	 * its k + 1 low bits, so x changes by the XOR of those bits' rows */
	for (int i = f.nin - 1, s = 0; i >= 0; i--) {
		shift[i] = s;
		s += f.in_bits[i];
	}
	for (int i = f.nin - 1, r0 = f.nrows; i >= 0; i--) {
		r0 -= f.in_bits[i];
		for (int b = 0; b < f.in_bits[i]; b++) {
			c ^= f.rows[r0 + b];
			cum[idx++] = c;
		}
	}
	uint64_t total = UINT64_C(1) << f.nrows;
	struct lay_table_row row = { 0, NULL, coord, true };
	for (uint64_t h = 0; h < total; h++) {
		for (int i = 0; i < f.nin; i++)
			coord[f.in_axis[i]] =
				(int64_t)((h >> shift[i]) & ((UINT64_C(1) << f.in_bits[i]) - 1));
		row.elem = (int64_t)x;
		int rc = fn(ctx, &row);
		if (!rc)
			rc = lay_ctx_tick(def->ctx, 1, err);
		if (rc)
			return row_failed(def, rc, err);
		if (h + 1 < total)
			x ^= cum[__builtin_ctzll(h + 1)];
	}
	return 0;
}

bool acc_gf2_dims(const struct lay_def *def, int *nin, int *in_axis, int *in_bits)
{
	struct lay_form f;
	if (!gf2_direct(def, &f))
		return false;
	*nin = f.nin;
	for (int i = 0; i < f.nin; i++) { /* the last in-dim has the low bits */
		in_axis[i] = f.in_axis[f.nin - 1 - i];
		in_bits[i] = f.in_bits[f.nin - 1 - i];
	}
	return true;
}

int acc_gf2_fill(const struct lay_def *def, const int64_t *pbit, int32_t *pelem, int64_t *clash,
		 int64_t *elem)
{
	struct lay_form f;
	if (!gf2_direct(def, &f))
		return 1;
	uint64_t cum[LAYOUTD_MAX_AXES * 64 + 1], c = 0, x = 0;
	int64_t pcum[LAYOUTD_MAX_AXES * 64 + 1], pc = 0, p = 0;
	int idx = 0;
	for (int i = f.nin - 1, r0 = f.nrows; i >= 0; i--) {
		r0 -= f.in_bits[i];
		for (int b = 0; b < f.in_bits[i]; b++, idx++) {
			c ^= f.rows[r0 + b];
			cum[idx] = c;
			pc ^= pbit[idx];
			pcum[idx] = pc;
		}
	}
	uint64_t total = UINT64_C(1) << f.nrows;
	for (uint64_t h = 0; h < total; h++) {
		if (pelem[p] >= 0 && pelem[p] != (int32_t)x) {
			*clash = pelem[p];
			*elem = (int64_t)x;
			return LAY_ESCHEMA;
		}
		pelem[p] = (int32_t)x;
		if (h + 1 < total) {
			int k = __builtin_ctzll(h + 1);
			x ^= cum[k];
			p ^= pcum[k];
		}
	}
	return 0;
}
