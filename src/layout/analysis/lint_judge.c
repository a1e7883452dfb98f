/*
 * lint_judge.c - a lint answer's verdict (lint.h): the command line's and
 * the request's thresholds (max_conflicts, deny) applied to each finding,
 * which marks it failed with its reason, and the module's ok, failed and
 * errors counts, and the findings skipped (an op lint cannot analyse), which
 * fail only when strict.  A TMEM op whose layout is not valid always fails: it
 * computes garbage or faults; so does a TMA copy into (or out of) a shared
 * layout other than the one TMA writes.
 */
#include <stdio.h>
#include <string.h>

#include "analysis/lint.h"

int lay_lint_judge(json_t *res, int64_t max_conflicts, json_t *deny, bool strict, const char *ptr,
		   struct lay_error *err)
{
	bool deny_smem = false, deny_conflicts = false;
	size_t i;
	json_t *d, *f;
	json_array_foreach(deny, i, d)
	{
		const char *s = json_string_value(d);
		if (s && strcmp(s, "shared_memory_conversion") == 0)
			deny_smem = true;
		else if (s && strcmp(s, "bank_conflicts") == 0)
			deny_conflicts = true;
		else {
			char p[LAY_ERR_PTR];
			lay_ptr_index(p, sizeof p, ptr, i);
			return lay_error_set(err, LAY_ESCHEMA, p, -1,
					     "deny names shared_memory_conversion or "
					     "bank_conflicts, not \"%.40s\"",
					     s ? s : "(not a string)");
		}
	}
	if (deny_conflicts && (max_conflicts < 0 || max_conflicts > 0))
		max_conflicts = 0;
	int failed = 0, errors = 0, skipped = 0;
	json_array_foreach(json_object_get(res, "findings"), i, f)
	{
		const char *kind = json_string_value(json_object_get(f, "kind"));
		const char *why = NULL;
		char buf[160];
		if (kind && strcmp(kind, "error") == 0) {
			errors++;
			continue;
		}
		if (kind && strcmp(kind, "skipped") == 0) {
			/* not analysed: fails the job only when asked to (strict) */
			skipped++;
			if (strict)
				why = "not analysed, and strict";
		}
		if (kind && strcmp(kind, "bank_conflicts") == 0 && max_conflicts >= 0) {
			json_int_t bc = json_integer_value(json_object_get(f, "bank_conflicts"));
			if (bc > max_conflicts) {
				snprintf(buf, sizeof buf, "more than the %lld allowed",
					 (long long)max_conflicts);
				why = buf;
			}
		}
		/* a TMEM op that breaks the sub-partition rule or does not fit
		 * computes garbage or faults: it always fails */
		if (kind && strcmp(kind, "tmem") == 0 &&
		    !json_is_true(json_object_get(json_object_get(f, "tmem"), "ok"))) {
			json_t *r = json_array_get(
				json_object_get(json_object_get(f, "tmem"), "reasons"), 0);
			snprintf(buf, sizeof buf, "%s",
				 json_is_string(r) ? json_string_value(r)
						   : "the tensor memory layout is not valid");
			why = buf;
		}
		/* a TMA copy whose shared layout is not what TMA writes puts the
		 * tile's elements where the kernel does not read them */
		if (kind && strcmp(kind, "copy") == 0 &&
		    !json_is_true(json_object_get(json_object_get(f, "copy"), "matches_layout")))
			why = "the shared layout is not what TMA writes";
		/* a cp.async under 4 bytes a lane: Triton's lowering refuses it */
		json_t *cpa = json_object_get(f, "copy");
		if (kind && strcmp(kind, "bank_conflicts") == 0 && json_object_get(cpa, "reason"))
			why = json_string_value(json_object_get(cpa, "reason"));
		if (kind && strcmp(kind, "conversion") == 0 && deny_smem) {
			const char *c = json_string_value(json_object_get(f, "conversion"));
			if (c && strcmp(c, "shared_memory") == 0)
				why = "a conversion through shared memory, denied";
		}
		json_object_set_new(f, "fails", json_boolean(why != NULL));
		if (why) {
			json_object_set_new(f, "reason", json_string(why));
			failed++;
		} else {
			json_object_del(f, "reason"); /* from an earlier judgement */
		}
	}
	json_object_set_new(res, "failed", json_integer(failed));
	json_object_set_new(res, "errors", json_integer(errors));
	json_object_set_new(res, "skipped", json_integer(skipped));
	json_object_set_new(res, "ok", json_boolean(failed == 0 && errors == 0));
	return 0;
}
