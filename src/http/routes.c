/*
 * routes.c - every route of the daemon in one table: its template, the
 * methods it answers, its handler, who may call it, and whether it always
 * computes.  "Which routes need a token" is one reading of this table;
 * server.c matches and authorizes from it, handlers only handle.
 */
#include "http/http.h"

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

enum MHD_Result http_api(struct MHD_Connection *c, struct http_req *r)
{
	const struct http_route_def *rt = &http_routes[r->route];
	if (!rt->handler)
		return http_send_problem(c, r, 404, "not_found", "no such resource", NULL);
	if (rt->pool && !http_on_pool())
		return http_defer(c, r); /* it enumerates: on the analysis workers */
	return rt->handler(c, r);
}
