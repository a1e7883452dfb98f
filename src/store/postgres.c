/*
 * postgres.c - the PostgreSQL backend of the store (see store.h for the
 * contract, backend.h for how a backend plugs in), for several replicas
 * sharing one registry.  It runs the statements of backend.h on
 * PostgreSQL; the rules are store.c's.
 *
 * How it keeps the SQLite backend's guarantees with writers on different
 * replicas (READ COMMITTED transactions):
 * - A registry write locks the name's row in layout_name (INSERT ... ON
 *   CONFLICT DO NOTHING, then SELECT ... FOR UPDATE).  Writers of one name
 *   are thus serialized across replicas; under the lock each statement sees
 *   every version committed before it, so an identical PUT finds the
 *   version the other replica just made (one 201), and the counter
 *   last_version, bumped under the same lock, makes versions contiguous.
 * - Registry and token writes commit with synchronous_commit on (the
 *   default: flushed before the 201).  The cache is an UNLOGGED table and
 *   its transactions run with synchronous_commit off: never a flush.
 * - Tokens are read from the database on every check: a revocation through
 *   one replica is honoured by every replica at its next request.
 * - Migrations (schema/postgresql/) are applied in one transaction under
 *   pg_advisory_xact_lock, checked again inside it.
 * - Connections: one per thread, opened lazily.  A lost connection makes
 *   the call fail with STORE_UNAVAILABLE (HTTP 503 + Retry-After) and is
 *   re-established on a later call; after a failed attempt no thread tries
 *   again for a second, and one thread's success lets all retry at once; a
 *   repeatable statement (a read, BEGIN) outside a transaction is retried
 *   once on a fresh connection, so a server restart costs no failed request
 *   when it is already back.
 *
 * Values reach the server only as parameters of PQexecParams.
 */
#include "config.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libpq-fe.h>

#include "store/backend.h"

/* ---- Migrations ----------------------------------------------------------- */

#define MIGRATION_LOCK 0x4c594f44 /* "LYOD": the advisory lock key */

/* ---- Connections ---------------------------------------------------------- */

#define RECONNECT_US 1000000 /* a thread retries a lost server once a second */

struct pconn {
	struct store_conn link; /* first: its place in the set */
	struct pg *st;
	PGconn *db;
	bool in_tx;
};

struct pg {
	struct store base; /* first: the ops */
	char *url;
	atomic_bool migrated;
	atomic_llong down_until_us; /* after a failed connect: no attempt before */
	struct store_conns conns;   /* one per thread */
};

static int64_t now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static int64_t mono_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* The server's message, on one line, without a trailing newline. */
static const char *pg_msg(PGconn *db, PGresult *r, char *buf, size_t n)
{
	const char *m = r ? PQresultErrorMessage(r) : NULL;
	if (!m || !*m)
		m = db ? PQerrorMessage(db) : "no connection";
	snprintf(buf, n, "%s", m);
	for (char *p = buf; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = *(p + 1) ? ' ' : '\0';
	return buf;
}

/* Map a failed result to our codes by SQLSTATE class. */
static int pg_fail(struct store_error *err, PGconn *db, PGresult *r, const char *what)
{
	char buf[200];
	const char *state = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : NULL;
	int code = STORE_IO;
	if (!db || PQstatus(db) == CONNECTION_BAD || (state && strncmp(state, "08", 2) == 0) ||
	    (state && (strncmp(state, "57P", 3) == 0 || strncmp(state, "53", 2) == 0)))
		code = STORE_UNAVAILABLE;
	else if (state && strncmp(state, "23", 2) == 0)
		code = STORE_CONFLICT;
	else if (state && (strcmp(state, "40001") == 0 || strcmp(state, "40P01") == 0 ||
			   strcmp(state, "55P03") == 0 || strcmp(state, "57014") == 0))
		code = STORE_BUSY;
	else if (state && strcmp(state, "42P01") == 0)
		code = STORE_SCHEMA;
	return store_fail(err, code, "%s: %s%s", what, pg_msg(db, r, buf, sizeof buf),
			  code == STORE_UNAVAILABLE ? " (PostgreSQL unavailable)" : "");
}

static void conn_free(struct pconn *c)
{
	if (!c)
		return;
	if (c->db)
		PQfinish(c->db);
	free(c);
}

static void conn_free_link(struct store_conn *l)
{
	conn_free((struct pconn *)l);
}

static int migrate(struct pconn *c, struct store_error *err);

/* Server notices ("relation already exists, skipping") are not errors. */
static void quiet(void *arg, const char *message)
{
	(void)arg;
	(void)message;
}

/* (Re)connect c->db and set the session up; migrate once per process. */
static int conn_connect(struct pconn *c, struct store_error *err)
{
	static const char *const keys[] = { "dbname", "connect_timeout", "application_name", NULL };
	const char *vals[] = { c->st->url, "3", "layoutd", NULL };
	char buf[200], sql[96];
	if (c->db)
		PQfinish(c->db);
	c->in_tx = false;
	c->db = PQconnectdbParams(keys, vals, 1);
	if (!c->db)
		return store_fail(err, STORE_NOMEM, "out of memory connecting to PostgreSQL");
	PQsetNoticeProcessor(c->db, quiet, NULL);
	if (PQstatus(c->db) != CONNECTION_OK) {
		atomic_store(&c->st->down_until_us, mono_us() + RECONNECT_US);
		int code = store_fail(err, STORE_UNAVAILABLE, "cannot connect to PostgreSQL: %s",
				      pg_msg(c->db, NULL, buf, sizeof buf));
		PQfinish(c->db);
		c->db = NULL;
		return code;
	}
	/* a registry write waits at most busy_ms for another's row lock */
	snprintf(sql, sizeof sql, "SET lock_timeout = %d", c->st->base.busy_ms);
	PGresult *r = PQexec(c->db, sql);
	int code = PQresultStatus(r) == PGRES_COMMAND_OK
			   ? STORE_OK
			   : pg_fail(err, c->db, r, "SET lock_timeout");
	PQclear(r);
	atomic_store(&c->st->down_until_us, 0); /* the others may try again now */
	if (!code && !atomic_load(&c->st->migrated)) {
		code = migrate(c, err);
		if (!code)
			atomic_store(&c->st->migrated, true);
	}
	return code;
}

/* This thread's connection, opened (or re-opened) on demand. */
static int conn_get(struct pg *st, struct pconn **out, struct store_error *err)
{
	struct pconn *c = store_conn_mine(&st->conns);
	*out = NULL;
	if (!c) {
		if (!(c = calloc(1, sizeof *c)))
			return store_fail(err, STORE_NOMEM, "out of memory");
		c->st = st;
		store_conn_add(&st->conns, &c->link);
	}
	if (!c->db || PQstatus(c->db) != CONNECTION_OK) {
		if (mono_us() < atomic_load(&st->down_until_us))
			return store_fail(err, STORE_UNAVAILABLE,
					  "PostgreSQL is unavailable (retrying)");
		int code = conn_connect(c, err);
		if (code)
			return code;
	}
	*out = c;
	return STORE_OK;
}

/* Whether running sql twice is the same as once: a read, a transaction's
 * BEGIN, the cache's touch.  Only those are retried after a lost
 * connection: a token insert or revoke whose reply was lost may have been
 * committed, and a retry would then report a conflict or "not found". */
static bool repeatable(const char *sql)
{
	return strncmp(sql, "SELECT", 6) == 0 || strcmp(sql, "BEGIN") == 0 ||
	       strncmp(sql, "UPDATE analysis_cache", 21) == 0;
}

/* Run one statement with text parameters.  STORE_OK with *out (PQclear it)
 * when it returned rows or completed.  Outside a transaction, a repeatable
 * statement that failed because the connection was lost is retried once on
 * a new one. */
static int q(struct pconn *c, PGresult **out, const char *what, const char *sql, int n,
	     const char *const *vals, struct store_error *err)
{
	*out = NULL;
	if (store_fail_injected())
		return store_fail(err, STORE_IO, "%s: disk I/O error (injected)", what);
	for (int attempt = 0;; attempt++) {
		PGresult *r = PQexecParams(c->db, sql, n, NULL, vals, NULL, NULL, 0);
		ExecStatusType s = PQresultStatus(r);
		if (s == PGRES_COMMAND_OK || s == PGRES_TUPLES_OK) {
			*out = r;
			return STORE_OK;
		}
		if (attempt == 0 && !c->in_tx && PQstatus(c->db) == CONNECTION_BAD &&
		    repeatable(sql)) {
			PQclear(r);
			int code = conn_connect(c, err);
			if (code)
				return code;
			continue;
		}
		int code = pg_fail(err, c->db, r, what);
		PQclear(r);
		return code;
	}
}

/* A statement whose result is not needed. */
static int run(struct pconn *c, const char *what, const char *sql, int n, const char *const *vals,
	       struct store_error *err)
{
	PGresult *r;
	int code = q(c, &r, what, sql, n, vals, err);
	PQclear(r);
	return code;
}

static int tx_begin(struct pconn *c, struct store_error *err)
{
	int code = run(c, "BEGIN", "BEGIN", 0, NULL, err);
	c->in_tx = code == STORE_OK;
	return code;
}

static int tx_commit(struct pconn *c, struct store_error *err)
{
	int code = run(c, "COMMIT", "COMMIT", 0, NULL, err);
	c->in_tx = false;
	return code;
}

static void tx_abort(struct pconn *c)
{
	if (c && c->db && PQtransactionStatus(c->db) != PQTRANS_IDLE &&
	    PQstatus(c->db) == CONNECTION_OK) {
		PGresult *r = PQexec(c->db, "ROLLBACK");
		PQclear(r);
	}
	if (c)
		c->in_tx = false;
}

/* Copy a field: NULL stays NULL.  false on allocation failure. */
static bool dup_field(PGresult *r, int row, int col, char **out)
{
	*out = NULL;
	if (PQgetisnull(r, row, col))
		return true;
	return (*out = strdup(PQgetvalue(r, row, col))) != NULL;
}

/* A field's text, borrowed from r; NULL for SQL NULL. */
static const char *field_text(PGresult *r, int row, int col)
{
	return PQgetisnull(r, row, col) ? NULL : PQgetvalue(r, row, col);
}

static int64_t field_int(PGresult *r, int row, int col)
{
	return PQgetisnull(r, row, col) ? 0 : strtoll(PQgetvalue(r, row, col), NULL, 10);
}

static int migrate(struct pconn *c, struct store_error *err)
{
	static const char lock_sql[] = "SELECT pg_advisory_xact_lock(1280921412)";
	PGresult *r = NULL;
	char nbuf[24];
	int code;
	_Static_assert(MIGRATION_LOCK == 1280921412, "the lock key in lock_sql");
	if ((code = tx_begin(c, err)) ||
	    (code = run(c, "migration lock", lock_sql, 0, NULL, err)) ||
	    (code = run(c, "migration table",
			"CREATE TABLE IF NOT EXISTS layoutd_schema (one int PRIMARY KEY"
			" CHECK (one = 1), version int NOT NULL)",
			0, NULL, err)) ||
	    (code = q(c, &r, "schema version", "SELECT version FROM layoutd_schema", 0, NULL, err)))
		goto out;
	int64_t have = PQntuples(r) ? field_int(r, 0, 0) : 0;
	PQclear(r);
	r = NULL;
	if (have > (int64_t)store_pg_schema_version()) {
		code = store_fail(
			err, STORE_SCHEMA,
			"the PostgreSQL database has schema version %lld, newer than this "
			"layoutd (%zu): upgrade layoutd",
			(long long)have, store_pg_schema_version());
		goto out;
	}
	for (size_t i = (size_t)have; i < store_pg_schema_version(); i++) {
		const char *file = NULL;
		r = PQexec(c->db, store_pg_migration(i, &file));
		if (PQresultStatus(r) != PGRES_COMMAND_OK) {
			char what[64];
			snprintf(what, sizeof what, "migration %s", file);
			code = pg_fail(err, c->db, r, what);
			goto out;
		}
		PQclear(r);
		r = NULL;
	}
	snprintf(nbuf, sizeof nbuf, "%zu", store_pg_schema_version());
	const char *v[] = { nbuf };
	if ((code = run(c, "schema version",
			"INSERT INTO layoutd_schema VALUES (1, $1::int)"
			" ON CONFLICT (one) DO UPDATE SET version = excluded.version",
			1, v, err)) ||
	    (code = tx_commit(c, err)))
		goto out;
out:
	PQclear(r);
	tx_abort(c);
	return code;
}

/* ---- Lifecycle ------------------------------------------------------------ */

static void pg_close(struct store *base)
{
	struct pg *st = (struct pg *)base;
	store_conns_close(&st->conns);
	free(st->url);
	free(st);
}

struct store *store_pg_open(const char *url, const struct store_options *opt,
			    struct store_error *err)
{
	struct pg *st = calloc(1, sizeof *st);
	struct pconn *c = NULL;
	store_ok(err);
	if (!st || !(st->url = strdup(url))) {
		free(st);
		store_fail(err, STORE_NOMEM, "out of memory opening PostgreSQL");
		return NULL;
	}
	st->base.ops = &store_pg_ops;
	store_options_apply(&st->base, opt);
	if (store_conns_init(&st->conns, conn_free_link, err)) {
		free(st->url);
		free(st);
		return NULL;
	}
	/* Connect and migrate now: a wrong URL or a newer schema is an error
	 * at start, not at the first request. */
	if (conn_get(st, &c, err)) {
		pg_close(&st->base);
		return NULL;
	}
	return &st->base;
}

static int pg_ready(struct store *base, struct store_error *err)
{
	struct pg *st = (struct pg *)base;
	struct pconn *c;
	int code = conn_get(st, &c, err);
	if (!code)
		code = run(c, "ready", "SELECT 1", 0, NULL, err);
	return code ? code : store_ok(err);
}

static const char *pg_degraded(struct store *base)
{
	(void)base;
	return NULL;
}

/* The schema is this binary's, and every table answers. */
static int pg_integrity_check(struct store *base, struct store_error *err)
{
	struct pg *st = (struct pg *)base;
	struct pconn *c;
	PGresult *r = NULL;
	int code = conn_get(st, &c, err);
	if (code || (code = q(c, &r, "integrity check",
			      "SELECT (SELECT version FROM layoutd_schema),"
			      " (SELECT count(*) FROM layout_name),"
			      " (SELECT count(*) FROM layout_version),"
			      " (SELECT count(*) FROM api_token),"
			      " (SELECT count(*) FROM layout_version v WHERE NOT EXISTS"
			      "  (SELECT 1 FROM layout_name n WHERE n.name = v.name"
			      "   AND n.last_version >= v.version))",
			      0, NULL, err)))
		return code;
	if (field_int(r, 0, 0) != (int64_t)store_pg_schema_version())
		code = store_fail(err, STORE_SCHEMA, "schema version %s, expected %zu",
				  PQgetvalue(r, 0, 0), store_pg_schema_version());
	else if (field_int(r, 0, 4) != 0)
		code = store_fail(err, STORE_IO, "%s versions are past their name's counter",
				  PQgetvalue(r, 0, 4));
	else
		code = store_ok(err);
	PQclear(r);
	return code;
}

/* ---- Analysis cache ------------------------------------------------------- */

static int pg_cache_get(struct store *base, const char *id, const char *engine_version,
			char **json_out, struct store_error *err)
{
	struct pg *st = (struct pg *)base;
	struct pconn *c;
	PGresult *r = NULL;
	char used[24];
	snprintf(used, sizeof used, "%lld", (long long)now_us());
	const char *v[] = { id, engine_version, used };
	/* the hit and its touch in one statement (an unlogged row: no flush) */
	int code = conn_get(st, &c, err);
	if (code || (code = q(c, &r, "cache lookup",
			      "UPDATE analysis_cache SET last_used = $3::bigint"
			      " WHERE id = $1 AND engine_version = $2 RETURNING body",
			      3, v, err)))
		return code;
	if (PQntuples(r) == 0)
		code = STORE_NOTFOUND;
	else if (!dup_field(r, 0, 0, json_out) || !*json_out)
		code = STORE_NOMEM;
	PQclear(r);
	return code;
}

static int pg_cache_put(struct store *base, const char *id, const char *engine_version,
			const char *json_text, int64_t size, struct store_error *err)
{
	struct pg *st = (struct pg *)base;
	struct pconn *c = NULL;
	PGresult *r = NULL;
	char size_s[24], used[24], max_n[24], max_b[24];
	snprintf(size_s, sizeof size_s, "%lld", (long long)size);
	snprintf(used, sizeof used, "%lld", (long long)now_us());
	snprintf(max_n, sizeof max_n, "%ld", st->base.cache_max);
	snprintf(max_b, sizeof max_b, "%lld", st->base.cache_bytes);
	const char *v[] = { id, engine_version, json_text, size_s, used };
	const char *lim[] = { max_n, max_b };
	int code = conn_get(st, &c, err);
	if (code || (code = tx_begin(c, err)) ||
	    (code = run(c, "cache", "SET LOCAL synchronous_commit = off", 0, NULL, err)) ||
	    (code = run(c, "cache insert",
			"INSERT INTO analysis_cache (id, engine_version, body, size, last_used)"
			" VALUES ($1, $2, $3, $4::bigint, $5::bigint)"
			" ON CONFLICT (id, engine_version) DO UPDATE SET body = excluded.body,"
			" size = excluded.size, last_used = excluded.last_used",
			5, v, err)) ||
	    (code = q(c, &r, "cache totals", "SELECT entries, bytes FROM cache_total", 0, NULL,
		      err)))
		goto out;
	bool over = PQntuples(r) && (field_int(r, 0, 0) > st->base.cache_max ||
				     field_int(r, 0, 1) > st->base.cache_bytes);
	PQclear(r);
	r = NULL;
	/* Keep the most recent entries while both running totals fit. */
	if (over && (code = run(c, "cache eviction",
				"DELETE FROM analysis_cache WHERE (id, engine_version) IN"
				" (SELECT id, engine_version FROM (SELECT id, engine_version,"
				"  sum(size) OVER w AS run, row_number() OVER w AS n"
				"  FROM analysis_cache WINDOW w AS (ORDER BY last_used DESC)) AS t"
				"  WHERE n > $1::bigint OR run > $2::bigint)",
				2, lim, err)))
		goto out;
	code = tx_commit(c, err);
out:
	PQclear(r);
	tx_abort(c);
	return code ? code : store_ok(err);
}

static int pg_cache_count(struct store *base, long *count, struct store_error *err)
{
	struct pg *st = (struct pg *)base;
	struct pconn *c;
	PGresult *r = NULL;
	int code = conn_get(st, &c, err);
	if (code ||
	    (code = q(c, &r, "cache count", "SELECT count(*) FROM analysis_cache", 0, NULL, err)))
		return code;
	*count = (long)field_int(r, 0, 0);
	PQclear(r);
	return store_ok(err);
}

/* ---- Registry ------------------------------------------------------------- */

#define VERSION_COLUMNS                                                                        \
	"name, version, id, fingerprint, layout, analysis, description, created, created_by, " \
	"deleted, checks"

/* A row of VERSION_COLUMNS, borrowed from r, and for the list page the
 * name's live count and its latest version's ok after them. */
static struct store_version_row version_row(PGresult *r, int i)
{
	return (struct store_version_row){
		.name = field_text(r, i, 0),
		.version = field_int(r, i, 1),
		.id = field_text(r, i, 2),
		.fingerprint = field_text(r, i, 3),
		.layout = field_text(r, i, 4),
		.analysis = field_text(r, i, 5),
		.description = field_text(r, i, 6),
		.created = field_text(r, i, 7),
		.created_by = field_text(r, i, 8),
		.deleted = !PQgetisnull(r, i, 9),
		.checks = field_text(r, i, 10),
		.live = PQnfields(r) > 11 ? field_int(r, i, 11) : 0,
		.ok = PQnfields(r) > 12 && !PQgetisnull(r, i, 12) && PQgetvalue(r, i, 12)[0] == 't',
	};
}

/* Every row of r to `each`; PQclear(r) whatever it returns. */
static int each_row(PGresult *r, store_version_fn each, void *ctx)
{
	int code = STORE_OK;
	for (int i = 0; i < PQntuples(r) && !code; i++) {
		struct store_version_row row = version_row(r, i);
		code = each(ctx, &row);
	}
	PQclear(r);
	return code;
}

/* Writers of one name queue here, on every replica, and see each other's
 * versions once they have the row. */
static int pg_name_lock(struct store *base, const char *name, const char *created,
			struct store_error *err)
{
	struct pconn *c;
	const char *nv[] = { name, created };
	int code = conn_get((struct pg *)base, &c, err);
	if (code ||
	    (code = run(c, "version counter",
			"INSERT INTO layout_name (name, last_version, created) VALUES ($1, 0, $2)"
			" ON CONFLICT (name) DO NOTHING",
			2, nv, err)))
		return code;
	return run(c, "version counter",
		   "SELECT last_version FROM layout_name WHERE name = $1 FOR UPDATE", 1, nv, err);
}

static int pg_version_select(struct store *base, const char *name, int64_t version,
			     store_version_fn each, void *ctx, struct store_error *err)
{
	struct pconn *c;
	PGresult *r = NULL;
	char nbuf[24];
	snprintf(nbuf, sizeof nbuf, "%lld", (long long)version);
	const char *vals[] = { name, nbuf };
	int code = conn_get((struct pg *)base, &c, err);
	if (code)
		return code;
	code = version > 0 ? q(c, &r, "layout lookup",
			       "SELECT " VERSION_COLUMNS " FROM layout_version"
			       " WHERE name = $1 AND version = $2::bigint",
			       2, vals, err)
			   : q(c, &r, "layout lookup",
			       "SELECT " VERSION_COLUMNS " FROM layout_version"
			       " WHERE name = $1 AND deleted IS NULL"
			       " ORDER BY version DESC LIMIT 1",
			       1, vals, err);
	if (code)
		return code;
	if (PQntuples(r) == 0) {
		PQclear(r);
		return STORE_NOTFOUND;
	}
	return each_row(r, each, ctx);
}

/* The counter is bumped under the row lock of pg_name_lock. */
static int pg_version_insert(struct store *base, const struct store_version_row *v,
			     int64_t *version, struct store_error *err)
{
	struct pconn *c;
	PGresult *r = NULL;
	const char *vv[] = { v->name,	     v->id,	 v->fingerprint, v->layout, v->analysis,
			     v->description, v->created, v->created_by,	 v->checks };
	int code = conn_get((struct pg *)base, &c, err);
	if (code || (code = q(c, &r, "layout insert",
			      "WITH bump AS (UPDATE layout_name SET last_version = last_version + 1"
			      " WHERE name = $1 RETURNING last_version)"
			      " INSERT INTO layout_version (name, version, id, fingerprint, layout,"
			      " analysis, description, created, created_by, checks)"
			      " SELECT $1, last_version, $2, $3, $4, $5, $6, $7, $8, $9 FROM bump"
			      " RETURNING version",
			      9, vv, err)))
		return code;
	if (PQntuples(r) != 1)
		code = store_fail(err, STORE_IO, "the version counter of %s vanished", v->name);
	else
		*version = field_int(r, 0, 0);
	PQclear(r);
	return code;
}

static int pg_name_state(struct store *base, const char *name, int64_t *total, int64_t *live,
			 struct store_error *err)
{
	struct pconn *c;
	PGresult *r = NULL;
	const char *v[] = { name };
	int code = conn_get((struct pg *)base, &c, err);
	if (code || (code = q(c, &r, "layout state",
			      "SELECT count(*), count(*) FILTER (WHERE deleted IS NULL)"
			      " FROM layout_version WHERE name = $1",
			      1, v, err)))
		return code;
	*total = field_int(r, 0, 0);
	*live = field_int(r, 0, 1);
	PQclear(r);
	return STORE_OK;
}

static int pg_versions_page(struct store *base, const char *name, int64_t after, long n,
			    store_version_fn each, void *ctx, struct store_error *err)
{
	struct pconn *c;
	PGresult *r = NULL;
	char abuf[24], lbuf[24];
	snprintf(abuf, sizeof abuf, "%lld", (long long)after);
	snprintf(lbuf, sizeof lbuf, "%ld", n);
	const char *v[] = { name, abuf, lbuf };
	int code = conn_get((struct pg *)base, &c, err);
	if (code || (code = q(c, &r, "versions",
			      "SELECT name, version, id, fingerprint, NULL, NULL, description,"
			      " created, created_by, deleted, NULL"
			      " FROM layout_version WHERE name = $1 AND deleted IS NULL"
			      " AND version > $2::bigint ORDER BY version LIMIT $3::bigint",
			      3, v, err)))
		return code;
	return each_row(r, each, ctx);
}

/* The columns are COLLATE "C": byte order, as on SQLite. */
static int pg_names_page(struct store *base, const char *after, const char *prefix,
			 const char *upper, long n, store_version_fn each, void *ctx,
			 struct store_error *err)
{
	struct pconn *c;
	PGresult *r = NULL;
	char lbuf[24];
	snprintf(lbuf, sizeof lbuf, "%ld", n);
	const char *v[] = { after, prefix, upper, lbuf };
	int code = conn_get((struct pg *)base, &c, err);
	if (code ||
	    (code = q(c, &r, "layout list",
		      "SELECT v.name, v.version, v.id, v.fingerprint, NULL, NULL, v.description,"
		      " v.created, NULL, NULL, NULL, g.n, (v.analysis::json ->> 'ok') = 'true' FROM"
		      " (SELECT name, max(version) AS latest, count(*) AS n FROM layout_version"
		      "  WHERE deleted IS NULL AND name > $1 AND name >= $2 AND name < $3"
		      "  GROUP BY name ORDER BY name LIMIT $4::bigint) AS g"
		      " JOIN layout_version AS v ON v.name = g.name AND v.version = g.latest"
		      " ORDER BY v.name",
		      4, v, err)))
		return code;
	return each_row(r, each, ctx);
}

static int pg_version_delete(struct store *base, const char *name, int64_t version,
			     const char *deleted, bool *changed, struct store_error *err)
{
	struct pconn *c;
	PGresult *r = NULL;
	char nbuf[24];
	snprintf(nbuf, sizeof nbuf, "%lld", (long long)version);
	const char *v[] = { name, nbuf, deleted };
	int code = conn_get((struct pg *)base, &c, err);
	if (code || (code = q(c, &r, "layout delete",
			      "UPDATE layout_version SET deleted = $3"
			      " WHERE name = $1 AND version = $2::bigint AND deleted IS NULL",
			      3, v, err)))
		return code;
	*changed = strcmp(PQcmdTuples(r), "1") == 0;
	PQclear(r);
	return STORE_OK;
}

/* ---- API tokens ----------------------------------------------------------- */

static void hex(const uint8_t *b, size_t n, char *out)
{
	static const char digits[] = "0123456789abcdef";
	for (size_t i = 0; i < n; i++) {
		out[2 * i] = digits[b[i] >> 4];
		out[2 * i + 1] = digits[b[i] & 15];
	}
	out[2 * n] = '\0';
}

static int unhex(const char *s, uint8_t *out, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		int v = 0;
		for (int k = 0; k < 2; k++) {
			char ch = s[2 * i + k];
			int d = ch >= '0' && ch <= '9'	 ? ch - '0'
				: ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
							 : -1;
			if (d < 0)
				return -1;
			v = v * 16 + d;
		}
		out[i] = (uint8_t)v;
	}
	return s[2 * n] == '\0' ? 0 : -1;
}

static int pg_token_insert(struct store *base, const char *name, const uint8_t hash[STORE_HASH_LEN],
			   const char *scope, const char *created, struct store_error *err)
{
	struct pconn *c;
	char h[2 * STORE_HASH_LEN + 1];
	hex(hash, STORE_HASH_LEN, h);
	const char *v[] = { name, h, created, scope };
	int code = conn_get((struct pg *)base, &c, err);
	return code ? code
		    : run(c, "token insert",
			  "INSERT INTO api_token (name, hash, created, scope)"
			  " VALUES ($1, decode($2, 'hex'), $3, $4)",
			  4, v, err);
}

static int pg_token_rows(struct store *base, bool live, store_token_fn each, void *ctx,
			 struct store_error *err)
{
	struct pconn *c;
	PGresult *r = NULL;
	const char *v[] = { live ? "t" : "f" };
	int code = conn_get((struct pg *)base, &c, err);
	if (code || (code = q(c, &r, "tokens",
			      "SELECT name, encode(hash, 'hex'), created, revoked, scope"
			      " FROM api_token WHERE NOT $1::bool OR revoked IS NULL ORDER BY seq",
			      1, v, err)))
		return code;
	for (int i = 0; i < PQntuples(r) && !code; i++) {
		uint8_t h[STORE_HASH_LEN];
		struct store_token_row row = {
			.name = field_text(r, i, 0),
			.created = field_text(r, i, 2),
			.revoked = field_text(r, i, 3),
			.scope = field_text(r, i, 4),
			.hash = unhex(PQgetvalue(r, i, 1), h, sizeof h) == 0 ? h : NULL,
		};
		code = each(ctx, &row);
	}
	PQclear(r);
	return code;
}

static int pg_token_revoke(struct store *base, const char *name, const char *revoked, bool *changed,
			   struct store_error *err)
{
	struct pconn *c;
	PGresult *r = NULL;
	const char *v[] = { name, revoked };
	int code = conn_get((struct pg *)base, &c, err);
	if (code ||
	    (code = q(c, &r, "token revoke",
		      "UPDATE api_token SET revoked = $2 WHERE name = $1 AND revoked IS NULL", 2, v,
		      err)))
		return code;
	*changed = strcmp(PQcmdTuples(r), "1") == 0;
	PQclear(r);
	return STORE_OK;
}

static int pg_tokens_exist(struct store *base, bool *exist, struct store_error *err)
{
	struct pconn *c;
	PGresult *r = NULL;
	/* revoked rows count: once a token existed, writes stay closed */
	int code = conn_get((struct pg *)base, &c, err);
	if (code ||
	    (code = q(c, &r, "tokens", "SELECT EXISTS (SELECT 1 FROM api_token)", 0, NULL, err)))
		return code;
	*exist = PQgetvalue(r, 0, 0)[0] == 't';
	PQclear(r);
	return STORE_OK;
}

/* ---- Transactions --------------------------------------------------------- */

/* A read runs as single statements (READ COMMITTED gives each its own
 * snapshot, and a lost connection is retried outside a transaction), so
 * only a write opens one. */
static int pg_begin(struct store *base, bool write, struct store_error *err)
{
	struct pconn *c;
	int code = conn_get((struct pg *)base, &c, err);
	return code || !write ? code : tx_begin(c, err);
}

static int pg_commit(struct store *base, struct store_error *err)
{
	struct pconn *c;
	int code = conn_get((struct pg *)base, &c, err);
	return code || !c->in_tx ? code : tx_commit(c, err);
}

static void pg_rollback(struct store *base)
{
	tx_abort(store_conn_mine(&((struct pg *)base)->conns));
}

const struct store_ops store_pg_ops = {
	.version = 2,
	.scheme = "postgresql",
	.close = pg_close,
	.ready = pg_ready,
	.degraded = pg_degraded,
	.integrity_check = pg_integrity_check,
	.cache_get = pg_cache_get,
	.cache_put = pg_cache_put,
	.cache_count = pg_cache_count,
	.name_lock = pg_name_lock,
	.version_select = pg_version_select,
	.version_insert = pg_version_insert,
	.name_state = pg_name_state,
	.versions_page = pg_versions_page,
	.names_page = pg_names_page,
	.version_delete = pg_version_delete,
	.begin = pg_begin,
	.commit = pg_commit,
	.rollback = pg_rollback,
	.token_insert = pg_token_insert,
	.token_rows = pg_token_rows,
	.token_revoke = pg_token_revoke,
	.tokens_exist = pg_tokens_exist,
};
