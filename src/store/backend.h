/*
 * backend.h - how a store backend plugs in (internal to src/store/).
 *
 * As SQLite's sqlite3_vfs: a versioned struct of function pointers, one per
 * backend (sqlite.c fills store_sqlite_ops, postgres.c store_pg_ops), found
 * by store_open() from the scheme of the --db value.  A backend's handle
 * embeds `struct store` first, so the dispatch in store.c reads st->ops.
 *
 * store.c checks every argument before it calls an op (names, keys,
 * versions, page limits, token format), generates and hashes tokens, and
 * owns what both backends share (the version JSON, errors, the fault
 * injection counter).  An op may trust its arguments.
 */
#ifndef LAYOUTD_STORE_BACKEND_H
#define LAYOUTD_STORE_BACKEND_H

#include "store/store.h"

#define STORE_HASH_LEN 32 /* SHA-256 of a token */

/* A token row handed to a visitor; every pointer is borrowed for the call.
 * hash is NULL when the stored value is not STORE_HASH_LEN bytes. */
struct store_token_row {
	const char *name, *created, *revoked, *scope;
	const uint8_t *hash;
};
typedef int (*store_token_fn)(void *ctx, const struct store_token_row *row);

struct store_ops {
	int version;	    /* 2 */
	const char *scheme; /* "sqlite", "postgresql" */
	void (*close)(struct store *st);
	int (*ready)(struct store *st, struct store_error *err);
	const char *(*degraded)(struct store *st);
	int (*integrity_check)(struct store *st, struct store_error *err);
	int (*cache_get)(struct store *st, const char *id, const char *engine_version,
			 char **json_out, struct store_error *err);
	int (*cache_put)(struct store *st, const char *id, const char *engine_version,
			 const char *json_text, struct store_error *err);
	int (*cache_count)(struct store *st, long *count, struct store_error *err);
	int (*layout_put)(struct store *st, const char *name, const char *id,
			  const char *fingerprint, const char *layout_json,
			  const char *analysis_json, const char *checks_json,
			  const char *description, const char *created_by,
			  struct store_version *out, bool *created, struct store_error *err);
	int (*layout_get)(struct store *st, const char *name, int64_t version,
			  struct store_version *out, struct store_error *err);
	int (*layout_versions)(struct store *st, const char *name, int64_t after, long limit,
			       json_t **out, struct store_error *err);
	int (*layout_list)(struct store *st, const char *prefix, const char *after_name, long limit,
			   json_t **out, struct store_error *err);
	int (*layout_delete)(struct store *st, const char *name, int64_t version, bool *deleted_now,
			     struct store_error *err);

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

struct store {
	const struct store_ops *ops;
};

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
/* Whether two versions' checks (JSON object texts, NULL = {}) are equal
 * JSON: an idempotent PUT repeats the id and the checks. */
bool store_checks_equal(const char *a, const char *b);
/* Constant-time comparison of two token hashes. */
bool store_hash_eq(const void *a, const void *b);
/* The fault-injection seam: true when this call is the one to fail. */
bool store_fail_injected(void);

#endif
