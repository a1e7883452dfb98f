/*
 * log.c - what the end of a request records: the access log line (text or
 * JSON, every client field escaped) and the metrics counters.  The route
 * names come from the table the server hands over (srv->routes), so this
 * file reads nothing of routes.c.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "http/http.h"
#include "http/util.h"

const double http_buckets[HTTP_NBUCKETS] = { 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
					     0.1,    0.25,  0.5,    1,	   2.5,	 5,	10 };

void http_metrics_observe(struct http_metrics *m, int route, unsigned status, int64_t us)
{
	if (route < 0 || route >= HTTP_NROUTES || status >= 600)
		return;
	atomic_fetch_add(&m->requests[route][status], 1);
	double s = (double)us / 1e6;
	int b = 0;
	while (b < HTTP_NBUCKETS && s > http_buckets[b])
		b++;
	atomic_fetch_add(&m->latency[route][b], 1);
	atomic_fetch_add(&m->latency_us_sum[route], (uint64_t)(us > 0 ? us : 0));
}

/* A log field from the client: for JSON a string body (quotes,
 * backslashes and control bytes escaped, invalid UTF-8 as %XX); for text
 * one word (spaces and anything unprintable as %XX). */
static void log_field(char *out, size_t size, const char *in, bool json)
{
	char clean[256];
	http_clean_text(clean, sizeof clean, in, strlen(in));
	size_t o = 0;
	for (const char *p = clean; *p && o + 7 < size; p++) {
		unsigned char ch = (unsigned char)*p;
		if (json && (ch == '"' || ch == '\\')) {
			out[o++] = '\\';
			out[o++] = (char)ch;
		} else if (!json && ch == ' ') {
			o += (size_t)snprintf(out + o, size - o, "%%%02X", ch);
		} else {
			out[o++] = (char)ch;
		}
	}
	out[o] = '\0';
}

void http_log_request(struct http_server *srv, const struct sockaddr *sa, struct http_req *r,
		      int64_t us)
{
	char addr[64] = "-";
	if (sa) {
		if (sa->sa_family == AF_INET)
			inet_ntop(AF_INET, &((const struct sockaddr_in *)sa)->sin_addr, addr,
				  sizeof addr);
		else if (sa->sa_family == AF_INET6)
			inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)sa)->sin6_addr, addr,
				  sizeof addr);
	}
	/* the timestamp changes once a second: format it once per thread */
	static __thread time_t last;
	static __thread char ts[32];
	time_t now = time(NULL);
	if (now != last) {
		struct tm tm;
		gmtime_r(&now, &tm);
		strftime(ts, sizeof ts, "%Y-%m-%dT%H:%M:%SZ", &tm);
		last = now;
	}
	/* every field that came from the client is escaped for its format:
	 * a method may hold quotes, spaces, control bytes or invalid UTF-8 */
	char method[6 * sizeof r->method + 1];
	const char *route = srv->routes[r->route].tmpl;
	log_field(method, sizeof method, r->method[0] ? r->method : "-", srv->cfg.log_json);
	char line[768];
	int n;
	if (srv->cfg.log_json)
		n = snprintf(line, sizeof line,
			     "{\"ts\":\"%s\",\"client\":\"%s\",\"method\":\"%s\",\"route\":\"%s\","
			     "\"status\":%u,\"bytes\":%lld,\"us\":%lld}\n",
			     ts, addr, method, route, r->status, (long long)r->bytes,
			     (long long)us);
	else
		n = snprintf(line, sizeof line, "%s %s %s %s %u %lld %lld\n", ts, addr, method,
			     route, r->status, (long long)r->bytes, (long long)us);
	if (n > 0) {
		ssize_t w = write(STDERR_FILENO, line,
				  (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
		(void)w;
	}
}

void http_log_refused(struct http_server *srv, int fd, const char *method, unsigned status,
		      int64_t bytes, int64_t us)
{
	static __thread struct http_req r; /* only the logged fields are read */
	struct sockaddr_storage ss;
	socklen_t sl = sizeof ss;
	memset(&r, 0, sizeof r);
	r.route = ROUTE_NONE;
	r.status = status;
	r.bytes = bytes;
	snprintf(r.method, sizeof r.method, "%s", method);
	http_metrics_observe(&srv->metrics, ROUTE_NONE, status, us);
	bool named = getpeername(fd, (struct sockaddr *)&ss, &sl) == 0;
	http_log_request(srv, named ? (const struct sockaddr *)&ss : NULL, &r, us);
}
