/*
 * upstream.c - the endpoints that meet users where their tools are:
 * GET /v1/analyses/{id}/print?format= (the pictures CuTe's print_layout /
 * print_latex and Triton's getLayoutStr print) and POST /v1/lint (every
 * shared-memory access and conversion of a whole TTGIR module).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/http.h"
#include "layout/analysis/lint.h"
#include "layout/print/print.h"

/* What an analysis prints: its own layout (a new reference; lay_print
 * draws an algebra expression's result, as the CLI does), or NULL with err
 * set for an integer-valued expression. */
static json_t *printed_layout(json_t *a, json_t *layout, struct lay_error *err)
{
	json_t *value = json_object_get(json_object_get(a, "algebra"), "value");
	if (!json_is_integer(value))
		return json_incref(layout);
	lay_error_set(err, LAY_ESCHEMA, "/layout/cute", -1,
		      "the expression's value is the integer %lld, not a layout: it has no "
		      "picture",
		      (long long)json_integer_value(value));
	return NULL;
}

enum MHD_Result http_get_print(struct MHD_Connection *c, struct http_req *r)
{
	/* a NUL in it ("cute%00junk") is refused before (routes.c) */
	const char *format = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "format");
	const struct lay_print_format *pf = lay_print_format_find(format);
	if (!pf) {
		char list[128], detail[160];
		lay_print_format_list(list, sizeof list, ", ", " or ");
		snprintf(detail, sizeof detail, "format is %s", list);
		return http_send_problem(c, r, 400, "bad_query", detail, "/query/format");
	}
	json_t *a, *layout;
	enum MHD_Result ret;
	if (!http_load_cached(c, r, &a, &layout, &ret))
		return ret;
	struct lay_error err;
	struct lay_options opt = http_options(r->srv);
	lay_error_clear(&err);
	json_t *shown = printed_layout(a, layout, &err);
	char *text = shown ? lay_print(shown, "/layout", format, &opt, &err) : NULL;
	if (!text && shown && shown != layout)
		err.position = -1; /* a position in the result, not in the expression */
	json_decref(shown);
	if (!text)
		ret = http_send_error(c, r, &err);
	else
		ret = http_send_owned(c, r, 200, pf->media_type, text, strlen(text), NULL);
	json_decref(a);
	json_decref(layout);
	return ret;
}

/* {"text": "<.mlir>", "file"?: "name", "max_conflicts"?: n, "deny"?: [...],
 * "target"?: "gfx950"}:
 * 200 with the findings when every threshold holds, 422 with the same
 * body when one does not (curl -f fails the CI step). */
enum MHD_Result http_post_lint(struct MHD_Connection *c, struct http_req *r)
{
	struct lay_error err;
	lay_error_clear(&err);
	struct lay_options opt = http_options(r->srv);
	json_t *out = NULL, *body = http_parse_body(r, &err);
	const char *key;
	json_t *v;
	if (!body)
		goto bad;
	if (!json_is_object(body)) {
		lay_error_set(&err, LAY_ESCHEMA, "", -1, "the request body must be a JSON object");
		goto bad;
	}
	json_object_foreach(body, key, v)
	{
		if (strcmp(key, "text") && strcmp(key, "file") && strcmp(key, "max_conflicts") &&
		    strcmp(key, "deny") && strcmp(key, "target") && strcmp(key, "strict")) {
			char ptr[LAY_ERR_PTR];
			lay_ptr_join(ptr, sizeof ptr, "", key);
			lay_error_set(&err, LAY_ESCHEMA, ptr, -1,
				      "unknown member \"%s\" in the request body", key);
			goto bad;
		}
	}
	json_t *text = json_object_get(body, "text"), *file = json_object_get(body, "file");
	json_t *deny = json_object_get(body, "deny"), *mc = json_object_get(body, "max_conflicts");
	int64_t max_conflicts = -1;
	if (!json_is_string(text)) {
		lay_error_set(&err, LAY_ESCHEMA, "/text", -1,
			      "text is the TTGIR of the module(s) to lint, as a string");
		goto bad;
	}
	if (file && !json_is_string(file)) {
		lay_error_set(&err, LAY_ESCHEMA, "/file", -1, "file is a string");
		goto bad;
	}
	if (deny && !json_is_array(deny)) {
		lay_error_set(&err, LAY_ESCHEMA, "/deny", -1,
			      "deny is an array such as [\"shared_memory_conversion\"]");
		goto bad;
	}
	if (mc && (lay_json_int(mc, "/max_conflicts", &max_conflicts, &err) || max_conflicts < 0)) {
		if (max_conflicts < 0)
			lay_error_set(&err, LAY_ESCHEMA, "/max_conflicts", -1,
				      "max_conflicts is an integer >= 0");
		goto bad;
	}
	json_t *tg = json_object_get(body, "target");
	if (tg &&
	    (!json_is_string(tg) || lay_access_target(json_string_value(tg), "/target", &err))) {
		if (!json_is_string(tg))
			lay_error_set(&err, LAY_ESCHEMA, "/target", -1,
				      "target is \"nvidia\", \"gfx942\" or \"gfx950\"");
		goto bad;
	}
	json_t *strict = json_object_get(body, "strict");
	if (strict && !json_is_boolean(strict)) {
		lay_error_set(&err, LAY_ESCHEMA, "/strict", -1,
			      "strict is true (a skipped op fails) or false");
		goto bad;
	}
	opt.target = json_string_value(tg); /* over each module's ttg.target */
	out = lay_lint(json_string_value(text), file ? json_string_value(file) : "-", &opt, &err);
	if (!out && !err.pointer[0])
		snprintf(err.pointer, sizeof err.pointer, "/text"); /* the text is the culprit */
	if (!out || lay_lint_judge(out, max_conflicts, deny, json_is_true(strict), "/deny", &err))
		goto bad;
	enum MHD_Result ret = http_send_json(
		c, r, json_is_true(json_object_get(out, "ok")) ? 200 : 422, out, NULL);
	json_decref(out);
	json_decref(body);
	return ret;
bad:
	json_decref(out);
	json_decref(body);
	return http_send_error(c, r, &err);
}
