/*
 * guard.c - the message framing of every request, checked as its bytes are
 * read, so that a malformed request gets a problem+json answer from this
 * daemon and never a page from the HTTP library underneath.
 *
 * libmicrohttpd answers some malformed requests itself, with an HTML body
 * and no hook to change it: a request line it cannot parse, a header line
 * without a colon, a Content-Length that is not a number, a request head
 * larger than its per-connection buffer, a chunk size that is not hex or
 * overflows.  This file sees each byte before the library does: it defines
 * recv(2) for the process (the executable's definition comes first in the
 * dynamic link, so the library's reads come here), and for a socket the
 * daemon registered (http_guard_open) it runs the bytes through a strict
 * request-framing state machine: the request line, the head's size and
 * field count, Content-Length, and chunked framing with its chunk sizes and
 * trailers.  The machine is at least as strict as the library, so what it
 * lets through the library accepts; every other socket (a PostgreSQL
 * connection, libcurl's, the watchdog's peeks) reads unchanged.
 *
 * On a violation the library is handed the requests before the bad one,
 * never a byte of it.  Once it has answered those (http_guard_answered, from
 * the request-completed callback: the response is then fully sent), the
 * problem is written to the socket here, the socket is shut down, and the
 * next read returns end-of-file, so the library closes the connection.  The
 * refusal is logged and counted like any request: by the library's request
 * callbacks when the refused request's line had already reached it
 * (http_guard_refused tells them the status), else here.
 *
 * Threads: a connection's reads, its completion callback and its open and
 * close notifications all run on the one libmicrohttpd thread that owns it,
 * so a guard's state needs no lock; the table from socket to guard is read
 * by every thread that calls recv, hence its atomic slots.
 */
#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/socket.h>

#include "http/http.h"

enum gstate {
	G_LINE,	      /* the request line (after any empty lines) */
	G_FIELD,      /* a header field line, or the empty line ending the head */
	G_BODY,	      /* Content-Length bytes */
	G_CHUNK_SIZE, /* a chunk-size line */
	G_CHUNK_DATA, /* a chunk's bytes */
	G_CHUNK_END,  /* the CRLF after a chunk */
	G_TRAILER,    /* a trailer field line, or the empty line ending it */
	G_PASS,	      /* the daemon refuses this request and closes: not read further */
};

/* which field the line being read is, for the body's framing */
enum gfield { F_OTHER, F_CONTENT_LENGTH, F_TRANSFER_ENCODING, F_COOKIE };

struct http_guard {
	int fd;
	enum gstate state;
	/* the request being read */
	size_t head;	  /* bytes of its head (or trailer section) so far */
	size_t line;	  /* bytes of the current line */
	unsigned fields;  /* header and trailer fields */
	unsigned params;  /* query parameters in the target */
	unsigned cookies; /* cookie pairs in Cookie fields */
	int part;	  /* request line: 0 method, 1 target, 2 version; field: 0 name, 1 value */
	bool cr;	  /* the previous byte was a CR */
	bool query;	  /* in the target's query */
	char method[16];
	size_t mlen;
	unsigned char bad_method; /* the method's first byte that is not a token's */
	char version[10];
	size_t vlen;
	char name[24]; /* the current field's name, up to 23 bytes */
	size_t nlen;
	enum gfield field;
	char te[16]; /* the Transfer-Encoding value, trimmed (up to 15 bytes) */
	size_t tlen;
	bool has_cl, has_te, cl_ok;
	bool ws_end;  /* the value so far ends in white space */
	size_t tglen; /* bytes of the request target */
	uint64_t cl, left;
	uint64_t body; /* bytes of a chunked body so far */
	bool chunk_digits, chunk_ext;
	/* what the library has: a request line of the current request, and how
	 * many requests it has whole and has answered */
	bool line_sent;
	uint64_t whole, answered;
	/* a refusal, written once the library answered every request before it */
	bool refused, sent, logged_here;
	/* the client closed with a request unfinished: reads end */
	bool eof;
	unsigned status;
	const char *code;
	char detail[200];
	size_t bytes;
	int64_t start_us;
};

static struct http_server *guard_srv;
static _Atomic(struct http_guard *) *by_fd;
static size_t nfd;
static atomic_int nguards; /* sockets guarded now, for /metrics */

int http_guard_count(void)
{
	return atomic_load(&nguards);
}

int http_guard_start(struct http_server *srv)
{
	struct rlimit rl;
	size_t n = 1024;
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
		n = rl.rlim_cur;
	if (n > HTTP_GUARD_MAX_FDS)
		n = HTTP_GUARD_MAX_FDS;
	by_fd = calloc(n, sizeof *by_fd);
	if (!by_fd)
		return -1;
	nfd = n;
	guard_srv = srv;
	/* the library's reads must come to recv() below: true when the
	 * executable exports it, which a static or otherwise unusual link
	 * could break */
	void *seen = dlsym(RTLD_DEFAULT, "recv");
	if (seen && seen != (void *)&recv)
		fprintf(stderr, "layoutd serve: recv() is not this daemon's: malformed requests "
				"may be answered without a problem document\n");
	return 0;
}

/* Forgets every guard; after the daemon stopped. */
void http_guard_stop(void)
{
	for (size_t i = 0; by_fd && i < nfd; i++)
		free(atomic_exchange(&by_fd[i], NULL));
	atomic_store(&nguards, 0);
	free(by_fd);
	by_fd = NULL;
	nfd = 0;
}

static struct http_guard *guard_of(int fd)
{
	if (fd < 0 || (size_t)fd >= nfd || !by_fd)
		return NULL;
	return atomic_load_explicit(&by_fd[fd], memory_order_acquire);
}

static void next_request(struct http_guard *g)
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
	g->start_us = 0;
}

void http_guard_open(int fd)
{
	if (fd < 0 || (size_t)fd >= nfd || !by_fd)
		return;
	struct http_guard *g = calloc(1, sizeof *g);
	if (!g)
		return; /* unguarded: the library's own answers remain */
	g->fd = fd;
	next_request(g);
	struct http_guard *old = atomic_exchange_explicit(&by_fd[fd], g, memory_order_acq_rel);
	if (!old)
		atomic_fetch_add(&nguards, 1);
	free(old);
}

void http_guard_close(int fd)
{
	if (fd < 0 || (size_t)fd >= nfd || !by_fd)
		return;
	struct http_guard *old = atomic_exchange_explicit(&by_fd[fd], NULL, memory_order_acq_rel);
	if (old)
		atomic_fetch_sub(&nguards, 1);
	free(old);
}

/* ------------------------------------------------------------------ */
/* The state machine                                                   */

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
static bool refuse(struct http_guard *g, unsigned status, const char *code, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static bool refuse(struct http_guard *g, unsigned status, const char *code, const char *fmt, ...)
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

static bool bad_method(struct http_guard *g)
{
	return refuse(g, 400, "bad_request",
		      "the request method holds a byte that is not a token character (byte %u)",
		      g->bad_method);
}

/* The end of the request line: its version decides the answer. */
static bool line_end(struct http_guard *g)
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
static bool line_byte(struct http_guard *g, unsigned char ch)
{
	if (g->start_us == 0)
		g->start_us = http_now_us();
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
static bool field_end(struct http_guard *g)
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
static bool field_byte(struct http_guard *g, unsigned char ch)
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
static bool chunk_byte(struct http_guard *g, unsigned char ch)
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

static bool chunk_line_end(struct http_guard *g)
{
	if (!g->chunk_digits)
		return refuse(g, 400, "bad_request", "a chunk-size line has no size");
	uint64_t max = guard_srv ? guard_srv->cfg.max_body : HTTP_DEFAULT_MAX_BODY;
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

/*
 * Runs n bytes through the machine.  Returns true when they are all good.
 * On a violation returns false, with *keep the bytes the library may have
 * (the whole requests before the bad one in this buffer; 0 when the bad one
 * started before).  *start_in reports whether the bad request began in
 * this buffer.
 */
static bool scan(struct http_guard *g, const unsigned char *p, size_t n, size_t *keep,
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

/* ------------------------------------------------------------------ */
/* The refusal, and the reads                                          */

/* Writes the problem on the socket (nothing else writes to it now: the
 * library answered every request before this one and is reading), reads
 * what the client already sent so closing does not reset the connection
 * under the answer, and shuts the socket down. */
static void send_refusal(struct http_guard *g)
{
	size_t len = 0;
	char *msg = http_problem_message(g->status, g->code, g->detail, &len, &g->bytes);
	if (msg && send(g->fd, msg, len, MSG_NOSIGNAL | MSG_DONTWAIT) < 0)
		g->bytes = 0;
	free(msg);
	g->sent = true;
	char sink[4096];
	for (int k = 0; k < 16 && recvfrom(g->fd, sink, sizeof sink, MSG_DONTWAIT, NULL, NULL) > 0;
	     k++)
		;
	shutdown(g->fd, SHUT_RDWR);
	if (g->logged_here && guard_srv)
		http_log_refused(guard_srv, g->fd, g->mlen ? g->method : "-", g->status,
				 (int64_t)g->bytes, g->start_us ? http_now_us() - g->start_us : 0);
}

/* Whether the client's end of file is waiting on the socket. */
static bool peer_closed(int fd)
{
	char c;
	return recvfrom(fd, &c, 1, MSG_PEEK | MSG_DONTWAIT, NULL, NULL) == 0;
}

ssize_t recv(int fd, void *buf, size_t len, int flags)
{
	struct http_guard *g = flags & MSG_PEEK ? NULL : guard_of(fd);
	if (!g)
		return recvfrom(fd, buf, len, flags, NULL, NULL);
	if (g->eof) {
		if (g->answered >= g->whole)
			return 0;
		errno = EAGAIN; /* the answers to its whole requests go out first */
		return -1;
	}
	if (g->refused) {
		if (g->sent)
			return 0; /* end of file: the library closes the connection */
		errno = EAGAIN;	  /* the answers before the refusal go out first */
		return -1;
	}
	ssize_t n = recvfrom(fd, buf, len, flags, NULL, NULL);
	if (n <= 0)
		return n;
	size_t keep = 0, begun = SIZE_MAX;
	bool start_in = false, line_sent = g->line_sent;
	if (scan(g, buf, (size_t)n, &keep, &start_in, &begun)) {
		g->line_sent = g->state != G_LINE;
		/* A short read ending inside a request: under epoll the library
		 * reads no further until new bytes come, so a client that sent
		 * part of a request and closed (its end of file came with the
		 * bytes) would hold the connection, and one of its address's
		 * --max-per-ip slots, until a timeout.  That request can never
		 * finish: the library gets the whole requests before it, then
		 * end of file.  Likewise a client that sent whole requests and
		 * shut its side: once they are answered the connection closes,
		 * not at the header deadline. */
		if ((size_t)n < len && g->state != G_PASS && peer_closed(fd)) {
			g->eof = true;
			if (g->state != G_LINE || g->head > 0) {
				if (begun != SIZE_MAX && begun > 0)
					return (ssize_t)begun;
				if (g->answered >= g->whole)
					return 0;
				errno = EAGAIN;
				return -1;
			}
		}
		return n;
	}
	/* the library has the refused request's line (and so reports it)
	 * only when that line came in an earlier read */
	g->logged_here = start_in || !line_sent;
	if (keep > 0)
		return (ssize_t)keep; /* the whole requests before it, first */
	if (g->answered >= g->whole) {
		send_refusal(g);
		return 0;
	}
	errno = EAGAIN;
	return -1;
}

void http_guard_answered(int fd, bool closing)
{
	struct http_guard *g = guard_of(fd);
	if (!g)
		return;
	g->answered++;
	if (closing && g->refused && !g->sent) {
		/* the answer closes the connection: the request behind it was
		 * never read, so it is neither answered nor logged */
		g->sent = true;
		g->logged_here = false;
		shutdown(fd, SHUT_RDWR);
		return;
	}
	if (g->refused && !g->sent && g->answered >= g->whole)
		send_refusal(g);
	else if (g->eof && g->answered >= g->whole)
		shutdown(fd, SHUT_RDWR); /* wakes the library, whose next read is end of file */
}

unsigned http_guard_refused(int fd, int64_t *bytes, char *method, size_t size)
{
	struct http_guard *g = guard_of(fd);
	if (!g || !g->refused || !g->sent || g->logged_here)
		return 0;
	*bytes = (int64_t)g->bytes;
	snprintf(method, size, "%s", g->method);
	return g->status;
}
