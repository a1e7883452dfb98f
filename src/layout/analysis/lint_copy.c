/*
 * lint_copy.c - the copy verdict of a lint finding (lint.h): a local_load
 * or local_store between a shared memdesc and a distributed tensor is what
 * Triton lowers to ldmatrix / stmatrix when a variant can move it.  The
 * copy section (copy.c) answers "auto" for the op's direction; the finding
 * gets "copy": {"instruction", "count"} (instruction null when none can).
 * Element widths the matrix instructions do not move add nothing.
 */
#include <string.h>

#include "analysis/lint.h"

void lay_lint_copy(json_t *f, struct lay_def *mem, json_t *threads, bool store,
		   const struct lay_options *opt)
{
	json_int_t bits = json_integer_value(json_object_get(f, "element_bits"));
	if (bits != 8 && bits != 16 && bits != 32)
		return;
	json_t *req = json_pack("{s:s,s:s,s:I,s:O}", "instruction", "auto", "op",
				store ? "store" : "load", "element_bits", bits, "threads", threads);
	json_t *a = json_object();
	struct lay_error err;
	lay_error_clear(&err);
	if (req && a && lay_copy_request(a, mem, req, NULL, opt, &err) == 0) {
		json_t *c = json_object_get(a, "copy");
		json_object_set_new(f, "copy",
				    json_pack("{s:O,s:O}", "instruction",
					      json_object_get(c, "instruction"), "count",
					      json_object_get(c, "count")));
	}
	json_decref(a);
	json_decref(req);
}
