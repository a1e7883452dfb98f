/*
 * sqlite.c - the SQLite backend of the store (see store.h for the contract,
 * backend.h for how a backend plugs in).
 *
 * It runs the statements of backend.h on SQLite; the rules are store.c's,
 * the migrations' text is in schema.c.  Layout of this file: errors,
 * statements, connections (one per thread) and their statement caches,
 * transactions, opening and migrating, then the cache, the registry and
 * the token statements.  Every SQL text is a constant below; values
 * only ever reach SQLite as bound parameters (the two PRAGMAs that cannot take parameters are
 * formatted from compile-time constants).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "store/backend.h"

/* ---- The cache file's schema ------------------------------------------- */

/* The cache file (PATH-cache).  Not migrated: it is recomputable, so a file
 * of another version, or one that fails its check, is deleted and created
 * again.  A size column and a one-row total (kept by triggers) bound it in
 * bytes without summing the table.  synchronous = OFF: a commit never
 * fsyncs; a power loss may leave it damaged, and the next open rebuilds it. */
#define CACHE_FILE_VERSION 1
static const char cache_schema[] =
	"CREATE TABLE analysis_cache (\n"
	"\tid TEXT NOT NULL,\n"
	"\tengine_version TEXT NOT NULL,\n"
	"\tbody TEXT NOT NULL,\n"
	"\tsize INTEGER NOT NULL,\n"
	"\tlast_used INTEGER NOT NULL,\n"
	"\tPRIMARY KEY (id, engine_version)\n"
	") STRICT;\n"
	"CREATE INDEX analysis_cache_lru ON analysis_cache (last_used);\n"
	"CREATE TABLE cache_total (one INTEGER PRIMARY KEY CHECK (one = 1),\n"
	"\tbytes INTEGER NOT NULL, entries INTEGER NOT NULL) STRICT;\n"
	"INSERT INTO cache_total VALUES (1, 0, 0);\n"
	"CREATE TRIGGER cache_ins AFTER INSERT ON analysis_cache BEGIN\n"
	"\tUPDATE cache_total SET bytes = bytes + NEW.size, entries = entries + 1; END;\n"
	"CREATE TRIGGER cache_del AFTER DELETE ON analysis_cache BEGIN\n"
	"\tUPDATE cache_total SET bytes = bytes - OLD.size, entries = entries - 1; END;\n"
	"CREATE TRIGGER cache_upd AFTER UPDATE OF size ON analysis_cache BEGIN\n"
	"\tUPDATE cache_total SET bytes = bytes - OLD.size + NEW.size; END;\n";

/* ---- Errors --------------------------------------------------------------- */

/* Map an SQLite result code to ours; `what` says what we were doing. */
static int sql_fail(struct store_error *err, sqlite3 *db, int rc, const char *what)
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

static int step(sqlite3_stmt *s)
{
	if (store_fail_injected())
		return SQLITE_IOERR;
	return sqlite3_step(s);
}

/* ---- Statements ------------------------------------------------------------ */

enum stmt_id {
	S_BEGIN_WRITE,
	S_BEGIN_READ,
	S_COMMIT,
	S_ROLLBACK,
	S_SYNC_NORMAL,
	S_SYNC_FULL,
	S_READY,
	S_CACHE_GET,
	S_CACHE_TOUCH,
	S_CACHE_PUT,
	S_CACHE_COUNT,
	S_CACHE_EVICT,
	S_LATEST_LIVE,
	S_GET_VERSION,
	S_NAME_LAST,
	S_NAME_BUMP,
	S_VERSION_INSERT,
	S_NAME_STATE,
	S_VERSIONS_PAGE,
	S_LIST_PAGE,
	S_DELETE_MARK,
	S_TOKEN_INSERT,
	S_TOKEN_ROWS,
	S_TOKEN_REVOKE,
	S_TOKEN_EXIST,
	S_COUNT
};

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

enum { SYNC_OFF = 0, SYNC_NORMAL = 1, SYNC_FULL = 2 };

/* One thread's connection.  Only its thread touches db and stmts; the list
 * links are guarded by store.lock. */
struct conn {
	struct store_conn link; /* first: its place in the set */
	struct sq *st;
	bool cache; /* a connection to the cache file, not the registry */
	sqlite3 *db;
	sqlite3_stmt *stmts[S_COUNT];
	int sync; /* the connection's current PRAGMA synchronous */
};

struct sq {
	struct store base; /* first: the ops */
	char *path;
	char *cache_path;	   /* path + "-cache" */
	char degraded[600];	   /* why the store is read-only; "" while healthy */
	struct store_conns conns;  /* the registry's connections, one per thread */
	struct store_conns cconns; /* the cache's */
};

static void conn_close(struct conn *c)
{
	if (!c)
		return;
	for (int i = 0; i < S_COUNT; i++)
		sqlite3_finalize(c->stmts[i]);
	sqlite3_close_v2(c->db);
	free(c);
}

static void conn_close_link(struct store_conn *l)
{
	conn_close((struct conn *)l);
}

static int exec(struct conn *c, const char *sql, struct store_error *err)
{
	int rc = sqlite3_exec(c->db, sql, NULL, NULL, NULL);
	return rc == SQLITE_OK ? STORE_OK : sql_fail(err, c->db, rc, sql);
}

/* Open a connection with the per-connection settings.  Only the first one
 * (store_open) may create the file: a later thread finding it gone must
 * fail, not start an empty registry. */
static int conn_open(struct sq *st, bool cache, bool create, struct conn **out,
		     struct store_error *err)
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
		code = c->db ? sql_fail(err, c->db, rc, path)
			     : store_fail(err, STORE_NOMEM, "out of memory opening %s", path);
		goto out;
	}
	sqlite3_extended_result_codes(c->db, 1);
	sqlite3_busy_timeout(c->db, st->base.busy_ms);
	sqlite3_db_config(c->db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)NULL);
	sqlite3_db_config(c->db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)NULL);
	if ((code = exec(c,
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
	conn_close(c);
	return code;
}

static void conn_register(struct sq *st, struct conn *c)
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
	if ((code = conn_open(st, cache, false, out, err)))
		return code;
	conn_register(st, *out);
	return STORE_OK;
}

static int conn_get(struct sq *st, struct conn **out, struct store_error *err)
{
	return conn_get_kind(st, false, out, err);
}

static int cache_conn_get(struct sq *st, struct conn **out, struct store_error *err)
{
	return conn_get_kind(st, true, out, err);
}

/* The cached statement `id`, prepared on first use on this connection. */
static int prep(struct conn *c, enum stmt_id id, sqlite3_stmt **out, struct store_error *err)
{
	if (!c->stmts[id]) {
		int rc = sqlite3_prepare_v3(c->db, stmt_sql[id], -1, SQLITE_PREPARE_PERSISTENT,
					    &c->stmts[id], NULL);
		if (rc != SQLITE_OK) {
			c->stmts[id] = NULL;
			*out = NULL;
			return sql_fail(err, c->db, rc, "prepare");
		}
	}
	*out = c->stmts[id];
	return STORE_OK;
}

/* Give a statement back: no statement stays active (it would pin a read
 * snapshot and hold back checkpoints) and no binding outlives its call. */
static void done(sqlite3_stmt *s)
{
	if (s) {
		sqlite3_reset(s);
		sqlite3_clear_bindings(s);
	}
}

/* Bindings.  Text is SQLITE_STATIC: every bound string outlives the step. */
static int bind_text(sqlite3_stmt *s, int i, const char *v)
{
	return v ? sqlite3_bind_text(s, i, v, -1, SQLITE_STATIC) : sqlite3_bind_null(s, i);
}

static int bind_int(sqlite3_stmt *s, int i, int64_t v)
{
	return sqlite3_bind_int64(s, i, v);
}

static int bind_fail(struct store_error *err, struct conn *c, int rc)
{
	return sql_fail(err, c->db, rc, "bind");
}

/* Run a statement expected to return no row. */
static int run(struct conn *c, enum stmt_id id, struct store_error *err)
{
	sqlite3_stmt *s;
	int code = prep(c, id, &s, err);
	if (code)
		return code;
	int rc = step(s);
	code = rc == SQLITE_DONE ? STORE_OK : sql_fail(err, c->db, rc, stmt_sql[id]);
	done(s);
	return code;
}

/* ---- Transactions ---------------------------------------------------------- */

static int set_sync(struct conn *c, int level, struct store_error *err)
{
	int code;
	if (c->sync == level || c->cache) /* the cache file stays at OFF */
		return STORE_OK;
	code = run(c, level == SYNC_FULL ? S_SYNC_FULL : S_SYNC_NORMAL, err);
	if (!code)
		c->sync = level;
	return code;
}

/* A write transaction: the write lock is taken up front, so waiting for it
 * goes through busy_timeout, and a read-then-write never fails on upgrade. */
static int tx_write(struct conn *c, int sync, struct store_error *err)
{
	if (!c->cache && c->st->degraded[0])
		return store_fail(err, STORE_UNAVAILABLE, "the database is read-only: %s",
				  c->st->degraded);
	int code = set_sync(c, sync, err);
	return code ? code : run(c, S_BEGIN_WRITE, err);
}

/* A read transaction: several SELECTs see one snapshot. */
static int tx_read(struct conn *c, struct store_error *err)
{
	return run(c, S_BEGIN_READ, err);
}

static int tx_commit(struct conn *c, struct store_error *err)
{
	return run(c, S_COMMIT, err);
}

/* Roll back whatever is open; used on every exit path (a no-op after a
 * commit).  If the cached ROLLBACK itself fails (an injected fault), the
 * direct one still ends the transaction: a connection never stays inside
 * one between calls. */
static void tx_abort(struct conn *c)
{
	if (c && !sqlite3_get_autocommit(c->db))
		run(c, S_ROLLBACK, NULL);
	if (c && !sqlite3_get_autocommit(c->db))
		sqlite3_exec(c->db, "ROLLBACK", NULL, NULL, NULL);
}

/* The backend.h transactions: the registry connection's. */
static int sq_begin(struct store *base, bool write, struct store_error *err)
{
	struct conn *c = NULL;
	int code = conn_get((struct sq *)base, &c, err);
	if (code)
		return code;
	return write ? tx_write(c, SYNC_FULL, err) : tx_read(c, err);
}

static int sq_commit(struct store *base, struct store_error *err)
{
	struct conn *c = NULL;
	int code = conn_get((struct sq *)base, &c, err);
	return code ? code : tx_commit(c, err);
}

static void sq_rollback(struct store *base)
{
	tx_abort(store_conn_mine(&((struct sq *)base)->conns));
}

/* ---- Small helpers ------------------------------------------------------- */

/* Copy column i: NULL stays NULL.  Returns STORE_NOMEM on failure. */
static int col_dup(sqlite3_stmt *s, int i, char **out)
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

/* ---- Lifecycle ----------------------------------------------------------- */

static int pragma_int(struct conn *c, const char *sql, int64_t *v, struct store_error *err)
{
	sqlite3_stmt *s = NULL;
	int rc = sqlite3_prepare_v2(c->db, sql, -1, &s, NULL);
	if (rc == SQLITE_OK && (rc = step(s)) == SQLITE_ROW) {
		*v = sqlite3_column_int64(s, 0);
		rc = SQLITE_OK;
	}
	sqlite3_finalize(s);
	return rc == SQLITE_OK ? STORE_OK : sql_fail(err, c->db, rc, sql);
}

/* Is this file ours, and can this binary read it?  Checked before anything
 * is written to it (WAL included), and again inside the migration
 * transaction in case another process migrated it meanwhile. */
static int check_identity(struct conn *c, int64_t *user_version, struct store_error *err)
{
	int64_t app = 0, objects = 0;
	int code;
	if ((code = pragma_int(c, "PRAGMA application_id", &app, err)) ||
	    (code = pragma_int(c, "PRAGMA user_version", user_version, err)) ||
	    (code = pragma_int(c, "SELECT count(*) FROM sqlite_schema", &objects, err))) {
		if (code == STORE_SCHEMA)
			store_fail(err, STORE_SCHEMA, "%s is not an SQLite database", c->st->path);
		return code;
	}
	if (app != STORE_APPLICATION_ID && (app != 0 || *user_version != 0 || objects != 0))
		return store_fail(err, STORE_SCHEMA,
				  "%s is not a layoutd database (application_id %lld)", c->st->path,
				  (long long)app);
	if (*user_version > (int64_t)store_schema_version())
		return store_fail(err, STORE_SCHEMA,
				  "%s has schema version %lld, newer than this layoutd (%zu): "
				  "upgrade layoutd",
				  c->st->path, (long long)*user_version, store_schema_version());
	return STORE_OK;
}

static int migrate(struct conn *c, struct store_error *err)
{
	int64_t uv = 0;
	char sql[96];
	int code = check_identity(c, &uv, err);
	sqlite3_stmt *s = NULL;
	if (code)
		return code;
	/* WAL is persistent; setting it again is a no-op.  It cannot be changed
	 * inside a transaction, hence before the migration. */
	int rc = sqlite3_prepare_v2(c->db, "PRAGMA journal_mode = WAL", -1, &s, NULL);
	if (rc == SQLITE_OK && (rc = step(s)) == SQLITE_ROW) {
		const char *mode = (const char *)sqlite3_column_text(s, 0);
		rc = mode && strcmp(mode, "wal") == 0 ? SQLITE_OK : SQLITE_ERROR;
		if (rc != SQLITE_OK)
			code = store_fail(err, STORE_IO, "%s: cannot use WAL (journal_mode %s)",
					  c->st->path, mode ? mode : "?");
	}
	sqlite3_finalize(s);
	if (code)
		return code;
	if (rc != SQLITE_OK)
		return sql_fail(err, c->db, rc, "PRAGMA journal_mode = WAL");

	if ((code = tx_write(c, SYNC_FULL, err)))
		return code;
	if ((code = check_identity(c, &uv, err)))
		goto out;
	for (size_t i = (size_t)uv; i < store_schema_version(); i++) {
		const char *file = NULL, *text = store_migration(i, &file);
		if ((code = exec(c, text, err))) {
			store_fail(err, code, "migration %s failed: %s", file,
				   sqlite3_errmsg(c->db));
			goto out;
		}
	}
	/* PRAGMAs take no parameters; both values are compile-time constants. */
	snprintf(sql, sizeof sql, "PRAGMA user_version = %zu; PRAGMA application_id = %d",
		 store_schema_version(), STORE_APPLICATION_ID);
	if ((code = exec(c, sql, err)) || (code = tx_commit(c, err)))
		goto out;
out:
	tx_abort(c);
	return code;
}

/* One row of text from a PRAGMA: "ok" from quick_check means no damage. */
static int quick_check(struct conn *c, char *why, size_t n)
{
	sqlite3_stmt *s = NULL;
	int rc = sqlite3_prepare_v2(c->db, "PRAGMA quick_check", -1, &s, NULL);
	if (rc == SQLITE_OK)
		rc = step(s);
	const char *t = rc == SQLITE_ROW ? (const char *)sqlite3_column_text(s, 0) : NULL;
	int bad = !(t && strcmp(t, "ok") == 0);
	if (bad) {
		snprintf(why, n, "%s", t ? t : sqlite3_errmsg(c->db));
		for (char *p = why; *p; p++) /* one log line */
			if (*p == '\n' || *p == '\r')
				*p = ' ';
	}
	sqlite3_finalize(s);
	return bad;
}

static void unlink_cache_files(const char *path)
{
	static const char *const suffix[] = { "", "-wal", "-shm", "-journal" };
	char p[4200];
	for (size_t i = 0; i < sizeof suffix / sizeof suffix[0]; i++) {
		snprintf(p, sizeof p, "%s%s", path, suffix[i]);
		unlink(p);
	}
}

/* Is the cache file ours, of this version, and sound?  1 = yes, 0 = it
 * must be rebuilt, -1 = cannot tell (err filled). */
static int cache_usable(struct conn *c, struct store_error *err)
{
	int64_t app = 0, uv = 0, objects = 0;
	char why[256];
	int code;
	if ((code = pragma_int(c, "PRAGMA application_id", &app, err)) ||
	    (code = pragma_int(c, "PRAGMA user_version", &uv, err)) ||
	    (code = pragma_int(c, "SELECT count(*) FROM sqlite_schema", &objects, err)))
		return code == STORE_SCHEMA || code == STORE_IO ? 0 : -1;
	if (app == 0 && uv == 0 && objects == 0)
		return 1; /* new and empty: the schema is created below */
	return app == STORE_APPLICATION_ID && uv == CACHE_FILE_VERSION &&
	       !quick_check(c, why, sizeof why);
}

/* Open (creating or rebuilding) the cache file and keep the connection as
 * this thread's cache connection.  The schema goes in under the write lock,
 * checked again inside it: two processes opening together create it once. */
static int cache_open(struct sq *st, struct store_error *err)
{
	struct conn *c = NULL;
	int64_t uv = 0;
	char sql[96];
	int code, fd;
	for (int attempt = 0;; attempt++) {
		fd = open(st->cache_path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
		if (fd < 0)
			return store_fail(err, STORE_IO, "cannot create %s: %s", st->cache_path,
					  strerror(errno));
		close(fd);
		code = conn_open(st, true, true, &c, err);
		if (code && (attempt || (code != STORE_SCHEMA && code != STORE_IO)))
			return code;
		int usable = code ? 0 : cache_usable(c, err);
		if (usable < 0) {
			code = err ? err->code : STORE_IO;
			goto out;
		}
		if (usable)
			break;
		conn_close(c);
		c = NULL;
		if (attempt)
			return store_fail(err, STORE_IO, "cannot rebuild the cache file %s",
					  st->cache_path);
		unlink_cache_files(st->cache_path);
	}
	if ((code = exec(c, "PRAGMA journal_mode = WAL", err)) || (code = tx_write(c, 0, err)) ||
	    (code = pragma_int(c, "PRAGMA user_version", &uv, err)))
		goto out;
	if (uv != CACHE_FILE_VERSION) {
		snprintf(sql, sizeof sql, "PRAGMA user_version = %d; PRAGMA application_id = %d",
			 CACHE_FILE_VERSION, STORE_APPLICATION_ID);
		if ((code = exec(c, cache_schema, err)) || (code = exec(c, sql, err)))
			goto out;
	}
	if ((code = tx_commit(c, err)))
		goto out;
	conn_register(st, c);
	c = NULL;
out:
	tx_abort(c);
	conn_close(c);
	return code;
}

static const char *sq_degraded(struct store *base)
{
	struct sq *st = (struct sq *)base;
	return st && st->degraded[0] ? st->degraded : NULL;
}

struct store *store_sqlite_open(const char *path, const struct store_options *opt,
				struct store_error *err)
{
	struct sq *st = NULL;
	struct conn *c = NULL;
	int fd;
	if (!path || !*path)
		path = STORE_DEFAULT_PATH;
	store_ok(err);
	st = calloc(1, sizeof *st);
	if (st)
		st->base.ops = &store_sqlite_ops;
	if (!st || !(st->path = strdup(path))) {
		store_fail(err, STORE_NOMEM, "out of memory opening %s", path);
		goto fail;
	}
	store_options_apply(&st->base, opt);
	if (store_conns_init(&st->conns, conn_close_link, err) ||
	    store_conns_init(&st->cconns, conn_close_link, err))
		goto fail;
	if (asprintf(&st->cache_path, "%s-cache", path) < 0) {
		st->cache_path = NULL;
		store_fail(err, STORE_NOMEM, "out of memory opening %s", path);
		goto fail;
	}
	/* Create the file ourselves so it is private (it holds token hashes);
	 * SQLite gives the -wal and -shm files the same mode.  An empty file is
	 * a valid empty database. */
	fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd >= 0)
		close(fd);
	else if (errno != EEXIST) {
		store_fail(err, STORE_IO, "cannot create %s: %s", path, strerror(errno));
		goto fail;
	}
	if (conn_open(st, false, true, &c, err) || migrate(c, err))
		goto fail;
	/* Damage found here keeps the registry readable but refuses every
	 * write: better than acknowledging writes into a broken file. */
	if (opt && opt->quick_check) {
		char why[256];
		if (quick_check(c, why, sizeof why))
			snprintf(
				st->degraded, sizeof st->degraded,
				"%.200s failed its integrity check (%.200s); run `layoutd db check`"
				" and restore it from a backup",
				path, why);
	}
	conn_register(st, c);
	c = NULL;
	if (cache_open(st, err))
		goto fail;
	store_ok(err); /* a rebuilt cache file is not an error */
	return &st->base;
fail:
	conn_close(c);
	if (st) {
		store_conns_close(&st->cconns);
		store_conns_close(&st->conns);
		free(st->path);
		free(st->cache_path);
	}
	free(st);
	return NULL;
}

static void sq_close(struct store *base)
{
	struct sq *st = (struct sq *)base;
	if (!st)
		return;
	store_conns_close(&st->conns);
	store_conns_close(&st->cconns);
	free(st->path);
	free(st->cache_path);
	free(st);
}

/* Read one integer from a one-row statement that is already bound. */
static int row_int(struct conn *c, sqlite3_stmt *s, int64_t *v, struct store_error *err)
{
	int rc = step(s);
	if (rc == SQLITE_ROW) {
		*v = sqlite3_column_int64(s, 0);
		return STORE_OK;
	}
	return sql_fail(err, c->db, rc == SQLITE_DONE ? SQLITE_ERROR : rc, "query");
}

static int sq_ready(struct store *base, struct store_error *err)
{
	struct sq *st = (struct sq *)base;
	struct conn *c = NULL;
	sqlite3_stmt *s = NULL;
	int64_t n;
	if (st && st->degraded[0])
		return store_fail(err, STORE_UNAVAILABLE, "the database is read-only: %s",
				  st->degraded);
	int code = conn_get(st, &c, err);
	if (code || (code = prep(c, S_READY, &s, err)))
		return code;
	code = row_int(c, s, &n, err);
	done(s);
	return code ? code : store_ok(err);
}

static int sq_integrity_check(struct store *base, struct store_error *err)
{
	struct sq *st = (struct sq *)base;
	struct conn *c = NULL;
	sqlite3_stmt *s = NULL;
	int code = conn_get(st, &c, err), rc;
	if (code)
		return code;
	rc = sqlite3_prepare_v2(c->db, "PRAGMA integrity_check", -1, &s, NULL);
	if (rc == SQLITE_OK)
		rc = step(s);
	if (rc != SQLITE_ROW) {
		code = sql_fail(err, c->db, rc, "PRAGMA integrity_check");
	} else {
		const char *t = (const char *)sqlite3_column_text(s, 0);
		if (t && strcmp(t, "ok") == 0 && step(s) == SQLITE_DONE)
			code = store_ok(err);
		else
			code = store_fail(err, STORE_IO, "integrity_check: %s", t ? t : "(null)");
	}
	sqlite3_finalize(s);
	return code;
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
	if ((code = cache_conn_get(st, &c, err)) || (code = prep(c, S_CACHE_GET, &s, err)))
		return code;
	if ((rc = bind_text(s, 1, id)) || (rc = bind_text(s, 2, engine_version))) {
		code = bind_fail(err, c, rc);
		goto out;
	}
	rc = step(s);
	if (rc == SQLITE_DONE)
		code = STORE_NOTFOUND;
	else if (rc != SQLITE_ROW)
		code = sql_fail(err, c->db, rc, "cache lookup");
	else if (col_dup(s, 0, json_out) || !*json_out)
		code = STORE_NOMEM;
	done(s);
	s = NULL;
	if (code)
		goto out;
	/* Touch: best effort, never waits for the cache's write lock. */
	if (!prep(c, S_CACHE_TOUCH, &s, NULL) && !bind_text(s, 1, id) &&
	    !bind_text(s, 2, engine_version)) {
		sqlite3_busy_timeout(c->db, 0);
		step(s);
		sqlite3_busy_timeout(c->db, st->base.busy_ms);
	}
	code = store_ok(err);
out:
	done(s);
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
	if ((code = cache_conn_get(st, &c, err)) || (code = tx_write(c, SYNC_OFF, err)))
		return code;
	if ((code = prep(c, S_CACHE_PUT, &s, err)))
		goto out;
	if ((rc = bind_text(s, 1, id)) || (rc = bind_text(s, 2, engine_version)) ||
	    (rc = bind_text(s, 3, json_text)) || (rc = bind_int(s, 4, size))) {
		code = bind_fail(err, c, rc);
		goto out;
	}
	if ((rc = step(s)) != SQLITE_DONE) {
		code = sql_fail(err, c->db, rc, "cache insert");
		goto out;
	}
	done(s);
	if ((code = prep(c, S_CACHE_COUNT, &s, err)) || (code = row_int(c, s, &count, err)))
		goto out;
	bytes = sqlite3_column_int64(s, 1);
	done(s);
	/* The totals are kept by triggers: no scan unless a bound is passed. */
	if (count > st->base.cache_max || bytes > st->base.cache_bytes) {
		if ((code = prep(c, S_CACHE_EVICT, &s, err)))
			goto out;
		if ((rc = bind_int(s, 1, st->base.cache_max)) ||
		    (rc = bind_int(s, 2, st->base.cache_bytes))) {
			code = bind_fail(err, c, rc);
			goto out;
		}
		if ((rc = step(s)) != SQLITE_DONE) {
			code = sql_fail(err, c->db, rc, "cache eviction");
			goto out;
		}
		done(s);
	}
	s = NULL;
	code = tx_commit(c, err);
out:
	done(s);
	tx_abort(c);
	return code ? code : store_ok(err);
}

static int sq_cache_count(struct store *base, long *count, struct store_error *err)
{
	struct sq *st = (struct sq *)base;
	struct conn *c = NULL;
	sqlite3_stmt *s = NULL;
	int64_t n = 0;
	int code = cache_conn_get(st, &c, err);
	if (code || (code = prep(c, S_CACHE_COUNT, &s, err)))
		return code;
	code = row_int(c, s, &n, err);
	done(s);
	*count = (long)n;
	return code ? code : store_ok(err);
}

/* ---- Registry ------------------------------------------------------------ */

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
	while ((rc = step(s)) == SQLITE_ROW) {
		n++;
		if ((code = row(ctx, s)))
			break;
	}
	if (!code && rc != SQLITE_DONE)
		code = sql_fail(err, c->db, rc, what);
	else if (!code && one && n == 0)
		code = STORE_NOTFOUND;
	done(s);
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
	if ((code = conn_get((struct sq *)base, &c, err)) ||
	    (code = prep(c, version ? S_GET_VERSION : S_LATEST_LIVE, &s, err)))
		return code;
	if ((rc = bind_text(s, 1, name)) || (version && (rc = bind_int(s, 2, version)))) {
		done(s);
		return bind_fail(err, c, rc);
	}
	return rows(c, s, "layout lookup", version_row, &v, true, err);
}

static int sq_version_insert(struct store *base, const struct store_version_row *v,
			     int64_t *version, struct store_error *err)
{
	struct conn *c = NULL;
	sqlite3_stmt *s = NULL;
	int code, rc;
	if ((code = conn_get((struct sq *)base, &c, err)) || (code = prep(c, S_NAME_BUMP, &s, err)))
		return code;
	if ((rc = bind_text(s, 1, v->name)) || (rc = bind_text(s, 2, v->created))) {
		code = bind_fail(err, c, rc);
		goto out;
	}
	if ((rc = step(s)) != SQLITE_ROW) {
		code = sql_fail(err, c->db, rc == SQLITE_DONE ? SQLITE_ERROR : rc,
				"version counter");
		goto out;
	}
	*version = sqlite3_column_int64(s, 0);
	if ((rc = step(s)) != SQLITE_DONE) {
		code = sql_fail(err, c->db, rc, "version counter");
		goto out;
	}
	done(s);
	if ((code = prep(c, S_VERSION_INSERT, &s, err)))
		goto out;
	if ((rc = bind_text(s, 1, v->name)) || (rc = bind_int(s, 2, *version)) ||
	    (rc = bind_text(s, 3, v->id)) || (rc = bind_text(s, 4, v->fingerprint)) ||
	    (rc = bind_text(s, 5, v->layout)) || (rc = bind_text(s, 6, v->analysis)) ||
	    (rc = bind_text(s, 7, v->description)) || (rc = bind_text(s, 8, v->created)) ||
	    (rc = bind_text(s, 9, v->created_by)) || (rc = bind_text(s, 10, v->checks)))
		code = bind_fail(err, c, rc);
	else if ((rc = step(s)) != SQLITE_DONE)
		code = sql_fail(err, c->db, rc, "layout insert");
out:
	done(s);
	return code;
}

static int sq_name_state(struct store *base, const char *name, int64_t *total, int64_t *live,
			 struct store_error *err)
{
	struct conn *c = NULL;
	sqlite3_stmt *s;
	int code, rc;
	if ((code = conn_get((struct sq *)base, &c, err)) ||
	    (code = prep(c, S_NAME_STATE, &s, err)))
		return code;
	if ((rc = bind_text(s, 1, name)))
		code = bind_fail(err, c, rc);
	else if ((rc = step(s)) != SQLITE_ROW)
		code = sql_fail(err, c->db, rc == SQLITE_DONE ? SQLITE_ERROR : rc, "layout state");
	else {
		*total = sqlite3_column_int64(s, 0);
		*live = sqlite3_column_int64(s, 1);
	}
	done(s);
	return code;
}

static int sq_versions_page(struct store *base, const char *name, int64_t after, long n,
			    store_version_fn each, void *ctx, struct store_error *err)
{
	struct conn *c = NULL;
	sqlite3_stmt *s;
	struct visit v = { each, ctx };
	int code, rc;
	if ((code = conn_get((struct sq *)base, &c, err)) ||
	    (code = prep(c, S_VERSIONS_PAGE, &s, err)))
		return code;
	if ((rc = bind_text(s, 1, name)) || (rc = bind_int(s, 2, after)) ||
	    (rc = bind_int(s, 3, n))) {
		done(s);
		return bind_fail(err, c, rc);
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
	if ((code = conn_get((struct sq *)base, &c, err)) || (code = prep(c, S_LIST_PAGE, &s, err)))
		return code;
	if ((rc = bind_text(s, 1, after)) || (rc = bind_text(s, 2, prefix)) ||
	    (rc = bind_text(s, 3, upper)) || (rc = bind_int(s, 4, n))) {
		done(s);
		return bind_fail(err, c, rc);
	}
	return rows(c, s, "layout list", version_row, &v, false, err);
}

static int sq_version_delete(struct store *base, const char *name, int64_t version,
			     const char *deleted, bool *changed, struct store_error *err)
{
	struct conn *c = NULL;
	sqlite3_stmt *s;
	int code, rc;
	if ((code = conn_get((struct sq *)base, &c, err)) ||
	    (code = prep(c, S_DELETE_MARK, &s, err)))
		return code;
	if ((rc = bind_text(s, 1, name)) || (rc = bind_int(s, 2, version)) ||
	    (rc = bind_text(s, 3, deleted)))
		code = bind_fail(err, c, rc);
	else if ((rc = step(s)) != SQLITE_DONE)
		code = sql_fail(err, c->db, rc, "layout delete");
	else
		*changed = sqlite3_changes(c->db) == 1;
	done(s);
	return code;
}

/* ---- API tokens ------------------------------------------------------------ */

static int sq_token_rows(struct store *base, bool live, store_token_fn each, void *ctx,
			 struct store_error *err)
{
	struct conn *c = NULL;
	sqlite3_stmt *s = NULL;
	int code, rc;
	if ((code = conn_get((struct sq *)base, &c, err)) ||
	    (code = prep(c, S_TOKEN_ROWS, &s, err)))
		return code;
	if ((rc = bind_int(s, 1, live))) {
		code = bind_fail(err, c, rc);
		goto out;
	}
	while ((rc = step(s)) == SQLITE_ROW) {
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
		code = sql_fail(err, c->db, rc, "tokens");
out:
	done(s);
	return code;
}

static int sq_token_revoke(struct store *base, const char *name, const char *revoked, bool *changed,
			   struct store_error *err)
{
	struct conn *c = NULL;
	sqlite3_stmt *s = NULL;
	int code, rc;
	if ((code = conn_get((struct sq *)base, &c, err)) ||
	    (code = prep(c, S_TOKEN_REVOKE, &s, err)))
		return code;
	if ((rc = bind_text(s, 1, name)) || (rc = bind_text(s, 2, revoked)))
		code = bind_fail(err, c, rc);
	else if ((rc = step(s)) != SQLITE_DONE)
		code = sql_fail(err, c->db, rc, "token revoke");
	else
		*changed = sqlite3_changes(c->db) == 1;
	done(s);
	return code;
}

static int sq_tokens_exist(struct store *base, bool *exist, struct store_error *err)
{
	struct conn *c = NULL;
	sqlite3_stmt *s = NULL;
	int64_t v = 0;
	int code;
	if ((code = conn_get((struct sq *)base, &c, err)) ||
	    (code = prep(c, S_TOKEN_EXIST, &s, err)))
		return code;
	code = row_int(c, s, &v, err);
	done(s);
	*exist = v != 0;
	return code;
}

static int sq_token_insert(struct store *base, const char *name, const uint8_t hash[STORE_HASH_LEN],
			   const char *scope, const char *created, struct store_error *err)
{
	struct conn *c = NULL;
	sqlite3_stmt *s = NULL;
	int code, rc;
	if ((code = conn_get((struct sq *)base, &c, err)) ||
	    (code = prep(c, S_TOKEN_INSERT, &s, err)))
		return code;
	if ((rc = bind_text(s, 1, name)) ||
	    (rc = sqlite3_bind_blob(s, 2, hash, STORE_HASH_LEN, SQLITE_STATIC)) ||
	    (rc = bind_text(s, 3, created)) || (rc = bind_text(s, 4, scope)))
		code = bind_fail(err, c, rc);
	else if ((rc = step(s)) != SQLITE_DONE)
		code = sql_fail(err, c->db, rc, "token insert");
	done(s);
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
