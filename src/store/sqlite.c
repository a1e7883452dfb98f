/*
 * sqlite.c - the SQLite backend of the store (see store.h for the contract,
 * backend.h for how a backend plugs in): opening the registry file,
 * checking that it is ours and migrating it, the cache file beside it
 * (rebuilt when it is not sound), readiness, the integrity check and the
 * close.
 *
 * It runs the statements of backend.h on SQLite; the rules are store.c's,
 * the migrations' text is in schema.c.  The connections, statements and
 * transactions are in sqlite_conn.c, the statements of the cache, the
 * registry and the tokens in sqlite_rows.c.  Values only ever reach
 * SQLite as bound parameters (the two PRAGMAs that cannot take parameters
 * are formatted from compile-time constants).
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

#include "store/sqlite_int.h"

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

/* ---- Lifecycle ----------------------------------------------------------- */

static int pragma_int(struct conn *c, const char *sql, int64_t *v, struct store_error *err)
{
	sqlite3_stmt *s = NULL;
	int rc = sqlite3_prepare_v2(c->db, sql, -1, &s, NULL);
	if (rc == SQLITE_OK && (rc = sq_step(s)) == SQLITE_ROW) {
		*v = sqlite3_column_int64(s, 0);
		rc = SQLITE_OK;
	}
	sqlite3_finalize(s);
	return rc == SQLITE_OK ? STORE_OK : sq_fail(err, c->db, rc, sql);
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
	if (rc == SQLITE_OK && (rc = sq_step(s)) == SQLITE_ROW) {
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
		return sq_fail(err, c->db, rc, "PRAGMA journal_mode = WAL");

	if ((code = sq_tx_write(c, SYNC_FULL, err)))
		return code;
	if ((code = check_identity(c, &uv, err)))
		goto out;
	for (size_t i = (size_t)uv; i < store_schema_version(); i++) {
		const char *file = NULL, *text = store_migration(i, &file);
		if ((code = sq_exec(c, text, err))) {
			store_fail(err, code, "migration %s failed: %s", file,
				   sqlite3_errmsg(c->db));
			goto out;
		}
	}
	/* PRAGMAs take no parameters; both values are compile-time constants. */
	snprintf(sql, sizeof sql, "PRAGMA user_version = %zu; PRAGMA application_id = %d",
		 store_schema_version(), STORE_APPLICATION_ID);
	if ((code = sq_exec(c, sql, err)) || (code = sq_tx_commit(c, err)))
		goto out;
out:
	sq_tx_abort(c);
	return code;
}

/* One row of text from a PRAGMA: "ok" from quick_check means no damage. */
static int quick_check(struct conn *c, char *why, size_t n)
{
	sqlite3_stmt *s = NULL;
	int rc = sqlite3_prepare_v2(c->db, "PRAGMA quick_check", -1, &s, NULL);
	if (rc == SQLITE_OK)
		rc = sq_step(s);
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
		code = sq_conn_open(st, true, true, &c, err);
		if (code && (attempt || (code != STORE_SCHEMA && code != STORE_IO)))
			return code;
		int usable = code ? 0 : cache_usable(c, err);
		if (usable < 0) {
			code = err ? err->code : STORE_IO;
			goto out;
		}
		if (usable)
			break;
		sq_conn_close(c);
		c = NULL;
		if (attempt)
			return store_fail(err, STORE_IO, "cannot rebuild the cache file %s",
					  st->cache_path);
		unlink_cache_files(st->cache_path);
	}
	if ((code = sq_exec(c, "PRAGMA journal_mode = WAL", err)) ||
	    (code = sq_tx_write(c, 0, err)) ||
	    (code = pragma_int(c, "PRAGMA user_version", &uv, err)))
		goto out;
	if (uv != CACHE_FILE_VERSION) {
		snprintf(sql, sizeof sql, "PRAGMA user_version = %d; PRAGMA application_id = %d",
			 CACHE_FILE_VERSION, STORE_APPLICATION_ID);
		if ((code = sq_exec(c, cache_schema, err)) || (code = sq_exec(c, sql, err)))
			goto out;
	}
	if ((code = sq_tx_commit(c, err)))
		goto out;
	sq_conn_register(st, c);
	c = NULL;
out:
	sq_tx_abort(c);
	sq_conn_close(c);
	return code;
}

const char *sq_degraded(struct store *base)
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
	if (store_conns_init(&st->conns, sq_conn_close_link, err) ||
	    store_conns_init(&st->cconns, sq_conn_close_link, err))
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
	if (sq_conn_open(st, false, true, &c, err) || migrate(c, err))
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
	sq_conn_register(st, c);
	c = NULL;
	if (cache_open(st, err))
		goto fail;
	store_ok(err); /* a rebuilt cache file is not an error */
	return &st->base;
fail:
	sq_conn_close(c);
	if (st) {
		store_conns_close(&st->cconns);
		store_conns_close(&st->conns);
		free(st->path);
		free(st->cache_path);
	}
	free(st);
	return NULL;
}

void sq_close(struct store *base)
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

int sq_ready(struct store *base, struct store_error *err)
{
	struct sq *st = (struct sq *)base;
	struct conn *c = NULL;
	sqlite3_stmt *s = NULL;
	int64_t n;
	if (st && st->degraded[0])
		return store_fail(err, STORE_UNAVAILABLE, "the database is read-only: %s",
				  st->degraded);
	int code = sq_conn_get(st, &c, err);
	if (code || (code = sq_prep(c, S_READY, &s, err)))
		return code;
	code = sq_row_int(c, s, &n, err);
	sq_done(s);
	return code ? code : store_ok(err);
}

int sq_integrity_check(struct store *base, struct store_error *err)
{
	struct sq *st = (struct sq *)base;
	struct conn *c = NULL;
	sqlite3_stmt *s = NULL;
	int code = sq_conn_get(st, &c, err), rc;
	if (code)
		return code;
	rc = sqlite3_prepare_v2(c->db, "PRAGMA integrity_check", -1, &s, NULL);
	if (rc == SQLITE_OK)
		rc = sq_step(s);
	if (rc != SQLITE_ROW) {
		code = sq_fail(err, c->db, rc, "PRAGMA integrity_check");
	} else {
		const char *t = (const char *)sqlite3_column_text(s, 0);
		if (t && strcmp(t, "ok") == 0 && sq_step(s) == SQLITE_DONE)
			code = store_ok(err);
		else
			code = store_fail(err, STORE_IO, "integrity_check: %s", t ? t : "(null)");
	}
	sqlite3_finalize(s);
	return code;
}
