/*
 * lint_tmem.c - the lint finding of a TMEM op (lint.h): ttng.tmem_alloc,
 * tmem_load, tmem_store and tmem_copy.  The op's tensor-memory memdesc
 * (joined with the registers it moves, for tcgen05.ld / st) is read by the
 * ttgir notation and judged by the tmem section of the analysis (tmem.c):
 * the columns it uses, the tcgen05.alloc allocation, whether it fits, the
 * element packing, and the sub-partition rule (warp w % 4 reaches lanes
 * 32(w%4) .. +31 only).
 */
#include <stdio.h>
#include <string.h>

#include "analysis/lint.h"
#include "analysis/tmem.h"

int lay_lint_tmem(json_t *f, json_t *layout, const struct lay_options *opt, struct lay_error *err)
{
	struct lay_def *def = lay_def_new(layout, "/layout", opt, err);
	json_t *a = NULL, *t;
	int rc = 0;
	if (!def)
		return err->code ? err->code : LAY_ESCHEMA;
	if (!(a = json_object())) {
		rc = lay_error_set(err, LAY_ENOMEM, "", -1, "out of memory");
		goto out;
	}
	if ((rc = lay_tmem_attach(a, def, opt, err)))
		goto out;
	if (!(t = json_object_get(a, "tmem"))) {
		rc = lay_error_set(err, LAY_ESCHEMA, "", -1,
				   "its memdesc places nothing on tensor memory lanes or columns");
		goto out;
	}
	static const char *const keep[] = { "columns", "lanes",	       "allocation",
					    "fits",    "element_bits", "packing",
					    "ok",      "reasons",      "packing_violations" };
	json_t *v = json_object();
	for (size_t k = 0; k < sizeof keep / sizeof keep[0]; k++)
		if (json_object_get(t, keep[k]))
			json_object_set(v, keep[k], json_object_get(t, keep[k]));
	json_t *sp = json_object_get(t, "subpartitions");
	if (json_is_object(sp))
		json_object_set_new(v, "subpartitions",
				    json_pack("{s:O,s:O,s:O,s:O}", "ok", json_object_get(sp, "ok"),
					      "warp_from", json_object_get(sp, "warp_from"),
					      "violations", json_object_get(sp, "violations"),
					      "examples", json_object_get(sp, "examples")));
	else
		json_object_set_new(v, "subpartitions", json_null());
	json_object_set_new(f, "kind", json_string("tmem"));
	json_object_set_new(f, "tmem", v);
out:
	json_decref(a);
	lay_def_free(def);
	return rc;
}

/* A memdesc of rank 3 is `buffers` copies of its 2-D layout side by side
 * in the columns (Triton's multi-buffered TMEM allocation): the columns it
 * uses, its allocation and whether it fits are those of all of them. */
void lay_lint_tmem_buffers(json_t *f, long long buffers)
{
	json_t *v = json_object_get(f, "tmem");
	json_t *cols = json_object_get(v, "columns");
	if (buffers <= 1 || !json_is_integer(cols))
		return;
	long long one = (long long)json_integer_value(cols), columns = one * buffers;
	bool fits = columns <= 512 && json_is_true(json_object_get(v, "fits"));
	long long a = 32;
	while (a < columns)
		a *= 2;
	json_object_set_new(v, "buffers", json_integer(buffers));
	json_object_set_new(v, "columns", json_integer(columns));
	json_object_set_new(v, "allocation", fits ? json_integer(a) : json_null());
	json_object_set_new(v, "fits", json_boolean(fits));
	if (columns > 512) {
		char buf[160];
		snprintf(buf, sizeof buf,
			 "%lld buffers of %lld columns use %lld columns, past the 512 of tensor "
			 "memory",
			 buffers, one, columns);
		json_array_append_new(json_object_get(v, "reasons"), json_string(buf));
		json_object_set_new(v, "ok", json_false());
	}
}
