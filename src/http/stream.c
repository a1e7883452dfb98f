/*
 * stream.c - tables streamed from a producer thread: the producer
 * enumerates the placement and writes rows into a pipe; libmicrohttpd pulls
 * the other end through a content reader that never blocks a worker thread:
 * when the pipe is empty the reader suspends the connection, and the
 * producer resumes it after its next write.  A 16M-row table never sits in
 * memory, and a slow client throttles the producer (a full pipe blocks it).
 *
 * Lifetime: three references - the request (for its byte count), the
 * response (the reader) and the producer.  A request that ends cancels the
 * producer; a client that goes away closes the read end, so the producer's
 * next write fails (EPIPE; SIGPIPE is ignored) and it stops.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "http/http.h"

struct http_stream {
	atomic_int refs;
	atomic_llong bytes;
	atomic_bool cancelled;
	struct http_server *srv;
	pthread_mutex_t lock;	     /* guards conn and suspended */
	struct MHD_Connection *conn; /* NULL once the request ended */
	bool suspended;
	int rfd, wfd;
	struct lay_def *def;
	bool inverse, csv, first;
	int64_t after, limit, row;
	struct http_budget budget; /* the producer's memory and its interrupt */
	char buf[1 << 16];
	size_t len;
};

int64_t http_stream_bytes(struct http_stream *s)
{
	return (int64_t)atomic_load(&s->bytes);
}

static void unref(struct http_stream *s)
{
	if (atomic_fetch_sub(&s->refs, 1) != 1)
		return;
	lay_def_free(s->def);
	http_budget_release(&s->budget);
	if (s->rfd >= 0)
		close(s->rfd);
	pthread_mutex_destroy(&s->lock);
	free(s);
}

/* The request ended: no more resumes, and the producer may stop. */
void http_stream_release(struct http_stream *s)
{
	pthread_mutex_lock(&s->lock);
	s->conn = NULL;
	pthread_mutex_unlock(&s->lock);
	atomic_store(&s->cancelled, true);
	atomic_store(&s->budget.cancel, true);
	unref(s);
}

/* After the producer wrote (or finished): wake a suspended reader. */
static void wake(struct http_stream *s)
{
	pthread_mutex_lock(&s->lock);
	if (s->suspended && s->conn) {
		s->suspended = false;
		MHD_resume_connection(s->conn);
	}
	pthread_mutex_unlock(&s->lock);
}

static ssize_t reader(void *cls, uint64_t pos, char *buf, size_t max)
{
	struct http_stream *s = cls;
	(void)pos;
	pthread_mutex_lock(&s->lock);
	ssize_t n = read(s->rfd, buf, max);
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) && s->conn) {
		/* nothing yet: park the connection until the producer writes */
		s->suspended = true;
		MHD_suspend_connection(s->conn);
		pthread_mutex_unlock(&s->lock);
		return 0;
	}
	pthread_mutex_unlock(&s->lock);
	if (n > 0)
		return n;
	return n == 0 ? MHD_CONTENT_READER_END_OF_STREAM : MHD_CONTENT_READER_END_WITH_ERROR;
}

static void reader_done(void *cls)
{
	struct http_stream *s = cls;
	close(s->rfd); /* the producer's next write fails: it stops */
	s->rfd = -1;
	unref(s);
}

static int flush(struct http_stream *s)
{
	size_t off = 0;
	while (off < s->len) {
		ssize_t n = write(s->wfd, s->buf + off, s->len - off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN) {
			/* a slow client: wait, but not past a cancel or the drain */
			if (atomic_load(&s->cancelled) || atomic_load(&s->srv->stop_work))
				return LAY_EIO;
			struct pollfd p = { .fd = s->wfd, .events = POLLOUT };
			poll(&p, 1, 100);
			continue;
		}
		if (n <= 0)
			return LAY_EIO;
		off += (size_t)n;
		atomic_fetch_add(&s->bytes, n);
		wake(s);
	}
	s->len = 0;
	return 0;
}

static int put(struct http_stream *s, const char *text, size_t n)
{
	if (s->len + n > sizeof s->buf && flush(s))
		return LAY_EIO;
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
	if (atomic_load(&s->cancelled) || atomic_load(&s->srv->stop_work))
		return LAY_EIO;
	if (s->row++ < s->after)
		return 0;
	if (s->limit >= 0 && s->row - s->after > s->limit)
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
	flush(s); /* the header goes out before any enumeration */
	/* the engine starts at the page (directly when it can): no skipping here */
	s->row = s->after;
	int rc = lay_table_page(s->def, s->inverse, s->after, s->limit, row, s, &err);
	if ((rc == 0 || err.code == STREAM_DONE) && !s->csv)
		put(s, "\n]}\n", 4);
	flush(s);
	close(s->wfd); /* end of stream for the reader */
	s->wfd = -1;
	wake(s);
	atomic_fetch_sub(&s->srv->streams, 1);
	unref(s);
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

/* A stream of def's table (taken): its pipe, non-blocking at both ends,
 * three references, and the enumeration's memory counted against the
 * budget (it stops when the request ends or the drain passes its
 * deadline).  NULL, def freed, when it cannot be made. */
static struct http_stream *stream_new(struct http_server *srv, struct MHD_Connection *c,
				      struct lay_def *def)
{
	int fds[2] = { -1, -1 };
	struct http_stream *s = calloc(1, sizeof *s);
	if (!s || pipe(fds) != 0 || fcntl(fds[0], F_SETFL, O_NONBLOCK) != 0 ||
	    fcntl(fds[1], F_SETFL, O_NONBLOCK) != 0) {
		if (fds[0] >= 0) {
			close(fds[0]);
			close(fds[1]);
		}
		free(s);
		lay_def_free(def);
		return NULL;
	}
	atomic_init(&s->refs, 3);
	pthread_mutex_init(&s->lock, NULL);
	s->srv = srv;
	s->conn = c;
	s->rfd = fds[0];
	s->wfd = fds[1];
	s->def = def;
	http_budget_init(&s->budget, srv, false);
	struct lay_options hooks = { 0 };
	http_budget_options(&s->budget, &hooks);
	def->ctx = hooks.ctx;
	return s;
}

/* The table's head, into the buffer before the producer starts: the CSV
 * column names, or the JSON object up to its "rows" (next: the next page's
 * cursor, when there is one). */
static void stream_head(struct http_stream *s, const char *id, int64_t total, bool more,
			const char *next)
{
	if (s->csv) {
		header_columns(s);
		put(s, "\n", 1);
		return;
	}
	putf(s, "{\"id\":\"%s\",\"view\":\"%s\",\"columns\":[", id,
	     s->inverse ? "inverse" : "placement");
	header_columns(s);
	putf(s, "],\"total\":%lld,\"after\":%lld,\"next\":", (long long)total, (long long)s->after);
	if (more)
		putf(s, "\"%s\"", next);
	else
		put(s, "null", 4);
	put(s, ",\"rows\":[", 9);
}

/* The response's type, its row count and the Link to the next page. */
static void table_headers(struct MHD_Response *resp, const struct http_stream *s, const char *id,
			  int64_t total, bool more, const char *next)
{
	char count[32], link[256];
	MHD_add_response_header(resp, "Content-Type",
				s->csv ? "text/csv; charset=utf-8" : "application/json");
	snprintf(count, sizeof count, "%lld", (long long)total);
	MHD_add_response_header(resp, "X-Total-Count", count);
	if (more) {
		snprintf(link, sizeof link,
			 "</v1/analyses/%s/table?format=%s&view=%s&after=%s&limit=%lld>; "
			 "rel=\"next\"",
			 id, s->csv ? "csv" : "json", s->inverse ? "inverse" : "placement", next,
			 (long long)s->limit);
		MHD_add_response_header(resp, "Link", link);
	}
}

/* The producer thread, detached; when it cannot start, the reader sees an
 * empty, finished stream. */
static void stream_start(struct http_stream *s)
{
	pthread_t t;
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	int started = pthread_create(&t, &attr, producer, s);
	pthread_attr_destroy(&attr);
	if (started != 0) {
		close(s->wfd); /* the reader sees an empty, finished stream */
		s->wfd = -1;
		atomic_fetch_sub(&s->srv->streams, 1);
		unref(s);
	}
}

enum MHD_Result http_stream_table(struct MHD_Connection *c, struct http_req *r, struct lay_def *def,
				  bool inverse, bool csv, int64_t after, int64_t limit,
				  int64_t total, const char *id)
{
	struct http_server *srv = r->srv;
	if (atomic_fetch_add(&srv->streams, 1) >= HTTP_MAX_STREAMS) {
		atomic_fetch_sub(&srv->streams, 1);
		lay_def_free(def);
		const char *retry[] = { "Retry-After", "1", NULL };
		return http_send_problem_h(c, r, 503, "busy",
					   "too many tables are being streamed; retry shortly",
					   NULL, retry);
	}
	struct http_stream *s = stream_new(srv, c, def);
	if (!s) {
		atomic_fetch_sub(&srv->streams, 1);
		return http_send_problem(c, r, 500, "internal", "cannot create a stream", NULL);
	}
	s->inverse = inverse;
	s->csv = csv;
	s->first = true;
	s->after = after;
	s->limit = limit;
	bool more = limit >= 0 && after < total && limit < total - after;
	char next[64] = "";
	if (more)
		snprintf(next, sizeof next, "%lld", (long long)(after + limit));
	stream_head(s, id, total, more, next);
	struct MHD_Response *resp = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 32 * 1024,
								      reader, s, reader_done);
	if (!resp) {
		close(s->rfd);
		close(s->wfd);
		lay_def_free(def);
		pthread_mutex_destroy(&s->lock);
		free(s);
		atomic_fetch_sub(&srv->streams, 1);
		return http_send_problem(c, r, 500, "internal", "cannot create a stream", NULL);
	}
	table_headers(resp, s, id, total, more, next);
	stream_start(s);
	r->stream = s;
	http_add_common_headers(r, resp);
	r->status = 200;
	r->responded = true;
	enum MHD_Result ret = MHD_queue_response(c, 200, resp);
	MHD_destroy_response(resp); /* the reader's reference ends in reader_done */
	return ret;
}
