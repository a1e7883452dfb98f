/*
 * api.c - the endpoints of docs/api.md (except the registry, which needs
 * the store): analyze, check, compare, cached analyses, their tables and
 * grids, health, metrics and the embedded documents.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/http.h"
#include "http/util.h"
#include "layout/analysis/lint.h"
#include "layout/analysis/sections.h"
#include "store/store.h"

static const char *const no_store[] = { "Cache-Control", "no-store", NULL };

struct lay_options http_options(struct http_server *srv)
{
	struct lay_options o = { .max_points = srv->cfg.max_points,
				 .max_depth = srv->cfg.max_depth,
				 .max_expr_len = srv->cfg.max_expr_len };
	if (srv->store) {
		o.resolve_equals = http_resolve_equals;
		o.resolve_ctx = srv;
	}
	struct http_budget *b = http_current_budget();
	if (b) /* on the pool: the request's memory budget and deadline */
		http_budget_options(b, &o);
	return o;
}

static struct lay_options options(struct http_server *srv)
{
	return http_options(srv);
}

/* The body as JSON (a new reference).  Parsed once per request: a
 * handler deferred to the pool after parsing it gets the same document
 * back instead of reading a large table's text a second time. */
json_t *http_parse_body(struct http_req *r, struct lay_error *err)
{
	if (r->parsed)
		return json_incref(r->parsed);
	if (r->len == 0) {
		lay_error_set(err, LAY_EJSON, "", 0,
			      "the request body is empty: send a JSON object such as {\"layout\": "
			      "{...}}");
		return NULL;
	}
	/* the tree counts against the memory budget before it is built (a
	 * request may wait for a worker holding it); the text, once parsed,
	 * is freed and no longer counted */
	int64_t cost = http_json_cost(r->body, r->len);
	if (http_budget_hold(&r->budget, cost, "the parsed request body", err))
		return NULL;
	json_t *v = lay_json_load_depth(r->body, r->len, r->srv->cfg.max_depth, err);
	if (!v) {
		http_budget_drop(&r->budget, cost);
		return NULL;
	}
	r->parsed = json_incref(v);
	free(r->body);
	r->body = NULL;
	http_budget_drop(&r->budget, (int64_t)r->cap);
	r->cap = 0;
	return v;
}

/* Members a body may have (those in `allowed`, else a request's of
 * `kinds`); the first unknown one is a located error. */
static int check_members(json_t *body, const char *const *allowed, unsigned kinds,
			 struct lay_error *err)
{
	const char *key;
	json_t *v;
	if (!json_is_object(body))
		return lay_error_set(err, LAY_ESCHEMA, "", -1,
				     "the request body must be a JSON object");
	json_object_foreach(body, key, v)
	{
		bool ok = !allowed && lay_request_member(key, kinds);
		for (const char *const *a = allowed; a && *a && !ok; a++)
			ok = strcmp(*a, key) == 0;
		if (!ok) {
			char ptr[LAY_ERR_PTR];
			lay_ptr_join(ptr, sizeof ptr, "", key);
			return lay_error_set(err, LAY_ESCHEMA, ptr, -1,
					     "unknown member \"%s\" in the request body", key);
		}
	}
	return 0;
}

static char *fill_template(const struct http_template *t, bool ok, const char *ex, size_t *len)
{
	const char *okt = ok ? "true" : "false";
	size_t exl = strlen(ex), okl = strlen(okt);
	size_t n = t->len - t->ok_len - t->expect_len + okl + exl;
	char *out = malloc(n + 1), *p = out;
	if (out) {
		memcpy(p, t->text, t->ok_at);
		p += t->ok_at;
		memcpy(p, okt, okl);
		p += okl;
		size_t mid = t->expect_at - (t->ok_at + t->ok_len);
		memcpy(p, t->text + t->ok_at + t->ok_len, mid);
		p += mid;
		memcpy(p, ex, exl);
		p += exl;
		size_t tail = t->len - (t->expect_at + t->expect_len);
		memcpy(p, t->text + t->expect_at + t->expect_len, tail);
		p += tail;
		*p = '\0';
		*len = n;
	}
	return out;
}

/* A cached analysis as this thread's own tree (the cache shares text only). */
static json_t *own_analysis(struct http_blob *b)
{
	json_t *v = b ? lay_json_load(b->text, b->len, NULL) : NULL;
	http_blob_unref(b);
	return v;
}

/*
 * The cache: memory first, then the store.  A store hit is promoted into
 * memory (which builds its response template) and read back from there.
 */
static bool cache_lookup(struct http_server *srv, const char *id, struct http_blob **shared,
			 char **layout, struct http_template *t)
{
	if (http_cache_get(srv->cache, id, shared, layout, t))
		return true;
	if (!srv->store)
		return false;
	char *text = NULL;
	if (store_cache_get(srv->store, id, LAY_ENGINE_VERSION, &text, NULL) != STORE_OK)
		return false;
	/* a table's rows stay a stream (table.c), here as on the way in */
	json_t *v = lay_json_load(text, strlen(text), NULL);
	free(text);
	json_t *a = json_object_get(v, "analysis"), *l = json_object_get(v, "layout");
	char *ltext = l ? lay_json_dumps(l, JSON_COMPACT) : NULL;
	if (a && ltext)
		http_cache_put(srv->cache, id, a, ltext);
	else
		free(ltext);
	json_decref(v);
	return http_cache_get(srv->cache, id, shared, layout, t);
}

static void cache_store(struct http_server *srv, const char *id, json_t *base, json_t *layout)
{
	/* Only what serves a hit: the display-only "name" is outside the id and
	 * unbounded, so it is not kept.  Key order is meaningful (expr axes).
	 * Pasted text sent as the layout itself is kept as {"text": ...}. */
	json_t *named = json_is_object(layout) ? json_object_get(layout, "name") : NULL;
	json_t *bare;
	if (named)
		bare = json_copy(layout);
	else if (json_is_string(layout))
		bare = json_pack("{s:O}", "text", layout); /* the same id */
	else
		bare = json_incref(layout);
	if (!bare)
		return;
	if (named)
		json_object_del(bare, "name");
	layout = bare;
	char *ltext = lay_json_dumps(layout, JSON_COMPACT);
	if (ltext)
		http_cache_put(srv->cache, id, base, ltext); /* takes ltext */
	if (srv->store) {
		json_t *both = json_pack("{s:O,s:O}", "analysis", base, "layout", layout);
		char *text = both ? lay_json_dumps(both, JSON_COMPACT) : NULL;
		if (text)
			store_cache_put(srv->store, id, LAY_ENGINE_VERSION, text, NULL);
		free(text);
		json_decref(both);
	}
	json_decref(bare);
}

/* A hit as a JSON object: the request's expectations applied to the
 * cached analysis (o->analysis, owned). */
static int hit_tree(json_t *expect, const struct lay_options *opt, struct http_outcome *o,
		    struct lay_error *err)
{
	int rc = lay_expect_apply(o->analysis, expect, "/expect", opt, err);
	if (!rc) {
		json_object_set_new(o->analysis, "cached", json_true());
		o->ok = json_is_true(json_object_get(o->analysis, "ok"));
	}
	return rc;
}

/* A hit as text: the expectations evaluated on the cached analysis `mine`
 * (borrowed) and filled into its response template. */
static int hit_text(json_t *mine, const struct http_template *t, json_t *expect,
		    const struct lay_options *opt, struct http_outcome *o, struct lay_error *err)
{
	json_t *result = NULL;
	int rc = lay_expect_eval(mine, expect, "/expect", opt, &o->ok, &result, err);
	char *ex = rc ? NULL : json_dumps(result, JSON_COMPACT);
	if (ex)
		o->text = fill_template(t, o->ok, ex, &o->len);
	free(ex);
	json_decref(result);
	return rc;
}

/* The answer from the cache: 1 when it was answered (o filled, a hit), 0
 * when the analysis is to be computed, else an error.  Expectations are
 * evaluated on the cached analysis (stored without expect and probe). */
static int cached_answer(struct http_server *srv, json_t *layout, json_t *expect, bool want_json,
			 const struct lay_options *opt, struct http_outcome *o,
			 struct lay_error *err)
{
	struct http_blob *text = NULL;
	struct http_template t = { 0 };
	if (lay_canonical_id(layout, o->id, err))
		return err->code;
	/* the tree is parsed only when expectations are evaluated on it */
	bool tree = want_json || expect;
	if (!cache_lookup(srv, o->id, tree ? &text : NULL, NULL, want_json ? NULL : &t))
		return 0;
	json_t *mine = tree ? own_analysis(text) : NULL;
	int rc = 0;
	if (tree && !mine) {
		rc = lay_error_set(err, LAY_ENOMEM, "", -1, "out of memory");
	} else if (want_json) {
		o->analysis = mine;
		mine = NULL;
		rc = hit_tree(expect, opt, o, err);
	} else if (!expect) {
		o->ok = t.default_ok;
		o->text = fill_template(&t, o->ok, t.default_expect, &o->len);
	} else {
		rc = hit_text(mine, &t, expect, opt, o, err);
	}
	json_decref(mine);
	http_blob_unref(t.blob);
	if (rc) {
		json_decref(o->analysis);
		o->analysis = NULL;
		return rc;
	}
	if (!o->text && !o->analysis)
		return 0;
	atomic_fetch_add(&srv->metrics.cache_hits, 1);
	o->hit = true;
	return 1;
}

/*
 * The analysis of a request body, from the cache when the definition was
 * analysed before and no probe is asked: expectations are evaluated on the
 * cached analysis (stored without expect and probe) and filled into its
 * response template, or applied to a copy when a JSON object is wanted.
 */
int http_analyze(struct http_server *srv, json_t *body, unsigned kind, bool want_json,
		 struct http_outcome *o, struct lay_error *err)
{
	struct lay_options opt = options(srv);
	struct lay_def *def = NULL;
	memset(o, 0, sizeof *o);
	if (check_members(body, NULL, kind, err))
		return err->code;
	json_t *layout = json_object_get(body, "layout");
	json_t *expect = json_object_get(body, lay_section_expect.key);
	/* a probe, a section, or an expectation on one is never answered from
	 * the cache, which holds the layout's own analysis; nor expect.layout,
	 * which compares a plain cute layout's text the analysis does not hold
	 * (the section table says which) */
	bool fresh = lay_sections_fresh(body);
	if (!layout)
		return lay_error_set(
			err, LAY_ESCHEMA, "/layout", -1,
			"the request body needs a \"layout\" member: {\"layout\": {...}}");
	/* a hit skips validation: only "name" is outside the id, so check it */
	json_t *name = json_is_object(layout) ? json_object_get(layout, "name") : NULL;
	if (!fresh && json_is_object(layout) && (!name || json_is_string(name))) {
		int rc = cached_answer(srv, layout, expect, want_json, &opt, o, err);
		if (rc)
			return rc > 0 ? 0 : rc;
	}
	if (!http_on_pool())
		return HTTP_ANALYZE_DEFER; /* computing is the pool's */
	atomic_fetch_add(&srv->metrics.cache_misses, 1);
	def = lay_def_new(layout, "/layout", &opt, err);
	if (!def)
		return err->code;
	o->analysis = lay_analyze_request(def, body, &opt, err);
	if (o->analysis) {
		snprintf(o->id, sizeof o->id, "%s", def->id);
		o->ok = json_is_true(json_object_get(o->analysis, "ok"));
		json_t *base = json_deep_copy(o->analysis);
		lay_sections_strip(base);
		lay_expect_apply(base, NULL, "/expect", &opt, NULL);
		if (base)
			cache_store(srv, def->id, base, layout);
		json_decref(base);
	}
	lay_def_free(def);
	return o->analysis ? 0 : err->code;
}

static enum MHD_Result post_analyze(struct MHD_Connection *c, struct http_req *r, bool check)
{
	struct lay_error err;
	struct http_outcome o = { 0 };
	lay_error_clear(&err);
	json_t *body = http_parse_body(r, &err);
	lay_lint_expand(body); /* a pasted op line: both its sides analysed */
	json_t *expect = json_object_get(body, lay_section_expect.key);
	bool equals = json_is_object(expect) && json_object_get(expect, "equals");
	int rc = body ? http_analyze(r->srv, body, LAY_REQ_ANALYZE, equals, &o, &err) : err.code;
	if (!rc && equals && !o.ok && !http_on_pool())
		rc = HTTP_ANALYZE_DEFER; /* the differences enumerate both layouts */
	if (rc == HTTP_ANALYZE_DEFER) {
		json_decref(o.analysis);
		free(o.text);
		json_decref(body);
		return http_defer(c, r);
	}
	if (!rc && equals && !o.ok) {
		struct lay_options opt = http_options(r->srv);
		http_equals_differences(r->srv, &opt, json_object_get(body, "layout"), o.analysis);
	}
	json_decref(body);
	if (rc)
		return http_send_error(c, r, &err);
	char location[128];
	snprintf(location, sizeof location, "/v1/analyses/%s", o.id);
	const char *headers[] = { "X-Cache", o.hit ? "hit" : "miss", "Content-Location", location,
				  NULL };
	unsigned status = check && !o.ok ? 422 : 200;
	if (o.text)
		return http_send_owned(c, r, status, "application/json", o.text, o.len, headers);
	enum MHD_Result ret = http_send_json(c, r, status, o.analysis, headers);
	json_decref(o.analysis);
	return ret;
}

enum MHD_Result http_post_compare(struct MHD_Connection *c, struct http_req *r)
{
	static const char *const allowed[] = { "a", "b", "examples", NULL };
	struct lay_error err;
	lay_error_clear(&err);
	struct lay_options opt = options(r->srv);
	struct lay_def *a = NULL, *b = NULL;
	json_t *out = NULL, *body = http_parse_body(r, &err);
	if (!body || check_members(body, allowed, 0, &err))
		goto out;
	json_t *ex = json_object_get(body, "examples");
	int64_t examples = LAYOUTD_DEFAULT_EXAMPLES;
	if (ex && lay_json_int(ex, "/examples", &examples, &err))
		goto out;
	if (!json_object_get(body, "a") || !json_object_get(body, "b")) {
		lay_error_set(&err, LAY_ESCHEMA, json_object_get(body, "a") ? "/b" : "/a", -1,
			      "compare needs two definitions: {\"a\": {...}, \"b\": {...}}");
		goto out;
	}
	if (!(a = lay_def_new(json_object_get(body, "a"), "/a", &opt, &err)) ||
	    !(b = lay_def_new(json_object_get(body, "b"), "/b", &opt, &err)))
		goto out;
	out = lay_compare(a, b, (int)(examples > 0 && examples < 1000 ? examples : 8), &err);
out:;
	enum MHD_Result ret =
		out ? http_send_json(c, r, 200, out, NULL) : http_send_error(c, r, &err);
	json_decref(out);
	json_decref(body);
	lay_def_free(a);
	lay_def_free(b);
	return ret;
}

static bool valid_id(const char *id)
{
	return strlen(id) == 71 && strncmp(id, "sha256:", 7) == 0 &&
	       strspn(id + 7, "0123456789abcdef") == 64;
}

/* The cached analysis and definition of path parameter 0, or a queued 4xx. */
bool http_load_cached(struct MHD_Connection *c, struct http_req *r, json_t **analysis,
		      json_t **layout, enum MHD_Result *ret)
{
	const char *id = r->params[0];
	char *ltext = NULL;
	struct http_blob *shared = NULL;
	*analysis = *layout = NULL;
	if (!valid_id(id)) {
		*ret = http_send_problem(
			c, r, 400, "bad_id",
			"an analysis id is \"sha256:\" and 64 lowercase hex digits", "/path/id");
		return false;
	}
	if (!cache_lookup(r->srv, id, &shared, &ltext, NULL)) {
		char detail[200];
		snprintf(detail, sizeof detail,
			 "no analysis %s here: POST its layout to /v1/analyze first", id);
		*ret = http_send_problem(c, r, 404, "analysis_not_found", detail, NULL);
		return false;
	}
	*analysis = own_analysis(shared);
	*layout = lay_json_load(ltext, strlen(ltext), NULL);
	free(ltext);
	if (!*analysis || !*layout) {
		json_decref(*analysis);
		json_decref(*layout);
		*ret = http_send_problem(c, r, 500, "internal", "the cached analysis is unreadable",
					 NULL);
		return false;
	}
	return true;
}

enum MHD_Result http_get_analysis(struct MHD_Connection *c, struct http_req *r)
{
	json_t *a, *layout;
	enum MHD_Result ret;
	if (!http_load_cached(c, r, &a, &layout, &ret))
		return ret;
	char etag[96];
	const char *fp = json_string_value(json_object_get(a, "fingerprint"));
	if (!fp)
		fp = "";
	http_etag(fp, etag);
	if (http_etag_matches(c, fp)) {
		ret = http_send_not_modified(c, r, etag);
	} else {
		json_object_set_new(a, "cached", json_true());
		json_object_set_new(a, "layout", json_incref(layout));
		const char *headers[] = { "ETag", etag, NULL };
		ret = http_send_json(c, r, 200, a, headers);
	}
	json_decref(a);
	json_decref(layout);
	return ret;
}

static const char *arg(struct MHD_Connection *c, const char *name)
{
	return MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, name);
}

static int64_t count_of(json_t *a, const char *field)
{
	return (int64_t)json_integer_value(json_object_get(json_object_get(a, field), "count"));
}

enum MHD_Result http_get_table(struct MHD_Connection *c, struct http_req *r)
{
	const char *format = arg(c, "format"), *view = arg(c, "view");
	const char *after_s = arg(c, "after"), *limit_s = arg(c, "limit");
	int64_t after = 0, limit = -1;
	/* query parameters are located as /query/<name> */
	if (format && strcmp(format, "json") && strcmp(format, "csv"))
		return http_send_problem(c, r, 400, "bad_query", "format is json or csv",
					 "/query/format");
	if (view && strcmp(view, "placement") && strcmp(view, "inverse"))
		return http_send_problem(c, r, 400, "bad_query", "view is placement or inverse",
					 "/query/view");
	if (after_s && !http_parse_count(after_s, 0, INT64_MAX, &after))
		return http_send_problem(
			c, r, 400, "bad_query",
			"after is a cursor returned as \"next\" (a row count from 0 "
			"to 2^63-1, decimal digits only)",
			"/query/after");
	if (limit_s && !http_parse_count(limit_s, 1, INT64_MAX, &limit))
		return http_send_problem(c, r, 400, "bad_query",
					 "limit is an integer >= 1 (decimal digits only)",
					 "/query/limit");
	json_t *a, *layout;
	enum MHD_Result ret;
	if (!http_load_cached(c, r, &a, &layout, &ret))
		return ret;
	struct lay_error err;
	struct lay_options opt = options(r->srv);
	lay_error_clear(&err);
	bool inverse = view && strcmp(view, "inverse") == 0;
	/* rows: distinct in-bounds pairs, plus one row per hole in the inverse */
	int64_t pairs = (int64_t)json_integer_value(json_object_get(a, "placements")) -
			count_of(a, "duplicates") - count_of(a, "out_of_bounds");
	int64_t total = pairs + (inverse ? count_of(a, "holes") : 0);
	if (strcmp(r->method, "HEAD") == 0) { /* the headers, without a producer */
		char count[32];
		snprintf(count, sizeof count, "%lld", (long long)total);
		const char *headers[] = { "X-Total-Count", count, NULL };
		json_decref(a);
		json_decref(layout);
		return http_send_owned(c, r, 200,
				       format && strcmp(format, "csv") == 0
					       ? "text/csv; charset=utf-8"
					       : "application/json",
				       strdup(""), 0, headers);
	}
	struct lay_def *def = lay_def_new(layout, "/layout", &opt, &err);
	if (!def)
		ret = http_send_error(c, r, &err);
	else
		ret = http_stream_table(c, r, def, inverse, format && strcmp(format, "csv") == 0,
					after, limit, total, r->params[0]);
	json_decref(a);
	json_decref(layout);
	return ret;
}

enum MHD_Result http_get_grid(struct MHD_Connection *c, struct http_req *r)
{
	json_t *a, *layout;
	enum MHD_Result ret;
	if (!http_load_cached(c, r, &a, &layout, &ret))
		return ret;
	struct lay_error err;
	struct lay_options opt = options(r->srv);
	lay_error_clear(&err);
	struct lay_def *def = lay_def_new(layout, "/layout", &opt, &err);
	ret = def ? http_send_grid(c, r, def, a) : http_send_error(c, r, &err);
	lay_def_free(def);
	json_decref(a);
	json_decref(layout);
	return ret;
}

static enum MHD_Result send_asset(struct MHD_Connection *c, struct http_req *r, const char *path)
{
	for (const struct http_asset *as = http_assets; as->path; as++)
		if (strcmp(as->path, path) == 0)
			return http_send_text(c, r, 200, as->type, (const char *)as->data, as->len,
					      false);
	return http_send_problem(c, r, 404, "not_found", "this build has no such document", NULL);
}

enum MHD_Result http_livez(struct MHD_Connection *c, struct http_req *r)
{
	/* never touches the store: a slow disk must not get us killed */
	static const char ok[] = "{\"status\":\"ok\"}";
	return http_send_text(c, r, 200, "application/json", ok, sizeof ok - 1, false);
}

enum MHD_Result http_readyz(struct MHD_Connection *c, struct http_req *r)
{
	struct http_server *srv = r->srv;
	bool draining = atomic_load(&srv->draining);
	bool db = srv->store && store_ready(srv->store, NULL) == STORE_OK;
	json_t *b = json_pack("{s:s,s:b}", "status",
			      draining ? "draining"
			      : db     ? "ready"
				       : "database unavailable",
			      "database", db);
	enum MHD_Result ret = http_send_json(c, r, draining || !db ? 503 : 200, b, no_store);
	json_decref(b);
	return ret;
}

enum MHD_Result http_metrics(struct MHD_Connection *c, struct http_req *r)
{
	char *text = http_metrics_render(r->srv);
	if (!text)
		return MHD_NO;
	enum MHD_Result ret =
		http_send_text(c, r, 200, "text/plain; version=0.0.4", text, strlen(text), true);
	free(text);
	return ret;
}

/* /openapi.json, / and the dashboard's files, embedded at build time. */
enum MHD_Result http_document(struct MHD_Connection *c, struct http_req *r)
{
	char path[HTTP_PARAM_MAX + 2];
	if (r->route == ROUTE_ASSET)
		snprintf(path, sizeof path, "/%s", r->params[0]);
	else
		snprintf(path, sizeof path, "%s", r->srv->routes[r->route].tmpl);
	return send_asset(c, r, path);
}

enum MHD_Result http_post_analyze(struct MHD_Connection *c, struct http_req *r)
{
	return post_analyze(c, r, false);
}

enum MHD_Result http_post_check(struct MHD_Connection *c, struct http_req *r)
{
	return post_analyze(c, r, true);
}
