/*
 * print_triton.c - Triton's getLayoutStr (lib/Dialect/TritonGPU/IR/
 * Dialect.cpp), the text triton-tensor-layout prints below its header, for a
 * ttgir definition: the tensor view (each element's owners) and the
 * hardware view (each owner's elements), for distributed layouts
 * (register, lane, warp, block -> tensor) and shared ones (offset, block).
 *
 * The relation comes from the engine's own inverse table of the layout (a
 * linear layout places each hardware point on one element); the text is
 * laid out as Triton lays it out.  No I/O: the caller writes the string.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/notation.h"
#include "print/print.h"

/* Hardware points a picture is drawn for: 2^20 (the text of 2^20 points is
 * already tens of megabytes). */
#define PT_MAX_POINTS (1L << 20)

struct pt {
	const struct lay_def *def;
	bool shared;
	int ax[4];	 /* register|offset, lane, warp, block: axis index or -1 */
	int64_t ext[4];	 /* their extents (1 when absent) */
	int64_t npoints; /* product of ext */
	int64_t *elem;	 /* per hardware index: the row-major element, -1 none */
	int rank;
	int64_t shape[LAYOUTD_MAX_RANK];
	struct lay_error *err;
};

enum { PT_REG, PT_LANE, PT_WARP, PT_BLOCK };

/* Hardware index of a point: ((block * warps + warp) * lanes + lane) *
 * registers + register, the order getLayoutStr loops in (offsets of
 * shared layouts in the register slot, with no lanes or warps). */
static int64_t hw_index(const struct pt *t, const int64_t *c)
{
	int64_t v[4];
	for (int k = 0; k < 4; k++)
		v[k] = t->ax[k] >= 0 ? c[t->ax[k]] : 0;
	return ((v[PT_BLOCK] * t->ext[PT_WARP] + v[PT_WARP]) * t->ext[PT_LANE] + v[PT_LANE]) *
		       t->ext[PT_REG] +
	       v[PT_REG];
}

static int on_row(void *ctx, const struct lay_table_row *row)
{
	struct pt *t = ctx;
	if (row->elem < 0 || !row->logical || !row->in_bounds)
		return 0;
	int64_t h = hw_index(t, row->coord);
	if (h < 0 || h >= t->npoints)
		return 0;
	int64_t e = 0;
	for (int d = 0; d < t->rank; d++)
		e = e * t->shape[d] + row->logical[d];
	if (t->elem[h] >= 0 && t->elem[h] != e)
		return lay_error_set(t->err, LAY_ESCHEMA, t->def->ptr, -1,
				     "a hardware point holds two elements: not a Triton layout");
	t->elem[h] = e;
	return 0;
}

/* numCharacterPadding: the digits of max less the digits of v (may be < 0). */
static int digits(int64_t v)
{
	char s[24];
	return snprintf(s, sizeof s, "%lld", (long long)v);
}

static void pad(struct lay_buf *b, int n)
{
	for (int i = 0; i < n; i++)
		lay_buf_puts(b, " ");
}

static void padded(struct lay_buf *b, int64_t v, int64_t max)
{
	pad(b, digits(max) - digits(v));
	lay_buf_printf(b, "%lld", (long long)v);
}

/* The coordinates of row-major element e, each padded against its dim's
 * size, joined by sep, in parentheses. */
static void coords(const struct pt *t, struct lay_buf *b, int64_t e, const char *sep)
{
	int64_t c[LAYOUTD_MAX_RANK];
	for (int d = t->rank - 1; d >= 0; d--) {
		c[d] = e % t->shape[d];
		e /= t->shape[d];
	}
	lay_buf_puts(b, "(");
	for (int d = 0; d < t->rank; d++) {
		if (d)
			lay_buf_puts(b, sep);
		padded(b, c[d], t->shape[d]);
	}
	lay_buf_puts(b, ")");
}

/* The bracketed tensor view of cells[0..size), row-major: "[" for each
 * trailing dim starting at 0, rank - opened spaces at a line's start, "]"
 * for each trailing dim that wraps, then a newline or sep. */
static void tensor_view(const struct pt *t, struct lay_buf *cells, int64_t size, const char *sep,
			struct lay_buf *out)
{
	bool newline = true;
	for (int64_t i = 0; i < size; i++) {
		int open = 0;
		int64_t x = i;
		for (int j = t->rank - 1; j >= 0; j--) {
			if (x % t->shape[j] != 0)
				break;
			x /= t->shape[j];
			lay_buf_puts(out, "[");
			open++;
		}
		if (newline) {
			pad(out, t->rank - open);
			newline = false;
		}
		lay_buf_puts(out, cells[i].data ? cells[i].data : "");
		x = i + 1;
		bool row_end = x % t->shape[t->rank - 1] == 0;
		for (int j = t->rank - 1; j >= 0; j--) {
			if (x % t->shape[j] != 0)
				break;
			x /= t->shape[j];
			lay_buf_puts(out, "]");
		}
		if (row_end) {
			lay_buf_puts(out, "\n");
			newline = true;
		} else {
			lay_buf_puts(out, sep);
		}
	}
}

/* One text per element, counted in the request's context. */
static struct lay_buf *new_cells(const struct pt *t, int64_t size)
{
	struct lay_buf *cells = lay_ctx_calloc(t->def->ctx, (size_t)size, sizeof *cells);
	for (int64_t i = 0; cells && i < size; i++)
		cells[i].ctx = t->def->ctx;
	return cells;
}

static int distributed(const struct pt *t, bool hw, int64_t size, struct lay_buf *out)
{
	int64_t R = t->ext[PT_REG], L = t->ext[PT_LANE], W = t->ext[PT_WARP], B = t->ext[PT_BLOCK];
	if (hw) {
		for (int64_t b = 0; b < B; b++) {
			if (B > 1)
				lay_buf_printf(out, "Block%lld:\n", (long long)b);
			for (int64_t w = 0; w < W; w++) {
				lay_buf_printf(out, "Warp%lld:\n", (long long)w);
				for (int64_t r = 0; r < R; r++) {
					for (int64_t l = 0; l < L; l++) {
						int64_t e = t->elem[((b * W + w) * L + l) * R + r];
						coords(t, out, e, ",");
						if (l < L - 1)
							lay_buf_puts(out, ", ");
					}
					lay_buf_puts(out, "\n");
				}
			}
		}
		return 0;
	}
	struct lay_buf *cells = new_cells(t, size);
	if (!cells)
		return lay_ctx_error(t->def->ctx, t->err, t->def->ptr);
	for (int64_t h = 0; h < t->npoints; h++) {
		int64_t r = h % R, l = h / R % L, w = h / (R * L) % W, b = h / (R * L * W);
		struct lay_buf *c = &cells[t->elem[h]];
		if (c->len)
			lay_buf_puts(c, "|");
		int64_t tid = l + w * L;
		pad(c, (digits(B) - digits(b)) + (digits(W * L) - digits(tid)) +
			       (digits(R) - digits(r)));
		if (B > 1)
			lay_buf_printf(c, "B%lld:", (long long)b);
		lay_buf_printf(c, "T%lld:%lld", (long long)tid, (long long)r);
	}
	tensor_view(t, cells, size, ", ", out);
	int rc = 0;
	for (int64_t i = 0; i < size; i++) {
		rc |= cells[i].failed;
		lay_buf_free(&cells[i]);
	}
	lay_ctx_free(cells);
	return rc ? lay_ctx_error(t->def->ctx, t->err, t->def->ptr) : 0;
}

static int shared(const struct pt *t, bool hw, int64_t size, struct lay_buf *out)
{
	int64_t B = t->ext[PT_BLOCK], per = size / B;
	if (hw) {
		for (int64_t b = 0; b < B; b++) {
			lay_buf_printf(out, "Block: %lld:\n", (long long)b);
			for (int64_t o = 0; o < per; o++) {
				lay_buf_printf(out, "Offset: %lld -> ", (long long)o);
				coords(t, out, t->elem[b * t->ext[PT_REG] + o], ",");
				lay_buf_puts(out, "\n");
			}
		}
		return 0;
	}
	/* the tensor view lists offsets, not elements: cell i is the element
	 * stored at hardware index i, in the tensor's bracket scheme */
	struct lay_buf *cells = new_cells(t, size);
	if (!cells)
		return lay_ctx_error(t->def->ctx, t->err, t->def->ptr);
	for (int64_t b = 0, i = 0; b < B; b++)
		for (int64_t o = 0; o < per; o++, i++)
			coords(t, &cells[i], t->elem[b * t->ext[PT_REG] + o], ":");
	tensor_view(t, cells, size, ",", out);
	int rc = 0;
	for (int64_t i = 0; i < size; i++) {
		rc |= cells[i].failed;
		lay_buf_free(&cells[i]);
	}
	lay_ctx_free(cells);
	return rc ? lay_ctx_error(t->def->ctx, t->err, t->def->ptr) : 0;
}

static int find_axes(struct pt *t)
{
	static const char *const names[2][4] = { { "register", "lane", "warp", "block" },
						 { "offset", "", "", "block" } };
	const struct lay_def *def = t->def;
	for (int k = 0; k < 4; k++) {
		t->ax[k] = -1;
		t->ext[k] = 1;
	}
	for (int a = 0; a < def->naxes; a++)
		if (strcmp(def->axes[a].name, "offset") == 0)
			t->shared = true;
	t->npoints = 1;
	for (int a = 0; a < def->naxes; a++) {
		int k = 0;
		while (k < 4 && strcmp(def->axes[a].name, names[t->shared][k]) != 0)
			k++;
		if (k == 4)
			return lay_error_set(t->err, LAY_ESCHEMA, def->ptr, -1,
					     "axis \"%s\" is none of Triton's hardware dims "
					     "(register, lane, warp, block; offset, block)",
					     def->axes[a].name);
		t->ax[k] = a;
		t->ext[k] = def->axes[a].extent;
		if (t->ext[k] < 1 || t->ext[k] > PT_MAX_POINTS / t->npoints)
			return lay_error_set(t->err, LAY_ELIMIT, def->ptr, -1,
					     "the picture would have more than %ld points",
					     PT_MAX_POINTS);
		t->npoints *= t->ext[k];
	}
	return 0;
}

char *lay_print_triton(struct lay_def *def, bool hw, struct lay_error *err)
{
	struct pt t = { .def = def, .err = err, .rank = def->rank };
	struct lay_buf out = { .ctx = def->ctx };
	char *res = NULL;
	if (!(def->notation->prints & LAY_PRINTS_TRITON)) {
		lay_error_set(err, LAY_ESCHEMA, def->ptr, -1,
			      "Triton prints linear layouts: this is a %s layout",
			      def->notation_key);
		return NULL;
	}
	if (find_axes(&t))
		return NULL;
	int64_t size = 1;
	for (int d = 0; d < def->rank; d++) {
		t.shape[d] = def->shape[d];
		size *= def->shape[d];
	}
	if (def->rank < 1 || size > PT_MAX_POINTS) {
		lay_error_set(err, LAY_ELIMIT, def->ptr, -1,
			      "the picture would have more than %ld elements", PT_MAX_POINTS);
		return NULL;
	}
	if (t.shared && size % t.ext[PT_BLOCK] != 0) {
		lay_error_set(err, LAY_ESCHEMA, def->ptr, -1,
			      "the tensor does not split evenly over its %lld blocks",
			      (long long)t.ext[PT_BLOCK]);
		return NULL;
	}
	t.elem = lay_ctx_malloc(def->ctx, sizeof *t.elem * (size_t)t.npoints);
	if (!t.elem) {
		lay_ctx_error(def->ctx, err, def->ptr);
		return NULL;
	}
	for (int64_t h = 0; h < t.npoints; h++)
		t.elem[h] = -1;
	if (lay_table(def, true, on_row, &t, err))
		goto out;
	int64_t need = t.shared ? size : t.npoints;
	for (int64_t h = 0; h < need; h++) {
		int64_t at = t.shared ? h / (size / t.ext[PT_BLOCK]) * t.ext[PT_REG] +
						h % (size / t.ext[PT_BLOCK])
				      : h;
		if (at >= t.npoints || t.elem[at] < 0) {
			lay_error_set(err, LAY_ESCHEMA, def->ptr, -1,
				      "hardware point %lld holds no element: Triton prints no "
				      "picture of this layout",
				      (long long)h);
			goto out;
		}
	}
	if ((t.shared ? shared(&t, hw, size, &out) : distributed(&t, hw, size, &out)))
		goto out;
	if (out.failed) {
		lay_ctx_error(def->ctx, err, def->ptr);
		goto out;
	}
	res = out.data;
	out.data = NULL;
	out.cap = 0; /* the answer's bytes stay reserved: the caller's */
out:
	lay_buf_free(&out);
	lay_ctx_free(t.elem);
	return res;
}
