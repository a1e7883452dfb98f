/*
 * framing.c - the request framing state machine (framing.h): the request
 * line, the head's size and field count, Content-Length, and chunked
 * framing with its chunk sizes and trailers, at least as strict as
 * libmicrohttpd so that what it lets through the library accepts.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "http/framing.h"
#include "http/http.h"

static void next_request(struct http_frame *g)
{
	g->state = G_LINE;
	g->head = g->line = g->mlen = g->vlen = g->nlen = g->tlen = g->tglen = 0;
	g->bad_method = 0;
	g->fields = g->params = g->cookies = 0;
	g->part = 0;
	g->cr = g->query = false;
	g->has_cl = g->has_te = g->cl_ok = false;
	g->cl = g->left = g->body = 0;
	g->field = F_OTHER;
}

void http_frame_init(struct http_frame *f, uint64_t max_body)
{
	memset(f, 0, sizeof *f);
	f->max_body = max_body;
	next_request(f);
}

static bool tchar(unsigned char ch)
{
	return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
	       (ch && strchr("!#$%&'*+-.^_`|~", ch));
}

static int hexdig(unsigned char ch)
{
	return ch >= '0' && ch <= '9'	? ch - '0'
	       : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
	       : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10
					: -1;
}

/* Records the refusal; returns false for the caller to return. */
static bool refuse(struct http_frame *g, unsigned status, const char *code, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static bool refuse(struct http_frame *g, unsigned status, const char *code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(g->detail, sizeof g->detail, fmt, ap);
	va_end(ap);
	g->refused = true;
	g->status = status;
	g->code = code;
	return false;
}

static bool bad_method(struct http_frame *g)
{
	return refuse(g, 400, "bad_request",
		      "the request method holds a byte that is not a token character (byte %u)",
		      g->bad_method);
}

/* The end of the request line: its version decides the answer. */
static bool line_end(struct http_frame *g)
{
	if (g->part == 0 && g->mlen == 0)
		return true; /* an empty line before the request: ignored (RFC 9112 §2.2) */
	if (g->bad_method)
		return bad_method(g);
	if (g->part < 2 || g->vlen == 0)
		return refuse(g, 400, "bad_request",
			      "the request line is not METHOD SP TARGET SP HTTP-VERSION");
	const char *v = g->version;
	if (g->vlen != 8 || strncmp(v, "HTTP/", 5) != 0 || v[5] < '0' || v[5] > '9' ||
	    v[6] != '.' || v[7] < '0' || v[7] > '9')
		return refuse(g, 400, "bad_request",
			      "the request line's version is not HTTP/DIGIT.DIGIT");
	if (v[5] != '1')
		return refuse(g, 505, "version_not_supported",
			      "HTTP/%c.%c is not supported; this server speaks HTTP/1.1", v[5],
			      v[7]);
	g->state = G_FIELD;
	g->part = 0;
	return true;
}

/* One byte of the request line. */
static bool line_byte(struct http_frame *g, unsigned char ch)
{
	if (ch == ' ') {
		/* exactly one space between the three parts */
		if (g->part == 0 && g->mlen == 0)
			return refuse(g, 400, "bad_request",
				      "the request line starts with a space");
		if (g->part == 1 && g->tglen == 0)
			return refuse(g, 400, "bad_request", "the request target is empty");
		if (g->part == 2)
			return refuse(g, 400, "bad_request",
				      "the request line is not METHOD SP TARGET SP HTTP-VERSION");
		if (g->part == 0 && g->bad_method)
			return bad_method(g);
		g->part++;
		return true;
	}
	if (ch == 0 || ch == '\t')
		return refuse(g, 400, "bad_request",
			      "the request line holds a control character (byte %u)", ch);
	if (g->part == 0) {
		/* RFC 9110 §9.1: a method is a token; refused at its end, so the
		 * log shows the method as sent */
		if (!tchar(ch) && !g->bad_method)
			g->bad_method = ch;
		if (g->mlen < sizeof g->method - 1) {
			g->method[g->mlen] = (char)ch;
			g->method[g->mlen + 1] = '\0';
		}
		g->mlen++;
	} else if (g->part == 1) {
		if (ch < 0x20 || ch == 0x7F)
			return refuse(g, 400, "bad_request",
				      "the request target holds a control character (byte %u)", ch);
		g->tglen++;
		if (ch == '?' && !g->query) {
			g->query = true;
			g->params = 1;
		} else if (ch == '&' && g->query && ++g->params > HTTP_MAX_QUERY_PARAMS) {
			return refuse(g, 414, "uri_too_long",
				      "the request target has more than %d query parameters",
				      HTTP_MAX_QUERY_PARAMS);
		}
	} else {
		if (g->vlen >= sizeof g->version - 1)
			return refuse(g, 400, "bad_request",
				      "the request line's version is not HTTP/DIGIT.DIGIT");
		g->version[g->vlen++] = (char)ch;
		g->version[g->vlen] = '\0';
	}
	return true;
}

/* The end of a field line (header or trailer). */
static bool field_end(struct http_frame *g)
{
	bool trailer = g->state == G_TRAILER;
	if (g->part == 0 && g->nlen == 0) { /* the empty line: the head is complete */
		if (trailer) {
			g->state = G_LINE; /* the request is whole */
			return true;
		}
		/* the body's framing (RFC 9112 §6.3).  Where the daemon refuses
		 * the framing itself (both, several codings, HTTP/1.0 with a
		 * coding), it answers before the body and closes: nothing more
		 * of this connection is read. */
		bool http10 = strcmp(g->version, "HTTP/1.0") == 0;
		if (g->has_te) {
			bool chunked = g->tlen == 7 && strncasecmp(g->te, "chunked", 7) == 0;
			g->state = chunked && !g->has_cl && !http10 ? G_CHUNK_SIZE : G_PASS;
			g->line = 0;
			g->chunk_digits = g->chunk_ext = false;
		} else if (g->has_cl && g->cl > 0) {
			g->state = G_BODY;
			g->left = g->cl;
		} else {
			g->state = G_LINE;
		}
		return true;
	}
	if (g->part == 0)
		return refuse(g, 400, "bad_request", "a %s line has no colon",
			      trailer ? "trailer" : "header");
	if (++g->fields > HTTP_MAX_FIELDS)
		return refuse(g, 431, "header_too_large", "more than %d header fields",
			      HTTP_MAX_FIELDS);
	if (g->field == F_CONTENT_LENGTH && !trailer && !g->cl_ok)
		return refuse(g, 400, "bad_request", "Content-Length is not a decimal number");
	if (g->field == F_COOKIE && g->cookies > HTTP_MAX_COOKIES)
		return refuse(g, 431, "header_too_large", "more than %d cookies", HTTP_MAX_COOKIES);
	/* the library does not read "chunked " as chunked */
	if (g->field == F_TRANSFER_ENCODING && !trailer && g->ws_end)
		return refuse(g, 400, "bad_request",
			      "Transfer-Encoding has white space after its value");
	g->part = 0;
	g->nlen = 0;
	g->field = F_OTHER;
	return true;
}

/* One byte of a field line. */
static bool field_byte(struct http_frame *g, unsigned char ch)
{
	bool trailer = g->state == G_TRAILER;
	if (g->part == 0) {
		if (ch == ':') {
			if (g->nlen == 0)
				return refuse(g, 400, "bad_request", "a header field has no name");
			g->part = 1;
			size_t n = g->nlen < sizeof g->name ? g->nlen : sizeof g->name - 1;
			g->name[n] = '\0';
			g->field = g->nlen != n					? F_OTHER
				   : strcasecmp(g->name, "content-length") == 0 ? F_CONTENT_LENGTH
				   : strcasecmp(g->name, "transfer-encoding") == 0
					   ? F_TRANSFER_ENCODING
				   : strcasecmp(g->name, "cookie") == 0 ? F_COOKIE
									: F_OTHER;
			if (trailer)
				g->field = F_OTHER;
			if (g->field == F_CONTENT_LENGTH) {
				g->cl_ok = false;
				g->cl = 0;
				g->has_cl = true;
			} else if (g->field == F_TRANSFER_ENCODING) {
				g->has_te = true;
				g->tlen = 0;
			} else if (g->field == F_COOKIE) {
				g->cookies++;
			}
			g->ws_end = false;
			return true;
		}
		if (!tchar(ch))
			return refuse(g, 400, "bad_request",
				      g->nlen == 0 && (ch == ' ' || ch == '\t')
					      ? "a header line starts with white space (obsolete "
						"line folding)"
					      : "a header field name holds a byte that is not a "
						"token character (byte %u)",
				      ch);
		if (g->nlen < sizeof g->name - 1)
			g->name[g->nlen] = (char)ch;
		g->nlen++;
		return true;
	}
	if ((ch < 0x20 && ch != '\t') || ch == 0x7F)
		return refuse(g, 400, "bad_request",
			      "a header field value holds a control character (byte %u)", ch);
	switch (g->field) {
	case F_CONTENT_LENGTH:
		/* the library takes no white space after the digits */
		if ((ch == ' ' || ch == '\t') && g->cl_ok) {
			return refuse(g, 400, "bad_request",
				      "Content-Length has white space after its digits");
		} else if (ch == ' ' || ch == '\t') {
			break;
		} else if (ch < '0' || ch > '9') {
			return refuse(g, 400, "bad_request",
				      "Content-Length is not a decimal number");
		} else if (__builtin_mul_overflow(g->cl, 10, &g->cl) ||
			   __builtin_add_overflow(g->cl, (uint64_t)(ch - '0'), &g->cl) ||
			   g->cl > (uint64_t)INT64_MAX) {
			return refuse(g, 413, "body_too_large",
				      "Content-Length is past any body this server reads");
		} else {
			g->cl_ok = true;
		}
		break;
	case F_TRANSFER_ENCODING:
		g->ws_end = (ch == ' ' || ch == '\t') && g->tlen > 0;
		if (g->tlen == 0 && (ch == ' ' || ch == '\t'))
			break;
		if (g->tlen < sizeof g->te - 1)
			g->te[g->tlen] = (char)ch;
		g->tlen++;
		if (g->tlen >= sizeof g->te)
			g->tlen = sizeof g->te; /* long: not "chunked" */
		break;
	case F_COOKIE:
		if (ch == ';')
			g->cookies++;
		break;
	default:
		break;
	}
	return true;
}

/* One byte of a chunk-size line: 1*HEXDIG [ ";" extensions ] CRLF. */
static bool chunk_byte(struct http_frame *g, unsigned char ch)
{
	if (g->line > HTTP_MAX_CHUNK_LINE)
		return refuse(g, 400, "bad_request", "a chunk-size line is longer than %d bytes",
			      HTTP_MAX_CHUNK_LINE);
	if (g->chunk_ext) {
		if ((ch < 0x20 && ch != '\t') || ch == 0x7F)
			return refuse(g, 400, "bad_request",
				      "a chunk extension holds a control character (byte %u)", ch);
		return true;
	}
	if (ch == ';' && g->chunk_digits) {
		g->chunk_ext = true;
		return true;
	}
	int d = hexdig(ch);
	if (d < 0)
		return refuse(g, 400, "bad_request", "a chunk size is not hexadecimal (byte %u)",
			      ch);
	if (g->left >> 59) /* 16 * left would pass 2^63 */
		return refuse(g, 413, "body_too_large",
			      "a chunk size is past any body this server reads");
	g->left = g->left * 16 + (uint64_t)d;
	g->chunk_digits = true;
	return true;
}

static bool chunk_line_end(struct http_frame *g)
{
	if (!g->chunk_digits)
		return refuse(g, 400, "bad_request", "a chunk-size line has no size");
	uint64_t max = g->max_body;
	if (g->left > max || g->body + g->left > max)
		return refuse(g, 413, "body_too_large", "the body is over the limit of %llu bytes",
			      (unsigned long long)max);
	g->body += g->left;
	g->line = 0;
	g->chunk_digits = g->chunk_ext = false;
	if (g->left == 0) { /* the last chunk: the trailer section follows */
		g->state = G_TRAILER;
		g->part = 0;
		g->nlen = 0;
		g->field = F_OTHER;
	} else {
		g->state = G_CHUNK_DATA;
	}
	return true;
}

/* The whole machine over a buffer (framing.h). */
bool http_frame_scan(struct http_frame *g, const unsigned char *p, size_t n, size_t *keep,
		     bool *start_in, size_t *begun)
{
	/* where the request now being read began in this buffer; SIZE_MAX
	 * while it is one that began before */
	size_t start = g->state == G_LINE && g->head == 0 ? 0 : SIZE_MAX;
	for (size_t i = 0; i < n; i++) {
		enum gstate st = g->state;
		if (st == G_PASS)
			return true;
		if (st == G_BODY || st == G_CHUNK_DATA) {
			size_t take = n - i < g->left ? n - i : (size_t)g->left;
			g->left -= take;
			i += take - 1;
			if (g->left == 0) {
				if (st == G_BODY) {
					g->whole++;
					next_request(g);
					start = i + 1;
				} else {
					g->state = G_CHUNK_END;
					g->line = 0;
					g->cr = false;
				}
			}
			continue;
		}
		unsigned char ch = p[i];
		bool ok = true;
		if (st == G_CHUNK_END) {
			if ((g->line == 0 && ch == '\r') || (g->line == 1 && ch == '\n' && g->cr)) {
				g->cr = ch == '\r';
				if (++g->line == 2) {
					g->state = G_CHUNK_SIZE;
					g->line = 0;
					g->cr = false;
				}
			} else {
				ok = refuse(g, 400, "bad_request",
					    "a chunk's data is not followed by CRLF");
			}
		} else if (st == G_CHUNK_SIZE) {
			if (g->cr && ch != '\n') {
				ok = refuse(g, 400, "bad_request", "a CR that does not end a line");
			} else if (ch == '\r') {
				g->cr = true;
			} else if (ch == '\n') {
				ok = g->cr ? chunk_line_end(g)
					   : refuse(g, 400, "bad_request",
						    "a chunk-size line does not end with CRLF");
				g->cr = false;
			} else {
				g->line++;
				ok = chunk_byte(g, ch);
			}
		} else if (++g->head > HTTP_MAX_HEAD) {
			/* the head, or the trailers: every byte counts */
			ok = st == G_LINE ? refuse(g, 414, "uri_too_long",
						   "the request line is longer than %d bytes",
						   HTTP_MAX_HEAD)
					  : refuse(g, 431, "header_too_large",
						   "the request head is larger than %d bytes",
						   HTTP_MAX_HEAD);
		} else if (g->cr && ch != '\n') {
			ok = refuse(g, 400, "bad_request", "a CR that does not end a line");
		} else if (ch == '\r') {
			g->cr = true;
		} else if (ch == '\n') {
			/* a bare LF ends a head line too (RFC 9112 §2.2), not a trailer's */
			if (st == G_LINE)
				ok = line_end(g);
			else if (st == G_TRAILER && !g->cr)
				ok = refuse(g, 400, "bad_request",
					    "a trailer line does not end with CRLF");
			else
				ok = field_end(g);
			g->cr = false;
			g->line = 0;
			if (ok && st != G_LINE && g->state == G_LINE) {
				g->whole++; /* no body, or the trailers ended */
				next_request(g);
				start = i + 1;
			}
		} else {
			g->line++;
			ok = st == G_LINE ? line_byte(g, ch) : field_byte(g, ch);
		}
		if (!ok) {
			*start_in = start != SIZE_MAX;
			*keep = start == SIZE_MAX ? 0 : start;
			return false;
		}
	}
	*begun = start;
	return true;
}
