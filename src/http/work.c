/*
 * work.c - what runs beside libmicrohttpd's threads: the pool that runs
 * heavy analyses, the memory budget of the enumerations, and the watchdog
 * over connections (header and body deadlines, clients that went away, idle
 * keep-alives at the drain).
 *
 * The budget itself, which thread is a pool thread and a request's state
 * are in budget.c, below the responses.
 *
 * Heavy work: a handler that would enumerate suspends its connection and
 * queues the request here; a pool thread runs the handler again, whose
 * response is kept on the request (http_req.pending) instead of queued, and
 * resumes the connection; libmicrohttpd then calls the handler once more and
 * the response goes out.  libmicrohttpd's own threads only parse, route,
 * answer cached hits and the health endpoints, so those stay fast whatever
 * the pool is doing.
 *
 * Connections: libmicrohttpd tells us when one opens and closes (the
 * connection notification, before it closes the socket), so the watchdog,
 * under conn_lock, only ever touches a socket that is still open.  It
 * closes a connection by shutdown(2), which libmicrohttpd's own loop then
 * notices; it never frees anything of libmicrohttpd's.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include "http/http.h"
#include "http/util.h"

/* ------------------------------------------------------------------ */
/* The pool                                                            */

struct http_pool {
	pthread_mutex_t lock;
	pthread_cond_t more;
	struct http_req *head, *tail;
	unsigned queued, running, cap;
	bool stop;
	unsigned nthreads;
	pthread_t threads[];
};

static void *pool_main(void *arg)
{
	struct http_server *srv = arg;
	struct http_pool *p = srv->pool;
	http_pool_thread();
	for (;;) {
		pthread_mutex_lock(&p->lock);
		while (!p->head && !p->stop)
			pthread_cond_wait(&p->more, &p->lock);
		if (!p->head) {
			pthread_mutex_unlock(&p->lock);
			return NULL;
		}
		struct http_req *r = p->head;
		p->head = r->qnext;
		if (!p->head)
			p->tail = NULL;
		p->queued--;
		p->running++;
		pthread_mutex_unlock(&p->lock);

		struct MHD_Connection *c = r->mhd;
		if (atomic_load(&r->budget.cancel) || atomic_load(&srv->stop_work))
			http_send_problem(c, r, 503, "cancelled",
					  "the request was cancelled before it ran", NULL);
		else {
			http_budget_current(&r->budget);
			if (r->srv->run(c, r) != MHD_YES && !r->pending)
				http_send_problem(c, r, 500, "internal", "the response failed",
						  NULL);
			http_budget_current(NULL);
		}
		if (atomic_load(&r->budget.cancel))
			r->status = 499; /* nobody is there to read the answer */
		http_conn_state(r, REQ_RUN);
		MHD_resume_connection(c);

		pthread_mutex_lock(&p->lock);
		p->running--;
		pthread_mutex_unlock(&p->lock);
	}
}

int http_pool_start(struct http_server *srv)
{
	unsigned n = srv->cfg.workers;
	struct http_pool *p = calloc(1, sizeof *p + n * sizeof(pthread_t));
	if (!p)
		return -1;
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->more, NULL);
	p->cap = srv->cfg.queue;
	srv->pool = p;
	for (; p->nthreads < n; p->nthreads++)
		if (pthread_create(&p->threads[p->nthreads], NULL, pool_main, srv) != 0)
			return -1;
	return 0;
}

void http_pool_stop(struct http_server *srv)
{
	struct http_pool *p = srv->pool;
	if (!p)
		return;
	pthread_mutex_lock(&p->lock);
	p->stop = true;
	pthread_cond_broadcast(&p->more);
	pthread_mutex_unlock(&p->lock);
	for (unsigned k = 0; k < p->nthreads; k++)
		pthread_join(p->threads[k], NULL);
	pthread_cond_destroy(&p->more);
	pthread_mutex_destroy(&p->lock);
	free(p);
	srv->pool = NULL;
}

bool http_pool_idle(struct http_server *srv)
{
	struct http_pool *p = srv->pool;
	if (!p)
		return true;
	pthread_mutex_lock(&p->lock);
	bool idle = !p->head && p->running == 0;
	pthread_mutex_unlock(&p->lock);
	return idle;
}

void http_pool_stats(struct http_server *srv, unsigned *queued, unsigned *running)
{
	struct http_pool *p = srv->pool;
	*queued = *running = 0;
	if (!p)
		return;
	pthread_mutex_lock(&p->lock);
	*queued = p->queued;
	*running = p->running;
	pthread_mutex_unlock(&p->lock);
}

enum MHD_Result http_defer(struct MHD_Connection *c, struct http_req *r)
{
	struct http_server *srv = r->srv;
	struct http_pool *p = srv->pool;
	pthread_mutex_lock(&p->lock);
	if (p->queued >= p->cap || p->stop) {
		pthread_mutex_unlock(&p->lock);
		static const char *const retry[] = { "Retry-After", "1", NULL };
		return http_send_problem_h(c, r, 503, "busy",
					   "every analysis worker is busy and the queue is full; "
					   "retry shortly",
					   NULL, retry);
	}
	struct lay_error err;
	if (http_budget_hold(&r->budget, (int64_t)sizeof *r, "the request's queue slot", &err)) {
		pthread_mutex_unlock(&p->lock);
		return http_send_error(c, r, &err);
	}
	r->mhd = c;
	r->qnext = NULL;
	http_conn_state(r, REQ_WORK);
	MHD_suspend_connection(c);
	if (p->tail)
		p->tail->qnext = r;
	else
		p->head = r;
	p->tail = r;
	p->queued++;
	pthread_cond_signal(&p->more);
	pthread_mutex_unlock(&p->lock);
	return MHD_YES;
}

/* ------------------------------------------------------------------ */
/* Connections and the watchdog                                        */

struct http_conn {
	struct http_conn *prev, *next;
	MHD_socket fd;
	int64_t since_us; /* opened, or its last request ended */
	struct http_req *req;
};

void http_on_connection(void *cls, struct MHD_Connection *c, void **socket_context,
			enum MHD_ConnectionNotificationCode toe)
{
	struct http_server *srv = cls;
	if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
		struct http_conn *k = calloc(1, sizeof *k);
		const union MHD_ConnectionInfo *ci =
			MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
		*socket_context = k;
		if (!k)
			return;
		k->fd = ci ? ci->connect_fd : MHD_INVALID_SOCKET;
		k->since_us = http_now_us();
		http_guard_open(k->fd);
		pthread_mutex_lock(&srv->conn_lock);
		k->next = srv->conns;
		if (srv->conns)
			srv->conns->prev = k;
		srv->conns = k;
		atomic_fetch_add(&srv->nconns, 1);
		pthread_mutex_unlock(&srv->conn_lock);
		return;
	}
	const union MHD_ConnectionInfo *ci =
		MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
	if (ci)
		http_guard_close(ci->connect_fd);
	struct http_conn *k = *socket_context;
	if (!k)
		return;
	pthread_mutex_lock(&srv->conn_lock);
	if (k->prev)
		k->prev->next = k->next;
	else
		srv->conns = k->next;
	if (k->next)
		k->next->prev = k->prev;
	if (k->req)
		k->req->conn = NULL;
	atomic_fetch_sub(&srv->nconns, 1);
	pthread_mutex_unlock(&srv->conn_lock);
	free(k);
	*socket_context = NULL;
}

void http_conn_attach(struct MHD_Connection *c, struct http_req *r)
{
	const union MHD_ConnectionInfo *ci =
		MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	struct http_conn *k = ci ? ci->socket_context : NULL;
	if (!k)
		return;
	pthread_mutex_lock(&r->srv->conn_lock);
	k->req = r;
	r->conn = k;
	r->state = REQ_HEAD;
	pthread_mutex_unlock(&r->srv->conn_lock);
}

void http_conn_detach(struct http_req *r)
{
	pthread_mutex_lock(&r->srv->conn_lock);
	if (r->conn) {
		r->conn->req = NULL;
		r->conn->since_us = http_now_us();
		r->conn = NULL;
	}
	pthread_mutex_unlock(&r->srv->conn_lock);
}

/* 1: bytes are waiting, 0: the peer closed (its side, or reset), -1:
 * nothing yet. */
static int peek(MHD_socket fd)
{
	char b;
	ssize_t n = recv(fd, &b, 1, MSG_PEEK | MSG_DONTWAIT);
	if (n > 0)
		return 1;
	if (n == 0)
		return 0;
	return errno == EAGAIN || errno == EWOULDBLOCK ? -1 : 0;
}

/* Whether the connection is gone both ways: reset (TCP's CLOSE state,
 * after an RST) rather than half-closed (CLOSE_WAIT: the client may still
 * read). */
static bool reset(MHD_socket fd)
{
	struct tcp_info ti;
	socklen_t len = sizeof ti;
	if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &ti, &len) != 0)
		return true;
	return ti.tcpi_state == TCP_CLOSE;
}

/*
 * A client whose end of file came while its analysis computes: a full
 * close (it gave up) or a half-close (it shut its sending side and waits
 * for the answer, as nc -N does).  Only writing tells them apart: a closed
 * socket answers with a reset.  So it is sent an interim "102 Processing"
 * once (clients read and skip 1xx responses; never to HTTP/1.0), and
 * cancelled when the reset comes or the send fails.  True to cancel.
 */
static bool client_gone(struct http_req *r, MHD_socket fd)
{
	static const char processing[] = "HTTP/1.1 102 Processing\r\n\r\n";
	if (peek(fd) != 0)
		return false;
	if (r->http10 || reset(fd))
		return true;
	if (r->probed)
		return false;
	r->probed = true;
	return send(fd, processing, sizeof processing - 1, MSG_NOSIGNAL | MSG_DONTWAIT) !=
	       (ssize_t)(sizeof processing - 1);
}

/* A body that did not arrive in time: answered 408 here, since the
 * request is in libmicrohttpd's reading state and will never reach a
 * handler.  Nothing else writes to the socket in that state. */
static void send_timeout(struct http_server *srv, MHD_socket fd)
{
	char detail[160];
	size_t len = 0, body = 0;
	snprintf(detail, sizeof detail,
		 "the request body did not arrive within %u s (--body-timeout)",
		 srv->cfg.body_timeout);
	char *msg = http_problem_message(408, "body_timeout", detail, &len, &body);
	if (msg)
		(void)!send(fd, msg, len, MSG_NOSIGNAL | MSG_DONTWAIT);
	free(msg);
}

static void *watchdog(void *arg)
{
	struct http_server *srv = arg;
	int64_t head_us = (int64_t)srv->cfg.header_timeout * 1000000;
	int64_t body_us = (int64_t)srv->cfg.body_timeout * 1000000;
	while (!atomic_load(&srv->watch_stop)) {
		usleep(HTTP_WATCH_MS * 1000);
		int64_t now = http_now_us();
		bool draining = atomic_load(&srv->draining);
		pthread_mutex_lock(&srv->conn_lock);
		for (struct http_conn *k = srv->conns; k; k = k->next) {
			struct http_req *r = k->req;
			if (k->fd == MHD_INVALID_SOCKET)
				continue;
			if (!r || r->state == REQ_HEAD) {
				/* idle, or the request line and headers coming in:
				 * the header deadline covers both (slowloris); at the
				 * drain an idle keep-alive with nothing sent closes */
				bool idle_at_drain =
					draining && !r &&
					now - atomic_load(&srv->drain_us) > HTTP_DRAIN_IDLE_US &&
					peek(k->fd) != 1;
				if (idle_at_drain || now - k->since_us > head_us) {
					shutdown(k->fd, SHUT_RDWR);
					k->fd = MHD_INVALID_SOCKET;
				}
			} else if (r->state == REQ_BODY) {
				int pk = peek(k->fd);
				bool late = now - r->head_done_us > body_us;
				if (pk == 0 || late) {
					/* gone mid-body, or too slow: it would hold
					 * its slot until the idle timeout */
					r->expired = true;
					if (late && pk != 0)
						send_timeout(srv, k->fd);
					r->status = late ? 408 : 499;
					shutdown(k->fd, SHUT_RDWR);
					k->fd = MHD_INVALID_SOCKET;
				}
			} else if (r->state == REQ_WORK) {
				if (client_gone(r, k->fd))
					atomic_store(&r->budget.cancel, true);
			}
		}
		pthread_mutex_unlock(&srv->conn_lock);
	}
	return NULL;
}

int http_watch_start(struct http_server *srv)
{
	return pthread_create(&srv->watch_thread, NULL, watchdog, srv) == 0 ? 0 : -1;
}

void http_watch_stop(struct http_server *srv)
{
	atomic_store(&srv->watch_stop, true);
	pthread_join(srv->watch_thread, NULL);
}
