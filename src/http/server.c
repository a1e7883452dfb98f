/*
 * server.c - `layoutd serve`: flags, the libmicrohttpd daemon, request
 * bodies, routing, responses, logs, and the graceful shutdown.
 *
 * Threading: MHD runs an epoll thread pool sized to the cores; handlers
 * run on those threads and share only the cache (mutex), the metrics
 * (atomics) and the configuration (read-only after start).
 */
#include <arpa/inet.h>
#include <errno.h>
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
#include "store/store.h"

bool http_parse_count(const char *s, int64_t min, int64_t max, int64_t *out)
{
	int64_t n = 0;
	if (!s || !*s)
		return false;
	for (const char *p = s; *p; p++) {
		if (*p < '0' || *p > '9' || __builtin_mul_overflow(n, 10, &n) ||
		    __builtin_add_overflow(n, *p - '0', &n))
			return false;
	}
	if (n < min || n > max)
		return false;
	*out = n;
	return true;
}

int64_t http_now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
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

static int route_of(const char *path, size_t plen, struct http_req *r)
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

static bool method_allowed(int route, const char *method)
{
	const char *m = http_routes[route].methods;
	size_t n = strlen(method);
	for (const char *p = m; (p = strstr(p, method)); p += n)
		if ((p == m || p[-1] == ' ') && (p[n] == ',' || p[n] == '\0'))
			return true;
	/* HEAD is answered wherever GET is */
	return strcmp(method, "HEAD") == 0 && method_allowed(route, "GET");
}

/* ------------------------------------------------------------------ */
/* Responses                                                           */

void http_etag(const char *fingerprint, char out[96])
{
	snprintf(out, 96, "W/\"%s\"", fingerprint);
}

bool http_etag_matches(struct MHD_Connection *c, const char *fingerprint)
{
	const char *h = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "If-None-Match");
	size_t fl = strlen(fingerprint);
	if (!h)
		return false;
	for (const char *p = h; *p;) {
		while (*p == ' ' || *p == ',')
			p++;
		if (*p == '*')
			return true;
		if (strncmp(p, "W/", 2) == 0)
			p += 2;
		if (*p == '"' && strncmp(p + 1, fingerprint, fl) == 0 && p[1 + fl] == '"')
			return true;
		while (*p && *p != ',')
			p++;
	}
	return false;
}

void http_add_common_headers(struct http_req *r, struct MHD_Response *resp)
{
	if (r->origin[0]) {
		MHD_add_response_header(resp, "Access-Control-Allow-Origin", r->origin);
		MHD_add_response_header(resp, "Access-Control-Expose-Headers",
					"ETag, Location, Link, X-Cache, X-Total-Count");
		MHD_add_response_header(resp, "Vary", "Origin");
	}
	if (atomic_load(&r->srv->draining))
		MHD_add_response_header(resp, "Connection", "close");
}

static enum MHD_Result queue(struct MHD_Connection *c, struct http_req *r, unsigned status,
			     struct MHD_Response *resp, int64_t bytes)
{
	if (!resp)
		return MHD_NO;
	http_add_common_headers(r, resp);
	r->status = status;
	r->bytes = bytes;
	r->responded = true;
	if (!http_on_pool())
		http_conn_state(r, REQ_RUN); /* answered: no deadline applies */
	if (http_on_pool()) {
		/* the connection is suspended: queued when it resumes */
		if (r->pending)
			MHD_destroy_response(r->pending);
		r->pending = resp;
		r->pending_status = status;
		return MHD_YES;
	}
	enum MHD_Result ret = MHD_queue_response(c, status, resp);
	MHD_destroy_response(resp);
	return ret;
}

enum MHD_Result http_send_text(struct MHD_Connection *c, struct http_req *r, unsigned status,
			       const char *type, const char *text, size_t len, bool copy)
{
	struct MHD_Response *resp = MHD_create_response_from_buffer(
		len, (void *)text, copy ? MHD_RESPMEM_MUST_COPY : MHD_RESPMEM_PERSISTENT);
	if (resp)
		MHD_add_response_header(resp, "Content-Type", type);
	return queue(c, r, status, resp, (int64_t)len);
}

enum MHD_Result http_send_not_modified(struct MHD_Connection *c, struct http_req *r,
				       const char *etag)
{
	struct MHD_Response *resp = MHD_create_response_from_buffer(0, "", MHD_RESPMEM_PERSISTENT);
	if (!resp)
		return MHD_NO;
	MHD_add_response_header(resp, "ETag", etag);
	MHD_add_response_header(resp, "Cache-Control", "no-cache");
	return queue(c, r, 304, resp, 0);
}

enum MHD_Result http_send_owned(struct MHD_Connection *c, struct http_req *r, unsigned status,
				const char *type, char *buf, size_t len, const char *const *headers)
{
	struct MHD_Response *resp =
		MHD_create_response_from_buffer(len, buf, MHD_RESPMEM_MUST_FREE);
	if (!resp) {
		free(buf);
		return MHD_NO;
	}
	MHD_add_response_header(resp, "Content-Type", type);
	for (const char *const *h = headers; h && h[0]; h += 2)
		MHD_add_response_header(resp, h[0], h[1]);
	return queue(c, r, status, resp, (int64_t)len);
}

enum MHD_Result http_send_json(struct MHD_Connection *c, struct http_req *r, unsigned status,
			       json_t *body, const char *const *headers)
{
	const char *type = "application/json";
	/* a cached definition read back holds a table's rows as a stream */
	char *text = lay_json_dumps(body, JSON_COMPACT);
	if (!text)
		return MHD_NO;
	size_t len = strlen(text);
	text[len] = '\0';
	struct MHD_Response *resp =
		MHD_create_response_from_buffer(len, text, MHD_RESPMEM_MUST_FREE);
	if (!resp) {
		free(text);
		return MHD_NO;
	}
	MHD_add_response_header(resp, "Content-Type", type);
	for (const char *const *h = headers; h && h[0]; h += 2)
		MHD_add_response_header(resp, h[0], h[1]);
	return queue(c, r, status, resp, (int64_t)len);
}

/* ------------------------------------------------------------------ */
/* Access handler                                                      */

static bool origin_allowed(struct http_server *srv, const char *origin)
{
	for (int k = 0; k < srv->cfg.ncors; k++)
		if (strcmp(srv->cfg.cors[k], "*") == 0 || strcmp(srv->cfg.cors[k], origin) == 0)
			return true;
	return false;
}

static enum MHD_Result preflight(struct MHD_Connection *c, struct http_req *r)
{
	struct MHD_Response *resp = MHD_create_response_from_buffer(0, "", MHD_RESPMEM_PERSISTENT);
	if (!resp)
		return MHD_NO;
	if (r->origin[0]) {
		MHD_add_response_header(resp, "Access-Control-Allow-Methods",
					http_routes[r->route].methods);
		MHD_add_response_header(resp, "Access-Control-Allow-Headers",
					"Content-Type, Authorization, If-None-Match");
		MHD_add_response_header(resp, "Access-Control-Max-Age", "600");
	}
	MHD_add_response_header(resp, "Allow", http_routes[r->route].methods);
	return queue(c, r, 204, resp, 0);
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
	int host, content_length, transfer_encoding;
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

/* An unmatched path under /v1/layouts/ whose name segment is not a name
 * ("..", "a%00b", 200 characters) is a bad name, not a missing resource. */
static bool bad_registry_name(const char *path, size_t plen, char *seg, size_t n)
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

static enum MHD_Result first_call(struct MHD_Connection *c, struct http_req *r, const char *url,
				  const char *method, const char *version)
{
	struct http_server *srv = r->srv;
	bool refused;
	enum MHD_Result ret = check_framing(c, r, version, &refused);
	if (refused)
		return ret;
	const char *origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
	if (origin && strlen(origin) < sizeof r->origin && origin_allowed(srv, origin))
		snprintf(r->origin, sizeof r->origin, "%s", origin);
	/* the raw target when libmicrohttpd passed it, else the decoded path */
	const char *path = r->target ? r->target : url;
	size_t plen = strcspn(path, "?#");
	r->route = route_of(path, plen, r);
	if (r->route == ROUTE_ASSET) { /* only the embedded files exist */
		bool found = false;
		for (const struct http_asset *as = http_assets; as->path && !found; as++)
			found = as->path[0] == '/' && strcmp(as->path + 1, r->params[0]) == 0;
		if (!found)
			r->route = ROUTE_NONE;
	}
	if (r->route == ROUTE_NONE) {
		char detail[400], seg[256];
		if (bad_registry_name(path, plen, seg, sizeof seg)) {
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
		return preflight(c, r);
	if (!method_allowed(r->route, method)) {
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
		if (end && *end == '\0' && n > srv->cfg.max_body) {
			char detail[160];
			snprintf(detail, sizeof detail,
				 "the body of %llu bytes is over the limit of %zu bytes", n,
				 srv->cfg.max_body);
			return http_send_problem(c, r, 413, "body_too_large", detail, NULL);
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
	if (r->pending) { /* computed on the pool while the connection slept */
		struct MHD_Response *resp = r->pending;
		r->pending = NULL;
		enum MHD_Result ret = MHD_queue_response(c, r->pending_status, resp);
		MHD_destroy_response(resp);
		return ret;
	}
	if (!r->called) {
		r->called = true;
		snprintf(r->method, sizeof r->method, "%s", method);
		return first_call(c, r, url, method, version);
	}
	if (!r->responded && !http_conn_state(r, *upload_size ? REQ_BODY : REQ_RUN))
		return MHD_NO; /* the watchdog closed it: too slow, or gone */
	if (r->responded) {
		*upload_size = 0; /* a response is queued: discard the rest */
		return MHD_YES;
	}
	if (*upload_size) {
		size_t n = *upload_size;
		*upload_size = 0;
		if (r->too_big || r->len + n > srv->cfg.max_body) {
			r->too_big = true; /* keep reading and discarding: chunked uploads */
			return MHD_YES;
		}
		if (r->len + n + 1 > r->cap) {
			size_t cap = r->cap ? r->cap : 4096;
			while (cap < r->len + n + 1)
				cap *= 2;
			char *nb = realloc(r->body, cap);
			if (!nb)
				return MHD_NO;
			r->body = nb;
			r->cap = cap;
		}
		memcpy(r->body + r->len, upload_data, n);
		r->len += n;
		r->body[r->len] = '\0';
		return MHD_YES;
	}
	if (r->too_big) {
		char detail[160];
		snprintf(detail, sizeof detail, "the body is over the limit of %zu bytes",
			 srv->cfg.max_body);
		return http_send_problem(c, r, 413, "body_too_large", detail, NULL);
	}
	return http_api(c, r);
}

/* A log field from the client: for JSON a string body (quotes,
 * backslashes and control bytes escaped, invalid UTF-8 as %XX); for text
 * one word (spaces and anything unprintable as %XX). */
static void log_field(char *out, size_t size, const char *in, bool json)
{
	char clean[256];
	http_clean_text(clean, sizeof clean, in, strlen(in));
	size_t o = 0;
	for (const char *p = clean; *p && o + 7 < size; p++) {
		unsigned char ch = (unsigned char)*p;
		if (json && (ch == '"' || ch == '\\')) {
			out[o++] = '\\';
			out[o++] = (char)ch;
		} else if (!json && ch == ' ') {
			o += (size_t)snprintf(out + o, size - o, "%%%02X", ch);
		} else {
			out[o++] = (char)ch;
		}
	}
	out[o] = '\0';
}

static void log_request(struct http_server *srv, const struct sockaddr *sa, struct http_req *r,
			int64_t us)
{
	char addr[64] = "-";
	if (sa) {
		if (sa->sa_family == AF_INET)
			inet_ntop(AF_INET, &((const struct sockaddr_in *)sa)->sin_addr, addr,
				  sizeof addr);
		else if (sa->sa_family == AF_INET6)
			inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)sa)->sin6_addr, addr,
				  sizeof addr);
	}
	/* the timestamp changes once a second: format it once per thread */
	static __thread time_t last;
	static __thread char ts[32];
	time_t now = time(NULL);
	if (now != last) {
		struct tm tm;
		gmtime_r(&now, &tm);
		strftime(ts, sizeof ts, "%Y-%m-%dT%H:%M:%SZ", &tm);
		last = now;
	}
	/* every field that came from the client is escaped for its format:
	 * a method may hold quotes, spaces, control bytes or invalid UTF-8 */
	char method[6 * sizeof r->method + 1];
	const char *route = http_routes[r->route].tmpl;
	log_field(method, sizeof method, r->method[0] ? r->method : "-", srv->cfg.log_json);
	char line[768];
	int n;
	if (srv->cfg.log_json)
		n = snprintf(line, sizeof line,
			     "{\"ts\":\"%s\",\"client\":\"%s\",\"method\":\"%s\",\"route\":\"%s\","
			     "\"status\":%u,\"bytes\":%lld,\"us\":%lld}\n",
			     ts, addr, method, route, r->status, (long long)r->bytes,
			     (long long)us);
	else
		n = snprintf(line, sizeof line, "%s %s %s %s %u %lld %lld\n", ts, addr, method,
			     route, r->status, (long long)r->bytes, (long long)us);
	if (n > 0) {
		ssize_t w = write(STDERR_FILENO, line,
				  (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
		(void)w;
	}
}

void http_log_refused(struct http_server *srv, int fd, const char *method, unsigned status,
		      int64_t bytes, int64_t us)
{
	static __thread struct http_req r; /* only the logged fields are read */
	struct sockaddr_storage ss;
	socklen_t sl = sizeof ss;
	memset(&r, 0, sizeof r);
	r.route = ROUTE_NONE;
	r.status = status;
	r.bytes = bytes;
	snprintf(r.method, sizeof r.method, "%s", method);
	http_metrics_observe(&srv->metrics, ROUTE_NONE, status, us);
	bool named = getpeername(fd, (struct sockaddr *)&ss, &sl) == 0;
	log_request(srv, named ? (const struct sockaddr *)&ss : NULL, &r, us);
}

static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls,
			 enum MHD_RequestTerminationCode toe)
{
	struct http_server *srv = cls;
	struct http_req *r = *con_cls;
	const union MHD_ConnectionInfo *fd =
		MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
	if (fd && toe == MHD_REQUEST_TERMINATED_COMPLETED_OK)
		http_guard_answered(fd->connect_fd); /* its response is out */
	if (!r)
		return;
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
	http_budget_release(&r->budget);
	if (r->pending)
		MHD_destroy_response(r->pending);
	if (!r->responded && !r->expired)
		r->status = 499; /* the client went away before a response */
	http_metrics_observe(&srv->metrics, r->route, r->status, us);
	const union MHD_ConnectionInfo *ci =
		MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
	log_request(srv, ci ? ci->client_addr : NULL, r, us);
	json_decref(r->parsed);
	free(r->body);
	free(r->target);
	free(r);
	*con_cls = NULL;
	atomic_fetch_sub(&srv->inflight, 1);
}

/* ------------------------------------------------------------------ */
/* Flags, start, shutdown                                              */

static void usage(FILE *f)
{
	fprintf(f,
		"usage: layoutd serve [--listen ADDR:PORT] [--db PATH] [options]\n"
		"  --listen ADDR:PORT      where to listen (default %s; port 0 = any free port)\n"
		"  --port-file PATH        write the bound port to PATH once listening\n"
		"  --db PATH|URL           SQLite file, or postgresql://... shared by replicas\n"
		"                          (default $LAYOUTD_DB, else ./layoutd.db)\n"
		"  --threads N             worker threads (default: the number of cores)\n"
		"  --max-body BYTES        request body limit (default %u)\n"
		"  --max-points N          enumeration limit per analysis (default %lld)\n"
		"  --max-json-depth N      JSON nesting of a request (default and most %d)\n"
		"  --max-expr-len N        characters of one notation text (default and most %d)\n"
		"  --timeout SECONDS       idle connection timeout (default %d)\n"
		"  --max-connections N     total connections (default %d)\n"
		"  --max-per-ip N          connections per client address (default %d)\n"
		"  --cache-entries N       analyses kept in memory (default %d)\n"
		"  --db-cache-entries N    analyses kept in the database (default %d)\n"
		"  --db-cache-bytes N      disk the database's analysis cache may take\n"
		"                          (default %lld)\n"
		"  --open-writes           registry writes need no token, even once tokens\n"
		"                          exist (without it, a token ever created closes them)\n"
		"  --busy-timeout MS       wait for the database write lock (default %d)\n"
		"  --require-token-for-reads  once tokens exist, every /v1 request needs one\n"
		"  --drain SECONDS         on SIGTERM, time to finish requests (default %d)\n"
		"  --header-timeout SECONDS  a request line and headers must arrive within it,\n"
		"                          idle keep-alive time included (default %d)\n"
		"  --body-timeout SECONDS  a request body must arrive within it (default %d)\n"
		"  --workers N             threads for analyses (default: the number of cores)\n"
		"  --queue N               analyses waiting for a worker, then 503 (default %d)\n"
		"  --deadline SECONDS      an analysis computing longer is stopped, 503;\n"
		"                          0 = none (default %d)\n"
		"  --memory-budget BYTES   memory of all enumerations at once, and of one\n"
		"                          request (over: 413 alone, 503 with others) (default "
		"%lld)\n"
		"  --cors-origin ORIGIN    allow a dashboard on ORIGIN (repeatable; * for any)\n"
		"  --log-format text|json  one line per request on stderr (default text)\n",
		HTTP_DEFAULT_LISTEN, HTTP_DEFAULT_MAX_BODY, (long long)LAYOUTD_DEFAULT_MAX_POINTS,
		LAYOUTD_MAX_JSON_DEPTH, LAYOUTD_MAX_EXPR_LEN, HTTP_DEFAULT_TIMEOUT,
		HTTP_DEFAULT_MAX_CONNS, HTTP_DEFAULT_MAX_PER_IP, HTTP_DEFAULT_CACHE,
		STORE_DEFAULT_CACHE_MAX, (long long)STORE_DEFAULT_CACHE_BYTES, HTTP_DEFAULT_BUSY_MS,
		HTTP_DEFAULT_DRAIN, HTTP_DEFAULT_HEADER_TIMEOUT, HTTP_DEFAULT_BODY_TIMEOUT,
		HTTP_DEFAULT_QUEUE, HTTP_DEFAULT_DEADLINE, (long long)HTTP_DEFAULT_MEMORY_BUDGET);
}

static long long count_arg(const char *opt, const char *v, long long min, long long max)
{
	char *end = NULL;
	errno = 0;
	long long n = v ? strtoll(v, &end, 10) : 0;
	if (!v || errno || !end || *end || n < min || n > max) {
		fprintf(stderr, "layoutd serve: %s needs an integer in %lld..%lld, got \"%s\"\n",
			opt, min, max, v ? v : "");
		exit(2);
	}
	return n;
}

static int split_listen(struct http_config *cfg, const char *v)
{
	const char *colon = strrchr(v, ':');
	if (!colon || colon == v || !colon[1])
		return -1;
	size_t hl = (size_t)(colon - v);
	if (v[0] == '[' && colon[-1] == ']') { /* [::1]:8080 */
		v++;
		hl -= 2;
	}
	if (hl >= sizeof cfg->host || strlen(colon + 1) >= sizeof cfg->port)
		return -1;
	memcpy(cfg->host, v, hl);
	cfg->host[hl] = '\0';
	snprintf(cfg->port, sizeof cfg->port, "%s", colon + 1);
	return 0;
}

static int parse_flags(struct http_config *cfg, int argc, char **argv)
{
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	*cfg = (struct http_config){
		.db_path = store_default_db(),
		.threads = cores > 0 ? (unsigned)cores : 2,
		.max_body = HTTP_DEFAULT_MAX_BODY,
		.max_points = LAYOUTD_DEFAULT_MAX_POINTS,
		.timeout = HTTP_DEFAULT_TIMEOUT,
		.max_conns = HTTP_DEFAULT_MAX_CONNS,
		.max_per_ip = HTTP_DEFAULT_MAX_PER_IP,
		.drain = HTTP_DEFAULT_DRAIN,
		.cache_entries = HTTP_DEFAULT_CACHE,
		.busy_ms = HTTP_DEFAULT_BUSY_MS,
		.db_cache_entries = STORE_DEFAULT_CACHE_MAX,
		.db_cache_bytes = STORE_DEFAULT_CACHE_BYTES,
		.header_timeout = HTTP_DEFAULT_HEADER_TIMEOUT,
		.body_timeout = HTTP_DEFAULT_BODY_TIMEOUT,
		.deadline = HTTP_DEFAULT_DEADLINE,
		.workers = cores > 0 ? (unsigned)cores : 2,
		.queue = HTTP_DEFAULT_QUEUE,
		.memory_budget = HTTP_DEFAULT_MEMORY_BUDGET,
	};
	split_listen(cfg, HTTP_DEFAULT_LISTEN);
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		bool takes = true;
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			usage(stdout);
			exit(0);
		} else if (strcmp(a, "--listen") == 0) {
			if (!v || split_listen(cfg, v)) {
				fprintf(stderr, "layoutd serve: --listen needs ADDR:PORT\n");
				return -1;
			}
		} else if (strcmp(a, "--port-file") == 0 && v) {
			cfg->port_file = v;
		} else if (strcmp(a, "--db") == 0 && v) {
			cfg->db_path = v;
		} else if (strcmp(a, "--threads") == 0) {
			cfg->threads = (unsigned)count_arg(a, v, 1, 256);
		} else if (strcmp(a, "--max-body") == 0) {
			cfg->max_body = (size_t)count_arg(a, v, 1024, 1LL << 30);
		} else if (strcmp(a, "--max-points") == 0) {
			cfg->max_points = count_arg(a, v, 1, 1LL << 31);
		} else if (strcmp(a, "--timeout") == 0) {
			cfg->timeout = (unsigned)count_arg(a, v, 1, 86400);
		} else if (strcmp(a, "--max-connections") == 0) {
			cfg->max_conns = (unsigned)count_arg(a, v, 1, 65536);
		} else if (strcmp(a, "--max-per-ip") == 0) {
			cfg->max_per_ip = (unsigned)count_arg(a, v, 1, 65536);
		} else if (strcmp(a, "--cache-entries") == 0) {
			cfg->cache_entries = (size_t)count_arg(a, v, 1, 1LL << 24);
		} else if (strcmp(a, "--max-json-depth") == 0) {
			cfg->max_depth = (int)count_arg(a, v, 2, LAYOUTD_MAX_JSON_DEPTH);
		} else if (strcmp(a, "--max-expr-len") == 0) {
			cfg->max_expr_len = (int)count_arg(a, v, 16, LAYOUTD_MAX_EXPR_LEN);
		} else if (strcmp(a, "--db-cache-entries") == 0) {
			cfg->db_cache_entries = (long)count_arg(a, v, 1, 1LL << 30);
		} else if (strcmp(a, "--db-cache-bytes") == 0) {
			cfg->db_cache_bytes = count_arg(a, v, 4096, 1LL << 50);
		} else if (strcmp(a, "--open-writes") == 0) {
			cfg->open_writes = true;
			takes = false;
		} else if (strcmp(a, "--busy-timeout") == 0) {
			cfg->busy_ms = (int)count_arg(a, v, 1, 600000);
		} else if (strcmp(a, "--require-token-for-reads") == 0) {
			cfg->require_token_reads = true;
			takes = false;
		} else if (strcmp(a, "--drain") == 0) {
			cfg->drain = (unsigned)count_arg(a, v, 0, 3600);
		} else if (strcmp(a, "--header-timeout") == 0) {
			cfg->header_timeout = (unsigned)count_arg(a, v, 1, 3600);
		} else if (strcmp(a, "--body-timeout") == 0) {
			cfg->body_timeout = (unsigned)count_arg(a, v, 1, 3600);
		} else if (strcmp(a, "--workers") == 0) {
			cfg->workers = (unsigned)count_arg(a, v, 1, 256);
		} else if (strcmp(a, "--queue") == 0) {
			cfg->queue = (unsigned)count_arg(a, v, 1, 65536);
		} else if (strcmp(a, "--deadline") == 0) {
			cfg->deadline = (unsigned)count_arg(a, v, 0, 86400);
		} else if (strcmp(a, "--memory-budget") == 0) {
			cfg->memory_budget = count_arg(a, v, 1 << 20, 1LL << 40);
		} else if (strcmp(a, "--cors-origin") == 0 && v) {
			if (cfg->ncors >= HTTP_MAX_CORS) {
				fprintf(stderr, "layoutd serve: at most %d --cors-origin\n",
					HTTP_MAX_CORS);
				return -1;
			}
			cfg->cors[cfg->ncors++] = v;
		} else if (strcmp(a, "--log-format") == 0 && v &&
			   (strcmp(v, "json") == 0 || strcmp(v, "text") == 0)) {
			cfg->log_json = strcmp(v, "json") == 0;
		} else {
			fprintf(stderr, "layoutd serve: unknown or incomplete option %s\n", a);
			usage(stderr);
			return -1;
		}
		if (takes)
			i++;
	}
	return 0;
}

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

int http_serve_main(int argc, char **argv)
{
	static struct http_server srv; /* one daemon per process; metrics are large */
	struct addrinfo hints = { .ai_family = AF_UNSPEC,
				  .ai_socktype = SOCK_STREAM,
				  .ai_flags = AI_PASSIVE | AI_NUMERICSERV };
	struct addrinfo *ai = NULL;
	int rc = 2;
	bool watching = false;
	sigset_t sigs;

	if (parse_flags(&srv.cfg, argc, argv))
		return 2;
	int gai = getaddrinfo(srv.cfg.host[0] ? srv.cfg.host : NULL, srv.cfg.port, &hints, &ai);
	if (gai) {
		fprintf(stderr, "layoutd serve: cannot resolve %s:%s: %s\n", srv.cfg.host,
			srv.cfg.port, gai_strerror(gai));
		return 2;
	}
	srv.cache = http_cache_new(srv.cfg.cache_entries);
	srv.started_us = http_now_us();
	if (!srv.cache)
		goto out;
	struct store_options sopt = { .cache_max_entries = srv.cfg.db_cache_entries,
				      .cache_max_bytes = srv.cfg.db_cache_bytes,
				      .busy_timeout_ms = srv.cfg.busy_ms,
				      .quick_check = true };
	struct store_error serr = { 0 };
	srv.store = store_open(srv.cfg.db_path, &sopt, &serr);
	if (!srv.store) {
		fprintf(stderr, "layoutd serve: cannot open the database %s: %s\n", srv.cfg.db_path,
			serr.message);
		goto out;
	}
	if (store_degraded(srv.store))
		fprintf(stderr, "layoutd serve: READ-ONLY, not ready: %s\n",
			store_degraded(srv.store));

	/* Signals are taken by sigwait in this thread only: block them
	 * before MHD starts its threads, which inherit the mask. */
	sigemptyset(&sigs);
	sigaddset(&sigs, SIGTERM);
	sigaddset(&sigs, SIGINT);
	pthread_sigmask(SIG_BLOCK, &sigs, NULL);
	signal(SIGPIPE, SIG_IGN);

	pthread_mutex_init(&srv.conn_lock, NULL);
	if (http_guard_start(&srv) != 0)
		goto out;
	if (http_pool_start(&srv) != 0) {
		fprintf(stderr, "layoutd serve: cannot start %u analysis workers\n",
			srv.cfg.workers);
		goto out;
	}
	unsigned flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ITC | MHD_USE_ERROR_LOG |
			 MHD_ALLOW_SUSPEND_RESUME;
	if (ai->ai_family == AF_INET6)
		flags |= MHD_USE_IPv6;
	srv.daemon = MHD_start_daemon(
		flags, 0, NULL, NULL, &on_request, &srv, MHD_OPTION_EXTERNAL_LOGGER, &mhd_log, NULL,
		MHD_OPTION_SOCK_ADDR, ai->ai_addr, MHD_OPTION_THREAD_POOL_SIZE,
		(unsigned int)srv.cfg.threads, MHD_OPTION_CONNECTION_LIMIT,
		(unsigned int)srv.cfg.max_conns, MHD_OPTION_PER_IP_CONNECTION_LIMIT,
		(unsigned int)srv.cfg.max_per_ip, MHD_OPTION_CONNECTION_TIMEOUT,
		(unsigned int)srv.cfg.timeout, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
		(size_t)HTTP_CONN_MEMORY, MHD_OPTION_NOTIFY_COMPLETED, &on_completed, &srv,
		MHD_OPTION_URI_LOG_CALLBACK, &on_target, &srv, MHD_OPTION_NOTIFY_CONNECTION,
		&http_on_connection, &srv, MHD_OPTION_END);
	if (!srv.daemon) {
		fprintf(stderr, "layoutd serve: cannot listen on %s:%s: %s\n", srv.cfg.host,
			srv.cfg.port, strerror(errno));
		goto out;
	}
	if (http_watch_start(&srv) != 0) {
		fprintf(stderr, "layoutd serve: cannot start the connection watchdog\n");
		goto out;
	}
	watching = true;
	const union MHD_DaemonInfo *di = MHD_get_daemon_info(srv.daemon, MHD_DAEMON_INFO_BIND_PORT);
	unsigned port = di ? di->port : 0;
	fprintf(stderr,
		"layoutd %s: listening on %s:%u (%u threads, body limit %zu, point limit %lld)\n",
		PACKAGE_VERSION, srv.cfg.host, port, srv.cfg.threads, srv.cfg.max_body,
		(long long)srv.cfg.max_points);
	if (srv.cfg.port_file) {
		FILE *f = fopen(srv.cfg.port_file, "w");
		if (!f || fprintf(f, "%u\n", port) < 0 || fclose(f) != 0) {
			fprintf(stderr, "layoutd serve: cannot write %s\n", srv.cfg.port_file);
			goto out;
		}
	}

	int sig = 0;
	sigwait(&sigs, &sig);
	/* Drain: /readyz turns 503 and every answer carries Connection: close;
	 * the listen socket closes at once, so a new connection is refused
	 * rather than left to hang; idle keep-alives close (the watchdog), a
	 * request already sent on one is answered; what is in flight finishes
	 * until --drain, then computing and streaming stop. */
	atomic_store(&srv.drain_us, http_now_us());
	atomic_store(&srv.draining, true);
	fprintf(stderr, "layoutd: %s received, draining %d request(s)\n",
		sig == SIGTERM ? "SIGTERM" : "SIGINT", atomic_load(&srv.inflight));
	MHD_socket ls = MHD_quiesce_daemon(srv.daemon);
	if (ls != MHD_INVALID_SOCKET)
		close(ls);
	int64_t deadline = http_now_us() + (int64_t)srv.cfg.drain * 1000000;
	while ((atomic_load(&srv.inflight) > 0 || atomic_load(&srv.nconns) > 0) &&
	       http_now_us() < deadline)
		usleep(10000);
	int left = atomic_load(&srv.inflight);
	/* past the deadline: analyses and table producers stop (they poll
	 * stop_work), resuming their connections, since stopping the daemon
	 * with a suspended connection is not allowed */
	atomic_store(&srv.stop_work, true);
	while (atomic_load(&srv.streams) > 0 || !http_pool_idle(&srv))
		usleep(10000);
	MHD_stop_daemon(srv.daemon);
	srv.daemon = NULL;
	fprintf(stderr, "layoutd: stopped%s\n", left ? " (drain deadline passed)" : "");
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
	freeaddrinfo(ai);
	return rc;
}
