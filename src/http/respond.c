/*
 * respond.c - every response the daemon queues goes through here: the
 * common headers (CORS, Connection: close while draining), the status and
 * size the log and the metrics record, an early answer held until the body
 * is read, ETags and 304s, and the CORS preflight.  Problems are built in
 * problem.c and sent with these.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "http/http.h"

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

/* Whether a response says Connection: close. */
static bool closes(struct MHD_Response *resp)
{
	const char *v = MHD_get_response_header(resp, "Connection");
	return v && strcasecmp(v, "close") == 0; /* the only value this daemon sets */
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
	if (r->in_first && r->hold_early && !closes(resp)) {
		/* an answer before the body: queued once the body is read and
		 * discarded (under the body deadline), so the connection stays */
		r->pending = resp;
		r->pending_status = status;
		http_conn_state(r, r->has_body ? REQ_BODY : REQ_RUN);
		return MHD_YES;
	}
	/* queued before the body, libmicrohttpd closes after it */
	r->closing = closes(resp) || r->in_first;
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
	/* a cached definition read back holds a table's rows as a stream */
	char *text = lay_json_dumps(body, JSON_COMPACT);
	if (!text)
		return MHD_NO;
	return http_send_owned(c, r, status, "application/json", text, strlen(text), headers);
}

enum MHD_Result http_send_preflight(struct MHD_Connection *c, struct http_req *r)
{
	struct MHD_Response *resp = MHD_create_response_from_buffer(0, "", MHD_RESPMEM_PERSISTENT);
	if (!resp)
		return MHD_NO;
	if (r->origin[0]) {
		MHD_add_response_header(resp, "Access-Control-Allow-Methods",
					r->srv->routes[r->route].methods);
		MHD_add_response_header(resp, "Access-Control-Allow-Headers",
					"Content-Type, Authorization, If-None-Match");
		MHD_add_response_header(resp, "Access-Control-Max-Age", "600");
	}
	MHD_add_response_header(resp, "Allow", r->srv->routes[r->route].methods);
	return queue(c, r, 204, resp, 0);
}
