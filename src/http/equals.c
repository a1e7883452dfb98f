/*
 * equals.c - expect.equals: a "name[@version]" reference resolved to its
 * fingerprint in the registry (the engine's resolve_equals seam), and the
 * placement differences attached to a failed "equals".  Below api.c,
 * which calls both; it reads the store, nothing of the handlers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/http.h"
#include "layout/analysis/sections.h"
#include "store/store.h"

/* "name" or "name@version"; version 0 means the latest. */
static int parse_ref(const char *ref, char *name, size_t n, int64_t *version)
{
	const char *at = strrchr(ref, '@');
	size_t len = at ? (size_t)(at - ref) : strlen(ref);
	*version = 0;
	if (len == 0 || len >= n)
		return -1;
	memcpy(name, ref, len);
	name[len] = '\0';
	if (!store_name_valid(name))
		return -1;
	if (at) {
		char *end = NULL;
		long long v = strtoll(at + 1, &end, 10);
		if (!at[1] || !end || *end || v < 1)
			return -1;
		*version = v;
	}
	return 0;
}

int http_resolve_equals(void *ctx, const char *ref, char fingerprint[72], struct lay_error *err)
{
	struct http_server *srv = ctx;
	char name[STORE_NAME_MAX + 1];
	int64_t version;
	struct store_version v = { 0 };
	struct store_error serr = { 0 };
	if (parse_ref(ref, name, sizeof name, &version))
		return lay_error_set(err, LAY_ESCHEMA, "/expect/equals", -1,
				     "expect.equals is \"name\" or \"name@version\" (name matches "
				     "[A-Za-z0-9][A-Za-z0-9._-]{0,127}), not \"%.128s\"",
				     ref);
	int rc = store_layout_get(srv->store, name, version, &v, &serr);
	if (rc == STORE_NOTFOUND || rc == STORE_GONE) {
		store_version_clear(&v);
		return lay_error_set(err, LAY_EREF, "/expect/equals", -1,
				     "expect.equals names %s, which the registry %s", ref,
				     rc == STORE_GONE ? "has deleted" : "does not hold");
	}
	if (rc != STORE_OK) {
		store_version_clear(&v);
		return lay_error_set(err, LAY_EUNAVAILABLE, "/expect/equals", -1,
				     "the registry could not be read: %s", serr.message);
	}
	snprintf(fingerprint, 72, "%s", v.fingerprint);
	store_version_clear(&v);
	return 0;
}

void http_equals_differences(struct http_server *srv, const struct lay_options *opt, json_t *layout,
			     json_t *analysis)
{
	json_t *fails =
		json_object_get(json_object_get(analysis, lay_section_expect.key), "failures");
	json_t *f;
	size_t i;
	json_array_foreach(fails, i, f)
	{
		const char *field = json_string_value(json_object_get(f, "field"));
		const char *ref = json_string_value(json_object_get(f, "ref"));
		char name[STORE_NAME_MAX + 1];
		int64_t version;
		struct store_version v = { 0 };
		if (!field || strcmp(field, "equals") != 0 || !ref ||
		    parse_ref(ref, name, sizeof name, &version) ||
		    store_layout_get(srv->store, name, version, &v, NULL) != STORE_OK) {
			store_version_clear(&v);
			continue;
		}
		struct lay_error err;
		json_t *theirs = lay_json_load(v.layout_json, strlen(v.layout_json), NULL);
		struct lay_def *a = lay_def_new(layout, "/layout", opt, &err);
		struct lay_def *b = theirs ? lay_def_new(theirs, "/layout", opt, &err) : NULL;
		json_t *cmp = a && b ? lay_compare(a, b, 0, &err) : NULL;
		if (cmp) {
			json_object_set_new(f, "version", json_integer(v.version));
			json_object_set(f, "differing", json_object_get(cmp, "differing"));
			json_object_set(f, "differences", json_object_get(cmp, "differences"));
			if (json_object_get(cmp, "reason"))
				json_object_set(f, "reason", json_object_get(cmp, "reason"));
		}
		json_decref(cmp);
		lay_def_free(a);
		lay_def_free(b);
		json_decref(theirs);
		store_version_clear(&v);
	}
}
