/*
 * metrics.c - Prometheus text exposition: requests by route template and
 * status, a latency histogram per route, cache hits, connections.  Counters
 * are atomics written by every worker thread without a lock.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "http/http.h"
#include "http/util.h"

struct buf {
	char *p;
	size_t len, cap;
};

static void put(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct buf *b, const char *fmt, ...)
{
	for (;;) {
		va_list ap;
		va_start(ap, fmt);
		int n = vsnprintf(b->p ? b->p + b->len : NULL, b->p ? b->cap - b->len : 0, fmt, ap);
		va_end(ap);
		if (n < 0)
			return;
		if (b->p && b->len + (size_t)n < b->cap) {
			b->len += (size_t)n;
			return;
		}
		size_t cap = b->cap ? b->cap * 2 : 8192;
		while (cap < b->len + (size_t)n + 1)
			cap *= 2;
		char *np = realloc(b->p, cap);
		if (!np)
			return;
		b->p = np;
		b->cap = cap;
	}
}

/* Requests by route template and status code. */
static void put_requests(struct buf *b, struct http_server *srv)
{
	struct http_metrics *m = &srv->metrics;
	put(b,
	    "# HELP layoutd_http_requests_total HTTP requests by route template and status code.\n"
	    "# TYPE layoutd_http_requests_total counter\n");
	for (int r = 0; r < HTTP_NROUTES; r++)
		for (int s = 100; s < 600; s++) {
			uint64_t v = atomic_load(&m->requests[r][s]);
			if (v)
				put(b,
				    "layoutd_http_requests_total{route=\"%s\",code=\"%d\"} %llu\n",
				    srv->routes[r].tmpl, s, (unsigned long long)v);
		}
}

/* A latency histogram per route that has served a request. */
static void put_durations(struct buf *b, struct http_server *srv)
{
	struct http_metrics *m = &srv->metrics;
	put(b, "# HELP layoutd_http_request_duration_seconds Time from the request line to the "
	       "queued response.\n"
	       "# TYPE layoutd_http_request_duration_seconds histogram\n");
	for (int r = 0; r < HTTP_NROUTES; r++) {
		uint64_t total = 0;
		for (int k = 0; k <= HTTP_NBUCKETS; k++)
			total += atomic_load(&m->latency[r][k]);
		if (!total)
			continue;
		uint64_t cum = 0;
		for (int k = 0; k < HTTP_NBUCKETS; k++) {
			cum += atomic_load(&m->latency[r][k]);
			put(b,
			    "layoutd_http_request_duration_seconds_bucket{route=\"%s\",le=\"%g\"} "
			    "%llu\n",
			    srv->routes[r].tmpl, http_buckets[k], (unsigned long long)cum);
		}
		put(b,
		    "layoutd_http_request_duration_seconds_bucket{route=\"%s\",le=\"+Inf\"} %llu\n",
		    srv->routes[r].tmpl, (unsigned long long)total);
		put(b, "layoutd_http_request_duration_seconds_sum{route=\"%s\"} %.6f\n",
		    srv->routes[r].tmpl, (double)atomic_load(&m->latency_us_sum[r]) / 1e6);
		put(b, "layoutd_http_request_duration_seconds_count{route=\"%s\"} %llu\n",
		    srv->routes[r].tmpl, (unsigned long long)total);
	}
}

/* Cache hits and misses, connections, uptime and the build's versions. */
static void put_counters(struct buf *b, struct http_server *srv)
{
	struct http_metrics *m = &srv->metrics;
	put(b,
	    "# HELP layoutd_analysis_cache_hits_total Analyses answered from the cache.\n"
	    "# TYPE layoutd_analysis_cache_hits_total counter\n"
	    "layoutd_analysis_cache_hits_total %llu\n"
	    "# HELP layoutd_analysis_cache_misses_total Analyses computed.\n"
	    "# TYPE layoutd_analysis_cache_misses_total counter\n"
	    "layoutd_analysis_cache_misses_total %llu\n",
	    (unsigned long long)atomic_load(&m->cache_hits),
	    (unsigned long long)atomic_load(&m->cache_misses));
	const union MHD_DaemonInfo *info =
		srv->daemon ? MHD_get_daemon_info(srv->daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS)
			    : NULL;
	put(b,
	    "# HELP layoutd_http_connections Open client connections.\n"
	    "# TYPE layoutd_http_connections gauge\n"
	    "layoutd_http_connections %u\n"
	    "# HELP layoutd_http_requests_in_flight Requests being handled.\n"
	    "# TYPE layoutd_http_requests_in_flight gauge\n"
	    "layoutd_http_requests_in_flight %d\n"
	    "# HELP layoutd_uptime_seconds Seconds since the daemon started.\n"
	    "# TYPE layoutd_uptime_seconds gauge\n"
	    "layoutd_uptime_seconds %.3f\n"
	    "# HELP layoutd_build_info Versions of layoutd and its libraries.\n"
	    "# TYPE layoutd_build_info gauge\n"
	    "layoutd_build_info{version=\"%s\",engine=\"%s\",mhd=\"%s\",jansson=\"%s\"} 1\n",
	    info ? info->num_connections : 0, atomic_load(&srv->inflight),
	    (double)(http_now_us() - srv->started_us) / 1e6, PACKAGE_VERSION, LAY_ENGINE_VERSION,
	    MHD_get_version(), JANSSON_VERSION);
}

/* The gauges of what must return to zero once requests end. */
static void put_reserved(struct buf *b, struct http_server *srv)
{
	/* what must return to zero once requests end: a test (and an operator)
	 * sees a reservation never released before it turns into 503s */
	unsigned queued = 0, running = 0;
	size_t entries = 0, bytes = 0;
	http_pool_stats(srv, &queued, &running);
	if (srv->cache)
		http_cache_stats(srv->cache, &entries, &bytes);
	put(b,
	    "# HELP layoutd_memory_reserved_bytes Memory budget held by requests now (bodies, "
	    "parsed trees, queue slots, enumerations).\n"
	    "# TYPE layoutd_memory_reserved_bytes gauge\n"
	    "layoutd_memory_reserved_bytes %lld\n"
	    "# HELP layoutd_memory_budget_bytes The memory budget (--memory-budget).\n"
	    "# TYPE layoutd_memory_budget_bytes gauge\n"
	    "layoutd_memory_budget_bytes %lld\n"
	    "# HELP layoutd_analyses_queued Requests waiting for an analysis worker.\n"
	    "# TYPE layoutd_analyses_queued gauge\n"
	    "layoutd_analyses_queued %u\n"
	    "# HELP layoutd_analyses_running Requests on an analysis worker.\n"
	    "# TYPE layoutd_analyses_running gauge\n"
	    "layoutd_analyses_running %u\n"
	    "# HELP layoutd_table_streams Table producers running.\n"
	    "# TYPE layoutd_table_streams gauge\n"
	    "layoutd_table_streams %d\n"
	    "# HELP layoutd_http_connections_tracked Connections the watchdog tracks.\n"
	    "# TYPE layoutd_http_connections_tracked gauge\n"
	    "layoutd_http_connections_tracked %d\n"
	    "# HELP layoutd_http_connections_guarded Connections whose framing is checked.\n"
	    "# TYPE layoutd_http_connections_guarded gauge\n"
	    "layoutd_http_connections_guarded %d\n"
	    "# HELP layoutd_analysis_cache_entries Analyses in the memory cache.\n"
	    "# TYPE layoutd_analysis_cache_entries gauge\n"
	    "layoutd_analysis_cache_entries %zu\n"
	    "# HELP layoutd_analysis_cache_bytes Bytes of text the memory cache holds.\n"
	    "# TYPE layoutd_analysis_cache_bytes gauge\n"
	    "layoutd_analysis_cache_bytes %zu\n",
	    (long long)atomic_load(&srv->mem_used), (long long)srv->cfg.memory_budget, queued,
	    running, atomic_load(&srv->streams), atomic_load(&srv->nconns), http_guard_count(),
	    entries, bytes);
}

char *http_metrics_render(struct http_server *srv)
{
	struct buf b = { 0 };
	put_requests(&b, srv);
	put_durations(&b, srv);
	put_counters(&b, srv);
	put_reserved(&b, srv);
	return b.p;
}
