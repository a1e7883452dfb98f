/*
 * routes.c - every route of the daemon in one table: its template, the
 * methods it answers, its handler, who may call it, and whether it always
 * computes.  "Which routes need a token" is one reading of this table;
 * the matching below and server.c's authorization read it, handlers
 * only handle.
 */
#include <stdio.h>
#include <string.h>

#include "http/http.h"
#include "store/store.h"

/* clang-format off */
const struct http_route_def http_routes[HTTP_NROUTES] = {
	/* route              template                           methods        handler             auth       pool */
	[ROUTE_ANALYZE]  = { "/v1/analyze",                    "POST",        http_post_analyze,  AUTH_V1,   false },
	[ROUTE_CHECK]    = { "/v1/check",                      "POST",        http_post_check,    AUTH_V1,   false },
	[ROUTE_COMPARE]  = { "/v1/compare",                    "POST",        http_post_compare,  AUTH_V1,   true },
	[ROUTE_ANALYSIS] = { "/v1/analyses/{id}",              "GET",         http_get_analysis,  AUTH_V1,   false },
	[ROUTE_TABLE]    = { "/v1/analyses/{id}/table",        "GET",         http_get_table,     AUTH_V1,   false },
	[ROUTE_GRID]     = { "/v1/analyses/{id}/grid.svg",     "GET",         http_get_grid,      AUTH_V1,   true },
	[ROUTE_LIVEZ]    = { "/livez",                         "GET",         http_livez,         AUTH_OPEN, false },
	[ROUTE_READYZ]   = { "/readyz",                        "GET",         http_readyz,        AUTH_OPEN, false },
	[ROUTE_METRICS]  = { "/metrics",                       "GET",         http_metrics,       AUTH_OPEN, false },
	[ROUTE_OPENAPI]  = { "/openapi.json",                  "GET",         http_document,      AUTH_OPEN, false },
	[ROUTE_INDEX]    = { "/",                              "GET",         http_document,      AUTH_OPEN, false },
	[ROUTE_ASSET]    = { "/{asset}",                       "GET",         http_document,      AUTH_OPEN, false },
	[ROUTE_LAYOUTS]  = { "/v1/layouts",                    "GET",         http_registry,      AUTH_V1,   false },
	[ROUTE_LAYOUT]   = { "/v1/layouts/{name}",             "GET, PUT",    http_registry,      AUTH_V1,   false },
	[ROUTE_VERSIONS] = { "/v1/layouts/{name}/versions",    "GET",         http_registry,      AUTH_V1,   false },
	[ROUTE_VERSION]  = { "/v1/layouts/{name}/versions/{n}", "GET, DELETE", http_registry,     AUTH_V1,   false },
	[ROUTE_PRINT]    = { "/v1/analyses/{id}/print",        "GET",         http_get_print,     AUTH_V1,   true },
	[ROUTE_LINT]     = { "/v1/lint",                       "POST",        http_post_lint,     AUTH_V1,   true },
	[ROUTE_NONE]     = { "(unmatched)",                    "",            NULL,               AUTH_OPEN, false },
};
/* clang-format on */

/* The first query parameter whose name or value holds a NUL byte (a %00
 * in the URL): every handler reads them as C strings, so "cute%00junk"
 * would be read as "cute". */
struct nul_param {
	char name[64];
	bool found;
};

static enum MHD_Result nul_param(void *cls, enum MHD_ValueKind kind, const char *key,
				 size_t key_size, const char *value, size_t value_size)
{
	struct nul_param *n = cls;
	(void)kind;
	if (strlen(key) == key_size && (!value || strlen(value) == value_size))
		return MHD_YES;
	snprintf(n->name, sizeof n->name, "%s", key);
	n->found = true;
	return MHD_NO;
}

enum MHD_Result http_api(struct MHD_Connection *c, struct http_req *r)
{
	const struct http_route_def *rt = &http_routes[r->route];
	if (!rt->handler)
		return http_send_problem(c, r, 404, "not_found", "no such resource", NULL);
	struct nul_param n = { .found = false };
	MHD_get_connection_values_n(c, MHD_GET_ARGUMENT_KIND, nul_param, &n);
	if (n.found) {
		char detail[160], ptr[96];
		snprintf(detail, sizeof detail,
			 "the query parameter \"%s\" holds a NUL byte (%%00): no parameter "
			 "takes one",
			 n.name);
		snprintf(ptr, sizeof ptr, "/query/%s", n.name);
		return http_send_problem(c, r, 400, "bad_query", detail, ptr);
	}
	if (rt->pool && !http_on_pool())
		return http_defer(c, r); /* it enumerates: on the analysis workers */
	return rt->handler(c, r);
}
/* ------------------------------------------------------------------ */
/* Routing                                                             */

/*
 * Routing works on the raw request target, before any decoding decision:
 * libmicrohttpd hands the handler a percent-decoded path, where "%00"
 * ends a C string early and "%2F" looks like a separator.  Each segment
 * of the raw path is decoded on its own; a capture that decodes to a NUL,
 * a malformed escape, or more bytes than a parameter holds is flagged so
 * the handler refuses it (400) instead of acting on a truncated value.
 */
static int hexval(int ch)
{
	return ch >= '0' && ch <= '9'	? ch - '0'
	       : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
	       : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10
					: -1;
}

/* Decodes the raw segment s[0..n) into out (size HTTP_PARAM_MAX); returns
 * false when it holds a NUL or a malformed escape or does not fit. */
static bool decode_segment(const char *s, size_t n, char *out)
{
	size_t o = 0;
	bool ok = true;
	for (size_t i = 0; i < n; i++) {
		int ch = (unsigned char)s[i];
		if (ch == '%') {
			int hi = i + 1 < n ? hexval(s[i + 1]) : -1;
			int lo = i + 2 < n ? hexval(s[i + 2]) : -1;
			if (hi < 0 || lo < 0) {
				ok = false;
			} else {
				ch = hi * 16 + lo;
				i += 2;
			}
		}
		if (ch == 0)
			ok = false;
		if (o + 1 >= HTTP_PARAM_MAX) {
			ok = false;
			break;
		}
		out[o++] = (char)(ch ? ch : '?');
	}
	out[o] = '\0';
	return ok;
}

/* Match the raw path against a template; {x} segments capture into r. */
static bool match(const char *tmpl, const char *path, size_t plen, struct http_req *r)
{
	int np = 0;
	const char *end = path + plen;
	while (*tmpl && path < end) {
		if (*tmpl != '/' || *path != '/')
			return false;
		tmpl++;
		path++;
		const char *te = strchr(tmpl, '/'), *pe = memchr(path, '/', (size_t)(end - path));
		size_t tl = te ? (size_t)(te - tmpl) : strlen(tmpl);
		size_t pl = pe ? (size_t)(pe - path) : (size_t)(end - path);
		if (tl > 0 && tmpl[0] == '{') {
			if (pl == 0 || np >= HTTP_MAX_PARAMS)
				return false;
			r->param_bad[np] = !decode_segment(path, pl, r->params[np]);
			np++;
		} else if (tl != pl || strncmp(tmpl, path, tl) != 0) {
			return false;
		}
		tmpl += tl;
		path += pl;
	}
	return *tmpl == '\0' && path == end;
}

int http_route_of(const char *path, size_t plen, struct http_req *r)
{
	for (int k = 0; k < ROUTE_NONE; k++) {
		memset(r->param_bad, 0, sizeof r->param_bad);
		if (match(http_routes[k].tmpl, path, plen, r))
			return k;
	}
	/* under /v1/layouts/ every other path names a layout with a bad
	 * name ("team/mma", ""): the registry answers 400 bad_name, not 404 */
	static const char pre[] = "/v1/layouts/";
	size_t n = sizeof pre - 1;
	if (plen >= n && memcmp(path, pre, n) == 0) {
		memset(r->param_bad, 0, sizeof r->param_bad);
		decode_segment(path + n, plen - n, r->params[0]);
		return ROUTE_LAYOUT;
	}
	return ROUTE_NONE;
}

bool http_method_allowed(int route, const char *method)
{
	const char *m = http_routes[route].methods;
	size_t n = strlen(method);
	for (const char *p = m; (p = strstr(p, method)); p += n)
		if ((p == m || p[-1] == ' ') && (p[n] == ',' || p[n] == '\0'))
			return true;
	/* HEAD is answered wherever GET is */
	return strcmp(method, "HEAD") == 0 && http_method_allowed(route, "GET");
}

/* An unmatched path under /v1/layouts/ whose name segment is not a name
 * ("..", "a%00b", 200 characters) is a bad name, not a missing resource. */
bool http_bad_registry_name(const char *path, size_t plen, char *seg, size_t n)
{
	static const char prefix[] = "/v1/layouts/";
	if (plen <= sizeof prefix - 1 || strncmp(path, prefix, sizeof prefix - 1) != 0)
		return false;
	const char *s = path + sizeof prefix - 1, *end = path + plen;
	const char *e = memchr(s, '/', (size_t)(end - s));
	size_t sl = e ? (size_t)(e - s) : (size_t)(end - s);
	char dec[HTTP_PARAM_MAX];
	bool ok = decode_segment(s, sl, dec);
	snprintf(seg, n, "%.*s", (int)(sl < 200 ? sl : 200), s);
	return !ok || !store_name_valid(dec);
}
