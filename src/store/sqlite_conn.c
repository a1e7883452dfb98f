/*
 * sqlite_conn.c - the SQLite backend's plumbing: errors, the fault
 * injection seam, every SQL text of the registry and the cache, the
 * per-thread connections and their statement caches, bindings and
 * transactions.  Values only ever reach SQLite as bound parameters.
 */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "store/sqlite_int.h"

/* ---- Errors --------------------------------------------------------------- */

/* Map an SQLite result code to ours; `what` says what we were doing. */
int sq_fail(struct store_error *err, sqlite3 *db, int rc, const char *what)
{
	int code;
	switch (rc & 0xff) {
	case SQLITE_BUSY:
	case SQLITE_LOCKED:
		code = STORE_BUSY;
		break;
	case SQLITE_NOMEM:
		code = STORE_NOMEM;
		break;
	case SQLITE_CONSTRAINT:
		code = STORE_CONFLICT;
		break;
	case SQLITE_NOTADB:
		code = STORE_SCHEMA;
		break;
	default:
		code = STORE_IO;
		break;
	}
	/* sqlite3_errmsg() describes the last call on db, which is this failure
	 * unless the failure was injected by store_test_fail_step(). */
	if (db && sqlite3_errcode(db) == rc)
		return store_fail(err, code, "%s: %s", what, sqlite3_errmsg(db));
	return store_fail(err, code, "%s: %s", what, sqlite3_errstr(rc));
}

/* ---- Fault injection seam -------------------------------------------------- */

int sq_step(sqlite3_stmt *s)
{
	if (store_fail_injected())
		return SQLITE_IOERR;
	return sqlite3_step(s);
}

/* ---- Statements ------------------------------------------------------------ */

#define VERSION_COLUMNS                                                                        \
	"name, version, id, fingerprint, layout, analysis, description, created, created_by, " \
	"deleted, checks"

static const char *const stmt_sql[S_COUNT] = {
	[S_BEGIN_WRITE] = "BEGIN IMMEDIATE",
	[S_BEGIN_READ] = "BEGIN",
	[S_COMMIT] = "COMMIT",
	[S_ROLLBACK] = "ROLLBACK",
	[S_SYNC_NORMAL] = "PRAGMA synchronous = NORMAL",
	[S_SYNC_FULL] = "PRAGMA synchronous = FULL",
	[S_READY] = "SELECT count(*) FROM sqlite_schema",
	[S_CACHE_GET] = "SELECT body FROM analysis_cache WHERE id = ?1 AND engine_version = ?2",
	[S_CACHE_TOUCH] = "UPDATE analysis_cache"
			  " SET last_used = (SELECT max(last_used) FROM analysis_cache) + 1"
			  " WHERE id = ?1 AND engine_version = ?2"
			  " AND last_used < (SELECT max(last_used) FROM analysis_cache)",
	[S_CACHE_PUT] = "INSERT INTO analysis_cache (id, engine_version, body, size, last_used)"
			" VALUES (?1, ?2, ?3, ?4,"
			" (SELECT coalesce(max(last_used), 0) + 1 FROM analysis_cache))"
			" ON CONFLICT (id, engine_version) DO UPDATE"
			" SET body = excluded.body, size = excluded.size,"
			" last_used = excluded.last_used",
	[S_CACHE_COUNT] = "SELECT entries, bytes FROM cache_total",
	/* Keep the most recent entries while both running totals fit. */
	[S_CACHE_EVICT] = "DELETE FROM analysis_cache WHERE rowid IN"
			  " (SELECT rowid FROM (SELECT rowid, sum(size) OVER w AS run,"
			  "  row_number() OVER w AS n FROM analysis_cache"
			  "  WINDOW w AS (ORDER BY last_used DESC))"
			  "  WHERE n > ?1 OR run > ?2)",
	[S_LATEST_LIVE] = "SELECT " VERSION_COLUMNS " FROM layout_version"
			  " WHERE name = ?1 AND deleted IS NULL ORDER BY version DESC LIMIT 1",
	[S_GET_VERSION] = "SELECT " VERSION_COLUMNS " FROM layout_version"
			  " WHERE name = ?1 AND version = ?2",
	[S_NAME_LAST] = "SELECT last_version FROM layout_name WHERE name = ?1",
	[S_NAME_BUMP] = "INSERT INTO layout_name (name, last_version, created) VALUES (?1, 1, ?2)"
			" ON CONFLICT (name) DO UPDATE SET last_version = last_version + 1"
			" RETURNING last_version",
	[S_VERSION_INSERT] = "INSERT INTO layout_version (name, version, id, fingerprint, layout,"
			     " analysis, description, created, created_by, checks)"
			     " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
	[S_NAME_STATE] = "SELECT count(*), count(*) FILTER (WHERE deleted IS NULL)"
			 " FROM layout_version WHERE name = ?1",
	/* the pages read the columns of VERSION_COLUMNS they need, NULL for
	 * the others, so that one row reader serves every statement */
	[S_VERSIONS_PAGE] = "SELECT name, version, id, fingerprint, NULL, NULL, description,"
			    " created, created_by, deleted, NULL FROM layout_version"
			    " WHERE name = ?1 AND deleted IS NULL AND version > ?2"
			    " ORDER BY version LIMIT ?3",
	/* ?2 <= name < ?3 is the prefix range: '~' sorts after every name byte. */
	[S_LIST_PAGE] = "SELECT v.name, v.version, v.id, v.fingerprint, NULL, NULL,"
			" v.description, v.created, NULL, NULL, NULL, g.n,"
			" json_extract(v.analysis, '$.ok') FROM"
			" (SELECT name, max(version) AS latest, count(*) AS n FROM layout_version"
			"  WHERE deleted IS NULL AND name > ?1 AND name >= ?2 AND name < ?3"
			"  GROUP BY name ORDER BY name LIMIT ?4) AS g"
			" JOIN layout_version AS v ON v.name = g.name AND v.version = g.latest"
			" ORDER BY v.name",
	[S_DELETE_MARK] = "UPDATE layout_version SET deleted = ?3"
			  " WHERE name = ?1 AND version = ?2 AND deleted IS NULL",
	[S_TOKEN_INSERT] =
		"INSERT INTO api_token (name, hash, created, scope) VALUES (?1, ?2, ?3, ?4)",
	[S_TOKEN_ROWS] = "SELECT name, hash, created, revoked, scope FROM api_token"
			 " WHERE ?1 = 0 OR revoked IS NULL ORDER BY rowid",
	[S_TOKEN_REVOKE] = "UPDATE api_token SET revoked = ?2 WHERE name = ?1 AND revoked IS NULL",
	/* revoked rows count: once a token existed, writes stay closed */
	[S_TOKEN_EXIST] = "SELECT EXISTS (SELECT 1 FROM api_token)",
};

/* ---- Connections ------------------------------------------------------------ */

void sq_conn_close(struct conn *c)
{
	if (!c)
		return;
	for (int i = 0; i < S_COUNT; i++)
		sqlite3_finalize(c->stmts[i]);
	sqlite3_close_v2(c->db);
	free(c);
}

void sq_conn_close_link(struct store_conn *l)
{
	sq_conn_close((struct conn *)l);
}

int sq_exec(struct conn *c, const char *sql, struct store_error *err)
{
	int rc = sqlite3_exec(c->db, sql, NULL, NULL, NULL);
	return rc == SQLITE_OK ? STORE_OK : sq_fail(err, c->db, rc, sql);
}

/* Open a connection with the per-connection settings.  Only the first one
 * (store_open) may create the file: a later thread finding it gone must
 * fail, not start an empty registry. */
int sq_conn_open(struct sq *st, bool cache, bool create, struct conn **out, struct store_error *err)
{
	int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | (create ? SQLITE_OPEN_CREATE : 0);
	const char *path = cache ? st->cache_path : st->path;
	int code = STORE_OK, rc;
	struct conn *c = calloc(1, sizeof *c);
	*out = NULL;
	if (!c)
		return store_fail(err, STORE_NOMEM, "out of memory opening %s", path);
	c->st = st;
	c->cache = cache;
	rc = sqlite3_open_v2(path, &c->db, flags, NULL);
	if (rc != SQLITE_OK) {
		code = c->db ? sq_fail(err, c->db, rc, path)
			     : store_fail(err, STORE_NOMEM, "out of memory opening %s", path);
		goto out;
	}
	sqlite3_extended_result_codes(c->db, 1);
	sqlite3_busy_timeout(c->db, st->base.busy_ms);
	sqlite3_db_config(c->db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)NULL);
	sqlite3_db_config(c->db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)NULL);
	if ((code = sq_exec(c,
			    cache ? "PRAGMA synchronous = OFF"
				  : "PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL",
			    err))) {
		if (code == STORE_SCHEMA)
			store_fail(err, code, "%s is not an SQLite database", path);
		goto out;
	}
	c->sync = cache ? SYNC_OFF : SYNC_FULL;
	*out = c;
	c = NULL;
out:
	sq_conn_close(c);
	return code;
}

void sq_conn_register(struct sq *st, struct conn *c)
{
	store_conn_add(c->cache ? &st->cconns : &st->conns, &c->link);
}

/* This thread's registry (cache = false) or cache connection, opened on
 * first use. */
static int conn_get_kind(struct sq *st, bool cache, struct conn **out, struct store_error *err)
{
	int code;
	if (!st)
		return store_fail(err, STORE_INVAL, "no store");
	*out = store_conn_mine(cache ? &st->cconns : &st->conns);
	if (*out)
		return STORE_OK;
	if ((code = sq_conn_open(st, cache, false, out, err)))
		return code;
	sq_conn_register(st, *out);
	return STORE_OK;
}

int sq_conn_get(struct sq *st, struct conn **out, struct store_error *err)
{
	return conn_get_kind(st, false, out, err);
}

int sq_cache_conn_get(struct sq *st, struct conn **out, struct store_error *err)
{
	return conn_get_kind(st, true, out, err);
}

/* The cached statement `id`, prepared on first use on this connection. */
int sq_prep(struct conn *c, enum stmt_id id, sqlite3_stmt **out, struct store_error *err)
{
	if (!c->stmts[id]) {
		int rc = sqlite3_prepare_v3(c->db, stmt_sql[id], -1, SQLITE_PREPARE_PERSISTENT,
					    &c->stmts[id], NULL);
		if (rc != SQLITE_OK) {
			c->stmts[id] = NULL;
			*out = NULL;
			return sq_fail(err, c->db, rc, "prepare");
		}
	}
	*out = c->stmts[id];
	return STORE_OK;
}

/* Give a statement back: no statement stays active (it would pin a read
 * snapshot and hold back checkpoints) and no binding outlives its call. */
void sq_done(sqlite3_stmt *s)
{
	if (s) {
		sqlite3_reset(s);
		sqlite3_clear_bindings(s);
	}
}

/* Bindings.  Text is SQLITE_STATIC: every bound string outlives the step. */
int sq_bind_text(sqlite3_stmt *s, int i, const char *v)
{
	return v ? sqlite3_bind_text(s, i, v, -1, SQLITE_STATIC) : sqlite3_bind_null(s, i);
}

int sq_bind_int(sqlite3_stmt *s, int i, int64_t v)
{
	return sqlite3_bind_int64(s, i, v);
}

int sq_bind_fail(struct store_error *err, struct conn *c, int rc)
{
	return sq_fail(err, c->db, rc, "bind");
}

/* Run a statement expected to return no row. */
int sq_run(struct conn *c, enum stmt_id id, struct store_error *err)
{
	sqlite3_stmt *s;
	int code = sq_prep(c, id, &s, err);
	if (code)
		return code;
	code = sq_step_done(c, s, stmt_sql[id], err);
	sq_done(s);
	return code;
}

int sq_step_done(struct conn *c, sqlite3_stmt *s, const char *what, struct store_error *err)
{
	int rc = sq_step(s);
	return rc == SQLITE_DONE ? STORE_OK : sq_fail(err, c->db, rc, what);
}

/* ---- Transactions ---------------------------------------------------------- */

static int set_sync(struct conn *c, int level, struct store_error *err)
{
	int code;
	if (c->sync == level || c->cache) /* the cache file stays at OFF */
		return STORE_OK;
	code = sq_run(c, level == SYNC_FULL ? S_SYNC_FULL : S_SYNC_NORMAL, err);
	if (!code)
		c->sync = level;
	return code;
}

/* A write transaction: the write lock is taken up front, so waiting for it
 * goes through busy_timeout, and a read-then-write never fails on upgrade. */
int sq_tx_write(struct conn *c, int sync, struct store_error *err)
{
	if (!c->cache && c->st->degraded[0])
		return store_fail(err, STORE_UNAVAILABLE, "the database is read-only: %s",
				  c->st->degraded);
	int code = set_sync(c, sync, err);
	return code ? code : sq_run(c, S_BEGIN_WRITE, err);
}

/* A read transaction: several SELECTs see one snapshot. */
int sq_tx_read(struct conn *c, struct store_error *err)
{
	return sq_run(c, S_BEGIN_READ, err);
}

int sq_tx_commit(struct conn *c, struct store_error *err)
{
	return sq_run(c, S_COMMIT, err);
}

/* Roll back whatever is open; used on every exit path (a no-op after a
 * commit).  If the cached ROLLBACK itself fails (an injected fault), the
 * direct one still ends the transaction: a connection never stays inside
 * one between calls. */
void sq_tx_abort(struct conn *c)
{
	if (c && !sqlite3_get_autocommit(c->db))
		sq_run(c, S_ROLLBACK, NULL);
	if (c && !sqlite3_get_autocommit(c->db))
		sqlite3_exec(c->db, "ROLLBACK", NULL, NULL, NULL);
}

/* ---- Small helpers ------------------------------------------------------- */

/* Copy column i: NULL stays NULL.  Returns STORE_NOMEM on failure. */
int sq_col_dup(sqlite3_stmt *s, int i, char **out)
{
	const unsigned char *t = sqlite3_column_text(s, i);
	*out = NULL;
	if (!t)
		return sqlite3_column_type(s, i) == SQLITE_NULL ? STORE_OK : STORE_NOMEM;
	size_t n = (size_t)sqlite3_column_bytes(s, i);
	char *p = malloc(n + 1);
	if (!p)
		return STORE_NOMEM;
	memcpy(p, t, n);
	p[n] = '\0';
	*out = p;
	return STORE_OK;
}

/* Read one integer from a one-row statement that is already bound. */
int sq_row_int(struct conn *c, sqlite3_stmt *s, int64_t *v, struct store_error *err)
{
	int rc = sq_step(s);
	if (rc == SQLITE_ROW) {
		*v = sqlite3_column_int64(s, 0);
		return STORE_OK;
	}
	return sq_fail(err, c->db, rc == SQLITE_DONE ? SQLITE_ERROR : rc, "query");
}
