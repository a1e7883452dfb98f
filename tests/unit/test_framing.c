/*
 * test_framing.c - the request framing machine (src/http/framing.c) at,
 * one below and one past each of its limits (header fields, query
 * parameters, cookies, the head's bytes, a chunk-size line, a chunked
 * body against the body limit), and its number readers fed zero,
 * negative, huge and malformed values (Content-Length, chunk sizes).
 */
#include "unit.h"

#include "http/framing.h"
#include "http/http.h"

#define MAX_BODY 1000

struct outcome {
	bool good;
	unsigned status;
	uint64_t whole;
	const char *detail;
};

static struct http_frame frame;

static struct outcome scan_text(const char *text, size_t n)
{
	size_t keep = 0, begun = 0;
	bool start_in = false;
	http_frame_init(&frame, MAX_BODY);
	struct outcome o;
	o.good = http_frame_scan(&frame, (const unsigned char *)text, n, &keep, &start_in, &begun);
	o.status = frame.status;
	o.whole = frame.whole;
	o.detail = frame.detail;
	return o;
}

static struct outcome scan(const char *text)
{
	return scan_text(text, strlen(text));
}

/* A GET whose head is "GET /livez HTTP/1.1\r\nHost: x\r\n" + extra + "\r\n". */
static struct outcome get_with(const char *extra)
{
	size_t n = strlen(extra) + 64;
	char *t = malloc(n);
	snprintf(t, n, "GET /livez HTTP/1.1\r\nHost: x\r\n%s\r\n", extra);
	struct outcome o = scan(t);
	free(t);
	return o;
}

/* count repetitions of unit, concatenated (malloc'd). */
static char *repeat(const char *unit, int count)
{
	size_t u = strlen(unit);
	char *s = malloc(u * (size_t)count + 1);
	for (int i = 0; i < count; i++)
		memcpy(s + u * (size_t)i, unit, u);
	s[u * (size_t)count] = '\0';
	return s;
}

static void test_fields(void)
{
	/* Host and 99 more: 100 fields; one more is refused */
	char *f = repeat("X: 1\r\n", HTTP_MAX_FIELDS - 1);
	struct outcome o = get_with(f);
	CU_ASSERT_TRUE(o.good);
	CU_ASSERT_EQUAL(o.whole, 1);
	free(f);
	f = repeat("X: 1\r\n", HTTP_MAX_FIELDS);
	o = get_with(f);
	CU_ASSERT_FALSE(o.good);
	CU_ASSERT_EQUAL(o.status, 431);
	free(f);
}

static void test_query(void)
{
	char t[1024];
	char *p = repeat("&a", HTTP_MAX_QUERY_PARAMS - 1);
	snprintf(t, sizeof t, "GET /livez?a%s HTTP/1.1\r\nHost: x\r\n\r\n", p);
	CU_ASSERT_TRUE(scan(t).good); /* 64 parameters */
	free(p);
	p = repeat("&a", HTTP_MAX_QUERY_PARAMS);
	snprintf(t, sizeof t, "GET /livez?a%s HTTP/1.1\r\nHost: x\r\n\r\n", p);
	struct outcome o = scan(t);
	CU_ASSERT_FALSE(o.good);
	CU_ASSERT_EQUAL(o.status, 414);
	free(p);
	/* an '&' before the query is a path byte */
	CU_ASSERT_TRUE(scan("GET /a&b&c HTTP/1.1\r\nHost: x\r\n\r\n").good);
}

static void test_cookies(void)
{
	char t[1024];
	char *c = repeat("; a=1", HTTP_MAX_COOKIES - 1);
	snprintf(t, sizeof t, "Cookie: a=1%s\r\n", c);
	CU_ASSERT_TRUE(get_with(t).good); /* 64 pairs */
	free(c);
	c = repeat("; a=1", HTTP_MAX_COOKIES);
	snprintf(t, sizeof t, "Cookie: a=1%s\r\n", c);
	struct outcome o = get_with(t);
	CU_ASSERT_FALSE(o.good);
	CU_ASSERT_EQUAL(o.status, 431);
	free(c);
	/* two Cookie fields count together */
	c = repeat("; a=1", HTTP_MAX_COOKIES / 2 - 1);
	snprintf(t, sizeof t, "Cookie: a=1%s\r\nCookie: a=1%s\r\n", c, c);
	CU_ASSERT_TRUE(get_with(t).good);
	snprintf(t, sizeof t, "Cookie: a=1%s\r\nCookie: a=1%s; a=1\r\n", c, c);
	CU_ASSERT_FALSE(get_with(t).good);
	free(c);
}

/* A head of exactly n bytes: the request line, Host, a filler field. */
static struct outcome head_of(size_t n)
{
	const char *pre = "GET /livez HTTP/1.1\r\nHost: x\r\nX: ";
	size_t fill = n - strlen(pre) - 4; /* the filler's CRLF and the empty line */
	char *t = malloc(n + 1);
	memcpy(t, pre, strlen(pre));
	memset(t + strlen(pre), 'a', fill);
	memcpy(t + strlen(pre) + fill, "\r\n\r\n", 4);
	t[n] = '\0';
	struct outcome o = scan_text(t, n);
	free(t);
	return o;
}

static void test_head(void)
{
	struct outcome o = head_of(HTTP_MAX_HEAD - 1);
	CU_ASSERT_TRUE(o.good);
	CU_ASSERT_EQUAL(o.whole, 1);
	o = head_of(HTTP_MAX_HEAD);
	CU_ASSERT_TRUE(o.good);
	CU_ASSERT_EQUAL(o.whole, 1);
	o = head_of(HTTP_MAX_HEAD + 1);
	CU_ASSERT_FALSE(o.good);
	CU_ASSERT_EQUAL(o.status, 431);
	/* a request line alone past the limit is 414 */
	char *line = repeat("a", HTTP_MAX_HEAD);
	char *t = malloc(HTTP_MAX_HEAD + 64);
	sprintf(t, "GET /%s HTTP/1.1\r\n\r\n", line);
	o = scan(t);
	CU_ASSERT_FALSE(o.good);
	CU_ASSERT_EQUAL(o.status, 414);
	free(t);
	free(line);
}

static const char chunked[] = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n";

static struct outcome chunks(const char *body)
{
	size_t n = strlen(chunked) + strlen(body) + 1;
	char *t = malloc(n);
	snprintf(t, n, "%s%s", chunked, body);
	struct outcome o = scan(t);
	free(t);
	return o;
}

static void test_chunk_line(void)
{
	/* "1;" and extension bytes: a line of exactly 1024 bytes, then 1025 */
	char *ext = repeat("e", HTTP_MAX_CHUNK_LINE - 2);
	char t[2200];
	snprintf(t, sizeof t, "1;%s\r\nx\r\n0\r\n\r\n", ext);
	struct outcome o = chunks(t);
	CU_ASSERT_TRUE(o.good);
	CU_ASSERT_EQUAL(o.whole, 1);
	snprintf(t, sizeof t, "1;%se\r\nx\r\n0\r\n\r\n", ext);
	o = chunks(t);
	CU_ASSERT_FALSE(o.good);
	CU_ASSERT_EQUAL(o.status, 400);
	free(ext);
}

static void test_chunk_sizes(void)
{
	char t[2200];
	/* the body limit: exactly MAX_BODY in two chunks, then one byte more */
	char *a = repeat("a", 600), *b = repeat("b", 400);
	snprintf(t, sizeof t, "258\r\n%s\r\n190\r\n%s\r\n0\r\n\r\n", a, b);
	struct outcome o = chunks(t);
	CU_ASSERT_TRUE(o.good);
	CU_ASSERT_EQUAL(o.whole, 1);
	snprintf(t, sizeof t, "258\r\n%s\r\n191\r\n%sb\r\n0\r\n\r\n", a, b);
	o = chunks(t);
	CU_ASSERT_FALSE(o.good);
	CU_ASSERT_EQUAL(o.status, 413);
	free(a);
	free(b);
	CU_ASSERT_EQUAL(chunks("3e9\r\n").status, 413); /* one chunk of 1001 */
	CU_ASSERT_TRUE(chunks("3e8\r\n").good);		/* 1000: its bytes to come */
	/* zero ends the body; leading zeros and upper case are hex too */
	CU_ASSERT_EQUAL(chunks("0\r\n\r\n").whole, 1);
	CU_ASSERT_EQUAL(chunks("000\r\n\r\n").whole, 1);
	CU_ASSERT_EQUAL(chunks("0A\r\n0123456789\r\n0\r\n\r\n").whole, 1);
	/* negative, signed, prefixed, empty, spaced: not a chunk size */
	const char *bad[] = { "-1\r\n", "+1\r\n", "0x1\r\n", "\r\n", " 1\r\n", "1 \r\n", "g\r\n" };
	for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
		o = chunks(bad[k]);
		CU_ASSERT_FALSE(o.good);
		CU_ASSERT_EQUAL(o.status, 400);
	}
	/* huge: the digit reader stops before 2^63 */
	o = chunks("7fffffffffffffff\r\n");
	CU_ASSERT_EQUAL(o.status, 413);
	CU_ASSERT_PTR_NOT_NULL(strstr(o.detail, "over the limit"));
	o = chunks("8000000000000000\r\n");
	CU_ASSERT_EQUAL(o.status, 413);
	CU_ASSERT_PTR_NOT_NULL(strstr(o.detail, "past any body"));
	o = chunks("0000000000000000000000001\r\nx\r\n0\r\n\r\n");
	CU_ASSERT_TRUE(o.good);
	CU_ASSERT_EQUAL(o.whole, 1);
}

/* Trailer lines end with CRLF: a bare LF ends a head line (RFC 9112 §2.2)
 * but not a trailer's, the last one or the empty line after them; after
 * the trailers the connection is at its next request. */
static void test_trailers(void)
{
	struct outcome o = chunks("1\r\nx\r\n0\r\nX-T: 1\r\nY: 2\r\n\r\n");
	CU_ASSERT_TRUE(o.good);
	CU_ASSERT_EQUAL(o.whole, 1);
	const char *bare[] = { "1\r\nx\r\n0\r\nX-T: 1\n\r\n", "1\r\nx\r\n0\r\nX-T: 1\r\nY: 2\n\r\n",
			       "1\r\nx\r\n0\r\nX-T: 1\r\n\n", "0\r\n\n" };
	for (size_t k = 0; k < sizeof bare / sizeof *bare; k++) {
		o = chunks(bare[k]);
		CU_ASSERT_FALSE(o.good);
		CU_ASSERT_EQUAL(o.status, 400);
		CU_ASSERT(o.detail && strstr(o.detail, "trailer line does not end with CRLF"));
		CU_ASSERT_EQUAL(o.whole, 0);
	}
	/* a second request after the trailers is read as one */
	o = scan("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
		 "0\r\nX-T: 1\r\n\r\nGET /livez HTTP/1.1\nHost: x\n\n");
	CU_ASSERT_TRUE(o.good);
	CU_ASSERT_EQUAL(o.whole, 2);
}

static struct outcome with_length(const char *cl, const char *body)
{
	char t[256];
	snprintf(t, sizeof t, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: %s\r\n\r\n%s", cl,
		 body);
	return scan(t);
}

static void test_content_length(void)
{
	struct outcome o = with_length("0", "");
	CU_ASSERT_TRUE(o.good);
	CU_ASSERT_EQUAL(o.whole, 1);
	o = with_length("2", "{}GET / HTTP/1.1\r\nHost: x\r\n\r\n");
	CU_ASSERT_EQUAL(o.whole, 2);
	o = with_length("3", "{}");
	CU_ASSERT_TRUE(o.good);
	CU_ASSERT_EQUAL(o.whole, 0); /* one byte to come */
	CU_ASSERT_EQUAL(with_length("007", "1234567").whole, 1);
	const char *bad[] = { "-1", "+1", "0x1", "1 1", "1,1", "a", "1.0" };
	for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
		o = with_length(bad[k], "");
		CU_ASSERT_FALSE(o.good);
		CU_ASSERT_EQUAL(o.status, 400);
	}
	CU_ASSERT_EQUAL(with_length("", "").status, 400);
	/* 2^63 - 1 is a number (the daemon answers 413 for the body limit);
	 * 2^63 and past is past any body */
	CU_ASSERT_TRUE(with_length("9223372036854775807", "").good);
	o = with_length("9223372036854775808", "");
	CU_ASSERT_FALSE(o.good);
	CU_ASSERT_EQUAL(o.status, 413);
	CU_ASSERT_EQUAL(with_length("99999999999999999999999", "").status, 413);
}

int main(void)
{
	static const struct unit_test tests[] = {
		{ "header fields at the limit", test_fields },
		{ "query parameters at the limit", test_query },
		{ "cookies at the limit", test_cookies },
		{ "the head's bytes at the limit", test_head },
		{ "a chunk-size line at the limit", test_chunk_line },
		{ "chunk sizes: zero, negative, huge, the body limit", test_chunk_sizes },
		{ "Content-Length: zero, negative, huge", test_content_length },
		{ "trailer lines end with CRLF", test_trailers },
		{ NULL, NULL },
	};
	return unit_main("framing", tests);
}
