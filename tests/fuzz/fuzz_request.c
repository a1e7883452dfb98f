/*
 * fuzz_request.c - libFuzzer harness: a whole request document.
 *
 * lay_json_load -> lay_analyze (max_points 2^16, 4 examples); when the
 * analysis succeeds, build a definition from the same document (the
 * "layout" member or the whole object, as `layoutd table` does) and walk
 * both table views with a counting row callback.  Also compares the
 * definition with itself (lay_compare must report equality) and checks
 * that pages of each view (lay_table_page, which finds the rows of clean
 * layouts directly) are exactly those rows of the whole table.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_KEPT (1 << 18) /* rows remembered for the page check */

struct counter {
	const struct lay_def *def;
	int64_t rows;
	int64_t sum;	/* touch every coordinate so ASan sees bad pointers */
	uint64_t *keep; /* a hash of each row, while rows <= MAX_KEPT */
	int64_t cap;
	bool lost; /* keep could not grow */
};

static uint64_t row_hash(const struct lay_def *def, const struct lay_table_row *row)
{
	uint64_t h = 1469598103934665603ull ^ (uint64_t)row->elem ^ (row->in_bounds ? 2 : 0);
	if (row->elem >= 0)
		for (int k = 0; k < def->rank; k++)
			h = (h ^ (uint64_t)row->logical[k]) * 1099511628211ull;
	for (int k = 0; k < def->naxes; k++)
		h = (h ^ (uint64_t)row->coord[k]) * 1099511628211ull;
	return h;
}

static int count_row(void *ctx, const struct lay_table_row *row)
{
	struct counter *c = ctx;
	c->rows++;
	if (row->elem >= 0) {
		if (row->elem >= c->def->size)
			abort(); /* element index out of the tile */
		for (int k = 0; k < c->def->rank; k++)
			c->sum += row->logical[k];
	}
	for (int k = 0; k < c->def->naxes; k++)
		c->sum += row->coord[k];
	if (c->rows > c->cap && c->rows <= MAX_KEPT) {
		int64_t cap = c->cap ? 2 * c->cap : 64;
		uint64_t *k = realloc(c->keep, (size_t)cap * sizeof *k);
		if (!k)
			c->lost = true;
		else {
			c->keep = k;
			c->cap = cap;
		}
	}
	if (c->rows <= c->cap)
		c->keep[c->rows - 1] = row_hash(c->def, row);
	return 0;
}

/* Rows [first, first + count) of a view must be those of the whole table. */
static void check_page(struct lay_def *def, bool inverse, const struct counter *all, int64_t first,
		       int64_t count)
{
	struct lay_error err;
	struct counter pg = { def, 0, 0, NULL, 0, false };
	if (first < 0)
		first = 0; /* as lay_table_page reads it */
	lay_error_clear(&err);
	if (lay_table_page(def, inverse, first, count, count_row, &pg, &err) == 0 && !pg.lost &&
	    pg.rows <= MAX_KEPT) {
		int64_t want = all->rows > first ? all->rows - first : 0;
		if (count >= 0 && want > count)
			want = count;
		if (pg.rows != want)
			abort(); /* a page of the wrong length */
		for (int64_t k = 0; k < pg.rows; k++)
			if (pg.keep[k] != all->keep[first + k])
				abort(); /* a page row that is not the table's row */
	}
	free(pg.keep);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct lay_options opt = { .max_points = 1 << 16, .examples = 4 };
	struct lay_error err;
	lay_error_clear(&err);
	json_t *req = lay_json_load((const char *)data, size, &err);
	if (!req)
		return 0;
	json_t *out = lay_analyze(req, &opt, &err);
	if (!out) {
		/* exercise the error path the front ends use */
		json_t *e = lay_error_to_json(&err);
		json_decref(e);
		json_decref(req);
		return 0;
	}
	char *s = json_dumps(out, JSON_COMPACT);
	free(s);
	json_decref(out);

	json_t *layout = json_object_get(req, "layout");
	lay_error_clear(&err);
	struct lay_def *def =
		lay_def_new(layout ? layout : req, layout ? "/layout" : "", &opt, &err);
	if (def) {
		for (int inv = 0; inv < 2; inv++) {
			struct counter c = { def, 0, 0, NULL, 0, false };
			lay_error_clear(&err);
			if (lay_table(def, inv != 0, count_row, &c, &err) == 0 && !c.lost &&
			    c.rows <= MAX_KEPT) {
				/* pages chosen by the input: its length and a byte */
				int64_t n = c.rows + 2, b = size ? data[size / 2] : 0;
				check_page(def, inv != 0, &c, 0, -1);
				check_page(def, inv != 0, &c, (int64_t)(size * 7919u % (uint64_t)n),
					   b % 67 - 1);
				check_page(def, inv != 0, &c, c.rows - 1 - b % (c.rows + 1), 1);
			}
			free(c.keep);
		}
		lay_error_clear(&err);
		json_t *cmp = lay_compare(def, def, opt.examples, &err);
		if (cmp && !json_is_true(json_object_get(cmp, "equal")))
			abort(); /* a definition must place like itself */
		json_decref(cmp);
		lay_def_free(def);
	}
	json_decref(req);
	return 0;
}
