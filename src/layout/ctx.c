/*
 * ctx.c - the bounds of one request: the memory it holds, its deadline and
 * its cancellation, one context for every analysis (layout.h, struct
 * lay_ctx).  No I/O: the clock is the only thing read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "layout.h"

/* Before each counted block: its size and its context, 16 bytes so the
 * block keeps malloc's alignment. */
struct ctx_head {
	size_t bytes;
	struct lay_ctx *ctx;
};

void lay_ctx_init(struct lay_ctx *c)
{
	memset(c, 0, sizeof *c);
	atomic_init(&c->cancel, false);
	/* the first tick checks: a deadline already passed stops at once */
	c->ticks = LAY_CTX_TICKS;
}

static void refuse(struct lay_ctx *c, const struct lay_error *e)
{
	c->fail_code = e->code;
	snprintf(c->fail_msg, sizeof c->fail_msg, "%s", e->message);
}

int lay_ctx_reserve(struct lay_ctx *c, int64_t bytes, struct lay_error *err)
{
	if (!c || bytes == 0)
		return 0;
	struct lay_error mine;
	struct lay_error *e = err ? err : &mine;
	int rc;
	if (bytes < 0 || (c->budget && c->held + bytes > c->budget)) {
		rc = lay_error_set(e, LAY_EMEMORY, "", -1,
				   "the analysis needs about %lld MiB, over the memory budget of "
				   "%lld MiB per request",
				   (long long)((c->held + (bytes < 0 ? 0 : bytes)) >> 20),
				   (long long)(c->budget >> 20));
		refuse(c, e);
		return rc;
	}
	if (c->reserve && (rc = c->reserve(c->hook, bytes, e))) {
		refuse(c, e);
		return rc;
	}
	c->held += bytes;
	if (c->held > c->peak)
		c->peak = c->held;
	return 0;
}

void lay_ctx_release(struct lay_ctx *c, int64_t bytes)
{
	if (!c || bytes <= 0)
		return;
	if (bytes > c->held)
		bytes = c->held;
	c->held -= bytes;
	if (c->release)
		c->release(c->hook, bytes);
}

static void *counted(struct lay_ctx *c, struct ctx_head *h, size_t bytes)
{
	if (!h) {
		lay_ctx_release(c, (int64_t)bytes);
		if (c)
			c->fail_code = LAY_ENOMEM;
		return NULL;
	}
	h->bytes = bytes;
	h->ctx = c;
	return h + 1;
}

/* The bytes a block of `bytes` takes with its head, reserved; 0 when it
 * does not fit (size_t overflow or the budget). */
static size_t take(struct lay_ctx *c, size_t bytes)
{
	if (bytes > (size_t)INT64_MAX - sizeof(struct ctx_head)) {
		if (c) {
			c->fail_code = LAY_ENOMEM;
			c->fail_msg[0] = '\0';
		}
		return 0;
	}
	size_t total = bytes + sizeof(struct ctx_head);
	return lay_ctx_reserve(c, (int64_t)total, NULL) ? 0 : total;
}

void *lay_ctx_malloc(struct lay_ctx *c, size_t bytes)
{
	size_t total = take(c, bytes);
	return total ? counted(c, malloc(total), total) : NULL;
}

void *lay_ctx_calloc(struct lay_ctx *c, size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size) {
		if (c) {
			c->fail_code = LAY_ENOMEM;
			c->fail_msg[0] = '\0';
		}
		return NULL;
	}
	size_t total = take(c, n * size);
	return total ? counted(c, calloc(1, total), total) : NULL;
}

void *lay_ctx_realloc(struct lay_ctx *c, void *p, size_t bytes)
{
	if (!p)
		return lay_ctx_malloc(c, bytes);
	struct ctx_head *h = (struct ctx_head *)p - 1;
	size_t old = h->bytes;
	c = h->ctx;
	size_t total = bytes + sizeof *h;
	if (bytes > (size_t)INT64_MAX - sizeof *h) {
		if (c)
			c->fail_code = LAY_ENOMEM, c->fail_msg[0] = '\0';
		return NULL;
	}
	if (total > old && lay_ctx_reserve(c, (int64_t)(total - old), NULL))
		return NULL;
	struct ctx_head *n = realloc(h, total);
	if (!n) {
		if (total > old)
			lay_ctx_release(c, (int64_t)(total - old));
		if (c)
			c->fail_code = LAY_ENOMEM, c->fail_msg[0] = '\0';
		return NULL;
	}
	if (total < old)
		lay_ctx_release(c, (int64_t)(old - total));
	n->bytes = total;
	return n + 1;
}

void lay_ctx_free(void *p)
{
	if (!p)
		return;
	struct ctx_head *h = (struct ctx_head *)p - 1;
	lay_ctx_release(h->ctx, (int64_t)h->bytes);
	free(h);
}

int lay_ctx_error(struct lay_ctx *c, struct lay_error *err, const char *ptr)
{
	if (c && c->fail_code && c->fail_code != LAY_ENOMEM)
		return lay_error_set(err, c->fail_code, ptr ? ptr : "", -1, "%s", c->fail_msg);
	return lay_error_set(err, LAY_ENOMEM, ptr ? ptr : "", -1, "out of memory");
}

static int64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int lay_ctx_check(struct lay_ctx *c, struct lay_error *err)
{
	if (!c)
		return 0;
	c->ticks = 0;
	if (atomic_load(&c->cancel))
		return lay_error_set(err, LAY_ECANCELED, "", -1,
				     "the request was cancelled: its client went away or the "
				     "daemon is stopping");
	if (c->deadline_ns && now_ns() > c->deadline_ns) {
		if (c->deadline_s)
			return lay_error_set(err, LAY_EDEADLINE, "", -1,
					     "the analysis did not finish within %u s (--deadline)",
					     c->deadline_s);
		return lay_error_set(err, LAY_EDEADLINE, "", -1,
				     "the analysis did not finish within its deadline");
	}
	return c->interrupt ? c->interrupt(c->hook, err) : 0;
}
