/*
 * flags.c - the flags of `layoutd serve`: their defaults, their ranges and
 * the usage text.  A bad flag or value exits 2 with a message naming it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "http/http.h"
#include "store/store.h"

static void usage(FILE *f)
{
	fprintf(f,
		"usage: layoutd serve [--listen ADDR:PORT] [--db PATH] [options]\n"
		"  --listen ADDR:PORT      where to listen (default %s; port 0 = any free port)\n"
		"  --port-file PATH        write the bound port to PATH once listening\n"
		"  --db PATH|URL           SQLite file, or postgresql://... shared by replicas\n"
		"                          (default $LAYOUTD_DB, else ./layoutd.db)\n"
		"  --threads N             worker threads (default: the number of cores)\n"
		"  --max-body BYTES        request body limit (default %u)\n"
		"  --max-points N          enumeration limit per analysis (default %lld)\n"
		"  --max-json-depth N      JSON nesting of a request (default and most %d)\n"
		"  --max-expr-len N        characters of one notation text (default and most %d)\n"
		"  --timeout SECONDS       idle connection timeout (default %d)\n"
		"  --max-connections N     total connections (default %d)\n"
		"  --max-per-ip N          connections per client address (default %d)\n"
		"  --cache-entries N       analyses kept in memory (default %d)\n"
		"  --db-cache-entries N    analyses kept in the database (default %d)\n"
		"  --db-cache-bytes N      disk the database's analysis cache may take\n"
		"                          (default %lld)\n"
		"  --open-writes           registry writes need no token, even once tokens\n"
		"                          exist (without it, a token ever created closes them)\n"
		"  --busy-timeout MS       wait for the database write lock (default %d)\n"
		"  --require-token-for-reads  once tokens exist, every /v1 request needs one\n"
		"  --drain SECONDS         on SIGTERM, time to finish requests (default %d)\n"
		"  --header-timeout SECONDS  a request line and headers must arrive within it,\n"
		"                          idle keep-alive time included (default %d)\n"
		"  --body-timeout SECONDS  a request body must arrive within it (default %d)\n"
		"  --workers N             threads for analyses (default: the number of cores)\n"
		"  --queue N               analyses waiting for a worker, then 503 (default %d)\n"
		"  --deadline SECONDS      an analysis computing longer is stopped, 503;\n"
		"                          0 = none (default %d)\n"
		"  --memory-budget BYTES   memory of all requests at once (bodies, parsed\n"
		"                          bodies, analyses), and of one request\n"
		"                          (over: 413 alone, 503 with others) (default "
		"%lld)\n"
		"  --cors-origin ORIGIN    allow a dashboard on ORIGIN (repeatable; * for any)\n"
		"  --log-format text|json  one line per request on stderr (default text)\n",
		HTTP_DEFAULT_LISTEN, HTTP_DEFAULT_MAX_BODY, (long long)LAYOUTD_DEFAULT_MAX_POINTS,
		LAYOUTD_MAX_JSON_DEPTH, LAYOUTD_MAX_EXPR_LEN, HTTP_DEFAULT_TIMEOUT,
		HTTP_DEFAULT_MAX_CONNS, HTTP_DEFAULT_MAX_PER_IP, HTTP_DEFAULT_CACHE,
		STORE_DEFAULT_CACHE_MAX, (long long)STORE_DEFAULT_CACHE_BYTES, HTTP_DEFAULT_BUSY_MS,
		HTTP_DEFAULT_DRAIN, HTTP_DEFAULT_HEADER_TIMEOUT, HTTP_DEFAULT_BODY_TIMEOUT,
		HTTP_DEFAULT_QUEUE, HTTP_DEFAULT_DEADLINE, (long long)HTTP_DEFAULT_MEMORY_BUDGET);
}

static long long count_arg(const char *opt, const char *v, long long min, long long max)
{
	char *end = NULL;
	errno = 0;
	long long n = v ? strtoll(v, &end, 10) : 0;
	if (!v || errno || !end || *end || n < min || n > max) {
		fprintf(stderr, "layoutd serve: %s needs an integer in %lld..%lld, got \"%s\"\n",
			opt, min, max, v ? v : "");
		exit(2);
	}
	return n;
}

static int split_listen(struct http_config *cfg, const char *v)
{
	const char *colon = strrchr(v, ':');
	if (!colon || colon == v || !colon[1])
		return -1;
	size_t hl = (size_t)(colon - v);
	if (v[0] == '[' && colon[-1] == ']') { /* [::1]:8080 */
		v++;
		hl -= 2;
	}
	if (hl >= sizeof cfg->host || strlen(colon + 1) >= sizeof cfg->port)
		return -1;
	memcpy(cfg->host, v, hl);
	cfg->host[hl] = '\0';
	snprintf(cfg->port, sizeof cfg->port, "%s", colon + 1);
	return 0;
}

/* The defaults, each flag's when it is not given. */
static void config_defaults(struct http_config *cfg)
{
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	*cfg = (struct http_config){
		.db_path = store_default_db(),
		.threads = cores > 0 ? (unsigned)cores : 2,
		.max_body = HTTP_DEFAULT_MAX_BODY,
		.max_points = LAYOUTD_DEFAULT_MAX_POINTS,
		.timeout = HTTP_DEFAULT_TIMEOUT,
		.max_conns = HTTP_DEFAULT_MAX_CONNS,
		.max_per_ip = HTTP_DEFAULT_MAX_PER_IP,
		.drain = HTTP_DEFAULT_DRAIN,
		.cache_entries = HTTP_DEFAULT_CACHE,
		.busy_ms = HTTP_DEFAULT_BUSY_MS,
		.db_cache_entries = STORE_DEFAULT_CACHE_MAX,
		.db_cache_bytes = STORE_DEFAULT_CACHE_BYTES,
		.header_timeout = HTTP_DEFAULT_HEADER_TIMEOUT,
		.body_timeout = HTTP_DEFAULT_BODY_TIMEOUT,
		.deadline = HTTP_DEFAULT_DEADLINE,
		.workers = cores > 0 ? (unsigned)cores : 2,
		.queue = HTTP_DEFAULT_QUEUE,
		.memory_budget = HTTP_DEFAULT_MEMORY_BUDGET,
	};
	split_listen(cfg, HTTP_DEFAULT_LISTEN);
}

/* A flag with a count (its range checked, else exit 2): true when `a` is
 * one. */
static bool count_flag(struct http_config *cfg, const char *a, const char *v)
{
	if (strcmp(a, "--threads") == 0)
		cfg->threads = (unsigned)count_arg(a, v, 1, 256);
	else if (strcmp(a, "--max-body") == 0)
		cfg->max_body = (size_t)count_arg(a, v, 1024, 1LL << 30);
	else if (strcmp(a, "--max-points") == 0)
		cfg->max_points = count_arg(a, v, 1, 1LL << 31);
	else if (strcmp(a, "--timeout") == 0)
		cfg->timeout = (unsigned)count_arg(a, v, 1, 86400);
	else if (strcmp(a, "--max-connections") == 0)
		cfg->max_conns = (unsigned)count_arg(a, v, 1, 65536);
	else if (strcmp(a, "--max-per-ip") == 0)
		cfg->max_per_ip = (unsigned)count_arg(a, v, 1, 65536);
	else if (strcmp(a, "--cache-entries") == 0)
		cfg->cache_entries = (size_t)count_arg(a, v, 1, 1LL << 24);
	else if (strcmp(a, "--max-json-depth") == 0)
		cfg->max_depth = (int)count_arg(a, v, 2, LAYOUTD_MAX_JSON_DEPTH);
	else if (strcmp(a, "--max-expr-len") == 0)
		cfg->max_expr_len = (int)count_arg(a, v, 16, LAYOUTD_MAX_EXPR_LEN);
	else if (strcmp(a, "--db-cache-entries") == 0)
		cfg->db_cache_entries = (long)count_arg(a, v, 1, 1LL << 30);
	else if (strcmp(a, "--db-cache-bytes") == 0)
		cfg->db_cache_bytes = count_arg(a, v, 4096, 1LL << 50);
	else if (strcmp(a, "--busy-timeout") == 0)
		cfg->busy_ms = (int)count_arg(a, v, 1, 600000);
	else if (strcmp(a, "--drain") == 0)
		cfg->drain = (unsigned)count_arg(a, v, 0, 3600);
	else if (strcmp(a, "--header-timeout") == 0)
		cfg->header_timeout = (unsigned)count_arg(a, v, 1, 3600);
	else if (strcmp(a, "--body-timeout") == 0)
		cfg->body_timeout = (unsigned)count_arg(a, v, 1, 3600);
	else if (strcmp(a, "--workers") == 0)
		cfg->workers = (unsigned)count_arg(a, v, 1, 256);
	else if (strcmp(a, "--queue") == 0)
		cfg->queue = (unsigned)count_arg(a, v, 1, 65536);
	else if (strcmp(a, "--deadline") == 0)
		cfg->deadline = (unsigned)count_arg(a, v, 0, 86400);
	else if (strcmp(a, "--memory-budget") == 0)
		cfg->memory_budget = count_arg(a, v, 1 << 20, 1LL << 40);
	else
		return false;
	return true;
}

/* One flag `a` and its value v (NULL after the last): 1 when it took v, 0
 * when it takes none, -1 (a message printed) when it is bad. */
static int parse_flag(struct http_config *cfg, const char *a, const char *v)
{
	if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
		usage(stdout);
		exit(0);
	} else if (strcmp(a, "--listen") == 0) {
		if (!v || split_listen(cfg, v)) {
			fprintf(stderr, "layoutd serve: --listen needs ADDR:PORT\n");
			return -1;
		}
	} else if (strcmp(a, "--port-file") == 0 && v) {
		cfg->port_file = v;
	} else if (strcmp(a, "--db") == 0 && v) {
		cfg->db_path = v;
	} else if (count_flag(cfg, a, v)) {
		return 1;
	} else if (strcmp(a, "--open-writes") == 0) {
		cfg->open_writes = true;
		return 0;
	} else if (strcmp(a, "--require-token-for-reads") == 0) {
		cfg->require_token_reads = true;
		return 0;
	} else if (strcmp(a, "--cors-origin") == 0 && v) {
		if (cfg->ncors >= HTTP_MAX_CORS) {
			fprintf(stderr, "layoutd serve: at most %d --cors-origin\n", HTTP_MAX_CORS);
			return -1;
		}
		cfg->cors[cfg->ncors++] = v;
	} else if (strcmp(a, "--log-format") == 0 && v &&
		   (strcmp(v, "json") == 0 || strcmp(v, "text") == 0)) {
		cfg->log_json = strcmp(v, "json") == 0;
	} else {
		fprintf(stderr, "layoutd serve: unknown or incomplete option %s\n", a);
		usage(stderr);
		return -1;
	}
	return 1;
}

int http_parse_flags(struct http_config *cfg, int argc, char **argv)
{
	config_defaults(cfg);
	for (int i = 1; i < argc; i++) {
		int took = parse_flag(cfg, argv[i], i + 1 < argc ? argv[i + 1] : NULL);
		if (took < 0)
			return -1;
		i += took;
	}
	return 0;
}
