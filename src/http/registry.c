/*
 * registry.c - the registry of named, immutable layout versions over HTTP
 * (docs/api.md) and its bearer-token authorization (expect.equals, which
 * reads the registry, is equals.c).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/http.h"
#include "http/util.h"
#include "layout/analysis/lint.h"
#include "layout/analysis/sections.h"
#include "store/store.h"

/* Longest description kept with a version. */
#define HTTP_MAX_DESCRIPTION 4096

static unsigned store_status(int code)
{
	switch (code) {
	case STORE_NOTFOUND:
		return 404;
	case STORE_GONE:
		return 410;
	case STORE_CONFLICT:
		return 409;
	case STORE_BUSY:
	case STORE_UNAVAILABLE:
		return 503;
	case STORE_AUTH:
		return 401;
	case STORE_BADNAME:
	case STORE_INVAL:
		return 400;
	default:
		return 500;
	}
}

static enum MHD_Result store_problem(struct MHD_Connection *c, struct http_req *r,
				     const struct store_error *err)
{
	unsigned status = store_status(err->code);
	const char *code = err->code == STORE_NOTFOUND	    ? "layout_not_found"
			   : err->code == STORE_GONE	    ? "layout_deleted"
			   : err->code == STORE_BUSY	    ? "busy"
			   : err->code == STORE_BADNAME	    ? "bad_name"
			   : err->code == STORE_CONFLICT    ? "conflict"
			   : err->code == STORE_INVAL	    ? "bad_request"
			   : err->code == STORE_AUTH	    ? "unauthorized"
			   : err->code == STORE_UNAVAILABLE ? "unavailable"
							    : "storage_error";
	/* busy or unavailable: worth a retry shortly */
	static const char *const retry[] = { "Retry-After", "1", NULL };
	return http_send_problem_h(c, r, status, code, err->message, NULL,
				   status == 503 ? retry : NULL);
}

static bool no_store(struct MHD_Connection *c, struct http_req *r, enum MHD_Result *ret)
{
	if (r->srv->store)
		return false;
	*ret = http_send_problem(c, r, 503, "unavailable", "the registry database is not open",
				 NULL);
	return true;
}

/* ------------------------------------------------------------------ */
/* Authorization                                                       */

static enum MHD_Result auth_problem(struct MHD_Connection *c, struct http_req *r, unsigned status,
				    const char *code, const char *detail)
{
	const char *h401[] = { "WWW-Authenticate", "Bearer realm=\"layoutd\"", NULL };
	return http_send_problem_h(c, r, status, code, detail, NULL, status == 401 ? h401 : NULL);
}

bool http_authorize(struct MHD_Connection *c, struct http_req *r, bool write, char *who,
		    size_t who_len, enum MHD_Result *ret)
{
	struct http_server *srv = r->srv;
	struct store_error err = { 0 };
	bool exist = false;
	if (who && who_len)
		who[0] = '\0';
	if (!srv->store || (!write && !srv->cfg.require_token_reads) ||
	    (write && srv->cfg.open_writes))
		return true;
	if (store_tokens_exist(srv->store, &exist, &err) != STORE_OK) {
		*ret = store_problem(c, r, &err);
		return false;
	}
	if (!exist)
		return true; /* no token ever created: the registry is open */
	const char *h = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Authorization");
	if (!h || strncasecmp(h, "Bearer ", 7) != 0) {
		*ret = auth_problem(c, r, 401, "unauthorized",
				    write ? "registry writes need \"Authorization: Bearer TOKEN\""
					  : "this daemon requires a token for reads");
		return false;
	}
	/* optional white space around the token (RFC 9110 §5.6.3) */
	const char *t = h + 7;
	while (*t == ' ' || *t == '\t')
		t++;
	size_t tl = strlen(t);
	while (tl && (t[tl - 1] == ' ' || t[tl - 1] == '\t'))
		tl--;
	char token[HTTP_MAX_TOKEN + 1];
	snprintf(token, sizeof token, "%.*s", (int)(tl <= HTTP_MAX_TOKEN ? tl : 0), t);
	char name[STORE_NAME_MAX + 1], scope[8] = "";
	int rc = store_token_scope(srv->store, token, name, scope, &err);
	if (rc == STORE_AUTH) {
		*ret = auth_problem(c, r, 401, "unauthorized", "unknown or revoked token");
		return false;
	}
	if (rc != STORE_OK) {
		*ret = store_problem(c, r, &err);
		return false;
	}
	if (write && strcmp(scope, "write") != 0) {
		char detail[256];
		snprintf(detail, sizeof detail,
			 "token %s is read-only: it may not change the registry", name);
		*ret = auth_problem(c, r, 403, "forbidden", detail);
		return false;
	}
	if (who && who_len)
		snprintf(who, who_len, "%s", name);
	return true;
}

/* ------------------------------------------------------------------ */
/* Endpoints                                                           */

static const char *arg(struct MHD_Connection *c, const char *name)
{
	return MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, name);
}

static bool limit_arg(struct MHD_Connection *c, long *limit)
{
	const char *v = arg(c, "limit");
	int64_t n;
	*limit = 0;
	if (!v)
		return true;
	if (!http_parse_count(v, 1, LONG_MAX, &n))
		return false;
	*limit = (long)n;
	return true;
}

/* A version as JSON with its ETag; 304 when If-None-Match matches. */
static enum MHD_Result send_version(struct MHD_Connection *c, struct http_req *r,
				    struct store_version *v, unsigned status)
{
	char etag[96], location[256];
	http_etag(v->fingerprint, etag);
	snprintf(location, sizeof location, "/v1/layouts/%s/versions/%lld", v->name,
		 (long long)v->version);
	if (status == 200 && http_etag_matches(c, v->fingerprint)) {
		enum MHD_Result ret = http_send_not_modified(c, r, etag);
		return ret;
	}
	json_t *o = store_version_to_json(v);
	json_object_del(o, "deleted");
	const char *headers[] = { "ETag",   etag, "Cache-Control", "no-cache", "Location",
				  location, NULL };
	if (status != 201)
		headers[4] = NULL;
	enum MHD_Result ret = http_send_json(c, r, status, o, headers);
	json_decref(o);
	return ret;
}

/* A list page: its ETag is the hash of its text (strong: the bytes), so
 * a dashboard polling the registry gets 304 until something changed. */
static enum MHD_Result send_list(struct MHD_Connection *c, struct http_req *r, json_t *page,
				 const char *link)
{
	char *text = json_dumps(page, JSON_COMPACT);
	char digest[72], etag[80];
	if (!text)
		return http_send_problem(c, r, 500, "internal", "out of memory", NULL);
	size_t len = strlen(text);
	lay_sha256_hex(text, len, digest);
	snprintf(etag, sizeof etag, "\"%s\"", digest);
	if (http_etag_matches(c, digest)) {
		free(text);
		enum MHD_Result ret = http_send_not_modified(c, r, etag);
		return ret;
	}
	const char *headers[] = { "ETag", etag, "Cache-Control", "no-cache", link ? "Link" : NULL,
				  link,	  NULL };
	return http_send_owned(c, r, 200, "application/json", text, len, headers);
}

static json_t *summary(json_t *a, json_t *expect_in)
{
	json_t *expect = expect_in ? json_incref(expect_in) : json_object();
	json_t *counts = json_object();
	static const char *const fields[] = { "collisions", "duplicates", "holes", "unplaced",
					      "out_of_bounds" };
	json_object_set(counts, "placements", json_object_get(a, "placements"));
	for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++)
		json_object_set(counts, fields[k],
				json_object_get(json_object_get(a, fields[k]), "count"));
	json_object_set(counts, "round_trip_mismatches",
			json_object_get(json_object_get(a, "round_trip"), "mismatches"));
	json_t *sum = json_pack("{s:O,s:O,s:o,s:O,s:O,s:O,s:O,s:o}", "ok", json_object_get(a, "ok"),
				"verdict", json_object_get(a, "verdict"), "counts", counts,
				"owners", json_object_get(a, "owners"), "replication",
				json_object_get(a, "replication"), "logical",
				json_object_get(a, "logical"), "physical",
				json_object_get(a, "physical"), lay_section_expect.key, expect);
	/* the sections the table summarizes (the access counts), without
	 * their detail (the per-wavefront examples) */
	for (int i = 0; sum && i < lay_nsections; i++) {
		const struct lay_section *s = lay_sections[i];
		json_t *v = s->summary_omits ? json_object_get(a, s->key) : NULL;
		if (!json_is_object(v))
			continue;
		json_t *brief = json_copy(v);
		for (const char *const *k = s->summary_omits; *k; k++)
			json_object_del(brief, *k);
		json_object_set_new(sum, s->key, brief);
	}
	return sum;
}

/* The request's checks, kept with the version: every member beside the
 * layout and the description (the sections the table stores), as given, so
 * that the request read back (layoutd pull, the dashboard) runs the same
 * checks.  NULL on allocation failure. */
static char *checks_text(json_t *body)
{
	json_t *checks = json_object();
	const char *key;
	json_t *val;
	json_object_foreach(body, key, val)
	{
		if (checks && strcmp(key, "layout") != 0 && strcmp(key, "description") != 0)
			json_object_set(checks, key, val);
	}
	char *text = checks ? lay_json_dumps(checks, JSON_COMPACT) : NULL;
	json_decref(checks);
	return text;
}

/* A request file that checks is registered as it is: its checks run at
 * registration (a failing one refuses the version) and are kept with it. */
static enum MHD_Result put_layout(struct MHD_Connection *c, struct http_req *r, const char *name)
{
	struct http_server *srv = r->srv;
	struct lay_error err;
	struct http_outcome o = { 0 };
	struct store_version v = { 0 };
	struct store_error serr = { 0 };
	const char *who = r->who; /* authorized in server.c, from the route table */
	enum MHD_Result ret;
	bool created = false;
	json_t *body = NULL, *sum = NULL;
	char *ltext = NULL, *stext = NULL, *ctext = NULL;
	lay_error_clear(&err);
	body = http_parse_body(r, &err);
	if (!body) {
		ret = http_send_error(c, r, &err);
		goto out;
	}
	/* a pasted op line is registered as the request it stands for: both
	 * sides as layout and check, so that pull -> check gives this verdict */
	lay_lint_expand(body);
	/* a bare text layout, read as /v1/check reads it (the notation
	 * detected): kept as the {"text": ...} definition it stands for */
	json_t *bare = json_object_get(body, "layout");
	if (json_is_string(bare))
		json_object_set_new(body, "layout", json_pack("{s:O}", "text", bare));
	json_t *desc = json_object_get(body, "description");
	if (desc &&
	    (!json_is_string(desc) || strlen(json_string_value(desc)) > HTTP_MAX_DESCRIPTION)) {
		ret = http_send_problem(c, r, 422, "schema",
					"description is a string of at most 4096 bytes",
					"/description");
		goto out;
	}
	int arc = http_analyze(srv, body, LAY_REQ_STORE, true, &o, &err);
	if (arc == HTTP_ANALYZE_DEFER) {
		/* the request, and its parsed body, belong to the pool once queued */
		json_decref(body);
		body = NULL;
		ret = http_defer(c, r);
		goto out;
	}
	if (arc) {
		ret = http_send_error(c, r, &err);
		goto out;
	}
	if (!o.ok) {
		/* a layout that fails its own expectations is not registered */
		json_t *p =
			http_problem_new(422, "expect_failed", "Layout fails its own expectations",
					 "the layout does not pass its checks, so it was not "
					 "registered; see analysis",
					 "/expect");
		json_object_set(p, "analysis", o.analysis);
		ret = http_send_problem_json(c, r, 422, p, NULL);
		json_decref(p);
		goto out;
	}
	sum = summary(o.analysis, json_object_get(body, lay_section_expect.key));
	ltext = lay_json_dumps(json_object_get(body, "layout"), JSON_COMPACT);
	stext = json_dumps(sum, JSON_COMPACT);
	ctext = checks_text(body);
	if (!ltext || !stext || !ctext) {
		ret = http_send_problem(c, r, 500, "internal", "out of memory", NULL);
		goto out;
	}
	int rc = store_layout_put(srv->store, name, o.id,
				  json_string_value(json_object_get(o.analysis, "fingerprint")),
				  ltext, stext, ctext, desc ? json_string_value(desc) : NULL,
				  who[0] ? who : NULL, &v, &created, &serr);
	if (rc != STORE_OK) {
		ret = store_problem(c, r, &serr);
		goto out;
	}
	ret = send_version(c, r, &v, created ? 201 : 200);
out:
	store_version_clear(&v);
	free(ltext);
	free(stext);
	free(ctext);
	json_decref(sum);
	json_decref(o.analysis);
	free(o.text);
	json_decref(body);
	return ret;
}

/* A version: decimal digits only, >= 1 ("+1", " 1" and 2^63 are not). */
/* A prefix or cursor that is not a name (the store would say so without
 * a location). */
static enum MHD_Result bad_query_name(struct MHD_Connection *c, struct http_req *r,
				      const char *param, const char *value)
{
	char detail[320], ptr[32];
	snprintf(detail, sizeof detail,
		 "%s \"%.200s\" is not a layout name: names match "
		 "[A-Za-z0-9][A-Za-z0-9._-]{0,127}",
		 param, value);
	snprintf(ptr, sizeof ptr, "/query/%s", param);
	return http_send_problem(c, r, 400, "bad_name", detail, ptr);
}

static bool parse_version(const char *s, int64_t *v)
{
	return http_parse_count(s, 1, INT64_MAX, v);
}

enum MHD_Result http_registry(struct MHD_Connection *c, struct http_req *r)
{
	struct http_server *srv = r->srv;
	struct store_error serr = { 0 };
	struct store_version v = { 0 };
	enum MHD_Result ret;
	const char *method = r->method, *name = r->params[0];
	if (no_store(c, r, &ret))
		return ret;
	if (r->route != ROUTE_LAYOUTS && !store_name_valid(name)) {
		char detail[256];
		snprintf(detail, sizeof detail,
			 "\"%.128s\" is not a layout name: names match "
			 "[A-Za-z0-9][A-Za-z0-9._-]{0,127}",
			 name);
		return http_send_problem(c, r, 400, "bad_name", detail, "/path/name");
	}
	switch (r->route) {
	case ROUTE_LAYOUTS: {
		json_t *out = NULL;
		long limit;
		const char *prefix = arg(c, "prefix"), *after = arg(c, "after");
		if (!limit_arg(c, &limit))
			return http_send_problem(c, r, 400, "bad_query",
						 "limit is an integer >= 1 (decimal digits only)",
						 "/query/limit");
		if (prefix && *prefix && !store_name_valid(prefix))
			return bad_query_name(c, r, "prefix", prefix);
		if (after && *after && !store_name_valid(after))
			return bad_query_name(c, r, "after", after);
		if (store_layout_list(srv->store, prefix && *prefix ? prefix : NULL,
				      after && *after ? after : NULL, limit, &out,
				      &serr) != STORE_OK)
			return store_problem(c, r, &serr);
		const char *next = json_string_value(json_object_get(out, "next"));
		char link[512];
		if (next) {
			char lim[32] = "";
			if (limit)
				snprintf(lim, sizeof lim, "&limit=%ld", limit);
			snprintf(link, sizeof link, "</v1/layouts?after=%s%s%s%s>; rel=\"next\"",
				 next, prefix ? "&prefix=" : "", prefix ? prefix : "", lim);
		}
		ret = send_list(c, r, out, next ? link : NULL);
		json_decref(out);
		return ret;
	}
	case ROUTE_LAYOUT:
		if (strcmp(method, "PUT") == 0)
			return put_layout(c, r, name);
		if (store_layout_get(srv->store, name, 0, &v, &serr) != STORE_OK) {
			store_version_clear(&v);
			return store_problem(c, r, &serr);
		}
		ret = send_version(c, r, &v, 200);
		store_version_clear(&v);
		return ret;
	case ROUTE_VERSIONS: {
		json_t *out = NULL;
		long limit;
		int64_t after = 0;
		const char *a = arg(c, "after");
		if (!limit_arg(c, &limit))
			return http_send_problem(c, r, 400, "bad_query",
						 "limit is an integer >= 1 (decimal digits only)",
						 "/query/limit");
		if (a && strcmp(a, "0") != 0 && !parse_version(a, &after))
			return http_send_problem(c, r, 400, "bad_query",
						 "after is a version number (decimal digits only)",
						 "/query/after");
		if (store_layout_versions(srv->store, name, after, limit, &out, &serr) != STORE_OK)
			return store_problem(c, r, &serr);
		ret = send_list(c, r, out, NULL);
		json_decref(out);
		return ret;
	}
	case ROUTE_VERSION: {
		int64_t n;
		if (!parse_version(r->params[1], &n))
			return http_send_problem(
				c, r, 400, "bad_version",
				"a version is an integer >= 1 (decimal digits only)", "/path/n");
		if (strcmp(method, "DELETE") == 0) {
			bool now = false;
			if (store_layout_delete(srv->store, name, n, &now, &serr) != STORE_OK)
				return store_problem(c, r, &serr);
			return http_send_text(c, r, 204, "application/json", "", 0, false);
		}
		if (store_layout_get(srv->store, name, n, &v, &serr) != STORE_OK) {
			store_version_clear(&v);
			return store_problem(c, r, &serr);
		}
		ret = send_version(c, r, &v, 200);
		store_version_clear(&v);
		return ret;
	}
	default:
		return http_send_problem(c, r, 404, "not_found", "no such resource", NULL);
	}
}
