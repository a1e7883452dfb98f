/*
 * http.h - `layoutd serve`: the engine on the network (libmicrohttpd).
 * Internal to src/http/; the CLI only calls http_serve_main().
 */
#ifndef LAYOUTD_HTTP_H
#define LAYOUTD_HTTP_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>
#include <microhttpd.h>

#include "layout.h"

int http_serve_main(int argc, char **argv);
/* Fills cfg from the flags of `layoutd serve` (flags.c): 0, or -1 after a
 * message on stderr; a count out of its range exits 2, --help exits 0. */
struct http_config;
int http_parse_flags(struct http_config *cfg, int argc, char **argv);

/* Defaults of the server's knobs; each is a flag of `layoutd serve`. */
#define HTTP_DEFAULT_LISTEN	    "127.0.0.1:8080"
#define HTTP_DEFAULT_MAX_BODY	    (1u << 20) /* 1 MiB: a 16k-row table fits */
#define HTTP_DEFAULT_TIMEOUT	    30	       /* seconds idle before a connection closes */
#define HTTP_DEFAULT_MAX_CONNS	    512	       /* total; split across the worker threads */
#define HTTP_DEFAULT_MAX_PER_IP	    64	       /* one client cannot take every slot */
#define HTTP_DEFAULT_CACHE	    4096       /* analyses kept in memory */
#define HTTP_DEFAULT_BUSY_MS	    1000 /* a registry write takes ms; a worker waits at most 1 s */
#define HTTP_DEFAULT_DRAIN	    30	 /* seconds to finish in-flight requests */
#define HTTP_DEFAULT_HEADER_TIMEOUT 10	 /* seconds for a request's line and headers */
#define HTTP_DEFAULT_BODY_TIMEOUT   30	 /* seconds for its body, once the headers are in */
#define HTTP_DEFAULT_DEADLINE	    60	 /* seconds an analysis may compute */
#define HTTP_DEFAULT_QUEUE	    64	 /* analyses waiting for a worker */
/* Bytes the enumerations of all requests may hold at once (and one request
 * at most): a 2^26-point analysis needs about 1 GiB. */
#define HTTP_DEFAULT_MEMORY_BUDGET ((int64_t)2 << 30)
#define HTTP_WATCH_MS		   100 /* the watchdog's period */
/* What a parsed JSON value costs (http_json_cost), in bytes, per token:
 * over what jansson takes on x86-64 glibc, allocator overhead included. */
#define HTTP_COST_OBJECT 272
#define HTTP_COST_ARRAY	 176
#define HTTP_COST_STRING 96 /* plus its bytes */
#define HTTP_COST_NUMBER 56
#define HTTP_COST_SLOT	 16 /* every value's place in its container */
/* After a request that held this much is freed, the allocator's free
 * memory goes back to the system (malloc_trim), so RSS follows the budget
 * down instead of staying at its high-water mark. */
#define HTTP_TRIM_BYTES ((int64_t)16 << 20)
/* The daemon's RSS stays within --memory-budget plus this, plus
 * HTTP_CONN_MEMORY per open connection: the code, the libraries, the
 * threads' stacks in use, the caches' bounded text and the responses. */
#define HTTP_RSS_OVERHEAD ((int64_t)64 << 20)
/* At the drain an idle keep-alive stays open this long, so a request its
 * client sent as the signal came is still read and answered. */
#define HTTP_DRAIN_IDLE_US 1000000
#define HTTP_MAX_CORS	   16		       /* allowed origins */
#define HTTP_CACHE_BYTES   ((size_t)256 << 20) /* memory cache: bounded in bytes too */
#define HTTP_MAX_STREAMS   8 /* table producers at once; each holds an enumeration */
/* Per-connection buffer for headers and I/O.  Bodies are copied out as
 * they arrive; it must hold the largest head guard.c lets through with
 * every field, query parameter and cookie parsed, and libmicrohttpd
 * zeroes it on every request, so it is no larger than that. */
#define HTTP_CONN_MEMORY (32 * 1024)
/* The request framing guard.c enforces (over it: problem+json, closed). */
#define HTTP_MAX_HEAD	      8192	/* request line and fields, bytes: as common servers */
#define HTTP_MAX_FIELDS	      100	/* header fields (and trailer fields) of one request */
#define HTTP_MAX_QUERY_PARAMS 64	/* the routes read three at most */
#define HTTP_MAX_COOKIES      64	/* the daemon reads none; each takes buffer space */
#define HTTP_MAX_CHUNK_LINE   1024	/* a chunk size with its extensions */
#define HTTP_GUARD_MAX_FDS    (1 << 20) /* sockets above this read unguarded */
#define HTTP_MAX_GRID_CELLS   16384	/* grid.svg draws at most 128x128 elements */
#define HTTP_MAX_GRID_TILE    262144	/* ... in windows of a tile of at most 512x512 */
#define HTTP_MAX_GRID_LABELS  4096	/* labels only while cells stay readable */
#define HTTP_MAX_PARAMS	      3		/* /v1/layouts/{name}/versions/{n} has two */
/* Bytes of one decoded path parameter: a name is at most 128 characters,
 * an id 71; a longer parameter is refused as too long, not truncated. */
#define HTTP_PARAM_MAX	160
#define HTTP_MAX_TARGET 8192 /* bytes of a request target kept for routing */
#define HTTP_MAX_TOKEN	512  /* a bearer token; a longer one is unknown */

struct http_config {
	char host[256];
	char port[16];
	const char *db_path;
	const char *port_file;
	unsigned threads;
	size_t max_body;
	int64_t max_points;
	unsigned timeout, max_conns, max_per_ip, drain;
	size_t cache_entries;
	bool log_json;
	bool require_token_reads;
	int max_depth, max_expr_len;
	long db_cache_entries;
	long long db_cache_bytes;
	bool open_writes; /* writes need no token even once tokens exist */
	int busy_ms;
	unsigned header_timeout, body_timeout, deadline, workers, queue;
	int64_t memory_budget;
	int ncors;
	const char *cors[HTTP_MAX_CORS];
};

/* Routes, by template; the metrics and logs label requests with these. */
enum http_route {
	ROUTE_ANALYZE,
	ROUTE_CHECK,
	ROUTE_COMPARE,
	ROUTE_ANALYSIS,
	ROUTE_TABLE,
	ROUTE_GRID,
	ROUTE_LIVEZ,
	ROUTE_READYZ,
	ROUTE_METRICS,
	ROUTE_OPENAPI,
	ROUTE_INDEX,
	ROUTE_ASSET,
	ROUTE_LAYOUTS,
	ROUTE_LAYOUT,
	ROUTE_VERSIONS,
	ROUTE_VERSION,
	ROUTE_PRINT,
	ROUTE_LINT,
	ROUTE_NONE,
	HTTP_NROUTES
};

/* Who may call a route (decided once, in server.c, before any body is read). */
enum http_auth {
	AUTH_OPEN, /* health, metrics, documents: never a token */
	/* /v1: a write (PUT, DELETE) needs a write token once a token has ever
	 * existed; a read needs a token only with --require-token-for-reads */
	AUTH_V1,
};

struct http_req;
typedef enum MHD_Result (*http_handler_fn)(struct MHD_Connection *c, struct http_req *r);

/* One route: its template, the methods it answers (for 405 and Allow), its
 * handler, its authorization, and whether it always computes (then it runs
 * on the analysis workers).  The table is in routes.c. */
struct http_route_def {
	const char *tmpl;
	const char *methods;
	http_handler_fn handler;
	int auth; /* enum http_auth */
	bool pool;
};
extern const struct http_route_def http_routes[HTTP_NROUTES];
/* The route of the raw path path[0..plen) (ROUTE_NONE when none), its
 * captures decoded into r->params, r->param_bad set for a capture that
 * decodes to a NUL, a malformed escape or too many bytes (routes.c). */
int http_route_of(const char *path, size_t plen, struct http_req *r);
/* Whether the route answers method (HEAD wherever GET). */
bool http_method_allowed(int route, const char *method);
/* True for a path under /v1/layouts/ whose name segment is not a name;
 * seg gets that segment as sent (at most 200 bytes) for the message. */
bool http_bad_registry_name(const char *path, size_t plen, char *seg, size_t n);

/* ------------------------------------------------------------------ */
/* In-memory analysis cache (LRU), shared by all worker threads.       */

struct http_cache;

/* Immutable bytes shared between threads: the cache's texts.  Nothing
 * mutable is shared (a jansson value's reference count is not safe to
 * drop from two threads), so a hit takes a reference to bytes that never
 * change and parses them, if it needs a tree, into its own. */
struct http_blob {
	atomic_long refs;
	size_t len;
	char text[];
};
struct http_blob *http_blob_new(const char *text, size_t len);
struct http_blob *http_blob_ref(struct http_blob *b);
void http_blob_unref(struct http_blob *b);

/* A cached response as text with holes for "ok" and "expect", and what
 * fills them for a request without expectations. */
struct http_template {
	struct http_blob *blob; /* holds text, then default_expect */
	const char *text;
	size_t len, ok_at, ok_len, expect_at, expect_len;
	bool default_ok;
	const char *default_expect;
};

struct http_cache *http_cache_new(size_t capacity);
void http_cache_free(struct http_cache *c);
/* On a hit: *analysis (unless analysis is NULL) is a new reference to the
 * analysis as JSON text, *layout (unless NULL) a malloc'd copy of the
 * definition's JSON text, *tmpl (unless NULL) holds a new reference. */
bool http_cache_get(struct http_cache *c, const char *id, struct http_blob **analysis,
		    char **layout, struct http_template *tmpl);
/* Stores analysis (borrowed: serialized here, never kept) and takes layout
 * (malloc'd; freed by the cache, also on failure). */
void http_cache_put(struct http_cache *c, const char *id, json_t *analysis, char *layout);
/* Entries and bytes held, for /metrics. */
void http_cache_stats(struct http_cache *c, size_t *entries, size_t *bytes);

/* ------------------------------------------------------------------ */
/* Metrics                                                             */

#define HTTP_NBUCKETS 14
extern const double http_buckets[HTTP_NBUCKETS];

struct http_metrics {
	atomic_uint_fast64_t requests[HTTP_NROUTES][600];
	atomic_uint_fast64_t latency[HTTP_NROUTES][HTTP_NBUCKETS + 1];
	atomic_uint_fast64_t latency_us_sum[HTTP_NROUTES];
	atomic_uint_fast64_t cache_hits, cache_misses;
};

struct http_server;
/* Counts one answered request (log.c). */
void http_metrics_observe(struct http_metrics *m, int route, unsigned status, int64_t us);
char *http_metrics_render(struct http_server *srv);

/* ------------------------------------------------------------------ */
/* The server and one request                                          */

struct store;

struct http_pool;
struct http_conn;

struct http_server {
	struct http_config cfg;
	struct http_pool *pool;	   /* heavy analyses (work.c) */
	atomic_llong mem_used;	   /* bytes reserved by enumerations now */
	atomic_bool stop_work;	   /* the drain deadline passed: stop computing */
	atomic_llong drain_us;	   /* when the drain began */
	pthread_mutex_t conn_lock; /* guards conns, and each request's state */
	struct http_conn *conns;   /* open connections */
	atomic_int nconns;
	atomic_bool watch_stop;
	pthread_t watch_thread;
	struct MHD_Daemon *daemon;
	struct http_cache *cache;
	struct store *store; /* the SQLite cache and registry */
	struct http_metrics metrics;
	/* set by server.c at start, so the layers below the route table
	 * (log, metrics, respond, the pool) read it without calling up:
	 * routes names the table (http_routes), run the dispatch (http_api) */
	const struct http_route_def *routes;
	enum MHD_Result (*run)(struct MHD_Connection *c, struct http_req *r);
	atomic_bool draining;
	atomic_int inflight;
	atomic_int streams; /* table producers running */
	int64_t started_us;
};

struct http_stream;

/* What one request's enumerations may use: its share of the memory budget
 * and its interrupt (cancelled, or past --deadline). */
struct http_budget {
	struct http_server *srv;
	atomic_llong reserved;
	atomic_bool cancel;
	int64_t deadline_us; /* 0: none */
	/* the engine's context of the request: its reserve, release and
	 * interrupt are this budget's (http_budget_init) */
	struct lay_ctx ctx;
};

/* Where a request is, for the watchdog (read and written under conn_lock). */
enum http_req_state { REQ_HEAD, REQ_BODY, REQ_RUN, REQ_WORK };

struct http_req {
	struct http_server *srv;
	int route;
	char method[16];
	char params[HTTP_MAX_PARAMS][HTTP_PARAM_MAX]; /* path parameters, decoded */
	/* a parameter whose raw form decodes to a NUL, holds a malformed
	 * escape or is longer than HTTP_PARAM_MAX: refused by its handler */
	bool param_bad[HTTP_MAX_PARAMS];
	char *target; /* the raw request target as received (owned) */
	char *body;
	size_t len, cap;
	json_t *parsed; /* the body once parsed (owned): a deferred handler reads it again */
	bool too_big;
	size_t want;		/* Content-Length, when given: the body's buffer at once */
	struct lay_error *over; /* the body did not fit the memory budget (owned) */
	bool called;		/* the handler has seen the headers */
	bool in_first;		/* in the first call, before any body is read */
	bool hold_early;	/* an answer now waits for the body to be discarded */
	bool has_body;		/* Content-Length above 0, or Transfer-Encoding */
	bool http10;		/* an HTTP/1.0 request: no interim response */
	bool probed;		/* the watchdog sent 102 to see whether the client is there */
	bool closing;		/* its answer closes the connection */
	bool responded;
	int64_t start_us;
	unsigned status;
	int64_t bytes;
	struct http_stream *stream; /* streamed body: bytes counted by its producer */
	char origin[256];	    /* allowed CORS origin to echo, "" if none */
	char who[160];		    /* the token's name once authorized, "" without one */
	/* connection state and heavy work (work.c) */
	struct http_conn *conn; /* NULL once the connection closed */
	int state;		/* enum http_req_state */
	bool expired;		/* closed by the watchdog: never answer */
	int64_t head_done_us;
	struct MHD_Connection *mhd;   /* while queued on the pool */
	struct http_req *qnext;	      /* the pool's queue */
	struct MHD_Response *pending; /* built on the pool, queued on resume */
	unsigned pending_status;
	struct http_budget budget;
};

/* Responses.  Each queues on the connection and records status and size.
 * http_send_json sends application/json; errors go through problem.c. */
enum MHD_Result http_send_json(struct MHD_Connection *c, struct http_req *r, unsigned status,
			       json_t *body, const char *const *headers);
/* 304 Not Modified with its ETag. */
enum MHD_Result http_send_not_modified(struct MHD_Connection *c, struct http_req *r,
				       const char *etag);
/* Sends buf (malloc'd, freed by MHD) of len bytes with extra headers. */
enum MHD_Result http_send_owned(struct MHD_Connection *c, struct http_req *r, unsigned status,
				const char *type, char *buf, size_t len,
				const char *const *headers);
enum MHD_Result http_send_text(struct MHD_Connection *c, struct http_req *r, unsigned status,
			       const char *type, const char *text, size_t len, bool copy);
/* 204 to a CORS preflight (OPTIONS): Allow, and the Access-Control-*
 * answers when the request has an allowed Origin. */
enum MHD_Result http_send_preflight(struct MHD_Connection *c, struct http_req *r);

/* Problems (problem.c): every error response is built there. */
const char *http_reason(unsigned status);
/* A new problem object; detail and pointer may quote request bytes (they
 * are cleaned), title NULL takes the status's reason phrase. */
json_t *http_problem_new(unsigned status, const char *code, const char *title, const char *detail,
			 const char *pointer);
/* Sends a problem object (borrowed) as application/problem+json. */
enum MHD_Result http_send_problem_json(struct MHD_Connection *c, struct http_req *r,
				       unsigned status, json_t *problem,
				       const char *const *headers);
enum MHD_Result http_send_problem(struct MHD_Connection *c, struct http_req *r, unsigned status,
				  const char *code, const char *detail, const char *pointer);
/* The same with extra headers (name, value pairs, NULL-terminated). */
enum MHD_Result http_send_problem_h(struct MHD_Connection *c, struct http_req *r, unsigned status,
				    const char *code, const char *detail, const char *pointer,
				    const char *const *headers);
/* An engine error: its status, code, pointer and position. */
enum MHD_Result http_send_error(struct MHD_Connection *c, struct http_req *r,
				const struct lay_error *err);
void http_add_common_headers(struct http_req *r, struct MHD_Response *resp);
/* A whole HTTP/1.1 response carrying a problem, with Connection: close, for
 * the answers written on the socket itself (a late body, a malformed
 * request).  malloc'd (the caller frees), its size in *len and its body's
 * in *body_len; NULL without memory. */
char *http_problem_message(unsigned status, const char *code, const char *detail, size_t *len,
			   size_t *body_len);

/* guard.c: the framing of every request, checked as it is read; a
 * malformed one is answered with a problem and its connection closed. */
int http_guard_start(struct http_server *srv);
void http_guard_stop(void);
void http_guard_open(int fd);  /* a connection opened: its reads are checked */
void http_guard_close(int fd); /* before the socket closes */
int http_guard_count(void);    /* sockets guarded now */
/* A request on fd was answered in full (the request-completed callback);
 * closing: its answer closes the connection. */
void http_guard_answered(int fd, bool closing);
/* The status of a refusal of the request the library holds on fd, with the
 * bytes of its answer and the request's method; 0 when there is none. */
unsigned http_guard_refused(int fd, int64_t *bytes, char *method, size_t size);
/* Logs and counts a refused request the library never saw (log.c). */
void http_log_refused(struct http_server *srv, int fd, const char *method, unsigned status,
		      int64_t bytes, int64_t us);
/* The access log line of an answered request (log.c); sa may be NULL. */
struct sockaddr;
void http_log_request(struct http_server *srv, const struct sockaddr *sa, struct http_req *r,
		      int64_t us);

/* budget.c: the memory budget, the pool thread's marks, the request state. */
bool http_on_pool(void); /* on a pool thread, handlers compute */
/* The budget of the request the pool thread runs, or NULL. */
struct http_budget *http_current_budget(void);
void http_pool_thread(void);			 /* marks this thread a pool thread */
void http_budget_current(struct http_budget *b); /* the request it runs now, or NULL */
/* work.c: the heavy-work pool and the connection watchdog. */
/* Queues the request on the pool (suspending its connection); or 503. */
enum MHD_Result http_defer(struct MHD_Connection *c, struct http_req *r);
int http_pool_start(struct http_server *srv);
void http_pool_stop(struct http_server *srv);
bool http_pool_idle(struct http_server *srv);
/* Requests waiting for a worker and running on one, for /metrics. */
void http_pool_stats(struct http_server *srv, unsigned *queued, unsigned *running);
void http_budget_init(struct http_budget *b, struct http_server *srv, bool deadline);
void http_budget_release(struct http_budget *b);
/* Reserves bytes a request holds (its body, its parsed tree, its queue
 * slot) from the moment they are taken; 0, or a located error:
 * LAY_EMEMORY over the per-request share, LAY_EUNAVAILABLE when others
 * hold the budget.  http_budget_drop gives back bytes freed early. */
int http_budget_hold(struct http_budget *b, int64_t bytes, const char *what, struct lay_error *err);
void http_budget_drop(struct http_budget *b, int64_t bytes);
/* An upper estimate of the bytes jansson takes to hold the JSON text. */
int64_t http_json_cost(const char *text, size_t len);
/* Points the options' reserve and interrupt seams at b (borrowed). */
void http_budget_options(struct http_budget *b, struct lay_options *o);
void http_on_connection(void *cls, struct MHD_Connection *c, void **socket_context,
			enum MHD_ConnectionNotificationCode toe);
void http_conn_attach(struct MHD_Connection *c, struct http_req *r);
void http_conn_detach(struct http_req *r);
/* Moves the request to state; false when the watchdog already closed it. */
bool http_conn_state(struct http_req *r, int state);
int http_watch_start(struct http_server *srv);
void http_watch_stop(struct http_server *srv);

/* Runs the handler of r->route (routes.c), or queues it on the pool. */
enum MHD_Result http_api(struct MHD_Connection *c, struct http_req *r);
/* Endpoint handlers (api.c), named in the route table. */
enum MHD_Result http_livez(struct MHD_Connection *c, struct http_req *r);
enum MHD_Result http_readyz(struct MHD_Connection *c, struct http_req *r);
enum MHD_Result http_metrics(struct MHD_Connection *c, struct http_req *r);
enum MHD_Result http_document(struct MHD_Connection *c, struct http_req *r);
enum MHD_Result http_post_analyze(struct MHD_Connection *c, struct http_req *r);
enum MHD_Result http_post_check(struct MHD_Connection *c, struct http_req *r);
enum MHD_Result http_post_compare(struct MHD_Connection *c, struct http_req *r);
enum MHD_Result http_get_analysis(struct MHD_Connection *c, struct http_req *r);
enum MHD_Result http_get_table(struct MHD_Connection *c, struct http_req *r);
enum MHD_Result http_get_grid(struct MHD_Connection *c, struct http_req *r);
/* print.c: GET /v1/analyses/{id}/print?format= and POST /v1/lint */
enum MHD_Result http_get_print(struct MHD_Connection *c, struct http_req *r);
enum MHD_Result http_post_lint(struct MHD_Connection *c, struct http_req *r);
/* The cached analysis and definition of path parameter 0 (both owned by
 * the caller), or false with a 4xx/5xx queued in *ret. */
bool http_load_cached(struct MHD_Connection *c, struct http_req *r, json_t **analysis,
		      json_t **layout, enum MHD_Result *ret);

/* The outcome of an analysis request: a JSON object, or on a cache hit
 * the response text filled from the cached template. */
struct http_outcome {
	json_t *analysis;
	char *text;
	size_t len;
	bool ok, hit;
	char id[72];
};
/* Analyse a request body whose members are those of a request of `kind`
 * (enum lay_request_kind); with want_json the outcome is always a JSON
 * object.  0 or a lay_code with err. */
int http_analyze(struct http_server *srv, json_t *body, unsigned kind, bool want_json,
		 struct http_outcome *o, struct lay_error *err);
/* http_analyze's answer, off the pool, when the analysis must be computed:
 * the caller defers the request (http_defer) and the pool runs it again. */
#define HTTP_ANALYZE_DEFER 1
struct lay_options http_options(struct http_server *srv);
json_t *http_parse_body(struct http_req *r, struct lay_error *err);

/* The registry (registry.c). */
enum MHD_Result http_registry(struct MHD_Connection *c, struct http_req *r);
/* equals.c: resolves expect.equals "name[@version]" to its fingerprint. */
int http_resolve_equals(void *ctx, const char *ref, char fingerprint[72], struct lay_error *err);
/* The placement differences between a layout and a registry reference,
 * attached to the "equals" failure of an analysis. */
void http_equals_differences(struct http_server *srv, const struct lay_options *opt, json_t *layout,
			     json_t *analysis);
/* Authorization: true when the request may go on; else a 401/403 has been
 * queued into *ret.  who receives the token's name ("" without tokens). */
bool http_authorize(struct MHD_Connection *c, struct http_req *r, bool write, char *who,
		    size_t who_len, enum MHD_Result *ret);

/* Streamed table (stream.c): takes ownership of def. */
enum MHD_Result http_stream_table(struct MHD_Connection *c, struct http_req *r, struct lay_def *def,
				  bool inverse, bool csv, int64_t after, int64_t limit,
				  int64_t total, const char *id);
int64_t http_stream_bytes(struct http_stream *s);
void http_stream_release(struct http_stream *s);

/* grid.svg (svg.c): the picture of def, or of the window the query asks
 * for (row0, col0, rows, cols), or a located problem. */
enum MHD_Result http_send_grid(struct MHD_Connection *c, struct http_req *r, struct lay_def *def,
			       json_t *analysis);

/* Static assets embedded at build time (assets.c, generated). */
struct http_asset {
	const char *path;
	const char *type;
	const unsigned char *data;
	size_t len;
};
extern const struct http_asset http_assets[];

/* ETags name a placement: W/"sha256:<fingerprint>", weak because two
 * representations (two versions, or a recomputed analysis) may place
 * identically.  True when If-None-Match (weak comparison, lists, "*")
 * matches the fingerprint. */
void http_etag(const char *fingerprint, char out[96]);
bool http_etag_matches(struct MHD_Connection *c, const char *fingerprint);

#endif
