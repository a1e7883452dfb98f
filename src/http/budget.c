/*
 * budget.c - what one request may use and where it is: its share of the
 * memory budget and the interrupt of its enumerations (cancelled, or past
 * --deadline), whether this thread is a pool thread, and the request's
 * state for the watchdog.  Below the responses (respond.c reads the
 * state); the pool and the watchdog that act on them are in work.c.
 */
#include <stdio.h>
#include <string.h>

#include "http/http.h"
#include "http/util.h"

/* True on a pool thread: handlers compute instead of deferring; the
 * budget of the request it runs, which http_options() hooks up. */
static __thread bool on_pool;
static __thread struct http_budget *current;

void http_pool_thread(void)
{
	on_pool = true;
}

void http_budget_current(struct http_budget *b)
{
	current = b;
}

bool http_on_pool(void)
{
	return on_pool;
}

struct http_budget *http_current_budget(void)
{
	return current;
}

/* ------------------------------------------------------------------ */
/* The memory budget and the interrupt of an enumeration               */

/* Reserves bytes against the request's share and the daemon's budget;
 * what names them in the refusal (NULL: the analysis's enumeration). */
static int hold(struct http_budget *b, int64_t bytes, const char *what, struct lay_error *err)
{
	struct http_server *srv = b->srv;
	int64_t cap = (int64_t)srv->cfg.memory_budget;
	int64_t mine = atomic_load(&b->reserved);
	if (bytes < 0 || mine + bytes > cap)
		return lay_error_set(err, LAY_EMEMORY, "", -1,
				     "%s needs about %lld MiB, over the memory budget "
				     "of %lld MiB per request (--memory-budget)",
				     what ? what : "the analysis",
				     (long long)((mine + bytes) >> 20), (long long)(cap >> 20));
	int64_t total = atomic_fetch_add(&srv->mem_used, bytes) + bytes;
	if (total > cap) {
		atomic_fetch_sub(&srv->mem_used, bytes);
		return lay_error_set(err, LAY_EUNAVAILABLE, "", -1,
				     "the memory budget (%lld MiB) is held by other requests; "
				     "retry shortly",
				     (long long)(cap >> 20));
	}
	atomic_fetch_add(&b->reserved, bytes);
	return 0;
}

static int reserve(void *ctx, int64_t bytes, struct lay_error *err)
{
	return hold(ctx, bytes, NULL, err);
}

/* What the engine gives back, never more than the request holds (its
 * end may have released everything already). */
static void release(void *ctx, int64_t bytes)
{
	struct http_budget *b = ctx;
	int64_t mine = atomic_load(&b->reserved);
	do {
		if (mine <= 0)
			return;
	} while (!atomic_compare_exchange_weak(&b->reserved, &mine,
					       mine - (bytes < mine ? bytes : mine)));
	atomic_fetch_sub(&b->srv->mem_used, bytes < mine ? bytes : mine);
}

int http_budget_hold(struct http_budget *b, int64_t bytes, const char *what, struct lay_error *err)
{
	return hold(b, bytes, what, err);
}

void http_budget_drop(struct http_budget *b, int64_t bytes)
{
	if (bytes <= 0)
		return;
	atomic_fetch_sub(&b->reserved, bytes);
	atomic_fetch_sub(&b->srv->mem_used, bytes);
}

/*
 * What a JSON text costs once parsed by jansson, over-estimated from its
 * tokens (measured on x86-64 glibc: an empty object takes about 250 bytes
 * with its hash table, an empty array 160, a number 48, a string 90 plus
 * its bytes, a slot in its container 8 to 16): a 1 MiB body of "{}," is
 * charged 96 MiB, a 1 MiB table of small integers about 30 MiB.
 */
int64_t http_json_cost(const char *s, size_t n)
{
	int64_t cost = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)s[i];
		if (ch == '"') {
			size_t j = i + 1;
			while (j < n && s[j] != '"')
				j += s[j] == '\\' ? 2 : 1;
			cost += HTTP_COST_STRING + (int64_t)(j - i);
			i = j;
		} else if (ch == '{') {
			cost += HTTP_COST_OBJECT;
		} else if (ch == '[') {
			cost += HTTP_COST_ARRAY;
		} else if ((ch >= '0' && ch <= '9') || ch == '-') {
			cost += HTTP_COST_NUMBER;
			while (i + 1 < n && strchr("0123456789+-.eE", s[i + 1]))
				i++;
		} else if (ch >= 'a' && ch <= 'z') { /* true, false, null: shared */
			while (i + 1 < n && s[i + 1] >= 'a' && s[i + 1] <= 'z')
				i++;
		}
		if (ch != ' ' && ch != '\t' && ch != '\r' && ch != '\n' && ch != ',' && ch != ':' &&
		    ch != '}' && ch != ']')
			cost += HTTP_COST_SLOT;
	}
	return cost;
}

static int interrupt(void *ctx, struct lay_error *err)
{
	struct http_budget *b = ctx;
	if (atomic_load(&b->cancel) || atomic_load(&b->srv->stop_work))
		return lay_error_set(err, LAY_ECANCELED, "", -1,
				     "the request was cancelled: its client went away or the "
				     "daemon is stopping");
	if (b->deadline_us && http_now_us() > b->deadline_us)
		return lay_error_set(err, LAY_EDEADLINE, "", -1,
				     "the analysis did not finish within %u s (--deadline)",
				     b->srv->cfg.deadline);
	return 0;
}

void http_budget_init(struct http_budget *b, struct http_server *srv, bool deadline)
{
	b->srv = srv;
	atomic_init(&b->reserved, 0);
	atomic_init(&b->cancel, false);
	b->deadline_us = deadline && srv->cfg.deadline
				 ? http_now_us() + (int64_t)srv->cfg.deadline * 1000000
				 : 0;
	lay_ctx_init(&b->ctx);
	b->ctx.reserve = reserve;
	b->ctx.release = release;
	b->ctx.interrupt = interrupt;
	b->ctx.hook = b;
}

void http_budget_release(struct http_budget *b)
{
	int64_t n = atomic_exchange(&b->reserved, 0);
	if (n)
		atomic_fetch_sub(&b->srv->mem_used, n);
}

void http_budget_options(struct http_budget *b, struct lay_options *o)
{
	o->ctx = &b->ctx;
}

bool http_conn_state(struct http_req *r, int state)
{
	pthread_mutex_lock(&r->srv->conn_lock);
	bool expired = r->expired;
	if (state == REQ_BODY && r->state != REQ_BODY)
		r->head_done_us = http_now_us();
	if (!expired)
		r->state = state;
	pthread_mutex_unlock(&r->srv->conn_lock);
	return !expired;
}
