/*
 * definition.c - a layout definition read through its notation
 * (lay_def_new, layout.h): the one notation key found in the table
 * (notation.h) and the members of other notations refused, the members
 * every notation shares read (def.c), the notation's reader, the checks
 * every definition passes (def.c).  A text is detected first (detect.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "notation/notation.h"

/* Finds the one notation key of v and refuses unknown members and members
 * of another notation. */
static int check_members(struct lay_def *def, json_t *v, const char *ptr, struct lay_error *err)
{
	char p[LAY_ERR_PTR], list[128];
	const struct lay_notation *n = NULL;
	const char *key;
	json_t *val;
	json_object_foreach(v, key, val)
	{
		lay_ptr_join(p, sizeof p, ptr, key);
		const struct lay_notation *found = lay_notation_find(key);
		if (found) {
			if (n)
				return lay_error_set(err, LAY_ENOTATION, p, -1,
						     "two notation keys, \"%s\" and \"%s\": a "
						     "definition has exactly one",
						     n->key, key);
			n = found;
			continue;
		}
		bool known = lay_notation_owner(key) != NULL || lay_def_shared_key(key);
		if (!known)
			return lay_error_set(err, LAY_ESCHEMA, p, -1,
					     "unknown member \"%s\" in the layout definition", key);
	}
	if (!n) {
		lay_notation_list(list, sizeof list, ", ");
		return lay_error_set(err, LAY_ENOTATION, ptr, -1,
				     "no notation key: give exactly one of %s", list);
	}
	def->notation = n;
	snprintf(def->notation_key, sizeof def->notation_key, "%s", n->key);
	val = json_object_get(v, "name");
	if (val && !json_is_string(val)) {
		lay_ptr_join(p, sizeof p, ptr, "name");
		return lay_error_set(err, LAY_ESCHEMA, p, -1, "name must be a string");
	}
	for (int i = 0; i < lay_nnotations; i++)
		for (const char *const *m = lay_notations[i]->members; m && *m; m++)
			if (lay_notations[i] != n && json_object_get(v, *m)) {
				lay_ptr_join(p, sizeof p, ptr, *m);
				return lay_error_set(err, LAY_ESCHEMA, p, -1,
						     "%s belongs to the %s notation only", *m,
						     lay_notations[i]->key);
			}
	return 0;
}

struct lay_def *lay_def_new(json_t *v, const char *ptr, const struct lay_options *opt,
			    struct lay_error *err)
{
	struct lay_def *def = NULL;
	char list[128];

	if (json_is_string(v) || json_object_get(v, "text")) {
		json_t *d = lay_detect_definition(v, ptr, err);
		if (!d)
			return NULL;
		def = lay_def_new(d, ptr, opt, err);
		json_decref(d);
		return def;
	}
	if (!json_is_object(v)) {
		lay_notation_list(list, sizeof list, ", ");
		lay_error_set(err, LAY_ESCHEMA, ptr, -1,
			      "a layout definition must be a JSON object with one notation key "
			      "(%s)",
			      list);
		return NULL;
	}
	if (lay_json_tree_check(v, ptr, opt ? opt->max_depth : 0, false, err))
		return NULL;
	def = calloc(1, sizeof *def);
	if (!def) {
		lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
		return NULL;
	}
	def->warnings = json_array();
	snprintf(def->ptr, sizeof def->ptr, "%s", ptr);
	def->max_points = opt && opt->max_points > 0 ? opt->max_points : LAYOUTD_DEFAULT_MAX_POINTS;
	if (opt)
		def->ctx = opt->ctx;
	if (def->max_points > LAYOUTD_MAX_POINTS_CAP)
		def->max_points = LAYOUTD_MAX_POINTS_CAP;
	def->max_expr_len = opt && opt->max_expr_len > 0 && opt->max_expr_len < LAYOUTD_MAX_EXPR_LEN
				    ? opt->max_expr_len
				    : LAYOUTD_MAX_EXPR_LEN;

	if (check_members(def, v, ptr, err) || lay_def_read_shared(def, v, ptr, err))
		goto fail;
	const struct lay_notation *n = def->notation;
	if (n->parse(def, json_object_get(v, n->key), v, err))
		goto fail;
	if (def->rank == 0) {
		lay_error_set(err, LAY_ESCHEMA, ptr, -1, "logical is required for the %s notation",
			      def->notation_key);
		goto fail;
	}
	if (lay_def_finish(def, ptr, err))
		goto fail;
	if (lay_canonical_id(v, def->id, err))
		goto fail;
	def->physical_json = def->axes_json = NULL;
	return def;
fail:
	lay_def_free(def);
	return NULL;
}
