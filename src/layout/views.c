/*
 * views.c - the placement table (element -> places, or place -> elements)
 * and the comparison of two definitions, both built on the enumeration.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "run.h"

/* Distinct in-bounds points of every element, CSR by element. */
struct collect {
	int64_t *off; /* size + 1 */
	int32_t *pts;
	size_t n, cap;
};

static int collect_step(struct run *r, int64_t e, int32_t *pts, size_t n)
{
	struct collect *c = r->user;
	size_t d = run_unique(pts, n);
	if (c->n + d > c->cap) {
		size_t cap = c->cap ? c->cap : 1024;
		while (cap < c->n + d)
			cap *= 2;
		int32_t *np = realloc(c->pts, cap * sizeof *np);
		if (!np)
			return lay_error_set(r->err, LAY_ENOMEM, r->def->ptr, -1, "out of memory");
		c->pts = np;
		c->cap = cap;
	}
	if (d) {
		memcpy(c->pts + c->n, pts, d * sizeof *pts);
		c->n += d;
	}
	c->off[e + 1] = (int64_t)c->n;
	return 0;
}

static int collect(const struct lay_def *def, struct run *r, struct collect *c,
		   struct lay_error *err)
{
	memset(c, 0, sizeof *c);
	if (def->limit) /* over the limits: refused before any allocation */
		return run_enumerate(r, def, err);
	c->off = calloc((size_t)def->size + 1, sizeof *c->off);
	if (!c->off)
		return lay_error_set(err, LAY_ENOMEM, def->ptr, -1, "out of memory");
	r->step = collect_step;
	r->user = c;
	/* the collected points (capacity doubles) and their offsets */
	r->extra_per_place += 2 * (int64_t)sizeof *c->pts + (int64_t)sizeof *c->off;
	return run_enumerate(r, def, err);
}

static void collect_free(struct collect *c)
{
	free(c->off);
	free(c->pts);
}

struct rows {
	lay_row_fn fn;
	void *ctx;
};

static int table_step(struct run *r, int64_t e, int32_t *pts, size_t n)
{
	struct rows *w = r->user;
	int64_t x[LAYOUTD_MAX_RANK], c[LAYOUTD_MAX_AXES];
	size_t d = run_unique(pts, n);
	run_decode_elem(r->def, e, x);
	for (size_t k = 0; k < d; k++) {
		run_decode_point(r, pts[k], c);
		struct lay_table_row row = { e, x, c, true };
		int rc = w->fn(w->ctx, &row);
		if (rc)
			return lay_error_set(r->err, rc, r->def->ptr, -1,
					     "writing the table failed");
	}
	return 0;
}

int lay_table(struct lay_def *def, bool inverse, lay_row_fn fn, void *ctx, struct lay_error *err)
{
	struct run r = { 0 };
	struct rows w = { fn, ctx };
	int rc;
	if (!inverse) {
		r.step = table_step;
		r.user = &w;
		rc = run_enumerate(&r, def, err);
		run_free(&r);
		return rc;
	}
	struct collect c;
	int64_t *start = NULL, *elems = NULL;
	r.extra_per_point = (int64_t)sizeof *start; /* the counting sort below */
	r.extra_per_place = (int64_t)sizeof *elems;
	if ((rc = collect(def, &r, &c, err)))
		goto out;
	/* counting sort of the pairs by point */
	start = calloc((size_t)r.phys_size + 1, sizeof *start);
	elems = malloc((c.n ? c.n : 1) * sizeof *elems);
	if (!start || !elems) {
		rc = lay_error_set(err, LAY_ENOMEM, def->ptr, -1, "out of memory");
		goto out;
	}
	for (size_t k = 0; k < c.n; k++)
		start[c.pts[k] + 1]++;
	for (int64_t p = 0; p < r.phys_size; p++)
		start[p + 1] += start[p];
	for (int64_t e = 0; e < def->size; e++)
		for (int64_t k = c.off[e]; k < c.off[e + 1]; k++)
			elems[start[c.pts[k]]++] = e;
	/* start[p] now ends point p */
	int64_t x[LAYOUTD_MAX_RANK], co[LAYOUTD_MAX_AXES];
	for (int64_t p = 0; p < r.phys_size; p++) {
		int64_t lo = p ? start[p - 1] : 0, hi = start[p];
		run_decode_point(&r, p, co);
		if (lo == hi) {
			struct lay_table_row row = { -1, x, co, true };
			if ((rc = fn(ctx, &row))) {
				rc = lay_error_set(err, rc, def->ptr, -1,
						   "writing the table failed");
				goto out;
			}
		}
		for (int64_t k = lo; k < hi; k++) {
			run_decode_elem(def, elems[k], x);
			struct lay_table_row row = { elems[k], x, co, true };
			if ((rc = fn(ctx, &row))) {
				rc = lay_error_set(err, rc, def->ptr, -1,
						   "writing the table failed");
				goto out;
			}
		}
	}
out:
	free(start);
	free(elems);
	collect_free(&c);
	run_free(&r);
	return rc;
}

int lay_cells(struct lay_def *def, struct lay_cell *cells, int64_t *extents, struct lay_error *err)
{
	struct run r = { 0 };
	struct collect c;
	int32_t *count = NULL;
	r.extra_per_point = (int64_t)sizeof *count;
	int rc = collect(def, &r, &c, err);
	if (rc)
		goto out;
	count = calloc((size_t)r.phys_size, sizeof *count);
	if (!count) {
		rc = lay_error_set(err, LAY_ENOMEM, def->ptr, -1, "out of memory");
		goto out;
	}
	for (size_t k = 0; k < c.n; k++)
		count[c.pts[k]]++;
	for (int64_t e = 0; e < def->size; e++) {
		struct lay_cell *cell = &cells[e];
		memset(cell, 0, sizeof *cell);
		cell->nplaces = (int32_t)(c.off[e + 1] - c.off[e]);
		for (int64_t k = c.off[e]; k < c.off[e + 1]; k++)
			cell->collides = cell->collides || count[c.pts[k]] > 1;
		if (cell->nplaces)
			run_decode_point(&r, c.pts[c.off[e]], cell->first);
	}
	for (int a = 0; a < def->naxes; a++)
		extents[a] = r.ext[a];
out:
	free(count);
	collect_free(&c);
	run_free(&r);
	return rc;
}

static json_t *places_json(const struct run *r, const struct collect *c, int64_t e)
{
	json_t *a = json_array();
	for (int64_t k = c->off[e]; k < c->off[e + 1]; k++)
		json_array_append_new(a, run_point_json(r, c->pts[k]));
	return a;
}

static json_t *axes_json(const struct lay_def *def, const struct run *r)
{
	json_t *a = json_array();
	for (int k = 0; k < def->naxes; k++)
		json_array_append_new(a, json_pack("{s:s,s:I}", "name", def->axes[k].name, "extent",
						   (json_int_t)r->ext[k]));
	return a;
}

/*
 * Equal placement: the same logical shape, the same number of axes, and for
 * every element the same set of places with axes matched by position.
 */
json_t *lay_compare(struct lay_def *a, struct lay_def *b, int examples, struct lay_error *err)
{
	struct run ra = { 0 }, rb = { 0 };
	struct collect ca = { 0 }, cb = { 0 };
	json_t *out = NULL, *diffs = json_array();
	char reason[256] = "";
	int64_t differing = 0;
	if (examples <= 0)
		examples = LAYOUTD_DEFAULT_EXAMPLES;
	if (examples > LAYOUTD_MAX_EXAMPLES)
		examples = LAYOUTD_MAX_EXAMPLES;
	bool same_shape = a->rank == b->rank;
	for (int d = 0; same_shape && d < a->rank; d++)
		same_shape = a->shape[d] == b->shape[d];
	if (collect(a, &ra, &ca, err) || collect(b, &rb, &cb, err))
		goto out;
	if (!same_shape) {
		snprintf(reason, sizeof reason,
			 "the logical shapes differ (rank %d, %lld elements vs rank %d, %lld "
			 "elements)",
			 a->rank, (long long)a->size, b->rank, (long long)b->size);
	} else if (a->naxes != b->naxes) {
		snprintf(reason, sizeof reason, "the physical spaces have %d and %d axes", a->naxes,
			 b->naxes);
	} else {
		int64_t c1[LAYOUTD_MAX_AXES], c2[LAYOUTD_MAX_AXES];
		for (int64_t e = 0; e < a->size; e++) {
			int64_t n1 = ca.off[e + 1] - ca.off[e], n2 = cb.off[e + 1] - cb.off[e];
			bool same = n1 == n2;
			for (int64_t k = 0; same && k < n1; k++) {
				run_decode_point(&ra, ca.pts[ca.off[e] + k], c1);
				run_decode_point(&rb, cb.pts[cb.off[e] + k], c2);
				same = memcmp(c1, c2, sizeof(int64_t) * (size_t)a->naxes) == 0;
			}
			if (same)
				continue;
			if (differing++ < examples)
				json_array_append_new(diffs,
						      json_pack("{s:o,s:o,s:o}", "logical",
								run_elem_json(a, e), "a",
								places_json(&ra, &ca, e), "b",
								places_json(&rb, &cb, e)));
		}
	}
	bool equal = !reason[0] && differing == 0;
	out = json_pack("{s:b,s:I,s:o,s:{s:s,s:o},s:{s:s,s:o}}", "equal", equal, "differing",
			(json_int_t)differing, "differences", diffs, "a", "id", a->id, "axes",
			axes_json(a, &ra), "b", "id", b->id, "axes", axes_json(b, &rb));
	diffs = NULL;
	if (reason[0])
		json_object_set_new(out, "reason", json_string(reason));
out:
	json_decref(diffs);
	collect_free(&ca);
	collect_free(&cb);
	run_free(&ra);
	run_free(&rb);
	return out;
}

/* ------------------------------------------------------------------ */
/* Pages: rows [first, first + count) of lay_table's order.            */

struct skip {
	lay_row_fn fn;
	void *ctx;
	int64_t first, count, row;
};

#define PAGE_FULL 1 /* sentinel: the page is complete */

static int skip_row(void *ctx, const struct lay_table_row *row)
{
	struct skip *k = ctx;
	if (k->row++ < k->first)
		return 0;
	if (k->count >= 0 && k->row - k->first > k->count)
		return PAGE_FULL;
	return k->fn(k->ctx, row);
}

static int page_rows(const struct lay_def *def, const struct run_page *pg, bool inverse,
		     int64_t first, int64_t count, lay_row_fn fn, void *ctx, struct lay_error *err)
{
	int64_t x[LAYOUTD_MAX_RANK], c[LAYOUTD_MAX_AXES];
	int64_t end = count < 0 || count > INT64_MAX - first ? INT64_MAX : first + count;
	int rc = 0;
	if (!inverse) {
		int64_t *pts = malloc(sizeof *pts * (size_t)(pg->R * def->naxes + 1));
		if (!pts)
			return lay_error_set(err, LAY_ENOMEM, def->ptr, -1, "out of memory");
		int64_t row = first - first % pg->R;
		for (int64_t e = first / pg->R; e < def->size && row < end && !rc; e++) {
			size_t n = run_page_elem(def, pg, e, pts);
			run_decode_elem(def, e, x);
			for (size_t k = 0; k < n && row < end && !rc; k++, row++) {
				if (row < first)
					continue;
				struct lay_table_row r = { e, x, pts + k * (size_t)def->naxes,
							   true };
				rc = fn(ctx, &r);
			}
		}
		free(pts);
	} else {
		/* one row per point: its element, or a hole */
		for (int64_t p = first; p < pg->F.phys_size && p < end && !rc; p++) {
			for (int a = 0; a < def->naxes; a++)
				c[a] = (p / pg->ps[a]) % pg->F.ext[a];
			int64_t e = run_page_point(def, pg, c);
			if (e >= 0)
				run_decode_elem(def, e, x);
			struct lay_table_row r = { e, x, c, true };
			rc = fn(ctx, &r);
		}
	}
	if (rc)
		return lay_error_set(err, rc, def->ptr, -1, "writing the table failed");
	return 0;
}

int lay_table_page(struct lay_def *def, bool inverse, int64_t first, int64_t count, lay_row_fn fn,
		   void *ctx, struct lay_error *err)
{
	struct run_page *pg = malloc(sizeof *pg);
	if (!pg)
		return lay_error_set(err, LAY_ENOMEM, def->ptr, -1, "out of memory");
	if (first < 0)
		first = 0;
	int rc;
	if (run_page_setup(def, pg) && (!inverse || pg->invertible)) {
		rc = page_rows(def, pg, inverse, first, count, fn, ctx, err);
	} else {
		struct skip k = { fn, ctx, first, count, 0 };
		rc = lay_table(def, inverse, skip_row, &k, err);
		if (rc == PAGE_FULL) {
			rc = 0;
			lay_error_clear(err);
		}
	}
	free(pg);
	return rc;
}
