/*
 * sqlite_rows.c - the statements of backend.h on SQLite: the transactions,
 * the analysis cache, the registry and the API tokens, each a bound
 * statement of sqlite_conn.c whose rows go back, borrowed, to store.c's
 * visitors; and the backend's ops table.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sqlite3.h>

#include "store/sqlite_int.h"

/* ---- Transactions ---------------------------------------------------------- */

/* The backend.h transactions: the registry connection's. */
static int sq_begin(struct store *base, bool write, struct store_error *err)
{
	struct conn *c = NULL;
	int code = sq_conn_get((struct sq *)base, &c, err);
	if (code)
		return code;
	return write ? sq_tx_write(c, SYNC_FULL, err) : sq_tx_read(c, err);
}

static int sq_commit(struct store *base, struct store_error *err)
{
	struct conn *c = NULL;
	int code = sq_conn_get((struct sq *)base, &c, err);
	return code ? code : sq_tx_commit(c, err);
}

static void sq_rollback(struct store *base)
{
	sq_tx_abort(store_conn_mine(&((struct sq *)base)->conns));
}

/* ---- Analysis cache ------------------------------------------------------ */

static int sq_cache_get(struct store *base, const char *id, const char *engine_version,
			char **json_out, struct store_error *err)
{
	struct sq *st = (struct sq *)base;
	struct conn *c = NULL;
	sqlite3_stmt *s = NULL;
	int code, rc;
	*json_out = NULL;
	if ((code = sq_cache_conn_get(st, &c, err)) || (code = sq_prep(c, S_CACHE_GET, &s, err)))
		return code;
	if ((rc = sq_bind_text(s, 1, id)) || (rc = sq_bind_text(s, 2, engine_version))) {
		code = sq_bind_fail(err, c, rc);
		goto out;
	}
	rc = sq_step(s);
	if (rc == SQLITE_DONE)
		code = STORE_NOTFOUND;
	else if (rc != SQLITE_ROW)
		code = sq_fail(err, c->db, rc, "cache lookup");
	else if (sq_col_dup(s, 0, json_out) || !*json_out)
		code = STORE_NOMEM;
	sq_done(s);
	s = NULL;
	if (code)
		goto out;
	/* Touch: best effort, never waits for the cache's write lock. */
	if (!sq_prep(c, S_CACHE_TOUCH, &s, NULL) && !sq_bind_text(s, 1, id) &&
	    !sq_bind_text(s, 2, engine_version)) {
		sqlite3_busy_timeout(c->db, 0);
		sq_step(s);
		sqlite3_busy_timeout(c->db, st->base.busy_ms);
	}
	code = store_ok(err);
out:
	sq_done(s);
	return code;
}

static int sq_cache_put(struct store *base, const char *id, const char *engine_version,
			const char *json_text, int64_t size, struct store_error *err)
{
	struct sq *st = (struct sq *)base;
	struct conn *c = NULL;
	sqlite3_stmt *s = NULL;
	int64_t count = 0, bytes = 0;
	int code, rc;
	if ((code = sq_cache_conn_get(st, &c, err)) || (code = sq_tx_write(c, SYNC_OFF, err)))
		return code;
	if ((code = sq_prep(c, S_CACHE_PUT, &s, err)))
		goto out;
	if ((rc = sq_bind_text(s, 1, id)) || (rc = sq_bind_text(s, 2, engine_version)) ||
	    (rc = sq_bind_text(s, 3, json_text)) || (rc = sq_bind_int(s, 4, size))) {
		code = sq_bind_fail(err, c, rc);
		goto out;
	}
	if ((code = sq_step_done(c, s, "cache insert", err)))
		goto out;
	sq_done(s);
	if ((code = sq_prep(c, S_CACHE_COUNT, &s, err)) || (code = sq_row_int(c, s, &count, err)))
		goto out;
	bytes = sqlite3_column_int64(s, 1);
	sq_done(s);
	/* The totals are kept by triggers: no scan unless a bound is passed. */
	if (count > st->base.cache_max || bytes > st->base.cache_bytes) {
		if ((code = sq_prep(c, S_CACHE_EVICT, &s, err)))
			goto out;
		if ((rc = sq_bind_int(s, 1, st->base.cache_max)) ||
		    (rc = sq_bind_int(s, 2, st->base.cache_bytes))) {
			code = sq_bind_fail(err, c, rc);
			goto out;
		}
		if ((code = sq_step_done(c, s, "cache eviction", err)))
			goto out;
		sq_done(s);
	}
	s = NULL;
	code = sq_tx_commit(c, err);
out:
	sq_done(s);
	sq_tx_abort(c);
	return code ? code : store_ok(err);
}

static int sq_cache_count(struct store *base, long *count, struct store_error *err)
{
	struct sq *st = (struct sq *)base;
	struct conn *c = NULL;
	sqlite3_stmt *s = NULL;
	int64_t n = 0;
	int code = sq_cache_conn_get(st, &c, err);
	if (code || (code = sq_prep(c, S_CACHE_COUNT, &s, err)))
		return code;
	code = sq_row_int(c, s, &n, err);
	sq_done(s);
	*count = (long)n;
	return code ? code : store_ok(err);
}

/* ---- Registry ------------------------------------------------------------ */

/* This thread's registry connection and its statement id, prepared. */
static int reg_stmt(struct store *base, enum stmt_id id, struct conn **c, sqlite3_stmt **s,
		    struct store_error *err)
{
	int code = sq_conn_get((struct sq *)base, c, err);
	return code ? code : sq_prep(*c, id, s, err);
}

static const char *col_text(sqlite3_stmt *s, int i)
{
	return (const char *)sqlite3_column_text(s, i);
}

/* Step a bound statement, giving each row to `row` (a non-zero return
 * stops); STORE_NOTFOUND when `one` and there is no row. */
static int rows(struct conn *c, sqlite3_stmt *s, const char *what,
		int (*row)(void *, sqlite3_stmt *), void *ctx, bool one, struct store_error *err)
{
	int rc, code = STORE_OK;
	long n = 0;
	while ((rc = sq_step(s)) == SQLITE_ROW) {
		n++;
		if ((code = row(ctx, s)))
			break;
	}
	if (!code && rc != SQLITE_DONE)
		code = sq_fail(err, c->db, rc, what);
	else if (!code && one && n == 0)
		code = STORE_NOTFOUND;
	sq_done(s);
	return code;
}

struct visit {
	store_version_fn each;
	void *ctx;
};

/* A row of VERSION_COLUMNS, and for the list page the name's live count
 * and its latest version's ok after them. */
static int version_row(void *p, sqlite3_stmt *s)
{
	struct visit *v = p;
	struct store_version_row r = {
		.name = col_text(s, 0),
		.version = sqlite3_column_int64(s, 1),
		.id = col_text(s, 2),
		.fingerprint = col_text(s, 3),
		.layout = col_text(s, 4),
		.analysis = col_text(s, 5),
		.description = col_text(s, 6),
		.created = col_text(s, 7),
		.created_by = col_text(s, 8),
		.deleted = sqlite3_column_type(s, 9) != SQLITE_NULL,
		.checks = col_text(s, 10),
		.live = sqlite3_column_count(s) > 11 ? sqlite3_column_int64(s, 11) : 0,
		.ok = sqlite3_column_count(s) > 12 && sqlite3_column_int(s, 12) != 0,
	};
	return v->each(v->ctx, &r);
}

/* BEGIN IMMEDIATE already holds the database's write lock. */
static int sq_name_lock(struct store *base, const char *name, const char *created,
			struct store_error *err)
{
	(void)base, (void)name, (void)created, (void)err;
	return STORE_OK;
}

static int sq_version_select(struct store *base, const char *name, int64_t version,
			     store_version_fn each, void *ctx, struct store_error *err)
{
	struct conn *c = NULL;
	sqlite3_stmt *s;
	struct visit v = { each, ctx };
	int code, rc;
	if ((code = reg_stmt(base, version ? S_GET_VERSION : S_LATEST_LIVE, &c, &s, err)))
		return code;
	if ((rc = sq_bind_text(s, 1, name)) || (version && (rc = sq_bind_int(s, 2, version)))) {
		sq_done(s);
		return sq_bind_fail(err, c, rc);
	}
	return rows(c, s, "layout lookup", version_row, &v, true, err);
}

static int sq_version_insert(struct store *base, const struct store_version_row *v,
			     int64_t *version, struct store_error *err)
{
	struct conn *c = NULL;
	sqlite3_stmt *s = NULL;
	int code, rc;
	if ((code = reg_stmt(base, S_NAME_BUMP, &c, &s, err)))
		return code;
	if ((rc = sq_bind_text(s, 1, v->name)) || (rc = sq_bind_text(s, 2, v->created))) {
		code = sq_bind_fail(err, c, rc);
		goto out;
	}
	if ((rc = sq_step(s)) != SQLITE_ROW) {
		code = sq_fail(err, c->db, rc == SQLITE_DONE ? SQLITE_ERROR : rc,
			       "version counter");
		goto out;
	}
	*version = sqlite3_column_int64(s, 0);
	if ((code = sq_step_done(c, s, "version counter", err)))
		goto out;
	sq_done(s);
	if ((code = sq_prep(c, S_VERSION_INSERT, &s, err)))
		goto out;
	if ((rc = sq_bind_text(s, 1, v->name)) || (rc = sq_bind_int(s, 2, *version)) ||
	    (rc = sq_bind_text(s, 3, v->id)) || (rc = sq_bind_text(s, 4, v->fingerprint)) ||
	    (rc = sq_bind_text(s, 5, v->layout)) || (rc = sq_bind_text(s, 6, v->analysis)) ||
	    (rc = sq_bind_text(s, 7, v->description)) || (rc = sq_bind_text(s, 8, v->created)) ||
	    (rc = sq_bind_text(s, 9, v->created_by)) || (rc = sq_bind_text(s, 10, v->checks)))
		code = sq_bind_fail(err, c, rc);
	else
		code = sq_step_done(c, s, "layout insert", err);
out:
	sq_done(s);
	return code;
}

static int sq_name_state(struct store *base, const char *name, int64_t *total, int64_t *live,
			 struct store_error *err)
{
	struct conn *c = NULL;
	sqlite3_stmt *s;
	int code, rc;
	if ((code = reg_stmt(base, S_NAME_STATE, &c, &s, err)))
		return code;
	if ((rc = sq_bind_text(s, 1, name)))
		code = sq_bind_fail(err, c, rc);
	else if ((rc = sq_step(s)) != SQLITE_ROW)
		code = sq_fail(err, c->db, rc == SQLITE_DONE ? SQLITE_ERROR : rc, "layout state");
	else {
		*total = sqlite3_column_int64(s, 0);
		*live = sqlite3_column_int64(s, 1);
	}
	sq_done(s);
	return code;
}

static int sq_versions_page(struct store *base, const char *name, int64_t after, long n,
			    store_version_fn each, void *ctx, struct store_error *err)
{
	struct conn *c = NULL;
	sqlite3_stmt *s;
	struct visit v = { each, ctx };
	int code, rc;
	if ((code = reg_stmt(base, S_VERSIONS_PAGE, &c, &s, err)))
		return code;
	if ((rc = sq_bind_text(s, 1, name)) || (rc = sq_bind_int(s, 2, after)) ||
	    (rc = sq_bind_int(s, 3, n))) {
		sq_done(s);
		return sq_bind_fail(err, c, rc);
	}
	return rows(c, s, "versions", version_row, &v, false, err);
}

static int sq_names_page(struct store *base, const char *after, const char *prefix,
			 const char *upper, long n, store_version_fn each, void *ctx,
			 struct store_error *err)
{
	struct conn *c = NULL;
	sqlite3_stmt *s;
	struct visit v = { each, ctx };
	int code, rc;
	if ((code = reg_stmt(base, S_LIST_PAGE, &c, &s, err)))
		return code;
	if ((rc = sq_bind_text(s, 1, after)) || (rc = sq_bind_text(s, 2, prefix)) ||
	    (rc = sq_bind_text(s, 3, upper)) || (rc = sq_bind_int(s, 4, n))) {
		sq_done(s);
		return sq_bind_fail(err, c, rc);
	}
	return rows(c, s, "layout list", version_row, &v, false, err);
}

static int sq_version_delete(struct store *base, const char *name, int64_t version,
			     const char *deleted, bool *changed, struct store_error *err)
{
	struct conn *c = NULL;
	sqlite3_stmt *s;
	int code, rc;
	if ((code = reg_stmt(base, S_DELETE_MARK, &c, &s, err)))
		return code;
	if ((rc = sq_bind_text(s, 1, name)) || (rc = sq_bind_int(s, 2, version)) ||
	    (rc = sq_bind_text(s, 3, deleted)))
		code = sq_bind_fail(err, c, rc);
	else if (!(code = sq_step_done(c, s, "layout delete", err)))
		*changed = sqlite3_changes(c->db) == 1;
	sq_done(s);
	return code;
}

/* ---- API tokens ------------------------------------------------------------ */

static int sq_token_rows(struct store *base, bool live, store_token_fn each, void *ctx,
			 struct store_error *err)
{
	struct conn *c = NULL;
	sqlite3_stmt *s = NULL;
	int code, rc;
	if ((code = reg_stmt(base, S_TOKEN_ROWS, &c, &s, err)))
		return code;
	if ((rc = sq_bind_int(s, 1, live))) {
		code = sq_bind_fail(err, c, rc);
		goto out;
	}
	while ((rc = sq_step(s)) == SQLITE_ROW) {
		const void *h = sqlite3_column_blob(s, 1);
		struct store_token_row row = {
			.name = (const char *)sqlite3_column_text(s, 0),
			.created = (const char *)sqlite3_column_text(s, 2),
			.revoked = (const char *)sqlite3_column_text(s, 3),
			.scope = (const char *)sqlite3_column_text(s, 4),
			.hash = h && sqlite3_column_bytes(s, 1) == STORE_HASH_LEN ? h : NULL,
		};
		if ((code = each(ctx, &row)))
			goto out;
	}
	if (rc != SQLITE_DONE)
		code = sq_fail(err, c->db, rc, "tokens");
out:
	sq_done(s);
	return code;
}

static int sq_token_revoke(struct store *base, const char *name, const char *revoked, bool *changed,
			   struct store_error *err)
{
	struct conn *c = NULL;
	sqlite3_stmt *s = NULL;
	int code, rc;
	if ((code = reg_stmt(base, S_TOKEN_REVOKE, &c, &s, err)))
		return code;
	if ((rc = sq_bind_text(s, 1, name)) || (rc = sq_bind_text(s, 2, revoked)))
		code = sq_bind_fail(err, c, rc);
	else if (!(code = sq_step_done(c, s, "token revoke", err)))
		*changed = sqlite3_changes(c->db) == 1;
	sq_done(s);
	return code;
}

static int sq_tokens_exist(struct store *base, bool *exist, struct store_error *err)
{
	struct conn *c = NULL;
	sqlite3_stmt *s = NULL;
	int64_t v = 0;
	int code;
	if ((code = reg_stmt(base, S_TOKEN_EXIST, &c, &s, err)))
		return code;
	code = sq_row_int(c, s, &v, err);
	sq_done(s);
	*exist = v != 0;
	return code;
}

static int sq_token_insert(struct store *base, const char *name, const uint8_t hash[STORE_HASH_LEN],
			   const char *scope, const char *created, struct store_error *err)
{
	struct conn *c = NULL;
	sqlite3_stmt *s = NULL;
	int code, rc;
	if ((code = reg_stmt(base, S_TOKEN_INSERT, &c, &s, err)))
		return code;
	if ((rc = sq_bind_text(s, 1, name)) ||
	    (rc = sqlite3_bind_blob(s, 2, hash, STORE_HASH_LEN, SQLITE_STATIC)) ||
	    (rc = sq_bind_text(s, 3, created)) || (rc = sq_bind_text(s, 4, scope)))
		code = sq_bind_fail(err, c, rc);
	else
		code = sq_step_done(c, s, "token insert", err);
	sq_done(s);
	return code;
}

const struct store_ops store_sqlite_ops = {
	.version = 2,
	.scheme = "sqlite",
	.close = sq_close,
	.ready = sq_ready,
	.degraded = sq_degraded,
	.integrity_check = sq_integrity_check,
	.cache_get = sq_cache_get,
	.cache_put = sq_cache_put,
	.cache_count = sq_cache_count,
	.name_lock = sq_name_lock,
	.version_select = sq_version_select,
	.version_insert = sq_version_insert,
	.name_state = sq_name_state,
	.versions_page = sq_versions_page,
	.names_page = sq_names_page,
	.version_delete = sq_version_delete,
	.begin = sq_begin,
	.commit = sq_commit,
	.rollback = sq_rollback,
	.token_insert = sq_token_insert,
	.token_rows = sq_token_rows,
	.token_revoke = sq_token_revoke,
	.tokens_exist = sq_tokens_exist,
};
