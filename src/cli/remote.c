/*
 * remote.c - the command line's HTTP client (libcurl): every request the
 * CLI sends to a daemon goes through cli_http(), so https with the system
 * CA store or --cacert, proxies from the environment (http_proxy,
 * https_proxy, no_proxy), redirects, timeouts and retries on 503 behave
 * the same for `check --server`, push, pull, ls and versions.
 */
#include "config.h"

#include <curl/curl.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"

/* A response larger than this is not a layoutd document. */
#define CLI_MAX_RESPONSE (64L << 20)
/* Seconds a whole request may take: analyses of 2^26 points take a while. */
#define CLI_HTTP_TIMEOUT 300
/* Seconds to establish the connection (TCP and TLS). */
#define CLI_CONNECT_TIMEOUT 10
/* Retries after a 503 (busy database, draining daemon, overloaded proxy). */
#define CLI_HTTP_RETRIES 3
/* Longest Retry-After honoured; longer waits are cut to this. */
#define CLI_MAX_RETRY_AFTER 60
/* Redirects followed (a proxy moving the API under a prefix, http -> https). */
#define CLI_MAX_REDIRECTS 5

struct sink {
	char *buf;
	size_t len, cap;
	bool too_large;
};

static size_t on_body(char *data, size_t size, size_t n, void *ctx)
{
	struct sink *s = ctx;
	size_t add = size * n;
	if (s->len + add > (size_t)CLI_MAX_RESPONSE) {
		s->too_large = true;
		return 0;
	}
	if (s->len + add + 1 > s->cap) {
		size_t cap = s->cap ? s->cap : 65536;
		while (cap < s->len + add + 1)
			cap *= 2;
		char *nb = realloc(s->buf, cap);
		if (!nb)
			return 0;
		s->buf = nb;
		s->cap = cap;
	}
	memcpy(s->buf + s->len, data, add);
	s->len += add;
	s->buf[s->len] = '\0';
	return add;
}

struct head {
	long retry_after; /* seconds, -1 if absent */
	char etag[256];
};

/* Retry-After is delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
static long parse_retry_after(const char *v)
{
	while (*v == ' ' || *v == '\t')
		v++;
	char *end = NULL;
	long s = strtol(v, &end, 10);
	if (end != v && (*end == '\0' || *end == '\r' || *end == '\n' || *end == ' '))
		return s < 0 ? 0 : s;
	time_t when = curl_getdate(v, NULL);
	if (when < 0)
		return -1;
	time_t now = time(NULL);
	return when > now ? (long)(when - now) : 0;
}

static size_t on_header(char *data, size_t size, size_t n, void *ctx)
{
	struct head *h = ctx;
	size_t len = size * n;
	char line[512];
	snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line ? len : sizeof line - 1), data);
	/* a redirect or a retry starts a new header block: keep the last one */
	if (strncmp(line, "HTTP/", 5) == 0) {
		h->retry_after = -1;
		h->etag[0] = '\0';
	} else if (strncasecmp(line, "retry-after:", 12) == 0) {
		h->retry_after = parse_retry_after(line + 12);
	} else if (strncasecmp(line, "etag:", 5) == 0) {
		const char *v = line + 5;
		while (*v == ' ')
			v++;
		snprintf(h->etag, sizeof h->etag, "%.*s", (int)strcspn(v, "\r\n"), v);
	}
	return len;
}

void cli_conn_defaults(struct cli_conn *c)
{
	memset(c, 0, sizeof *c);
	c->server = getenv("LAYOUTD_SERVER");
	c->token = getenv("LAYOUTD_TOKEN");
	c->cacert = getenv("LAYOUTD_CACERT");
	c->timeout = CLI_HTTP_TIMEOUT;
	c->connect_timeout = CLI_CONNECT_TIMEOUT;
	c->retries = CLI_HTTP_RETRIES;
	if (c->server && !*c->server)
		c->server = NULL;
	if (c->token && !*c->token)
		c->token = NULL;
	if (c->cacert && !*c->cacert)
		c->cacert = NULL;
}

/* Why a request has no answer: on stderr, and into why[0..n). */
static void no_answer(char *why, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void no_answer(char *why, size_t n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, n, fmt, ap);
	va_end(ap);
	fprintf(stderr, "layoutd: %s\n", why);
}

/* One attempt.  Returns the HTTP status, or -1 with a message on stderr
 * and in why. */
static long attempt(CURL *h, const struct cli_conn *c, const char *url, const char *method,
		    const char *body, struct sink *s, struct head *hd, char *why, size_t wn)
{
	struct curl_slist *hdrs = NULL;
	char errbuf[CURL_ERROR_SIZE] = "";
	long status = -1;
	curl_easy_reset(h);
	curl_easy_setopt(h, CURLOPT_URL, url);
	curl_easy_setopt(h, CURLOPT_ERRORBUFFER, errbuf);
	curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(h, CURLOPT_USERAGENT, "layoutd-cli/" PACKAGE_VERSION);
	curl_easy_setopt(h, CURLOPT_TIMEOUT, c->timeout);
	curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT, c->connect_timeout);
	/* Redirects keep the method and body (a POST moved by 301/302 stays a
	 * POST); only http and https; the bearer token goes through libcurl's
	 * own auth so it is not sent on to another host. */
	curl_easy_setopt(h, CURLOPT_FOLLOWLOCATION, 1L);
	curl_easy_setopt(h, CURLOPT_MAXREDIRS, (long)CLI_MAX_REDIRECTS);
	curl_easy_setopt(h, CURLOPT_POSTREDIR, (long)CURL_REDIR_POST_ALL);
#if LIBCURL_VERSION_NUM >= 0x075500
	curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(h, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
#else
	curl_easy_setopt(h, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
	curl_easy_setopt(h, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
	if (c->cacert)
		curl_easy_setopt(h, CURLOPT_CAINFO, c->cacert);
	if (c->token) {
		curl_easy_setopt(h, CURLOPT_HTTPAUTH, (long)CURLAUTH_BEARER);
		curl_easy_setopt(h, CURLOPT_XOAUTH2_BEARER, c->token);
	}
	hdrs = curl_slist_append(hdrs, "Accept: application/json, application/problem+json");
	if (body) {
		hdrs = curl_slist_append(hdrs, "Content-Type: application/json");
		/* no "Expect: 100-continue" round trip for large bodies */
		hdrs = curl_slist_append(hdrs, "Expect:");
		curl_easy_setopt(h, CURLOPT_POSTFIELDS, body);
		curl_easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)strlen(body));
	}
	if (strcmp(method, "GET") != 0 && strcmp(method, "POST") != 0)
		curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, method);
	else if (strcmp(method, "GET") == 0)
		curl_easy_setopt(h, CURLOPT_HTTPGET, 1L);
	curl_easy_setopt(h, CURLOPT_HTTPHEADER, hdrs);
	curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, on_body);
	curl_easy_setopt(h, CURLOPT_WRITEDATA, s);
	curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, on_header);
	curl_easy_setopt(h, CURLOPT_HEADERDATA, hd);
	if (c->verbose)
		curl_easy_setopt(h, CURLOPT_VERBOSE, 1L);
	CURLcode rc = curl_easy_perform(h);
	if (rc == CURLE_OK) {
		curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
	} else if (s->too_large) {
		no_answer(why, wn, "the response from %s is larger than %ld bytes", url,
			  CLI_MAX_RESPONSE);
	} else {
		no_answer(why, wn, "%s %s: %s", method, url,
			  errbuf[0] ? errbuf : curl_easy_strerror(rc));
		if (rc == CURLE_PEER_FAILED_VERIFICATION || rc == CURLE_SSL_CACERT_BADFILE)
			fprintf(stderr, "layoutd: give the server's CA certificate with --cacert "
					"FILE (or LAYOUTD_CACERT)\n");
	}
	curl_slist_free_all(hdrs);
	return status;
}

long cli_http(const struct cli_conn *c, const char *method, const char *path, const char *body,
	      struct cli_response *resp)
{
	static bool inited;
	memset(resp, 0, sizeof *resp);
	char *why = resp->error;
	size_t wn = sizeof resp->error;
	if (!c->server) {
		no_answer(why, wn, "no server: give --server URL or set LAYOUTD_SERVER");
		return -1;
	}
	if (strncmp(c->server, "http://", 7) != 0 && strncmp(c->server, "https://", 8) != 0) {
		no_answer(why, wn, "the server is an http:// or https:// URL, not \"%.200s\"",
			  c->server);
		return -1;
	}
	if (!inited) {
		if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
			no_answer(why, wn, "libcurl failed to initialise");
			return -1;
		}
		atexit(curl_global_cleanup);
		inited = true;
	}
	size_t sl = strlen(c->server);
	while (sl > 0 && c->server[sl - 1] == '/')
		sl--;
	size_t ul = sl + strlen(path) + 1;
	char *url = malloc(ul);
	CURL *h = curl_easy_init();
	long status = -1;
	if (!url || !h) {
		no_answer(why, wn, "out of memory");
		goto out;
	}
	snprintf(url, ul, "%.*s%s", (int)sl, c->server, path);
	for (int tries = 0;; tries++) {
		struct sink s = { 0 };
		struct head hd = { .retry_after = -1 };
		status = attempt(h, c, url, method, body, &s, &hd, why, wn);
		if (status == 503 && tries < c->retries) {
			/* without Retry-After: 1, 2, 4 s */
			long wait = hd.retry_after >= 0 ? hd.retry_after : 1L << tries;
			if (wait > CLI_MAX_RETRY_AFTER)
				wait = CLI_MAX_RETRY_AFTER;
			fprintf(stderr, "layoutd: %s answered 503, retrying in %ld s\n", url, wait);
			free(s.buf);
			sleep((unsigned)wait);
			continue;
		}
		if (status < 0) {
			free(s.buf);
			break;
		}
		resp->status = status;
		resp->body = s.buf ? s.buf : strdup("");
		resp->len = s.len;
		snprintf(resp->etag, sizeof resp->etag, "%s", hd.etag);
		resp->json = s.len ? json_loadb(s.buf, s.len, 0, NULL) : NULL;
		break;
	}
out:
	if (h)
		curl_easy_cleanup(h);
	free(url);
	return status;
}

void cli_response_clear(struct cli_response *r)
{
	free(r->body);
	json_decref(r->json);
	memset(r, 0, sizeof *r);
}

void cli_print_problem(FILE *f, const char *what, const struct cli_response *r,
		       const struct cli_conn *c)
{
	json_t *p = r->json;
	const char *code = json_string_value(json_object_get(p, "code"));
	const char *detail = json_string_value(json_object_get(p, "detail"));
	const char *ptr = json_string_value(json_object_get(p, "pointer"));
	if (!code) {
		fprintf(f, "%s: error: HTTP %ld from %s\n", what, r->status, c->server);
		return;
	}
	fprintf(f, "%s: error [%s]: %s (HTTP %ld from %s)\n", what, code, detail ? detail : "",
		r->status, c->server);
	if (ptr && *ptr)
		fprintf(f, "  at %s\n", ptr);
}

bool cli_conn_option(struct cli_conn *c, int argc, char **argv, int *i)
{
	static const char *const names[] = { "--server",  "--token",   "--cacert",
					     "--timeout", "--retries", "--verbose" };
	int k = cli_option_find(names, (int)(sizeof names / sizeof names[0]), argv[*i]);
	if (k < 0)
		return false;
	if (k == 5) {
		c->verbose = true;
		return true;
	}
	const char *val = cli_option_value(argc, argv, i, names[k]);
	switch (k) {
	case 0:
		c->server = val;
		break;
	case 1:
		c->token = *val ? val : NULL;
		break;
	case 2:
		c->cacert = val;
		if (access(val, R_OK) != 0) {
			fprintf(stderr, "layoutd %s: --cacert %s: %s\n", argv[0], val,
				strerror(errno));
			exit(CLI_BAD);
		}
		break;
	case 3:
		c->timeout = (long)cli_parse_count("--timeout", val);
		if (c->connect_timeout > c->timeout)
			c->connect_timeout = c->timeout;
		break;
	case 4: {
		char *end = NULL;
		long n = strtol(val, &end, 10);
		if (!*val || *end || n < 0 || n > 100) {
			fprintf(stderr, "layoutd %s: --retries is 0..100, not \"%s\"\n", argv[0],
				val);
			exit(CLI_BAD);
		}
		c->retries = (int)n;
		break;
	}
	}
	return true;
}
