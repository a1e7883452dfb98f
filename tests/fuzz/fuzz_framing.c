/*
 * fuzz_framing.c - libFuzzer harness for the request framing machine
 * (src/http/framing.c).  The input goes through the machine three ways:
 * as it stands, as the body of a request with a Content-Length, and as a
 * chunked body; each in one piece, byte by byte and in pieces cut where the
 * input says.  The machine streams, so the verdict may not depend on the
 * cuts: the same refusal (status and code) or none and the same number of
 * whole requests; a refusal always has a status, a code and a detail, and
 * what the caller may pass on before it lies in the buffer.  Any bytes
 * are a body of their length, so the wrapped forms are never refused and
 * count the request behind them.  Any difference aborts.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/framing.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_BODY 4096

struct verdict {
	bool refused;
	unsigned status;
	const char *code;
	uint64_t whole;
};

/* Runs text through a new machine in pieces of the sizes cut() gives. */
static struct verdict run(const uint8_t *text, size_t n, size_t (*cut)(size_t at, void *ctx),
			  void *ctx)
{
	struct http_frame f;
	struct verdict v = { 0 };
	http_frame_init(&f, MAX_BODY);
	size_t at = 0;
	while (at < n) {
		size_t len = cut(at, ctx);
		if (len == 0 || len > n - at)
			len = n - at;
		size_t keep = 0, begun = SIZE_MAX;
		bool start_in = false;
		uint64_t before = f.whole;
		if (!http_frame_scan(&f, text + at, len, &keep, &start_in, &begun)) {
			if (keep > len || (keep > 0 && !start_in) || f.whole < before ||
			    !f.refused || f.status < 400 || f.status > 599 || !f.code ||
			    !f.detail[0])
				abort();
			break;
		}
		if (begun != SIZE_MAX && begun > len)
			abort();
		at += len;
	}
	v.refused = f.refused;
	v.status = f.status;
	v.code = f.code;
	v.whole = f.whole;
	return v;
}

static size_t whole_cut(size_t at, void *ctx)
{
	(void)at;
	(void)ctx;
	return 0;
}

static size_t byte_cut(size_t at, void *ctx)
{
	(void)at;
	(void)ctx;
	return 1;
}

/* Pieces whose sizes are the input's own bytes (1 to 64). */
static size_t data_cut(size_t at, void *ctx)
{
	const uint8_t *seed = ctx;
	return (size_t)(seed[at % 61] % 64) + 1;
}

static void same(struct verdict a, struct verdict b)
{
	if (a.refused != b.refused || a.status != b.status || a.whole != b.whole ||
	    (a.code != b.code && (!a.code || !b.code || strcmp(a.code, b.code) != 0)))
		abort();
}

static void check(const uint8_t *text, size_t n)
{
	uint8_t seed[61] = { 0 };
	for (size_t i = 0; i < n && i < sizeof seed; i++)
		seed[i] = text[i];
	struct verdict one = run(text, n, whole_cut, NULL);
	same(one, run(text, n, byte_cut, NULL));
	same(one, run(text, n, data_cut, seed));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 1 << 16)
		return 0;
	check(data, size);
	/* the input as a body: with its length, and as chunks of 7 bytes,
	 * then a request behind it that must be counted too */
	static const char tail[] = "GET /livez HTTP/1.1\r\nHost: x\r\n\r\n";
	size_t cap = 2 * size + 512 + sizeof tail;
	uint8_t *buf = malloc(cap);
	if (!buf)
		return 0;
	int h = snprintf((char *)buf, cap,
			 "POST /v1/analyze HTTP/1.1\r\nHost: x\r\n"
			 "Content-Length: %zu\r\n\r\n",
			 size);
	memcpy(buf + h, data, size);
	memcpy(buf + h + size, tail, sizeof tail - 1);
	size_t n = (size_t)h + size + sizeof tail - 1;
	struct verdict v = run(buf, n, whole_cut, NULL);
	if (size <= MAX_BODY && (v.refused || v.whole != 2))
		abort(); /* any bytes are a body of their length */
	check(buf, n);
	size_t o = (size_t)snprintf((char *)buf, cap,
				    "PUT /v1/layouts/x HTTP/1.1\r\nHost: x\r\n"
				    "Transfer-Encoding: chunked\r\n\r\n");
	for (size_t i = 0; i < size; i += 7) {
		size_t k = size - i < 7 ? size - i : 7;
		o += (size_t)snprintf((char *)buf + o, cap - o, "%zx\r\n", k);
		memcpy(buf + o, data + i, k);
		o += k;
		buf[o++] = '\r';
		buf[o++] = '\n';
	}
	o += (size_t)snprintf((char *)buf + o, cap - o, "0\r\n\r\n");
	memcpy(buf + o, tail, sizeof tail - 1);
	o += sizeof tail - 1;
	v = run(buf, o, whole_cut, NULL);
	if (size <= MAX_BODY && (v.refused || v.whole != 2))
		abort();
	check(buf, o);
	free(buf);
	return 0;
}
