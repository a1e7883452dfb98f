/*
 * access_table.c - the placement rows the access and conversion analyses
 * read, straight from a GF(2) definition's bases when it has them (linear
 * and TTGIR layouts): every hardware point once, its element the XOR of
 * its bits' images, without the general table's sorting.  Other
 * definitions go through lay_table.  The rows carry the element index and
 * the axis coordinates (logical is NULL: the callers read neither).
 */
#include "analysis/access.h"

int acc_table(const struct lay_def *def, lay_row_fn fn, void *ctx, struct lay_error *err)
{
	struct lay_form f = { 0 };
	if (def->ops && def->ops->form)
		def->ops->form(def, &f);
	if (f.kind != LAY_FORM_GF2 || f.nrows >= 40 || f.out_bits >= 62 || !f.rows)
		return lay_table((struct lay_def *)def, false, fn, ctx, err);
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
		if (rc)
			return rc == LAY_ENOMEM
				       ? lay_error_set(err, rc, def->ptr, -1, "out of memory")
				       : rc;
		if (h + 1 < total)
			x ^= cum[__builtin_ctzll(h + 1)];
	}
	return 0;
}
