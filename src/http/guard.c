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
 * request-framing state machine (framing.c): the request line, the head's
 * size and field count, Content-Length, and chunked framing with its chunk
 * sizes and trailers.  The machine is at least as strict as the library, so what it
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

#include "http/framing.h"
#include "http/http.h"
#include "http/util.h"

struct http_guard {
	int fd;
	struct http_frame m; /* the framing of the requests read so far */
	/* what the library has: a request line of the current request, and how
	 * many requests it has answered (it has m.whole whole) */
	bool line_sent;
	uint64_t answered;
	/* the refusal (m.refused), written once the library answered every
	 * request before it */
	bool sent, logged_here;
	/* the client closed with a request unfinished: reads end */
	bool eof;
	size_t bytes;
	int64_t start_us; /* the current request's first byte, for the log */
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
	if (seen != (void *)&recv) {
		/* without the guard the library would read requests unchecked:
		 * its own HTML answers, and no smuggling checks on pipelining */
		fprintf(stderr, "layoutd serve: the library's reads do not come to this daemon's "
				"recv() (a static or unusual link): refusing to serve without "
				"the request framing guard\n");
		free(by_fd);
		by_fd = NULL;
		nfd = 0;
		return -1;
	}
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

void http_guard_open(int fd)
{
	if (fd < 0 || (size_t)fd >= nfd || !by_fd)
		return;
	struct http_guard *g = calloc(1, sizeof *g);
	if (!g)
		return; /* unguarded: the library's own answers remain */
	g->fd = fd;
	http_frame_init(&g->m, guard_srv ? guard_srv->cfg.max_body : HTTP_DEFAULT_MAX_BODY);
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
/* The refusal, and the reads                                          */

/* Writes the problem on the socket (nothing else writes to it now: the
 * library answered every request before this one and is reading), reads
 * what the client already sent so closing does not reset the connection
 * under the answer, and shuts the socket down. */
static void send_refusal(struct http_guard *g)
{
	size_t len = 0;
	char *msg = http_problem_message(g->m.status, g->m.code, g->m.detail, &len, &g->bytes);
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
		http_log_refused(guard_srv, g->fd, g->m.mlen ? g->m.method : "-", g->m.status,
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
		if (g->answered >= g->m.whole)
			return 0;
		errno = EAGAIN; /* the answers to its whole requests go out first */
		return -1;
	}
	if (g->m.refused) {
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
	uint64_t whole = g->m.whole;
	if (g->start_us == 0)
		g->start_us = http_now_us();
	bool good = http_frame_scan(&g->m, buf, (size_t)n, &keep, &start_in, &begun);
	if (g->m.whole != whole && begun != SIZE_MAX)
		g->start_us = http_now_us(); /* a new request began in this buffer */
	else if (g->m.whole != whole)
		g->start_us = 0;
	if (good) {
		g->line_sent = g->m.state != G_LINE;
		/* A short read ending inside a request: under epoll the library
		 * reads no further until new bytes come, so a client that sent
		 * part of a request and closed (its end of file came with the
		 * bytes) would hold the connection, and one of its address's
		 * --max-per-ip slots, until a timeout.  That request can never
		 * finish: the library gets the whole requests before it, then
		 * end of file.  Likewise a client that sent whole requests and
		 * shut its side: once they are answered the connection closes,
		 * not at the header deadline. */
		if ((size_t)n < len && g->m.state != G_PASS && peer_closed(fd)) {
			g->eof = true;
			if (g->m.state != G_LINE || g->m.head > 0) {
				if (begun != SIZE_MAX && begun > 0)
					return (ssize_t)begun;
				if (g->answered >= g->m.whole)
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
	if (g->answered >= g->m.whole) {
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
	if (closing && g->m.refused && !g->sent) {
		/* the answer closes the connection: the request behind it was
		 * never read, so it is neither answered nor logged */
		g->sent = true;
		g->logged_here = false;
		shutdown(fd, SHUT_RDWR);
		return;
	}
	if (g->m.refused && !g->sent && g->answered >= g->m.whole)
		send_refusal(g);
	else if (g->eof && g->answered >= g->m.whole)
		shutdown(fd, SHUT_RDWR); /* wakes the library, whose next read is end of file */
}

unsigned http_guard_refused(int fd, int64_t *bytes, char *method, size_t size)
{
	struct http_guard *g = guard_of(fd);
	if (!g || !g->m.refused || !g->sent || g->logged_here)
		return 0;
	*bytes = (int64_t)g->bytes;
	snprintf(method, size, "%s", g->m.method);
	return g->m.status;
}
