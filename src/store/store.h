/*
 * store.h - the store: the analysis cache, the registry of named, immutable
 * layout versions, and API tokens.  Owned by src/store/.
 *
 * Two backends behind one statement-level interface (backend.h; every
 * rule below is kept once, in store.c), chosen by store_open()
 * from the --db value: a file path is SQLite (sqlite.c, the embedded
 * default, described below), a postgresql:// URL is PostgreSQL
 * (postgres.c: several replicas share one registry; see the top of that
 * file for how it keeps the same guarantees).  Callers never know which.
 *
 * The registry and the tokens live in one database file (default
 * ./layoutd.db) in WAL mode; the analysis cache in a second file beside it
 * (PATH-cache), so that a cache write never takes the registry's write lock
 * and never waits for its fsync.
 *
 * Threads.  A struct store is shared by every thread.  Each thread that calls
 * into it gets its own sqlite3 connection, opened lazily on first use
 * (SQLITE_OPEN_NOMUTEX, busy_timeout, its own prepared-statement cache) and
 * closed when the thread exits or at store_close(), whichever comes first.
 * store_close() must only be called once no other thread is inside a store_*
 * call (join or stop the workers first).
 *
 * Errors.  Every function returns an enum store_code (0 = STORE_OK) and, when
 * `err` is not NULL, fills it with the same code and a message.  SQLite
 * failures never abort the process: they map to STORE_BUSY, STORE_NOMEM,
 * STORE_CONFLICT or STORE_IO.  A failed write leaves nothing behind: every
 * write is one BEGIN IMMEDIATE transaction, rolled back on any error.
 *
 * Durability.  Registry and token writes commit with synchronous=FULL (the
 * WAL is fsynced at each commit: a 201 survives a power loss).  Cache writes
 * and LRU touches go to the cache file with synchronous=OFF: no fsync at all
 * (they survive a crash of the process; a power loss may drop or damage the
 * cache, which is recomputable: a cache file that fails its check at open is
 * deleted and created again).
 *
 * Ownership.  Strings passed in are borrowed for the duration of the call.
 * Out strings (char **, struct store_version fields) are malloc'd and owned by
 * the caller; json_t outputs are new references.
 */
#ifndef LAYOUTD_STORE_H
#define LAYOUTD_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

/* Defaults and limits.  Each has a reason. */
#define STORE_DEFAULT_PATH	  "./layoutd.db"
#define STORE_DEFAULT_CACHE_MAX	  10000	       /* analyses are KBs: ~100 MB at worst */
#define STORE_DEFAULT_CACHE_BYTES (64LL << 20) /* the disk the cache may take */
#define STORE_DEFAULT_BUSY_MS	  5000	       /* a registry write is ms; 5 s means stuck */
#define STORE_NAME_MAX		  128	       /* [A-Za-z0-9][A-Za-z0-9._-]{0,127} */
#define STORE_PAGE_DEFAULT	  100	       /* list/versions page when limit is 0 */
#define STORE_PAGE_MAX		  1000	       /* bounds one response; larger limits clamp */
#define STORE_KEY_MAX		  256	       /* ids, fingerprints, engine versions */
#define STORE_TOKEN_PREFIX	  "ldt_"
#define STORE_TOKEN_LEN		  68	     /* "ldt_" + 64 hex digits (32 random bytes) */
#define STORE_APPLICATION_ID	  0x4c594f44 /* "LYOD" in PRAGMA application_id */

enum store_code {
	STORE_OK = 0,
	STORE_NOTFOUND,	   /* no such id / name / version / token */
	STORE_GONE,	   /* the version (or every version of the name) is soft-deleted */
	STORE_CONFLICT,	   /* a uniqueness rule (live token name) or a constraint */
	STORE_BUSY,	   /* the write lock was not obtained within busy_timeout */
	STORE_IO,	   /* any other SQLite or system failure */
	STORE_AUTH,	   /* missing, malformed, unknown or revoked token */
	STORE_BADNAME,	   /* a name or prefix breaking the name rule */
	STORE_NOMEM,	   /* allocation failed */
	STORE_SCHEMA,	   /* not a layoutd database, or newer than this binary */
	STORE_INVAL,	   /* another bad argument (version < 1, empty id, ...) */
	STORE_UNAVAILABLE, /* the database cannot take this now: read-only after a
			    * failed integrity check, or the server is unreachable
			    * (a retry later may succeed: HTTP 503 + Retry-After) */
};

struct store_error {
	int code;	   /* enum store_code */
	char message[256]; /* human text, includes SQLite's message when there is one */
};

/* "STORE_NOTFOUND", ... for logs and problem codes; "STORE_?" if unknown. */
const char *store_code_name(int code);

struct store_options {
	long cache_max_entries;	   /* LRU bound of the analysis cache; 0 = default */
	long long cache_max_bytes; /* and its bound in bytes of bodies; 0 = default */
	int busy_timeout_ms;	   /* per connection; 0 = default */
	bool quick_check;	   /* run PRAGMA quick_check at open (the daemon does) */
};

struct store;

/* One registry version.  Every string is owned (malloc'd); free them with
 * store_version_clear().  description and created_by may be NULL. */
struct store_version {
	char *name;
	int64_t version;
	char *id;	     /* "sha256:..." of the canonical definition */
	char *fingerprint;   /* "sha256:..." of the placement (the ETag) */
	char *layout_json;   /* the definition, JSON text */
	char *analysis_json; /* analysis summary, JSON text */
	char *checks_json;   /* the request's checks: its members beside layout and
			      * description (the stored rows of the section table)
			      * as registered, JSON text */
	char *description;
	char *created;	  /* RFC 3339 UTC, "2026-11-29T14:46:12Z" */
	char *created_by; /* token name that wrote it, or NULL */
	bool deleted;
};

/* ---- Lifecycle ------------------------------------------------------------ */

/* Open (creating it, mode 0600, if absent) the database at `path` (NULL =
 * STORE_DEFAULT_PATH), apply the pending migrations in one BEGIN IMMEDIATE
 * transaction under PRAGMA user_version, set application_id, WAL and
 * foreign_keys.  Refuses (STORE_SCHEMA) a file whose user_version is newer
 * than this binary or whose application_id is not layoutd's.  `opt` may be
 * NULL.  Returns a handle freed with store_close(), or NULL with err filled.
 * The calling thread's connection is kept as its connection. */
struct store *store_open(const char *path, const struct store_options *opt,
			 struct store_error *err);

/* Whether `db` names a PostgreSQL server (postgresql://... or
 * postgres://...) rather than an SQLite file. */
bool store_is_url(const char *db);

/* The database when none is given: $LAYOUTD_DB if set and not empty,
 * else STORE_DEFAULT_PATH. */
const char *store_default_db(void);

/* "sqlite" or "postgresql": the backend st runs on (logs, metrics). */
const char *store_backend(const struct store *st);

/* Finalize every cached statement and close every connection, then free st.
 * NULL is a no-op.  No other thread may be using st (see top of file). */
void store_close(struct store *st);

/* The readiness probe: SELECT 1 on this thread's connection; STORE_UNAVAILABLE
 * while the store is read-only (see store_degraded). */
int store_ready(struct store *st, struct store_error *err);

/* NULL while the store is healthy; otherwise why it serves reads only (a
 * quick_check at open found damage).  Every write then fails with
 * STORE_UNAVAILABLE.  The string is owned by st. */
const char *store_degraded(struct store *st);

/* PRAGMA integrity_check: STORE_OK iff SQLite answers exactly "ok"; else
 * STORE_IO with SQLite's first complaint in err. */
int store_integrity_check(struct store *st, struct store_error *err);

/* The schema: how many migrations this binary embeds (= the user_version it
 * migrates to) and the text and file name (e.g. "001_init.sql") of migration
 * i (0-based); NULL past the end.  The strings are static. */
size_t store_schema_version(void);
const char *store_migration(size_t i, const char **file_name);
/* The same for the PostgreSQL backend (schema/postgresql/, recorded in its
 * table layoutd_schema instead of user_version). */
size_t store_pg_schema_version(void);
const char *store_pg_migration(size_t i, const char **file_name);

/* ---- Analysis cache ------------------------------------------------------- */

/* Look up the analysis of definition `id` made by engine `engine_version`.
 * On STORE_OK *json_out is a malloc'd NUL-terminated copy (caller frees) and
 * the entry becomes the most recently used (best effort: a hit is still
 * served if the write lock is taken).  STORE_NOTFOUND when absent. */
int store_cache_get(struct store *st, const char *id, const char *engine_version, char **json_out,
		    struct store_error *err);

/* Insert or replace the entry, make it the most recently used, then evict
 * the least recently used entries beyond cache_max_entries: one transaction. */
int store_cache_put(struct store *st, const char *id, const char *engine_version,
		    const char *json_text, struct store_error *err);

/* Number of cached entries (metrics, tests). */
int store_cache_count(struct store *st, long *count, struct store_error *err);

/* ---- Registry ------------------------------------------------------------- */

/* The name rule [A-Za-z0-9][A-Za-z0-9._-]{0,127}.  NULL is not valid. */
bool store_name_valid(const char *name);

/* Register a definition under `name`, in one BEGIN IMMEDIATE transaction:
 * - if the latest live version of name has the same `id` and the same
 *   checks, nothing is written and that version is returned with *created = false (idempotent PUT,
 * 200);
 * - otherwise a new version numbered one past every version name ever had
 *   (deleted ones included: numbers are never reused) is inserted with
 *   *created = true (201).
 * checks_json is the JSON object of the request's members beside the layout and the description
 * (expect, access, probe, suggest), kept as given so that the request read
 * back runs the same checks; NULL means none ("{}"), and two are the same
 * when they are equal JSON (key order aside).
 * id, fingerprint, layout_json and analysis_json are required; description and
 * created_by may be NULL.  `out` (may be NULL) receives the version; clear it
 * with store_version_clear() whatever the result.  The caller has already
 * checked that the layout passes its own expect (422 otherwise). */
int store_layout_put(struct store *st, const char *name, const char *id, const char *fingerprint,
		     const char *layout_json, const char *analysis_json, const char *checks_json,
		     const char *description, const char *created_by, struct store_version *out,
		     bool *created, struct store_error *err);

/* One version.  version 0 = the latest live version.
 * STORE_OK: out filled (clear it).  STORE_GONE: that version is soft-deleted
 * (out is filled too, with deleted = true, so a caller can say when), or, for
 * version 0, the name exists but every version is deleted.  STORE_NOTFOUND:
 * no such name or version.  STORE_BADNAME: name breaks the rule. */
int store_layout_get(struct store *st, const char *name, int64_t version, struct store_version *out,
		     struct store_error *err);

/* Live versions of `name` with number > after, ascending, at most limit
 * (0 = STORE_PAGE_DEFAULT, clamped to STORE_PAGE_MAX).  *out is a new
 *   {"name": s, "versions": [{"version", "id", "fingerprint", "description",
 *    "created", "created_by"}...], "next": n | null}
 * where next is the `after` for the following page (null on the last page).
 * STORE_NOTFOUND if the name never existed, STORE_GONE if every version of it
 * is deleted (then *out is not set). */
int store_layout_versions(struct store *st, const char *name, int64_t after, long limit,
			  json_t **out, struct store_error *err);

/* Names with at least one live version, ascending by name (byte order),
 * keyset-paginated: names > after_name (NULL or "" = from the start) that
 * start with prefix (NULL or "" = all).  *out is a new
 *   {"layouts": [{"name", "version" (latest live), "versions" (live count),
 *    "id", "fingerprint", "description", "created"}...], "next": s | null}.
 * STORE_BADNAME if prefix or after_name cannot be part of a valid name. */
int store_layout_list(struct store *st, const char *prefix, const char *after_name, long limit,
		      json_t **out, struct store_error *err);

/* Soft-delete one version (version >= 1).  Idempotent: deleting a version
 * that is already deleted is STORE_OK and changes nothing; *deleted_now (may
 * be NULL) tells whether this call did it.  STORE_NOTFOUND if the version
 * never existed.  The number stays taken forever. */
int store_layout_delete(struct store *st, const char *name, int64_t version, bool *deleted_now,
			struct store_error *err);

/* The registry representation of docs/api.md: {"name", "version", "id",
 * "fingerprint", "layout", "analysis", "checks", "description", "created",
 * "created_by", "deleted"}; layout, analysis and checks parsed back from their text
 * (null if unparsable).  New reference, NULL on allocation failure. */
json_t *store_version_to_json(const struct store_version *v);

/* Free every string of v and zero it.  Safe on a zeroed or cleared struct. */
void store_version_clear(struct store_version *v);

/* ---- API tokens ----------------------------------------------------------- */

/* Create a token named `name` (the name rule applies): 32 bytes from
 * getrandom(2), hex-encoded after STORE_TOKEN_PREFIX, written to token_out
 * (NUL-terminated).  Only its SHA-256 is stored: the token cannot be shown
 * again.  STORE_CONFLICT if a live token already has that name. */
int store_token_add(struct store *st, const char *name, char token_out[STORE_TOKEN_LEN + 1],
		    struct store_error *err);

/* All tokens, live and revoked, oldest first, as a new
 *   [{"name", "created", "revoked": time | null}...]. */
/* The same with a scope: "write" (the default) or "read" (reads only). */
int store_token_add_scoped(struct store *st, const char *name, const char *scope,
			   char token_out[STORE_TOKEN_LEN + 1], struct store_error *err);
/* store_token_check that also returns the token's scope ("read"/"write"). */
int store_token_scope(struct store *st, const char *token, char name_out[STORE_NAME_MAX + 1],
		      char scope_out[8], struct store_error *err);
int store_token_list(struct store *st, json_t **out, struct store_error *err);

/* Revoke the live token named `name`: STORE_NOTFOUND if there is none. */
int store_token_revoke(struct store *st, const char *name, struct store_error *err);

/* *exist = whether a token was ever created, revoked ones included: writes
 * then need a live one.  Revoking every token closes writes; it does not
 * reopen them. */
int store_tokens_exist(struct store *st, bool *exist, struct store_error *err);

/* Check a presented bearer token: STORE_OK and its name in name_out when it
 * matches a live token, STORE_AUTH otherwise (NULL, empty, too long, unknown,
 * revoked).  The presented token is hashed and compared with every live hash
 * with a constant-time comparison: the time taken does not depend on how
 * much of it is right. */
int store_token_check(struct store *st, const char *token, char name_out[STORE_NAME_MAX + 1],
		      struct store_error *err);

/* ---- Tests only ----------------------------------------------------------- */

/* Fault injection: make the n-th following sqlite3_step() (counted across all
 * threads) fail with SQLITE_IOERR; 0 disarms.  Lets tests run the error and
 * rollback paths. */
void store_test_fail_step(long n);

#endif
