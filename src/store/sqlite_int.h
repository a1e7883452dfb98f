/*
 * sqlite_int.h - internal to the SQLite backend (sqlite.c, sqlite_conn.c,
 * sqlite_rows.c): its handle, its per-thread connections with their
 * statement caches, and the helpers every statement uses.  Nothing outside
 * those three files includes it; the store's contract is store.h, the
 * backend interface backend.h.
 */
#ifndef LAYOUTD_STORE_SQLITE_INT_H
#define LAYOUTD_STORE_SQLITE_INT_H

#include <stdbool.h>
#include <stdint.h>

#include <sqlite3.h>

#include "store/backend.h"

/* The statements, by id; their SQL texts are in sqlite_conn.c. */
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

/* Errors: map an SQLite result code to ours; `what` says what we were
 * doing. */
int sq_fail(struct store_error *err, sqlite3 *db, int rc, const char *what);
/* sqlite3_step behind the fault injection seam. */
int sq_step(sqlite3_stmt *s);

/* Connections: opened with the per-connection settings, kept one per
 * thread in the registry's or the cache's set. */
void sq_conn_close(struct conn *c);
void sq_conn_close_link(struct store_conn *l);
int sq_exec(struct conn *c, const char *sql, struct store_error *err);
int sq_conn_open(struct sq *st, bool cache, bool create, struct conn **out,
		 struct store_error *err);
void sq_conn_register(struct sq *st, struct conn *c);
/* This thread's registry or cache connection, opened on first use. */
int sq_conn_get(struct sq *st, struct conn **out, struct store_error *err);
int sq_cache_conn_get(struct sq *st, struct conn **out, struct store_error *err);

/* Statements: sq_prep gives the cached statement `id` of the connection,
 * sq_done gives it back reset (every exit path calls it). */
int sq_prep(struct conn *c, enum stmt_id id, sqlite3_stmt **out, struct store_error *err);
void sq_done(sqlite3_stmt *s);
int sq_bind_text(sqlite3_stmt *s, int i, const char *v);
int sq_bind_int(sqlite3_stmt *s, int i, int64_t v);
int sq_bind_fail(struct store_error *err, struct conn *c, int rc);
/* Runs a statement expected to return no row. */
int sq_run(struct conn *c, enum stmt_id id, struct store_error *err);
/* Steps a bound statement expected to return no row: STORE_OK, or the
 * failure of `what`. */
int sq_step_done(struct conn *c, sqlite3_stmt *s, const char *what, struct store_error *err);
/* One integer from a one-row statement that is already bound. */
int sq_row_int(struct conn *c, sqlite3_stmt *s, int64_t *v, struct store_error *err);
/* Column i copied (malloc'd; NULL stays NULL), STORE_NOMEM on failure. */
int sq_col_dup(sqlite3_stmt *s, int i, char **out);

/* Transactions on one connection: a write one takes the lock up front
 * with synchronous at `sync`; sq_tx_abort rolls back whatever is open. */
int sq_tx_write(struct conn *c, int sync, struct store_error *err);
int sq_tx_read(struct conn *c, struct store_error *err);
int sq_tx_commit(struct conn *c, struct store_error *err);
void sq_tx_abort(struct conn *c);

/* The lifecycle ops (sqlite.c), named in the ops table (sqlite_rows.c). */
void sq_close(struct store *base);
int sq_ready(struct store *base, struct store_error *err);
const char *sq_degraded(struct store *base);
int sq_integrity_check(struct store *base, struct store_error *err);

#endif
