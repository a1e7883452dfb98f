/*
 * fuzz_request.c - libFuzzer harness: a whole request document.
 *
 * lay_json_load -> lay_analyze (max_points 2^16, 4 examples); when the
 * analysis succeeds, build a definition from the same document (the
 * "layout" member or the whole object, as `layoutd table` does) and walk
 * both table views with a counting row callback.  Also compares the
 * definition with itself (lay_compare must report equality).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct counter {
	const struct lay_def *def;
	int64_t rows;
	int64_t sum; /* touch every coordinate so ASan sees bad pointers */
};

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
	return 0;
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
			struct counter c = { def, 0, 0 };
			lay_error_clear(&err);
			(void)lay_table(def, inv != 0, count_row, &c, &err);
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
