/*
 * stream.c - tables streamed through a pipe: a producer thread enumerates
 * the placement and writes rows into the pipe while libmicrohttpd reads the
 * other end and sends it, so a 16M-row table never sits in memory and a
 * slow client throttles the producer.  A client that goes away closes the
 * read end; the producer's next write fails (EPIPE, SIGPIPE ignored) and it
 * stops.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "http/http.h"

struct http_stream {
	atomic_int refs; /* the request and the producer */
	atomic_llong bytes;
	int fd;
	struct lay_def *def;
	bool inverse, csv, first;
	int64_t after, limit, row;
	char buf[1 << 16];
	size_t len;
};

int64_t http_stream_bytes(struct http_stream *s)
{
	return (int64_t)atomic_load(&s->bytes);
}

void http_stream_release(struct http_stream *s)
{
	if (atomic_fetch_sub(&s->refs, 1) == 1) {
		lay_def_free(s->def);
		free(s);
	}
}

static int flush(struct http_stream *s)
{
	size_t off = 0;
	while (off < s->len) {
		ssize_t n = write(s->fd, s->buf + off, s->len - off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return LAY_EIO;
		off += (size_t)n;
		atomic_fetch_add(&s->bytes, n);
	}
	s->len = 0;
	return 0;
}

static int put(struct http_stream *s, const char *text, size_t n)
{
	if (s->len + n > sizeof s->buf && flush(s))
		return LAY_EIO;
	if (n > sizeof s->buf) {
		s->len = 0;
		memcpy(s->buf, text, sizeof s->buf);
		return LAY_EIO;
	}
	memcpy(s->buf + s->len, text, n);
	s->len += n;
	return 0;
}

static int putf(struct http_stream *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int putf(struct http_stream *s, const char *fmt, ...)
{
	char tmp[1024];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	return n < 0 ? LAY_EIO : put(s, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

/* Sentinel returned by the row callback once the page is full. */
#define STREAM_DONE 1

static int row(void *ctx, const struct lay_table_row *row)
{
	struct http_stream *s = ctx;
	const struct lay_def *def = s->def;
	if (s->row++ < s->after)
		return 0;
	if (s->limit >= 0 && s->row > s->after + s->limit)
		return STREAM_DONE;
	char line[1024];
	size_t n = 0;
	if (!s->csv)
		n += (size_t)snprintf(line + n, sizeof line - n, "%s[", s->first ? "\n" : ",\n");
	s->first = false;
	for (int pass = 0; pass < 2; pass++) {
		bool logical = (pass == 0) != s->inverse;
		int cols = logical ? def->rank : def->naxes;
		for (int k = 0; k < cols && n < sizeof line; k++) {
			const char *sep = pass == 0 && k == 0 ? "" : ",";
			if (logical && row->elem < 0)
				n += (size_t)snprintf(line + n, sizeof line - n, "%s%s", sep,
						      s->csv ? "" : "null");
			else
				n += (size_t)snprintf(
					line + n, sizeof line - n, "%s%lld", sep,
					(long long)(logical ? row->logical[k] : row->coord[k]));
		}
	}
	if (n < sizeof line)
		n += (size_t)snprintf(line + n, sizeof line - n, "%s", s->csv ? "\n" : "]");
	return put(s, line, n < sizeof line ? n : sizeof line - 1);
}

static void *producer(void *arg)
{
	struct http_stream *s = arg;
	struct lay_error err;
	lay_error_clear(&err);
	int rc = lay_table(s->def, s->inverse, row, s, &err);
	if ((rc == 0 || err.code == STREAM_DONE) && !s->csv)
		put(s, "\n]}\n", 4);
	flush(s);
	close(s->fd);
	http_stream_release(s);
	return NULL;
}

static void header_columns(struct http_stream *s)
{
	const struct lay_def *def = s->def;
	for (int pass = 0; pass < 2; pass++) {
		bool logical = (pass == 0) != s->inverse;
		int cols = logical ? def->rank : def->naxes;
		for (int k = 0; k < cols; k++) {
			const char *name = logical ? def->names[k] : def->axes[k].name;
			const char *sep = pass == 0 && k == 0 ? "" : ",";
			if (s->csv)
				putf(s, "%s%s", sep, name);
			else
				putf(s, "%s\"%s\"", sep, name);
		}
	}
}

enum MHD_Result http_stream_table(struct MHD_Connection *c, struct http_req *r, struct lay_def *def,
				  bool inverse, bool csv, int64_t after, int64_t limit,
				  int64_t total, const char *id)
{
	int fds[2] = { -1, -1 };
	struct http_stream *s = calloc(1, sizeof *s);
	if (!s || pipe(fds) != 0) {
		free(s);
		lay_def_free(def);
		return http_send_problem(c, r, 500, "internal", "cannot create a stream", NULL);
	}
	atomic_init(&s->refs, 2);
	s->fd = fds[1];
	s->def = def;
	s->inverse = inverse;
	s->csv = csv;
	s->first = true;
	s->after = after;
	s->limit = limit;
	bool more = limit >= 0 && after + limit < total;
	char next[64] = "";
	if (more)
		snprintf(next, sizeof next, "%lld", (long long)(after + limit));
	/* the header goes into the buffer before the thread starts */
	if (csv) {
		header_columns(s);
		put(s, "\n", 1);
	} else {
		putf(s, "{\"id\":\"%s\",\"view\":\"%s\",\"columns\":[", id,
		     inverse ? "inverse" : "placement");
		header_columns(s);
		putf(s, "],\"total\":%lld,\"after\":%lld,\"next\":", (long long)total,
		     (long long)after);
		putf(s, more ? "\"%s\"" : "%snull", next);
		put(s, ",\"rows\":[", 9);
	}
	struct MHD_Response *resp = MHD_create_response_from_pipe(fds[0]);
	if (!resp) {
		close(fds[0]);
		close(fds[1]);
		lay_def_free(def);
		free(s);
		return http_send_problem(c, r, 500, "internal", "cannot create a stream", NULL);
	}
	MHD_add_response_header(resp, "Content-Type",
				csv ? "text/csv; charset=utf-8" : "application/json");
	char count[32], link[256];
	snprintf(count, sizeof count, "%lld", (long long)total);
	MHD_add_response_header(resp, "X-Total-Count", count);
	if (more) {
		snprintf(link, sizeof link,
			 "</v1/analyses/%s/table?format=%s&view=%s&after=%s&limit=%lld>; "
			 "rel=\"next\"",
			 id, csv ? "csv" : "json", inverse ? "inverse" : "placement", next,
			 (long long)limit);
		MHD_add_response_header(resp, "Link", link);
	}
	pthread_t t;
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	if (pthread_create(&t, &attr, producer, s) != 0) {
		pthread_attr_destroy(&attr);
		MHD_destroy_response(resp); /* closes fds[0] */
		close(fds[1]);
		lay_def_free(def);
		free(s);
		return http_send_problem(c, r, 503, "busy", "cannot start a stream now", NULL);
	}
	pthread_attr_destroy(&attr);
	r->stream = s;
	http_add_common_headers(r, resp);
	r->status = 200;
	r->responded = true;
	enum MHD_Result ret = MHD_queue_response(c, 200, resp);
	MHD_destroy_response(resp);
	return ret;
}
