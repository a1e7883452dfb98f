/*
 * backend.h - how a store backend plugs in (internal to src/store/).
 *
 * As SQLite's sqlite3_vfs: a versioned struct of function pointers, one per
 * backend (sqlite_rows.c fills store_sqlite_ops, postgres.c store_pg_ops), found
 * by store_open() from the scheme of the --db value.  A backend's handle
 * embeds `struct store` first, so the dispatch in store.c reads st->ops.
 *
 * The ops are statements, as redis's ae.c asks of ae_epoll.c: begin,
 * commit, rollback, "select this version", "insert this version", "mark
 * it deleted", "the rows of this page", "insert this token"...  A backend
 * says how to run them on its database and hands rows back, borrowed, to
 * a visitor.  Every rule is store.c's, once for both: the arguments
 * (names, keys, versions, page limits, token format), which PUT is the
 * same version, not found against gone and their messages, the pages and
 * their cursors, idempotent delete, token generation, hashing and the
 * constant-time comparison, the version JSON, the cache entry's size, and
 * the per-thread connection set both use.  An op may trust its arguments.
 */
#ifndef LAYOUTD_STORE_BACKEND_H
#define LAYOUTD_STORE_BACKEND_H

#include <pthread.h>

#include "store/store.h"

#define STORE_HASH_LEN 32 /* SHA-256 of a token */

/* A token row handed to a visitor; every pointer is borrowed for the call.
 * hash is NULL when the stored value is not STORE_HASH_LEN bytes. */
struct store_token_row {
	const char *name, *created, *revoked, *scope;
	const uint8_t *hash;
};
typedef int (*store_token_fn)(void *ctx, const struct store_token_row *row);

/* A registry row handed to a visitor; every string is borrowed for the
 * call (NULL for SQL NULL, or for a column the statement does not read). */
struct store_version_row {
	const char *name, *id, *fingerprint, *layout, *analysis, *checks, *description, *created,
		*created_by;
	int64_t version;
	bool deleted;
	int64_t live; /* names_page: the name's live versions */
	bool ok;      /* names_page: the latest version's analysis.ok */
};
typedef int (*store_version_fn)(void *ctx, const struct store_version_row *row);

struct store_ops {
	int version;	    /* 2: statement-level */
	const char *scheme; /* "sqlite", "postgresql" */
	void (*close)(struct store *st);
	int (*ready)(struct store *st, struct store_error *err);
	const char *(*degraded)(struct store *st);
	int (*integrity_check)(struct store *st, struct store_error *err);
	/* The analysis cache, on its own connection and transactions.
	 * cache_get: the entry into *json_out (malloc'd), made the most
	 * recently used (best effort); STORE_NOTFOUND when absent.
	 * cache_put: insert or replace the entry (size: what it costs, by
	 * store.c's measure) as the most recently used, then evict the least
	 * recently used past st->cache_max entries or st->cache_bytes bytes:
	 * one transaction that never waits for a flush. */
	int (*cache_get)(struct store *st, const char *id, const char *engine_version,
			 char **json_out, struct store_error *err);
	int (*cache_put)(struct store *st, const char *id, const char *engine_version,
			 const char *json_text, int64_t size, struct store_error *err);
	int (*cache_count)(struct store *st, long *count, struct store_error *err);

	/* Registry statements, run inside store.c's transactions.
	 * name_lock: before a put reads the latest version, make the other
	 * writers of the name wait (a no-op where the write transaction locks
	 * the whole database).  version_select: version n (deleted ones too),
	 * or for n = 0 the latest live one, to `each`; STORE_NOTFOUND when
	 * there is none.  version_insert: bump the name's counter (creating
	 * the name), insert v as that version, *version = its number.
	 * name_state: versions ever and live versions of the name.
	 * versions_page: live versions > after, ascending, at most n rows
	 * (version, id, fingerprint, description, created, created_by).
	 * names_page: names > after with prefix <= name < upper that have a
	 * live version, ascending, at most n, each with its latest live
	 * version (name, version, id, fingerprint, description, created),
	 * live = its live count, ok = that version's analysis.ok.
	 * version_delete: mark a live version deleted at `deleted`;
	 * *changed = whether one was.  A visitor's non-zero return stops the
	 * statement and is returned. */
	int (*name_lock)(struct store *st, const char *name, const char *created,
			 struct store_error *err);
	int (*version_select)(struct store *st, const char *name, int64_t version,
			      store_version_fn each, void *ctx, struct store_error *err);
	int (*version_insert)(struct store *st, const struct store_version_row *v, int64_t *version,
			      struct store_error *err);
	int (*name_state)(struct store *st, const char *name, int64_t *total, int64_t *live,
			  struct store_error *err);
	int (*versions_page)(struct store *st, const char *name, int64_t after, long n,
			     store_version_fn each, void *ctx, struct store_error *err);
	int (*names_page)(struct store *st, const char *after, const char *prefix,
			  const char *upper, long n, store_version_fn each, void *ctx,
			  struct store_error *err);
	int (*version_delete)(struct store *st, const char *name, int64_t version,
			      const char *deleted, bool *changed, struct store_error *err);

	/* Transactions on the calling thread's registry connection.  begin with
	 * write takes the write lock and makes the commit durable; a read
	 * transaction gives its statements one snapshot where the database
	 * has one cheaply (SQLite), else it may do nothing (PostgreSQL reads
	 * are single statements).  rollback ends whatever is open and is a
	 * no-op after commit or when nothing is; store.c calls it on every
	 * exit. */
	int (*begin)(struct store *st, bool write, struct store_error *err);
	int (*commit)(struct store *st, struct store_error *err);
	void (*rollback)(struct store *st);

	/* Tokens.  token_insert: STORE_CONFLICT when a live token has the
	 * name.  token_rows: every row (live only: the live ones), oldest
	 * first, to `each` (a non-zero return stops and is returned).
	 * token_revoke: *changed = whether a live token of that name was
	 * revoked. */
	int (*token_insert)(struct store *st, const char *name, const uint8_t hash[STORE_HASH_LEN],
			    const char *scope, const char *created, struct store_error *err);
	int (*token_rows)(struct store *st, bool live, store_token_fn each, void *ctx,
			  struct store_error *err);
	int (*token_revoke)(struct store *st, const char *name, const char *revoked, bool *changed,
			    struct store_error *err);
	int (*tokens_exist)(struct store *st, bool *exist, struct store_error *err);
};

/* The front every backend handle starts with: its ops, and the options
 * both backends obey (store_options_apply fills them with the defaults). */
struct store {
	const struct store_ops *ops;
	long cache_max;	       /* entries */
	long long cache_bytes; /* bytes of bodies */
	int busy_ms;	       /* how long a write waits for a lock */
};

/* Fill the options of st from opt (NULL or zero fields: the defaults). */
void store_options_apply(struct store *st, const struct store_options *opt);

/* One connection as its set knows it: a backend's connection struct starts
 * with it. */
struct store_conn {
	struct store_conns *set;
	struct store_conn *prev, *next;
};

/* A backend's connections of one kind, one per thread (an SQLite
 * connection opened with SQLITE_OPEN_NOMUTEX, a PGconn): store_conn_mine
 * is the calling thread's (NULL before its first), store_conn_add makes a
 * new one the calling thread's, a thread's exit closes its own with
 * `close`, and store_conns_close closes the rest, once no other thread is
 * inside the store.  store_conns_close is a no-op on a set whose init
 * failed or that is closed already. */
struct store_conns {
	pthread_key_t key;
	pthread_mutex_t lock; /* guards the list */
	struct store_conn *head;
	void (*close)(struct store_conn *c);
	bool ready;
};
int store_conns_init(struct store_conns *set, void (*close)(struct store_conn *c),
		     struct store_error *err);
void *store_conn_mine(struct store_conns *set);
void store_conn_add(struct store_conns *set, struct store_conn *c);
void store_conns_close(struct store_conns *set);

extern const struct store_ops store_sqlite_ops;
struct store *store_sqlite_open(const char *path, const struct store_options *opt,
				struct store_error *err);
#ifdef HAVE_LIBPQ
extern const struct store_ops store_pg_ops;
struct store *store_pg_open(const char *url, const struct store_options *opt,
			    struct store_error *err);
#endif

/* ---- Shared by the backends (store.c) ---- */

/* Fill err (when not NULL) and return code. */
int store_fail(struct store_error *err, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int store_ok(struct store_error *err);
/* The current time as RFC 3339 UTC, second precision. */
void store_now(char out[32]);
/* Add v to obj under key, consuming v; false on allocation failure. */
bool store_json_put(json_t *obj, const char *key, json_t *v);
int store_check_name(const char *name, struct store_error *err);
int store_check_key(const char *what, const char *v, struct store_error *err);
bool store_prefix_valid(const char *p);
long store_page_limit(long limit);
/* Constant-time comparison of two token hashes. */
bool store_hash_eq(const void *a, const void *b);
/* The fault-injection seam: true when this call is the one to fail. */
bool store_fail_injected(void);

#endif
