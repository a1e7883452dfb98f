/*
 * problem.c - every error the daemon answers is built here, as
 * application/problem+json (RFC 9457): {"type", "title", "status",
 * "detail", "code", "pointer"} plus members a caller adds (an engine
 * error's "position", a refused layout's "analysis").  Handlers never
 * assemble a problem themselves, and no response's type is guessed from
 * its body.
 *
 * Text echoed from a request (a path, a name, a method, a media type) may
 * hold any byte: it is cleaned to valid UTF-8 here, so building the answer
 * cannot fail and the client always gets one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/http.h"
#include "http/util.h"

const char *http_reason(unsigned status)
{
	switch (status) {
	case 400:
		return "Bad Request";
	case 401:
		return "Unauthorized";
	case 403:
		return "Forbidden";
	case 404:
		return "Not Found";
	case 405:
		return "Method Not Allowed";
	case 408:
		return "Request Timeout";
	case 409:
		return "Conflict";
	case 410:
		return "Gone";
	case 413:
		return "Content Too Large";
	case 415:
		return "Unsupported Media Type";
	case 422:
		return "Unprocessable Content";
	case 414:
		return "URI Too Long";
	case 431:
		return "Request Header Fields Too Large";
	case 500:
		return "Internal Server Error";
	case 501:
		return "Not Implemented";
	case 503:
		return "Service Unavailable";
	case 504:
		return "Gateway Timeout";
	case 505:
		return "HTTP Version Not Supported";
	default:
		return "Error";
	}
}

json_t *http_problem_new(unsigned status, const char *code, const char *title, const char *detail,
			 const char *pointer)
{
	char type[128], d[2048], p[LAY_ERR_PTR * 3], c[64];
	http_clean_text(c, sizeof c, code, strlen(code));
	http_clean_text(d, sizeof d, detail ? detail : "", detail ? strlen(detail) : 0);
	http_clean_text(p, sizeof p, pointer ? pointer : "", pointer ? strlen(pointer) : 0);
	snprintf(type, sizeof type, "https://layoutd.dev/problems/%s", c);
	return json_pack("{s:s,s:s,s:i,s:s,s:s,s:s}", "type", type, "title",
			 title ? title : http_reason(status), "status", (int)status, "detail", d,
			 "code", c, "pointer", p);
}

enum MHD_Result http_send_problem_json(struct MHD_Connection *c, struct http_req *r,
				       unsigned status, json_t *problem, const char *const *headers)
{
	char *text = problem ? json_dumps(problem, JSON_COMPACT) : NULL;
	if (!text) {
		/* out of memory: still an answer, from static text */
		static const char oom[] =
			"{\"type\":\"https://layoutd.dev/problems/internal\",\"title\":\"Internal "
			"Server Error\",\"status\":500,\"detail\":\"out of memory\",\"code\":"
			"\"internal\",\"pointer\":\"\"}";
		return http_send_text(c, r, 500, "application/problem+json", oom, sizeof oom - 1,
				      false);
	}
	return http_send_owned(c, r, status, "application/problem+json", text, strlen(text),
			       headers);
}

char *http_problem_message(unsigned status, const char *code, const char *detail, size_t *len,
			   size_t *body_len)
{
	json_t *p = http_problem_new(status, code, NULL, detail, NULL);
	char *text = p ? json_dumps(p, JSON_COMPACT) : NULL;
	json_decref(p);
	if (!text)
		return NULL;
	size_t tl = strlen(text);
	char head[256];
	int hl = snprintf(head, sizeof head,
			  "HTTP/1.1 %u %s\r\nContent-Type: application/problem+json\r\n"
			  "Content-Length: %zu\r\nConnection: close\r\n\r\n",
			  status, http_reason(status), tl);
	char *msg = malloc((size_t)hl + tl);
	if (msg) {
		memcpy(msg, head, (size_t)hl);
		memcpy(msg + hl, text, tl);
		*len = (size_t)hl + tl;
		*body_len = tl;
	}
	free(text);
	return msg;
}

enum MHD_Result http_send_problem_h(struct MHD_Connection *c, struct http_req *r, unsigned status,
				    const char *code, const char *detail, const char *pointer,
				    const char *const *headers)
{
	json_t *p = http_problem_new(status, code, NULL, detail, pointer);
	enum MHD_Result ret = http_send_problem_json(c, r, status, p, headers);
	json_decref(p);
	return ret;
}

enum MHD_Result http_send_problem(struct MHD_Connection *c, struct http_req *r, unsigned status,
				  const char *code, const char *detail, const char *pointer)
{
	return http_send_problem_h(c, r, status, code, detail, pointer, NULL);
}

enum MHD_Result http_send_error(struct MHD_Connection *c, struct http_req *r,
				const struct lay_error *err)
{
	unsigned status = (unsigned)lay_code_status(err->code);
	json_t *p = lay_error_to_json(err);
	/* the engine's text may quote request bytes: rebuild those members */
	json_t *clean = http_problem_new(status, lay_code_name(err->code),
					 json_string_value(json_object_get(p, "title")),
					 err->message, err->pointer);
	if (p && clean)
		json_object_update_missing(clean, p);
	json_decref(p);
	/* a budget or a service held by others frees up: say when to retry */
	static const char *const retry[] = { "Retry-After", "1", NULL };
	enum MHD_Result ret = http_send_problem_json(c, r, status, clean,
						     err->code == LAY_EUNAVAILABLE ? retry : NULL);
	json_decref(clean);
	return ret;
}
