/*
 * placements.c - the placement table (element -> places, or place -> elements)
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

/*
 * The inverse table, point by point: windows of points [lo, hi), each
 * counted by one walk and filled by another (CSR by point), its elements
 * sorted and made distinct.  The window takes 4 bytes per point (at least
 * RUN_WINDOW_MIN bytes): a count per window point and an element per
 * placement in the window.
 */
struct inv {
	int64_t lo, hi;
	uint32_t *at; /* per window point: its count, then its start, then its end */
	int32_t *elems;
};

static int inv_count(void *ctx, int64_t e, int64_t p)
{
	struct inv *v = ctx;
	(void)e;
	if (p >= v->lo && p < v->hi)
		v->at[p - v->lo + 1]++;
	return 0;
}

static int inv_fill(void *ctx, int64_t e, int64_t p)
{
	struct inv *v = ctx;
	if (p >= v->lo && p < v->hi)
		v->elems[v->at[p - v->lo]++] = (int32_t)e;
	return 0;
}

static int inverse_rows(const struct lay_def *def, struct run *r, lay_row_fn fn, void *ctx,
			struct lay_error *err)
{
	struct inv v = { 0 };
	int64_t bytes = run_window(4 * run_points_count(r)), rc = 0;
	int64_t wmax = bytes / 8 < r->phys_size ? bytes / 8 : r->phys_size;
	int64_t cap = (bytes - 4 * (wmax + 1)) / 4;
	if (cap < 1)
		cap = 1;
	if ((rc = run_reserve(r, bytes)))
		return (int)rc;
	v.at = malloc(sizeof *v.at * (size_t)(wmax + 1));
	v.elems = malloc(sizeof *v.elems * (size_t)cap);
	if (!v.at || !v.elems) {
		rc = lay_error_set(err, LAY_ENOMEM, def->ptr, -1, "out of memory");
		goto out;
	}
	int64_t x[LAYOUTD_MAX_RANK] = { 0 }, co[LAYOUTD_MAX_AXES];
	for (int64_t lo = 0; lo < r->phys_size;) {
		v.lo = lo;
		v.hi = lo + wmax < r->phys_size ? lo + wmax : r->phys_size;
		memset(v.at, 0, sizeof *v.at * (size_t)(v.hi - lo + 1));
		if ((rc = run_points(r, inv_count, &v)))
			goto out;
		/* as many points as the elements array holds (at least one) */
		int64_t k = 0, sum = 0;
		while (lo + k < v.hi && (k == 0 || sum + v.at[k + 1] <= cap))
			sum += v.at[++k];
		if (sum > cap) {
			int32_t *ne = realloc(v.elems, sizeof *ne * (size_t)sum);
			if (!ne) {
				rc = lay_error_set(err, LAY_ENOMEM, def->ptr, -1, "out of memory");
				goto out;
			}
			v.elems = ne;
			cap = sum;
		}
		v.hi = lo + k;
		for (int64_t i = 0; i < k; i++)
			v.at[i + 1] += v.at[i];
		if ((rc = run_points(r, inv_fill, &v)))
			goto out;
		/* at[i] now ends point lo + i */
		for (int64_t i = 0; i < k; i++) {
			uint32_t b = i ? v.at[i - 1] : 0;
			size_t n = run_unique(v.elems + b, v.at[i] - b);
			run_decode_point(r, lo + i, co);
			if (n == 0) {
				struct lay_table_row row = { -1, x, co, true };
				if ((rc = fn(ctx, &row)))
					goto failed;
			}
			for (size_t j = 0; j < n; j++) {
				run_decode_elem(def, v.elems[b + j], x);
				struct lay_table_row row = { v.elems[b + j], x, co, true };
				if ((rc = fn(ctx, &row)))
					goto failed;
			}
		}
		lo = v.hi;
	}
	goto out;
failed:
	rc = lay_error_set(err, (int)rc, def->ptr, -1, "writing the table failed");
out:
	free(v.at);
	free(v.elems);
	return (int)rc;
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
	r.points_only = true;
	rc = run_begin(&r, def, err);
	if (!rc)
		rc = inverse_rows(def, &r, fn, ctx, err);
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

/*
 * Equal placement: the same logical shape, the same number of axes, and for
 * every element the same set of places with axes matched by position.
 *
 * Window by window of elements: a's distinct points of the window stay in
 * its own window (a notation in hardware order) or are copied into one
 * (element order, stopping when it is full), then b's points of the same
 * elements are compared against them.  Both enumerations and the window
 * share 4 bytes per point (the most of either layout's points, elements
 * and placements).
 */
struct side {
	int64_t lo, hi, wmax, cap;
	uint32_t *off; /* off[k] ends element lo + k; its points end there or at a -1 */
	int32_t *pts;
	size_t n;
};

static int side_copy(struct run *r, int64_t e, int32_t *pts, size_t n)
{
	struct side *c = r->user;
	size_t d = run_unique(pts, n);
	if (e > c->lo && (e - c->lo >= c->wmax || (int64_t)(c->n + d) > c->cap))
		return RUN_STOP;
	if ((int64_t)(c->n + d) > c->cap) { /* one element with more places than the window */
		int32_t *np = realloc(c->pts, (c->n + d) * sizeof *np);
		if (!np)
			return lay_error_set(r->err, LAY_ENOMEM, r->def->ptr, -1, "out of memory");
		c->pts = np;
		c->cap = (int64_t)(c->n + d);
	}
	if (d) /* pts is NULL for an element with no point */
		memcpy(c->pts + c->n, pts, d * sizeof *pts);
	c->n += d;
	c->off[e - c->lo] = (uint32_t)c->n;
	c->hi = e + 1;
	return 0;
}

/* In a's own window: sorted, distinct, the rest of its range -1. */
static int side_settle(struct run *r, int64_t e, int32_t *pts, size_t n)
{
	(void)r;
	(void)e;
	for (size_t k = run_unique(pts, n); k < n; k++)
		pts[k] = -1;
	return 0;
}

struct cmp {
	struct side *a;
	struct run *ra;
	int examples;
	int64_t differing;
	json_t *diffs;
};

static json_t *points_json(const struct run *r, const int32_t *p, size_t n)
{
	json_t *a = json_array();
	for (size_t k = 0; k < n; k++)
		json_array_append_new(a, run_point_json(r, p[k]));
	return a;
}

static int cmp_step(struct run *r, int64_t e, int32_t *pts, size_t n)
{
	struct cmp *m = r->user;
	const struct side *a = m->a;
	size_t d = run_unique(pts, n);
	uint32_t b = e > a->lo ? a->off[e - a->lo - 1] : 0, end = a->off[e - a->lo];
	const int32_t *pa = a->pts + b;
	size_t na = 0;
	while (b + na < end && pa[na] >= 0)
		na++;
	bool same = na == d;
	int64_t c1[LAYOUTD_MAX_AXES], c2[LAYOUTD_MAX_AXES];
	for (size_t k = 0; same && k < d; k++) {
		run_decode_point(m->ra, pa[k], c1);
		run_decode_point(r, pts[k], c2);
		same = memcmp(c1, c2, sizeof(int64_t) * (size_t)r->naxes) == 0;
	}
	if (!same && m->differing++ < m->examples)
		json_array_append_new(m->diffs, json_pack("{s:o,s:o,s:o}", "logical",
							  run_elem_json(r->def, e), "a",
							  points_json(m->ra, pa, na), "b",
							  points_json(r, pts, d)));
	return 0;
}

static json_t *axes_json(const struct lay_def *def, const struct run *r)
{
	json_t *a = json_array();
	for (int k = 0; k < def->naxes; k++)
		json_array_append_new(a, json_pack("{s:s,s:I}", "name", def->axes[k].name, "extent",
						   (json_int_t)r->ext[k]));
	return a;
}

static int compare_windows(struct lay_def *a, struct run *ra, struct run *rb, struct cmp *m,
			   struct lay_error *err)
{
	struct side c = { 0 };
	int64_t rc = 0;
	m->a = &c;
	m->ra = ra;
	rb->step = cmp_step;
	rb->user = m;
	if (ra->off) { /* a's own windows */
		ra->one_window = true;
		ra->step = side_settle;
		for (int64_t lo = 0; lo < a->size; lo = ra->whi) {
			if ((rc = run_range(ra, lo, a->size)))
				return (int)rc;
			c.lo = ra->wlo;
			c.off = ra->off;
			c.pts = ra->pts;
			if ((rc = run_range(rb, lo, ra->whi)))
				return (int)rc;
		}
		return 0;
	}
	int64_t bytes = ra->window_bytes; /* the copy takes a's share */
	c.wmax = bytes / 8 < a->size ? bytes / 8 : a->size;
	if (c.wmax < 1)
		c.wmax = 1;
	c.cap = (bytes - 4 * (c.wmax + 1)) / 4;
	if ((rc = run_reserve(ra, bytes)))
		return (int)rc;
	c.off = malloc(sizeof *c.off * (size_t)c.wmax);
	c.pts = malloc(sizeof *c.pts * (size_t)(c.cap > 0 ? c.cap : 1));
	if (!c.off || !c.pts) {
		rc = lay_error_set(err, LAY_ENOMEM, a->ptr, -1, "out of memory");
		goto out;
	}
	ra->step = side_copy;
	ra->user = &c;
	for (int64_t lo = 0; lo < a->size; lo = c.hi) {
		c.lo = c.hi = lo;
		c.n = 0;
		rc = run_range(ra, lo, a->size);
		if (rc && rc != RUN_STOP)
			goto out;
		if ((rc = run_range(rb, lo, c.hi)))
			goto out;
	}
out:
	free(c.off);
	free(c.pts);
	return (int)rc;
}

json_t *lay_compare(struct lay_def *a, struct lay_def *b, int examples, struct lay_error *err)
{
	struct run ra = { 0 }, rb = { 0 };
	struct cmp m = { .diffs = json_array() };
	json_t *out = NULL;
	char reason[256] = "";
	if (examples <= 0)
		examples = LAYOUTD_DEFAULT_EXAMPLES;
	if (examples > LAYOUTD_MAX_EXAMPLES)
		examples = LAYOUTD_MAX_EXAMPLES;
	m.examples = examples;
	bool same_shape = a->rank == b->rank;
	for (int d = 0; same_shape && d < a->rank; d++)
		same_shape = a->shape[d] == b->shape[d];
	if (run_scan(&ra, a, err) || run_scan(&rb, b, err))
		goto out;
	/* the budget: a's window (hardware order) or the copy (element order)
	 * and b's window share what the counts leave */
	int64_t M = run_points_count(&ra) > run_points_count(&rb) ? run_points_count(&ra)
								  : run_points_count(&rb);
	int64_t left = 4 * M;
	for (struct run *r = &ra; r; r = r == &ra ? &rb : NULL)
		if (r->ecount.lo)
			left -= run_tally_bytes(r->def->size, r->emitted);
	ra.window_bytes = run_window(rb.ecount.lo ? left / 2 : left);
	rb.window_bytes = run_window(left / 2);
	if (run_alloc(&ra) || run_alloc(&rb))
		goto out;
	if (!same_shape) {
		snprintf(reason, sizeof reason,
			 "the logical shapes differ (rank %d, %lld elements vs rank %d, %lld "
			 "elements)",
			 a->rank, (long long)a->size, b->rank, (long long)b->size);
	} else if (a->naxes != b->naxes) {
		snprintf(reason, sizeof reason, "the physical spaces have %d and %d axes", a->naxes,
			 b->naxes);
	} else if (compare_windows(a, &ra, &rb, &m, err)) {
		goto out;
	}
	bool equal = !reason[0] && m.differing == 0;
	out = json_pack("{s:b,s:I,s:o,s:{s:s,s:o},s:{s:s,s:o}}", "equal", equal, "differing",
			(json_int_t)m.differing, "differences", m.diffs, "a", "id", a->id, "axes",
			axes_json(a, &ra), "b", "id", b->id, "axes", axes_json(b, &rb));
	m.diffs = NULL;
	if (reason[0])
		json_object_set_new(out, "reason", json_string(reason));
out:
	json_decref(m.diffs);
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
