/*
 * server.c - `layoutd serve`: the libmicrohttpd daemon, the access
 * handler (framing, authorization, request bodies), the logs, and the
 * start and graceful shutdown.  The flags are in flags.c, the route
 * matching in routes.c, the responses in respond.c.
 *
 * Threading: MHD runs an epoll thread pool sized to the cores; handlers
 * run on those threads and share only the cache (mutex), the metrics
 * (atomics) and the configuration (read-only after start).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <malloc.h>
#include <stdarg.h>
#include <netdb.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "http/http.h"
#include "http/util.h"
#include "store/store.h"

/* ------------------------------------------------------------------ */
/* Access handler                                                      */

static bool origin_allowed(struct http_server *srv, const char *origin)
{
	for (int k = 0; k < srv->cfg.ncors; k++)
		if (strcmp(srv->cfg.cors[k], "*") == 0 || strcmp(srv->cfg.cors[k], origin) == 0)
			return true;
	return false;
}

static bool body_method(const char *method)
{
	return strcmp(method, "POST") == 0 || strcmp(method, "PUT") == 0;
}

/* A refusal of the message framing itself: the rest of the connection
 * cannot be trusted to start at a request boundary, so it closes. */
static enum MHD_Result framing_problem(struct MHD_Connection *c, struct http_req *r,
				       unsigned status, const char *code, const char *detail)
{
	static const char *const close_hdr[] = { "Connection", "close", NULL };
	return http_send_problem_h(c, r, status, code, detail, NULL, close_hdr);
}

struct framing {
	int host, content_length, transfer_encoding, authorization;
	const char *cl, *te;
	bool cl_differ;
};

static enum MHD_Result count_header(void *cls, enum MHD_ValueKind kind, const char *key,
				    const char *value)
{
	struct framing *f = cls;
	(void)kind;
	if (!key)
		return MHD_YES;
	if (strcasecmp(key, "Host") == 0) {
		f->host++;
	} else if (strcasecmp(key, "Content-Length") == 0) {
		if (f->cl && strcmp(f->cl, value ? value : "") != 0)
			f->cl_differ = true;
		f->cl = value ? value : "";
		f->content_length++;
	} else if (strcasecmp(key, "Transfer-Encoding") == 0) {
		f->te = value ? value : "";
		f->transfer_encoding++;
	} else if (strcasecmp(key, "Authorization") == 0) {
		f->authorization++;
	}
	return MHD_YES;
}

/* RFC 9112 §6 and §3.2, checked before the body is read: a request whose
 * length is ambiguous (two Content-Lengths that differ, Content-Length
 * with Transfer-Encoding) could smuggle a second request behind a proxy;
 * a transfer coding other than chunked cannot be decoded; HTTP/1.1 needs
 * exactly one Host.  Each is answered, and the connection closed. */
static enum MHD_Result check_framing(struct MHD_Connection *c, struct http_req *r,
				     const char *version, bool *refused)
{
	struct framing f = { 0 };
	*refused = true;
	MHD_get_connection_values(c, MHD_HEADER_KIND, count_header, &f);
	bool http11 = version && strcmp(version, "HTTP/1.0") != 0;
	if (http11 && f.host != 1)
		return framing_problem(c, r, 400, "bad_request",
				       f.host ? "more than one Host header"
					      : "an HTTP/1.1 request needs a Host header");
	if (f.content_length > 1) /* libmicrohttpd would read one and leave the rest */
		return framing_problem(c, r, 400, "bad_request",
				       f.cl_differ ? "Content-Length headers that differ: the "
						     "body's length is ambiguous"
						   : "more than one Content-Length header");
	if (f.cl && (!*f.cl || strspn(f.cl, "0123456789") != strlen(f.cl)))
		return framing_problem(c, r, 400, "bad_request",
				       "Content-Length is not a decimal number");
	if (f.transfer_encoding && f.content_length)
		return framing_problem(c, r, 400, "bad_request",
				       "Content-Length with Transfer-Encoding: the body's length "
				       "is ambiguous");
	if (f.transfer_encoding) {
		const char *v = f.te;
		size_t n = strlen(v);
		while (*v == ' ' || *v == '\t')
			v++, n--;
		while (n && (v[n - 1] == ' ' || v[n - 1] == '\t'))
			n--;
		if (!http11 || f.transfer_encoding > 1 || n != 7 || strncasecmp(v, "chunked", 7)) {
			char detail[200];
			snprintf(detail, sizeof detail,
				 "transfer coding \"%.64s\" is not supported; send the body with "
				 "Content-Length or Transfer-Encoding: chunked",
				 f.te);
			return framing_problem(c, r, 501, "not_implemented", detail);
		}
	}
	r->has_body = f.transfer_encoding || (f.cl && strspn(f.cl, "0") != strlen(f.cl));
	*refused = true;
	/* which credentials count would be a guess: refused, not the first taken */
	if (f.authorization > 1)
		return http_send_problem(c, r, 400, "bad_request",
					 "more than one Authorization header", NULL);
	*refused = false;
	return MHD_YES;
}

/* The media type of a body, compared without case (RFC 9110 §8.3.1). */
static bool media_is(const char *ct, const char *prefix)
{
	while (*ct == ' ' || *ct == '\t')
		ct++;
	return strncasecmp(ct, prefix, strlen(prefix)) == 0;
}

/* The path of a target for routing: "http://host:port/p?q" -> "/p?q", and
 * "http://host" or "http://host?q" -> "/" (query arguments are read by the
 * library from the whole target). */
static const char *origin_form(const char *t)
{
	size_t scheme = strncasecmp(t, "http://", 7) == 0    ? 7
			: strncasecmp(t, "https://", 8) == 0 ? 8
							     : 0;
	if (!scheme)
		return t;
	const char *p = t + scheme + strcspn(t + scheme, "/?#");
	return *p == '/' ? p : "/";
}

static enum MHD_Result first_call(struct MHD_Connection *c, struct http_req *r, const char *url,
				  const char *method, const char *version)
{
	struct http_server *srv = r->srv;
	bool refused;
	r->http10 = version && strcmp(version, "HTTP/1.0") == 0;
	/* an answer before the body keeps the connection when the body can be
	 * read and discarded: not when the client waits for 100 Continue
	 * before it sends one (closing is how it learns not to) */
	const char *expect = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Expect");
	r->in_first = true;
	r->hold_early = true;
	enum MHD_Result ret = check_framing(c, r, version, &refused);
	if (refused)
		return ret;
	r->hold_early = !(r->has_body && expect && strcasecmp(expect, "100-continue") == 0);
	const char *origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
	if (origin && strlen(origin) < sizeof r->origin && origin_allowed(srv, origin))
		snprintf(r->origin, sizeof r->origin, "%s", origin);
	/* the raw target when libmicrohttpd passed it, else the decoded path;
	 * an absolute-form target (RFC 9112 §3.2.2) is routed on its path */
	const char *path = origin_form(r->target ? r->target : url);
	size_t plen = strcspn(path, "?#");
	r->route = http_route_of(path, plen, r);
	if (r->route == ROUTE_ASSET) { /* only the embedded files exist */
		bool found = false;
		for (const struct http_asset *as = http_assets; as->path && !found; as++)
			found = as->path[0] == '/' && strcmp(as->path + 1, r->params[0]) == 0;
		if (!found)
			r->route = ROUTE_NONE;
	}
	if (r->route == ROUTE_NONE) {
		char detail[400], seg[256];
		if (http_bad_registry_name(path, plen, seg, sizeof seg)) {
			snprintf(detail, sizeof detail,
				 "\"%s\" is not a layout name: names match "
				 "[A-Za-z0-9][A-Za-z0-9._-]{0,127}",
				 seg);
			return http_send_problem(c, r, 400, "bad_name", detail, "/path/name");
		}
		snprintf(detail, sizeof detail, "no resource at %.*s",
			 (int)(plen < 256 ? plen : 256), path);
		return http_send_problem(c, r, 404, "not_found", detail, NULL);
	}
	if (strcmp(method, "OPTIONS") == 0)
		return http_send_preflight(c, r);
	if (!http_method_allowed(r->route, method)) {
		char detail[160];
		const char *allow[] = { "Allow", http_routes[r->route].methods, NULL };
		snprintf(detail, sizeof detail, "%s does not answer %.16s; it answers %s",
			 http_routes[r->route].tmpl, method, http_routes[r->route].methods);
		return http_send_problem_h(c, r, 405, "method_not_allowed", detail, NULL, allow);
	}
	/* who may call it: from the route table, before the body is read */
	bool write = strcmp(method, "PUT") == 0 || strcmp(method, "DELETE") == 0;
	enum MHD_Result denied;
	if (http_routes[r->route].auth == AUTH_V1 && (write || srv->cfg.require_token_reads) &&
	    !http_authorize(c, r, write, r->who, sizeof r->who, &denied))
		return denied;
	if (!body_method(method))
		return MHD_YES;
	const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length");
	if (cl) {
		char *end = NULL;
		unsigned long long n = strtoull(cl, &end, 10);
		if (end && *end == '\0' && n <= srv->cfg.max_body)
			r->want = (size_t)n;
		if (end && *end == '\0' && n > srv->cfg.max_body) {
			char detail[160];
			snprintf(detail, sizeof detail,
				 "the body of %llu bytes is over the limit of %zu bytes", n,
				 srv->cfg.max_body);
			/* too large to read and discard: the connection closes */
			static const char *const close_hdr[] = { "Connection", "close", NULL };
			return http_send_problem_h(c, r, 413, "body_too_large", detail, NULL,
						   close_hdr);
		}
	}
	const char *ct = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Type");
	if (ct && (media_is(ct, "multipart/") || media_is(ct, "image/") ||
		   media_is(ct, "application/octet-stream"))) {
		char detail[200];
		snprintf(detail, sizeof detail,
			 "the body must be JSON (application/json), not %.128s", ct);
		return http_send_problem(c, r, 415, "unsupported_media_type", detail, NULL);
	}
	http_conn_state(r, REQ_BODY); /* the body deadline starts now */
	return MHD_YES;
}

/* libmicrohttpd reports the raw request target once the request line is
 * in, before it decodes it: the request's state starts here, and routing
 * reads this copy (see match()). */
static void *on_target(void *cls, const char *uri, struct MHD_Connection *c)
{
	struct http_server *srv = cls;
	struct http_req *r = calloc(1, sizeof *r);
	if (!r)
		return NULL;
	r->srv = srv;
	r->start_us = http_now_us();
	r->route = ROUTE_NONE;
	if (uri)
		r->target = strndup(uri, HTTP_MAX_TARGET);
	http_budget_init(&r->budget, srv, true);
	http_conn_attach(c, r);
	atomic_fetch_add(&srv->inflight, 1);
	return r;
}

/* Grows the body's buffer to at least need bytes (to its Content-Length at
 * once when given), the growth counted against the memory budget from the
 * moment it is taken.  False without memory, or over the budget: then
 * r->over holds the refusal and the rest of the body is discarded. */
static bool grow_body(struct http_req *r, size_t need)
{
	size_t cap = r->cap ? r->cap : 4096;
	if (!r->cap && r->want >= need && r->want < r->srv->cfg.max_body + 1)
		cap = r->want + 1;
	while (cap < need)
		cap *= 2;
	struct lay_error err;
	if (http_budget_hold(&r->budget, (int64_t)(cap - r->cap), "the request body", &err)) {
		r->over = malloc(sizeof *r->over);
		if (r->over)
			*r->over = err;
		free(r->body);
		r->body = NULL;
		http_budget_drop(&r->budget, (int64_t)r->cap);
		r->len = r->cap = 0;
		return false;
	}
	char *nb = realloc(r->body, cap);
	if (!nb) {
		http_budget_drop(&r->budget, (int64_t)(cap - r->cap));
		return false;
	}
	r->body = nb;
	r->cap = cap;
	return true;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url,
				  const char *method, const char *version, const char *upload_data,
				  size_t *upload_size, void **con_cls)
{
	struct http_server *srv = cls;
	struct http_req *r = *con_cls;
	if (!r) { /* the target callback could not allocate */
		*con_cls = r = on_target(srv, NULL, c);
		if (!r)
			return MHD_NO;
	}
	if (r->pending) {
		/* computed on the pool while the connection slept, or answered
		 * before a body that is now read and discarded */
		if (!http_conn_state(r, upload_data ? REQ_BODY : REQ_RUN))
			return MHD_NO; /* the watchdog closed it: too slow, or gone */
		if (upload_data) {
			*upload_size = 0;
			return MHD_YES;
		}
		struct MHD_Response *resp = r->pending;
		r->pending = NULL;
		enum MHD_Result ret = MHD_queue_response(c, r->pending_status, resp);
		MHD_destroy_response(resp);
		return ret;
	}
	if (!r->called) {
		r->called = true;
		snprintf(r->method, sizeof r->method, "%s", method);
		enum MHD_Result ret = first_call(c, r, url, method, version);
		r->in_first = false;
		return ret;
	}
	/* an empty piece of body is not its end (libmicrohttpd passes one when
	 * a request without a body asked for 100 Continue and another request
	 * follows it): the end is the call without upload data */
	if (upload_data && *upload_size == 0)
		return MHD_YES;
	if (!r->responded && !http_conn_state(r, *upload_size ? REQ_BODY : REQ_RUN))
		return MHD_NO; /* the watchdog closed it: too slow, or gone */
	if (r->responded) {
		*upload_size = 0; /* a response is queued: discard the rest */
		return MHD_YES;
	}
	if (*upload_size) {
		size_t n = *upload_size;
		*upload_size = 0;
		if (r->too_big || r->over || r->len + n > srv->cfg.max_body) {
			r->too_big = !r->over; /* keep reading and discarding: chunked uploads */
			return MHD_YES;
		}
		if (r->len + n + 1 > r->cap && !grow_body(r, r->len + n + 1))
			return r->over ? MHD_YES : MHD_NO;
		memcpy(r->body + r->len, upload_data, n);
		r->len += n;
		r->body[r->len] = '\0';
		/* the whole Content-Length is here: an end of file from now on
		 * is a half-close after the request, not a client gone
		 * mid-body (the watchdog's REQ_BODY rule) */
		if (r->want && r->len == r->want && !http_conn_state(r, REQ_RUN))
			return MHD_NO;
		return MHD_YES;
	}
	if (r->over)
		return http_send_error(c, r, r->over);
	if (r->too_big) {
		char detail[160];
		snprintf(detail, sizeof detail, "the body is over the limit of %zu bytes",
			 srv->cfg.max_body);
		return http_send_problem(c, r, 413, "body_too_large", detail, NULL);
	}
	return http_api(c, r);
}

static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls,
			 enum MHD_RequestTerminationCode toe)
{
	struct http_server *srv = cls;
	struct http_req *r = *con_cls;
	const union MHD_ConnectionInfo *fd =
		MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
	if (fd && toe == MHD_REQUEST_TERMINATED_COMPLETED_OK)
		http_guard_answered(fd->connect_fd, r && r->closing); /* its response is out */
	if (!r)
		return;
	/* an answer still pending (held for a body, or computed on the pool)
	 * never went out */
	if (r->pending)
		r->responded = false;
	int64_t refused_bytes = 0;
	char method[sizeof r->method];
	unsigned refused =
		fd && !r->responded && toe != MHD_REQUEST_TERMINATED_COMPLETED_OK
			? http_guard_refused(fd->connect_fd, &refused_bytes, method, sizeof method)
			: 0;
	if (refused) { /* its framing was refused, and answered, as it was read */
		r->status = refused;
		r->bytes = refused_bytes;
		r->expired = true;
		if (!r->method[0])
			memcpy(r->method, method, sizeof method);
	}
	int64_t us = http_now_us() - r->start_us;
	if (r->stream) {
		r->bytes = http_stream_bytes(r->stream);
		http_stream_release(r->stream);
	}
	http_conn_detach(r);
	if (r->pending)
		MHD_destroy_response(r->pending);
	if (!r->responded && !r->expired)
		r->status = 499; /* the client went away before a response */
	http_metrics_observe(&srv->metrics, r->route, r->status, us);
	const union MHD_ConnectionInfo *ci =
		MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
	http_log_request(srv, ci ? ci->client_addr : NULL, r, us);
	json_decref(r->parsed);
	free(r->body);
	free(r->target);
	free(r->over);
	/* what it held is freed: its reservation ends, and a large one's
	 * memory goes back to the system rather than stay in an arena */
	bool trim = atomic_load(&r->budget.reserved) >= HTTP_TRIM_BYTES;
	http_budget_release(&r->budget);
	free(r);
	*con_cls = NULL;
	atomic_fetch_sub(&srv->inflight, 1);
	if (trim)
		malloc_trim(0);
}

/* ------------------------------------------------------------------ */
/* Flags, start, shutdown                                              */

static void mhd_log(void *cls, const char *fmt, va_list ap)
{
	(void)cls;
	char msg[512];
	vsnprintf(msg, sizeof msg, fmt, ap);
	size_t n = strlen(msg);
	while (n && msg[n - 1] == '\n')
		msg[--n] = '\0';
	fprintf(stderr, "layoutd: libmicrohttpd: %s\n", msg);
}

/* Resolves the listen address and opens the cache and the database; 0, or
 * -1 after a message. */
static int serve_open(struct http_server *srv, struct addrinfo **ai)
{
	struct addrinfo hints = { .ai_family = AF_UNSPEC,
				  .ai_socktype = SOCK_STREAM,
				  .ai_flags = AI_PASSIVE | AI_NUMERICSERV };
	int gai = getaddrinfo(srv->cfg.host[0] ? srv->cfg.host : NULL, srv->cfg.port, &hints, ai);
	if (gai) {
		*ai = NULL;
		fprintf(stderr, "layoutd serve: cannot resolve %s:%s: %s\n", srv->cfg.host,
			srv->cfg.port, gai_strerror(gai));
		return -1;
	}
	srv->cache = http_cache_new(srv->cfg.cache_entries);
	srv->started_us = http_now_us();
	if (!srv->cache)
		return -1;
	struct store_options sopt = { .cache_max_entries = srv->cfg.db_cache_entries,
				      .cache_max_bytes = srv->cfg.db_cache_bytes,
				      .busy_timeout_ms = srv->cfg.busy_ms,
				      .quick_check = true };
	struct store_error serr = { 0 };
	srv->store = store_open(srv->cfg.db_path, &sopt, &serr);
	if (!srv->store) {
		fprintf(stderr, "layoutd serve: cannot open the database %s: %s\n",
			srv->cfg.db_path, serr.message);
		return -1;
	}
	if (store_degraded(srv->store))
		fprintf(stderr, "layoutd serve: READ-ONLY, not ready: %s\n",
			store_degraded(srv->store));
	return 0;
}

/* Starts the guard, the analysis workers, the daemon on ai and the
 * watchdog (*watching once it runs), then says where it listens; 0, or -1
 * after a message.  What started is stopped by the caller. */
static int serve_start(struct http_server *srv, const struct addrinfo *ai, bool *watching)
{
	pthread_mutex_init(&srv->conn_lock, NULL);
	if (http_guard_start(srv) != 0)
		return -1;
	if (http_pool_start(srv) != 0) {
		fprintf(stderr, "layoutd serve: cannot start %u analysis workers\n",
			srv->cfg.workers);
		return -1;
	}
	unsigned flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ITC | MHD_USE_ERROR_LOG |
			 MHD_ALLOW_SUSPEND_RESUME;
	if (ai->ai_family == AF_INET6)
		flags |= MHD_USE_IPv6;
	srv->daemon = MHD_start_daemon(
		flags, 0, NULL, NULL, &on_request, srv, MHD_OPTION_EXTERNAL_LOGGER, &mhd_log, NULL,
		MHD_OPTION_SOCK_ADDR, ai->ai_addr, MHD_OPTION_THREAD_POOL_SIZE,
		(unsigned int)srv->cfg.threads, MHD_OPTION_CONNECTION_LIMIT,
		(unsigned int)srv->cfg.max_conns, MHD_OPTION_PER_IP_CONNECTION_LIMIT,
		(unsigned int)srv->cfg.max_per_ip, MHD_OPTION_CONNECTION_TIMEOUT,
		(unsigned int)srv->cfg.timeout, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
		(size_t)HTTP_CONN_MEMORY, MHD_OPTION_NOTIFY_COMPLETED, &on_completed, srv,
		MHD_OPTION_URI_LOG_CALLBACK, &on_target, srv, MHD_OPTION_NOTIFY_CONNECTION,
		&http_on_connection, srv, MHD_OPTION_END);
	if (!srv->daemon) {
		fprintf(stderr, "layoutd serve: cannot listen on %s:%s: %s\n", srv->cfg.host,
			srv->cfg.port, strerror(errno));
		return -1;
	}
	if (http_watch_start(srv) != 0) {
		fprintf(stderr, "layoutd serve: cannot start the connection watchdog\n");
		return -1;
	}
	*watching = true;
	const union MHD_DaemonInfo *di =
		MHD_get_daemon_info(srv->daemon, MHD_DAEMON_INFO_BIND_PORT);
	unsigned port = di ? di->port : 0;
	fprintf(stderr,
		"layoutd %s: listening on %s:%u (%u threads, body limit %zu, point limit %lld)\n",
		PACKAGE_VERSION, srv->cfg.host, port, srv->cfg.threads, srv->cfg.max_body,
		(long long)srv->cfg.max_points);
	if (srv->cfg.port_file) {
		FILE *f = fopen(srv->cfg.port_file, "w");
		if (!f || fprintf(f, "%u\n", port) < 0 || fclose(f) != 0) {
			fprintf(stderr, "layoutd serve: cannot write %s\n", srv->cfg.port_file);
			return -1;
		}
	}
	return 0;
}

/*
 * Drain after signal sig: /readyz turns 503 and every answer carries
 * Connection: close; the listen socket closes at once, so a new connection
 * is refused rather than left to hang; idle keep-alives close (the
 * watchdog), a request already sent on one is answered; what is in flight
 * finishes until --drain, then computing and streaming stop, and the
 * daemon stops.
 */
static void serve_drain(struct http_server *srv, int sig)
{
	atomic_store(&srv->drain_us, http_now_us());
	atomic_store(&srv->draining, true);
	fprintf(stderr, "layoutd: %s received, draining %d request(s)\n",
		sig == SIGTERM ? "SIGTERM" : "SIGINT", atomic_load(&srv->inflight));
	MHD_socket ls = MHD_quiesce_daemon(srv->daemon);
	if (ls != MHD_INVALID_SOCKET)
		close(ls);
	int64_t deadline = http_now_us() + (int64_t)srv->cfg.drain * 1000000;
	while ((atomic_load(&srv->inflight) > 0 || atomic_load(&srv->nconns) > 0) &&
	       http_now_us() < deadline)
		usleep(10000);
	int left = atomic_load(&srv->inflight);
	/* past the deadline: analyses and table producers stop (they poll
	 * stop_work), resuming their connections, since stopping the daemon
	 * with a suspended connection is not allowed */
	atomic_store(&srv->stop_work, true);
	while (atomic_load(&srv->streams) > 0 || !http_pool_idle(srv))
		usleep(10000);
	MHD_stop_daemon(srv->daemon);
	srv->daemon = NULL;
	fprintf(stderr, "layoutd: stopped%s\n", left ? " (drain deadline passed)" : "");
}

int http_serve_main(int argc, char **argv)
{
	static struct http_server srv; /* one daemon per process; metrics are large */
	struct addrinfo *ai = NULL;
	int rc = 2;
	bool watching = false;
	sigset_t sigs;

	if (http_parse_flags(&srv.cfg, argc, argv))
		return 2;
	srv.routes = http_routes;
	srv.run = http_api;
	if (serve_open(&srv, &ai))
		goto out;
	/* Signals are taken by sigwait in this thread only: block them
	 * before MHD starts its threads, which inherit the mask. */
	sigemptyset(&sigs);
	sigaddset(&sigs, SIGTERM);
	sigaddset(&sigs, SIGINT);
	pthread_sigmask(SIG_BLOCK, &sigs, NULL);
	signal(SIGPIPE, SIG_IGN);
	if (serve_start(&srv, ai, &watching))
		goto out;
	int sig = 0;
	sigwait(&sigs, &sig);
	serve_drain(&srv, sig);
	rc = 0;
out:
	if (srv.daemon) {
		atomic_store(&srv.stop_work, true);
		MHD_stop_daemon(srv.daemon);
	}
	if (watching)
		http_watch_stop(&srv);
	http_pool_stop(&srv);
	http_guard_stop();
	/* after the daemon stopped: no worker thread uses the store now */
	store_close(srv.store);
	http_cache_free(srv.cache);
	if (ai)
		freeaddrinfo(ai);
	return rc;
}
