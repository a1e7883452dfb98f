/*
 * remote.c - `layoutd check --server URL`: the same check done by a
 * daemon, so that expect.equals can compare with its registry.  A small
 * HTTP/1.1 client (one request per connection, Connection: close).
 */
#include "config.h"

#include <errno.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "cli/cli.h"

/* A response larger than this is not a layoutd analysis. */
#define CLI_MAX_RESPONSE (64L << 20)
/* Seconds to wait for the daemon: analyses of 2^26 points take a while. */
#define CLI_HTTP_TIMEOUT 300

struct url {
	char host[300], port[16], prefix[512];
};

static int parse_url(const char *s, struct url *u)
{
	memset(u, 0, sizeof *u);
	if (strncmp(s, "http://", 7) != 0)
		return -1;
	s += 7;
	const char *slash = strchr(s, '/');
	size_t hl = slash ? (size_t)(slash - s) : strlen(s);
	char hostport[300];
	if (hl == 0 || hl >= sizeof hostport)
		return -1;
	memcpy(hostport, s, hl);
	hostport[hl] = '\0';
	char *colon = strrchr(hostport, ':');
	if (colon && !strchr(colon, ']')) {
		*colon = '\0';
		snprintf(u->port, sizeof u->port, "%s", colon + 1);
	} else {
		snprintf(u->port, sizeof u->port, "80");
	}
	char *h = hostport;
	if (h[0] == '[') { /* [::1] */
		h++;
		h[strcspn(h, "]")] = '\0';
	}
	snprintf(u->host, sizeof u->host, "%s", h);
	snprintf(u->prefix, sizeof u->prefix, "%s", slash ? slash : "");
	size_t pl = strlen(u->prefix);
	if (pl && u->prefix[pl - 1] == '/')
		u->prefix[pl - 1] = '\0';
	return u->host[0] && u->port[0] ? 0 : -1;
}

/* POST body to URL+path; returns the status (or -1 with a message on
 * stderr) and the response body in *out (malloc'd). */
static int http_post(const struct url *u, const char *path, const char *token, const char *body,
		     char **out)
{
	struct addrinfo hints = { .ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM }, *ai = NULL;
	char *buf = NULL, *req = NULL;
	size_t len = 0, cap = 0;
	int fd = -1, status = -1;
	*out = NULL;
	int gai = getaddrinfo(u->host, u->port, &hints, &ai);
	if (gai) {
		fprintf(stderr, "layoutd: cannot resolve %s: %s\n", u->host, gai_strerror(gai));
		goto out;
	}
	for (struct addrinfo *a = ai; a && fd < 0; a = a->ai_next) {
		fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
		if (fd >= 0 && connect(fd, a->ai_addr, a->ai_addrlen) != 0) {
			close(fd);
			fd = -1;
		}
	}
	if (fd < 0) {
		fprintf(stderr, "layoutd: cannot connect to %s:%s: %s\n", u->host, u->port,
			strerror(errno));
		goto out;
	}
	struct timeval tv = { .tv_sec = CLI_HTTP_TIMEOUT };
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
	size_t blen = strlen(body);
	size_t rlen = blen + 1024 + strlen(path) + strlen(u->prefix) + strlen(u->host) +
		      (token ? strlen(token) : 0);
	req = malloc(rlen);
	if (!req)
		goto out;
	int hn = snprintf(req, rlen,
			  "POST %s%s HTTP/1.1\r\nHost: %s:%s\r\nContent-Type: application/json\r\n"
			  "Accept: application/json\r\nUser-Agent: layoutd-cli\r\n%s%s%s"
			  "Content-Length: %zu\r\nConnection: close\r\n\r\n",
			  u->prefix, path, u->host, u->port, token ? "Authorization: Bearer " : "",
			  token ? token : "", token ? "\r\n" : "", blen);
	memcpy(req + hn, body, blen);
	for (size_t off = 0, total = (size_t)hn + blen; off < total;) {
		ssize_t n = send(fd, req + off, total - off, MSG_NOSIGNAL);
		if (n <= 0) {
			fprintf(stderr, "layoutd: sending to %s failed: %s\n", u->host,
				strerror(errno));
			goto out;
		}
		off += (size_t)n;
	}
	for (;;) {
		if (len + 4096 > cap) {
			cap = cap ? 2 * cap : 65536;
			char *nb = realloc(buf, cap + 1);
			if (!nb)
				goto out;
			buf = nb;
		}
		ssize_t n = recv(fd, buf + len, cap - len, 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			fprintf(stderr, "layoutd: reading from %s failed: %s\n", u->host,
				strerror(errno));
			goto out;
		}
		if (n == 0)
			break;
		len += (size_t)n;
		if (len > (size_t)CLI_MAX_RESPONSE) {
			fprintf(stderr, "layoutd: the response from %s is too large\n", u->host);
			goto out;
		}
	}
	if (!buf)
		goto out;
	buf[len] = '\0';
	char *eoh = strstr(buf, "\r\n\r\n");
	if (strncmp(buf, "HTTP/1.", 7) != 0 || !eoh || sscanf(buf + 8, " %d", &status) != 1) {
		fprintf(stderr, "layoutd: %s did not answer HTTP\n", u->host);
		status = -1;
		goto out;
	}
	*eoh = '\0';
	const char *payload = eoh + 4;
	bool chunked = strcasestr(buf, "\r\ntransfer-encoding: chunked") != NULL;
	char *res = malloc(strlen(payload) + 1);
	if (!res) {
		status = -1;
		goto out;
	}
	if (!chunked) {
		strcpy(res, payload);
	} else { /* de-chunk: size line, data, CRLF ... 0 */
		size_t w = 0;
		const char *p = payload, *stop = payload + strlen(payload);
		while (p < stop) {
			char *end = NULL;
			unsigned long n = strtoul(p, &end, 16);
			const char *data = end ? strstr(end, "\r\n") : NULL;
			if (!data || n == 0)
				break;
			data += 2;
			if ((size_t)(stop - data) < n)
				break;
			memcpy(res + w, data, n);
			w += n;
			p = data + n;
			if ((size_t)(stop - p) < 2)
				break;
			p += 2; /* the CRLF after the chunk */
		}
		res[w] = '\0';
	}
	*out = res;
out:
	if (fd >= 0)
		close(fd);
	if (ai)
		freeaddrinfo(ai);
	free(req);
	free(buf);
	return status;
}

int cli_check_remote(const char *server, const char *token, const char *equals, const char *path,
		     bool as_json)
{
	struct url u;
	struct lay_error err;
	lay_error_clear(&err);
	if (parse_url(server, &u)) {
		fprintf(stderr, "layoutd: --server takes http://HOST[:PORT], not %s\n", server);
		return CLI_BAD;
	}
	json_t *req = cli_load(path, &err), *body = NULL, *resp = NULL;
	int rc = CLI_BAD;
	char *text = NULL, *out = NULL;
	if (!req) {
		cli_print_error(stdout, path, &err);
		return CLI_BAD;
	}
	if (json_object_get(req, "layout")) {
		body = json_incref(req);
	} else {
		body = json_pack("{s:O}", "layout", req);
	}
	if (equals) {
		json_t *expect = json_object_get(body, "expect");
		if (!json_is_object(expect)) {
			expect = json_object();
			json_object_set_new(body, "expect", expect);
		}
		json_object_set_new(expect, "equals", json_string(equals));
	}
	text = json_dumps(body, JSON_COMPACT);
	int status = text ? http_post(&u, "/v1/check", token, text, &out) : -1;
	if (status < 0)
		goto out;
	resp = out ? json_loads(out, 0, NULL) : NULL;
	if (!resp) {
		fprintf(stderr, "layoutd: %s answered %d with a body that is not JSON\n", server,
			status);
		goto out;
	}
	bool analysis = json_object_get(resp, "verdict") != NULL;
	if ((status == 200 || status == 422) && analysis) {
		rc = status == 200 ? CLI_PASS : CLI_FAIL;
		if (as_json) {
			char *s = json_dumps(resp, JSON_INDENT(2));
			puts(s ? s : "");
			free(s);
		} else {
			cli_print_analysis(stdout, path, resp);
		}
		goto out;
	}
	/* a problem document: the same fields as an offline error */
	if (as_json) {
		json_t *e = json_pack("{s:O}", "error", resp);
		char *s = json_dumps(e, JSON_INDENT(2));
		puts(s ? s : "");
		free(s);
		json_decref(e);
	} else {
		const char *ptr = json_string_value(json_object_get(resp, "pointer"));
		printf("%s: error [%s]: %s (HTTP %d from %s)\n", path,
		       json_string_value(json_object_get(resp, "code")),
		       json_string_value(json_object_get(resp, "detail")), status, server);
		if (ptr && *ptr)
			printf("  at %s\n", ptr);
	}
	rc = CLI_BAD;
out:
	json_decref(resp);
	json_decref(body);
	json_decref(req);
	free(text);
	free(out);
	return rc;
}
