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

struct store_ops {
	int version;	    /* 1 */
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
	int (*token_insert)(struct store *st, const char *name, const uint8_t hash[STORE_HASH_LEN],
			    const char *scope, struct store_error *err);
	/* STORE_OK with name and scope of the live token of that hash, else
	 * STORE_AUTH; compares every live hash with store_hash_eq. */
	int (*token_find)(struct store *st, const uint8_t hash[STORE_HASH_LEN],
			  char name_out[STORE_NAME_MAX + 1], char scope_out[8],
			  struct store_error *err);
	int (*token_list)(struct store *st, json_t **out, struct store_error *err);
	int (*token_revoke)(struct store *st, const char *name, struct store_error *err);
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
