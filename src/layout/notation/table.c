/*
 * table.c - the table notation: explicit placement rows
 * [[[i, j], {"laneid": 0, "m": 0}], ...], as dumped by another tool or a real
 * kernel (docs/notations.md).  Each row is one placement; a repeated row is a
 * duplicate placement, not an error.  The logical shape defaults to max+1 of
 * the coordinates per dimension; axis order is first appearance.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "notation/notation.h"
#include "rows.h"

struct table_state {
	size_t nrows;
	int nax;	/* axes named by the rows: def axes 0..nax-1 */
	int64_t *elem;	/* nrows row-major element indices */
	int64_t *coord; /* nrows * nax physical coordinates */
	/* or, for rows read by the streaming reader: its chunks (owned
	 * reference), decoded on each walk */
	json_t *chunks;
	int rank;
	int64_t shape[LAYOUTD_MAX_RANK];
};

static void table_free(void *state)
{
	struct table_state *st = state;
	if (!st)
		return;
	free(st->elem);
	free(st->coord);
	json_decref(st->chunks);
	free(st);
}

/* Rows in row order; axes the table does not name (declared in "physical"
 * only) stay at 0. */
static int table_walk(const struct lay_def *def, lay_emit_fn fn, void *ctx, struct lay_error *err)
{
	const struct table_state *st = def->state;
	int64_t coord[LAYOUTD_MAX_AXES] = { 0 };
	(void)err;
	if (st->chunks) {
		size_t c;
		json_t *ch;
		json_array_foreach(st->chunks, c, ch)
		{
			const uint8_t *q = (const uint8_t *)json_string_value(ch);
			const uint8_t *end = q + json_string_length(ch);
			while (q < end) {
				int64_t e = 0;
				for (int d = 0; d < st->rank; d++)
					e = e * st->shape[d] + (int64_t)lay_rows_get_u(&q);
				for (int a = 0; a < st->nax; a++)
					coord[a] = lay_rows_unzig(lay_rows_get_u(&q));
				int rc = fn(ctx, e, coord, 0);
				if (rc)
					return rc;
			}
		}
		return 0;
	}
	for (size_t r = 0; r < st->nrows; r++) {
		memcpy(coord, st->coord + r * (size_t)st->nax, sizeof *coord * (size_t)st->nax);
		int rc = fn(ctx, st->elem[r], coord, 0);
		if (rc)
			return rc;
	}
	return 0;
}

static const struct lay_notation_ops table_ops = {
	.walk = table_walk,
	.free = table_free,
	.ordered = false,
};

/* Row r must be a [coordinates, places] pair; returns its two members.
 * JSON pointers are built only for errors: a table may have millions of
 * rows. */
static int row_parts(json_t *row, const char *ptr, size_t r, json_t **lc, json_t **pl,
		     struct lay_error *err)
{
	char rp[LAY_ERR_PTR], q[LAY_ERR_PTR];
	if (!json_is_array(row) || json_array_size(row) != 2) {
		lay_ptr_index(rp, sizeof rp, ptr, r);
		return lay_error_set(
			err, LAY_ESCHEMA, rp, -1,
			"a table row is [[logical coordinates], {\"axis\": coordinate, ...}]");
	}
	*lc = json_array_get(row, 0);
	*pl = json_array_get(row, 1);
	if (!json_is_array(*lc)) {
		lay_ptr_index(rp, sizeof rp, ptr, r);
		lay_ptr_index(q, sizeof q, rp, 0);
		return lay_error_set(err, LAY_ESCHEMA, q, -1,
				     "the logical coordinates of a row are an array of integers");
	}
	if (!json_is_object(*pl) || json_object_size(*pl) == 0) {
		lay_ptr_index(rp, sizeof rp, ptr, r);
		lay_ptr_index(q, sizeof q, rp, 1);
		return lay_error_set(err, LAY_ESCHEMA, q, -1,
				     "the place of a row is a non-empty object of axis "
				     "coordinates, e.g. {\"laneid\": 0}");
	}
	return 0;
}

/* "/table/r/part" into out. */
static void part_ptr(char *out, size_t n, const char *ptr, size_t r, int part)
{
	char rp[LAY_ERR_PTR];
	lay_ptr_index(rp, sizeof rp, ptr, r);
	lay_ptr_index(out, n, rp, (size_t)part);
}

/* "/table/r/part/d" or "/table/r/part/key" into out. */
static void cell_ptr(char *out, size_t n, const char *ptr, size_t r, int part, size_t d,
		     const char *key)
{
	char q[LAY_ERR_PTR];
	part_ptr(q, sizeof q, ptr, r, part);
	if (key)
		lay_ptr_join(out, n, q, key);
	else
		lay_ptr_index(out, n, q, d);
}

static int axis_index(const struct lay_def *def, const char *name)
{
	for (int a = 0; a < def->naxes; a++)
		if (strcmp(def->axes[a].name, name) == 0)
			return a;
	return -1;
}

/*
 * Pass 1 over the rows: schema, ranks, logical coordinates (and their
 * maxima into mx), and every axis in order of first appearance.
 */
static int scan_rows(struct lay_def *def, json_t *v, const char *ptr, int *rank, int64_t *mx,
		     struct lay_error *err)
{
	char q[LAY_ERR_PTR], q2[LAY_ERR_PTR];
	size_t r, nrows = json_array_size(v);
	json_t *lc = NULL, *pl = NULL;
	int rc;
	for (r = 0; r < nrows; r++) {
		json_t *row = json_array_get(v, r);
		if ((rc = row_parts(row, ptr, r, &lc, &pl, err)))
			return rc;
		size_t n = json_array_size(lc);
		if (r == 0) {
			if (n == 0 || n > LAYOUTD_MAX_RANK ||
			    (def->logical_given && (int)n != def->rank))
				part_ptr(q, sizeof q, ptr, r, 0);
			if (n == 0)
				return lay_error_set(err, LAY_ESCHEMA, q, -1,
						     "a row needs at least one logical coordinate");
			if (n > LAYOUTD_MAX_RANK)
				return lay_error_set(err, LAY_ELIMIT, q, -1,
						     "logical rank %zu is over the limit %d", n,
						     LAYOUTD_MAX_RANK);
			if (def->logical_given && (int)n != def->rank)
				return lay_error_set(
					err, LAY_ESHAPE, q, -1,
					"row 0 has %zu logical coordinates but logical has rank %d",
					n, def->rank);
			*rank = (int)n;
		} else if ((int)n != *rank) {
			part_ptr(q, sizeof q, ptr, r, 0);
			return lay_error_set(err, LAY_ESHAPE, q, -1,
					     "row %zu has %zu logical coordinates, row 0 has %d", r,
					     n, *rank);
		}
		for (size_t d = 0; d < n; d++) {
			json_t *xv = json_array_get(lc, d);
			int64_t x;
			if (!json_is_integer(xv)) {
				cell_ptr(q2, sizeof q2, ptr, r, 0, d, NULL);
				if (lay_json_int(xv, q2, &x, err))
					return err ? err->code : LAY_ESCHEMA;
			}
			x = json_integer_value(xv);
			if (x < 0 || (def->logical_given && x >= def->shape[d]))
				cell_ptr(q2, sizeof q2, ptr, r, 0, d, NULL);
			if (x < 0)
				return lay_error_set(err, LAY_ERANGE, q2, -1,
						     "row %zu: logical coordinate %lld of "
						     "dimension %zu is negative",
						     r, (long long)x, d);
			if (def->logical_given && x >= def->shape[d])
				return lay_error_set(err, LAY_ERANGE, q2, -1,
						     "row %zu: logical coordinate %lld is outside "
						     "dimension %s of extent %lld",
						     r, (long long)x, def->names[d],
						     (long long)def->shape[d]);
			if (x > mx[d])
				mx[d] = x;
		}
		const char *key;
		json_t *val;
		json_object_foreach(pl, key, val)
		{
			int64_t c;
			if (axis_index(def, key) < 0) {
				cell_ptr(q2, sizeof q2, ptr, r, 1, 0, key);
				if (lay_def_axis(def, key, q2, err) < 0)
					return err ? err->code : LAY_ENAME;
			}
			if (!json_is_integer(val)) {
				cell_ptr(q2, sizeof q2, ptr, r, 1, 0, key);
				if (lay_json_int(val, q2, &c, err))
					return err ? err->code : LAY_ESCHEMA;
			}
		}
	}
	return 0;
}

/* Pass 2: every row names every axis; fill the element and coordinates. */
static int fill_rows(struct lay_def *def, struct table_state *st, json_t *v, const char *ptr,
		     struct lay_error *err)
{
	char rp[LAY_ERR_PTR], q[LAY_ERR_PTR];
	size_t r, nrows = json_array_size(v);
	for (r = 0; r < nrows; r++) {
		json_t *row = json_array_get(v, r);
		json_t *lc = json_array_get(row, 0), *pl = json_array_get(row, 1);
		/* every key is one of the nax axes (pass 1), so equal counts
		 * mean none is missing */
		if ((int)json_object_size(pl) != st->nax) {
			lay_ptr_index(rp, sizeof rp, ptr, r);
			lay_ptr_index(q, sizeof q, rp, 1);
			for (int a = 0; a < st->nax; a++)
				if (!json_object_get(pl, def->axes[a].name))
					return lay_error_set(err, LAY_ESCHEMA, q, -1,
							     "row %zu has no coordinate on axis "
							     "%s, which other rows use",
							     r, def->axes[a].name);
		}
		int64_t e = 0;
		for (int d = 0; d < def->rank; d++)
			e = e * def->shape[d] + json_integer_value(json_array_get(lc, (size_t)d));
		st->elem[r] = e;
		int64_t *c = st->coord + r * (size_t)st->nax;
		if (st->nax == 1) {
			c[0] = json_integer_value(json_object_iter_value(json_object_iter(pl)));
			continue;
		}
		for (int a = 0; a < st->nax; a++)
			c[a] = json_integer_value(json_object_get(pl, def->axes[a].name));
	}
	return 0;
}

/* Without "logical", the shape is max+1 of the coordinates per dimension. */
static int infer_shape(struct lay_def *def, int rank, const int64_t *mx, const char *ptr,
		       struct lay_error *err)
{
	int64_t shape[LAYOUTD_MAX_RANK];
	int rc;
	for (int d = 0; d < rank; d++) {
		/* max+1 must stay enumerable; this also keeps +1 in range */
		if (mx[d] >= def->max_points)
			return lay_error_set(
				err, LAY_ELIMIT, ptr, -1,
				"logical coordinates up to %lld in dimension %d: the tile "
				"is over the enumeration limit of %lld",
				(long long)mx[d], d, (long long)def->max_points);
		shape[d] = mx[d] + 1;
	}
	if ((rc = lay_def_set_shape(def, rank, shape, ptr, err)))
		return rc;
	if (def->size > def->max_points)
		return lay_error_set(err, LAY_ELIMIT, ptr, -1,
				     "the logical tile implied by the rows has %lld "
				     "elements, over the enumeration limit of %lld",
				     (long long)def->size, (long long)def->max_points);
	return 0;
}

/*
 * Rows the streaming reader took: the reader has already checked what
 * does not depend on the rest of the definition (every row [[i, ...],
 * {"axis": c, ...}] with one rank, integers, coordinates >= 0, the same
 * identifier keys in every row), so only the declared shape and the
 * limits remain, with the errors pass 1 and 2 give for the same rows.
 */
static int parse_streamed(struct lay_def *def, json_t *v, const struct rows_meta *m,
			  const char *ptr, struct lay_error *err)
{
	char q[LAY_ERR_PTR];
	int rc;
	struct table_state *st = calloc(1, sizeof *st);
	if (!st)
		return lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
	def->ops = &table_ops;
	def->state = st; /* owned by def from here on */
	st->chunks = json_incref(json_object_get(v, LAY_ROWS_KEY));
	if (def->logical_given && m->rank != def->rank) {
		part_ptr(q, sizeof q, ptr, 0, 0);
		return lay_error_set(err, LAY_ESHAPE, q, -1,
				     "row 0 has %zu logical coordinates but logical has rank %d",
				     (size_t)m->rank, def->rank);
	}
	bool inside = true;
	for (int d = 0; d < m->rank && def->logical_given; d++)
		inside = inside && m->max[d] < def->shape[d];
	if (!inside) { /* the first coordinate outside, in row order */
		size_t r = 0, c;
		json_t *ch;
		json_array_foreach(st->chunks, c, ch)
		{
			const uint8_t *p = (const uint8_t *)json_string_value(ch);
			const uint8_t *end = p + json_string_length(ch);
			for (; p < end; r++) {
				for (int d = 0; d < m->rank; d++) {
					int64_t x = (int64_t)lay_rows_get_u(&p);
					if (x < def->shape[d]) {
						continue;
					}
					cell_ptr(q, sizeof q, ptr, r, 0, (size_t)d, NULL);
					return lay_error_set(err, LAY_ERANGE, q, -1,
							     "row %zu: logical coordinate %lld is "
							     "outside dimension %s of extent %lld",
							     r, (long long)x, def->names[d],
							     (long long)def->shape[d]);
				}
				for (int a = 0; a < m->nax; a++)
					(void)lay_rows_get_u(&p);
			}
		}
	}
	for (int a = 0; a < m->nax; a++) {
		cell_ptr(q, sizeof q, ptr, 0, 1, 0, m->names[a]);
		if (lay_def_axis(def, m->names[a], q, err) < 0)
			return err ? err->code : LAY_ENAME;
	}
	st->nax = def->naxes;
	st->nrows = (size_t)m->nrows;
	if (!def->logical_given && (rc = infer_shape(def, m->rank, m->max, ptr, err)))
		return rc;
	st->rank = def->rank;
	memcpy(st->shape, def->shape, sizeof st->shape);
	def->placements_bound = m->nrows;
	return 0;
}

static int lay_table_parse(struct lay_def *def, json_t *v, json_t *whole, struct lay_error *err)
{
	char ptr[LAY_ERR_PTR];
	int64_t mx[LAYOUTD_MAX_RANK] = { 0 };
	int rank = 0, rc;
	(void)whole;

	lay_ptr_join(ptr, sizeof ptr, def->ptr, "table");
	const struct rows_meta *m = lay_rows_meta(v);
	if (m)
		return parse_streamed(def, v, m, ptr, err);
	if (!json_is_array(v) || json_array_size(v) == 0)
		return lay_error_set(err, LAY_ESCHEMA, ptr, -1,
				     "table must be a non-empty array of rows [[i, j], "
				     "{\"laneid\": 0, \"m\": 0}]");
	size_t nrows = json_array_size(v);
	if (nrows > (size_t)LAYOUTD_MAX_TABLE_ROWS)
		return lay_error_set(err, LAY_ELIMIT, ptr, -1,
				     "table has %zu rows, over the limit of %ld", nrows,
				     (long)LAYOUTD_MAX_TABLE_ROWS);
	struct table_state *st = calloc(1, sizeof *st);
	if (!st)
		return lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
	def->ops = &table_ops;
	def->state = st; /* owned by def from here on */

	if ((rc = scan_rows(def, v, ptr, &rank, mx, err)))
		return rc;
	st->nax = def->naxes;
	st->nrows = nrows;

	if (!def->logical_given && (rc = infer_shape(def, rank, mx, ptr, err)))
		return rc;

	st->elem = malloc(sizeof *st->elem * nrows);
	st->coord = malloc(sizeof *st->coord * nrows * (size_t)(st->nax ? st->nax : 1));
	if (!st->elem || !st->coord)
		return lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
	if ((rc = fill_rows(def, st, v, ptr, err)))
		return rc;
	def->placements_bound = (int64_t)nrows;
	return 0;
}

/* The table notation: rows of places, no text to detect. */
const struct lay_notation lay_notation_table = {
	.key = "table",
	.parse = lay_table_parse,
};
