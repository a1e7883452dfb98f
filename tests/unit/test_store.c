/*
 * test_store.c - the store on real database files in a mkdtemp directory
 * (never mocks): migrations, the cache's LRU, the registry's version rules,
 * pagination, names, concurrency, persistence, tokens and the rollback
 * paths (through the step fault-injection seam).
 *
 * With LAYOUTD_TEST_PG set to the URL of a PostgreSQL server's "postgres"
 * database (tests/postgres.sh does it), the same tests run on the
 * PostgreSQL backend, each on a new database; the few about SQLite files
 * are skipped, and raw_int/raw_exec speak SQL to the server instead.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <libgen.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include <nettle/sha2.h>
#include <libpq-fe.h>
#include <sqlite3.h>

#include "store/store.h"
#include "unit.h"

static char tmpdir[4096];
static int db_seq;
static const char *pg_admin; /* LAYOUTD_TEST_PG: the PostgreSQL run */

/* A fresh database: a path in the suite's temporary directory, or a new
 * PostgreSQL database named after this process and a counter. */
static const char *new_db(char *buf, size_t n)
{
	if (!pg_admin) {
		snprintf(buf, n, "%s/t%d.db", tmpdir, ++db_seq);
		return buf;
	}
	char name[64], sql[128];
	snprintf(name, sizeof name, "unit_%d_%d", (int)getpid(), ++db_seq);
	snprintf(sql, sizeof sql, "CREATE DATABASE %s", name);
	PGconn *db = PQconnectdb(pg_admin);
	PGresult *r = PQexec(db, sql);
	CU_ASSERT_EQUAL(PQresultStatus(r), PGRES_COMMAND_OK);
	PQclear(r);
	PQfinish(db);
	/* the admin URL names the "postgres" database: swap the name */
	const char *at = strstr(pg_admin, "/postgres");
	snprintf(buf, n, "%.*s/%s%s", (int)(at - pg_admin), pg_admin, name,
		 at + strlen("/postgres"));
	return buf;
}

static bool is_pg(const char *path)
{
	return store_is_url(path);
}

/* SQL on a separate PostgreSQL connection: the integer in the first
 * column, or -999; rc: 0 when it ran, SQLITE_CONSTRAINT when refused. */
static long long pg_sql(const char *url, const char *sql, int *rc)
{
	PGconn *db = PQconnectdb(url);
	PGresult *r = PQexec(db, sql);
	ExecStatusType st = PQresultStatus(r);
	long long v = -999;
	if (st == PGRES_TUPLES_OK && PQntuples(r) > 0 && !PQgetisnull(r, 0, 0))
		v = strtoll(PQgetvalue(r, 0, 0), NULL, 10);
	if (rc)
		*rc = st == PGRES_TUPLES_OK || st == PGRES_COMMAND_OK ? SQLITE_OK
								      : SQLITE_CONSTRAINT;
	PQclear(r);
	PQfinish(db);
	return v;
}

static struct store *open_ok(const char *path, const struct store_options *opt)
{
	struct store_error err = { 0 };
	struct store *st = store_open(path, opt, &err);
	CU_ASSERT_PTR_NOT_NULL_FATAL(st);
	CU_ASSERT_EQUAL(err.code, STORE_OK);
	return st;
}

/* One integer from SQL run on a separate plain connection. */
static long long raw_int(const char *path, const char *sql)
{
	sqlite3 *db = NULL;
	sqlite3_stmt *s = NULL;
	long long v = -999;
	if (is_pg(path))
		return pg_sql(path, sql, NULL);
	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK &&
	    sqlite3_prepare_v2(db, sql, -1, &s, NULL) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
		v = sqlite3_column_int64(s, 0);
	sqlite3_finalize(s);
	sqlite3_close(db);
	return v;
}

/* Run SQL on a separate connection; returns the SQLite result code. */
static int raw_exec(const char *path, const char *sql)
{
	sqlite3 *db = NULL;
	if (is_pg(path)) {
		int prc;
		pg_sql(path, sql, &prc);
		return prc;
	}
	int rc = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, sql, NULL, NULL, NULL);
	sqlite3_close(db);
	return rc;
}

static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;
	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (buf = malloc((size_t)n + 1)) && fread(buf, 1, (size_t)n, f) == (size_t)n) {
		buf[n] = '\0';
		if (len)
			*len = (size_t)n;
	} else {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

static int put_simple(struct store *st, const char *name, const char *id, struct store_version *out,
		      bool *created)
{
	char fp[128];
	snprintf(fp, sizeof fp, "fp-%s", id);
	return store_layout_put(st, name, id, fp, "{\"expr\":{\"m\":\"i\"},\"logical\":[4]}",
				"{\"ok\":true}", NULL, NULL, "tester", out, created, NULL);
}

/* ---- Schema ------------------------------------------------------------------ */

static int is_migration_file(const struct dirent *d)
{
	const char *n = d->d_name;
	size_t len = strlen(n);
	return len > 8 && n[0] >= '0' && n[0] <= '9' && n[1] >= '0' && n[1] <= '9' && n[2] >= '0' &&
	       n[2] <= '9' && n[3] == '_' && strcmp(n + len - 4, ".sql") == 0;
}

/* The SQL embedded in the binary is exactly schema/NNN_*.sql: one list, in
 * order, byte for byte. */
static void test_embedded_schema_matches_files(void)
{
	char dir[4096], path[8192];
	const char *env = getenv("SCHEMA_DIR");
	struct dirent **list = NULL;
	if (env && *env) {
		snprintf(dir, sizeof dir, "%s", env);
	} else if (getenv("srcdir")) {
		snprintf(dir, sizeof dir, "%s/schema", getenv("srcdir"));
	} else {
		char here[4096];
		snprintf(here, sizeof here, "%s", __FILE__);
		snprintf(dir, sizeof dir, "%s/../../schema", dirname(here));
	}
	int n = scandir(dir, &list, is_migration_file, alphasort);
	CU_ASSERT_FATAL(n > 0);
	CU_ASSERT_EQUAL((size_t)n, store_schema_version());
	for (int i = 0; i < n; i++) {
		const char *file = NULL;
		const char *sql = store_migration((size_t)i, &file);
		snprintf(path, sizeof path, "%s/%s", dir, list[i]->d_name);
		char *text = read_file(path, NULL);
		CU_ASSERT_PTR_NOT_NULL(sql);
		CU_ASSERT_PTR_NOT_NULL(text);
		if (sql && file && text) {
			CU_ASSERT_STRING_EQUAL(file, list[i]->d_name);
			CU_ASSERT_STRING_EQUAL(sql, text);
			if (strcmp(sql, text))
				fprintf(stderr, "\n  %s differs from its copy in store.c\n", path);
		}
		free(text);
		free(list[i]);
	}
	free(list);
	/* and schema/postgresql/NNN_*.sql for the PostgreSQL backend */
	strncat(dir, "/postgresql", sizeof dir - strlen(dir) - 1);
	n = scandir(dir, &list, is_migration_file, alphasort);
	CU_ASSERT_FATAL(n > 0);
	CU_ASSERT_EQUAL((size_t)n, store_pg_schema_version());
	for (int i = 0; i < n; i++) {
		const char *file = NULL;
		const char *sql = store_pg_migration((size_t)i, &file);
		snprintf(path, sizeof path, "%s/%s", dir, list[i]->d_name);
		char *text = read_file(path, NULL);
		CU_ASSERT_PTR_NOT_NULL(sql);
		CU_ASSERT_PTR_NOT_NULL(text);
		if (sql && file && text) {
			CU_ASSERT_STRING_EQUAL(file, list[i]->d_name);
			CU_ASSERT_STRING_EQUAL(sql, text);
		}
		free(text);
		free(list[i]);
	}
	free(list);
	CU_ASSERT_PTR_NULL(store_migration(store_schema_version(), NULL));
}

static void test_open_new_and_reopen(void)
{
	char path[4200], wal[4300];
	struct stat sb;
	struct store *st = open_ok(new_db(path, sizeof path), NULL);
	CU_ASSERT_EQUAL(stat(path, &sb), 0);
	CU_ASSERT_EQUAL(sb.st_mode & 0777, 0600);
	CU_ASSERT_EQUAL(store_ready(st, NULL), STORE_OK);
	CU_ASSERT_EQUAL(store_integrity_check(st, NULL), STORE_OK);
	/* While it is open the WAL file exists: the database is in WAL mode. */
	snprintf(wal, sizeof wal, "%s-wal", path);
	CU_ASSERT_EQUAL(stat(wal, &sb), 0);
	store_close(st);
	CU_ASSERT_EQUAL(raw_int(path, "PRAGMA user_version"), (long long)store_schema_version());
	CU_ASSERT_EQUAL(raw_int(path, "PRAGMA application_id"), STORE_APPLICATION_ID);
	CU_ASSERT_EQUAL(raw_int(path, "SELECT count(*) FROM sqlite_schema WHERE name IN"
				      " ('layout_name','layout_version','api_token')"),
			3);
	/* The cache lives in its own file, so its writes never wait for a
	 * registry commit's lock or fsync. */
	char cpath[4300];
	snprintf(cpath, sizeof cpath, "%s-cache", path);
	CU_ASSERT_EQUAL(stat(cpath, &sb), 0);
	CU_ASSERT_EQUAL(sb.st_mode & 0777, 0600);
	CU_ASSERT_EQUAL(raw_int(path, "SELECT count(*) FROM sqlite_schema"
				      " WHERE name = 'analysis_cache'"),
			0);
	CU_ASSERT_EQUAL(raw_int(cpath, "SELECT count(*) FROM analysis_cache"), 0);
	CU_ASSERT_EQUAL(raw_int(cpath, "PRAGMA synchronous"), 2); /* a plain connection */
	CU_ASSERT_EQUAL(raw_int(path, "SELECT journal_mode = 'wal' FROM pragma_journal_mode"), 1);

	/* Reopening applies nothing (it would fail: the tables exist). */
	st = open_ok(path, NULL);
	CU_ASSERT_EQUAL(put_simple(st, "x", "sha256:1", NULL, NULL), STORE_OK);
	store_close(st);
	st = open_ok(path, NULL);
	CU_ASSERT_EQUAL(store_layout_get(st, "x", 1, NULL, NULL), STORE_OK);
	store_close(st);
	CU_ASSERT_EQUAL(raw_int(path, "PRAGMA user_version"), (long long)store_schema_version());
	store_close(NULL);
}

static void test_open_refuses(void)
{
	char path[4200], sql[128], wal[4300];
	struct store_error err = { 0 };
	struct stat sb;

	/* A database from a newer layoutd. */
	store_close(open_ok(new_db(path, sizeof path), NULL));
	snprintf(sql, sizeof sql, "PRAGMA user_version = %zu", store_schema_version() + 1);
	CU_ASSERT_EQUAL(raw_exec(path, sql), SQLITE_OK);
	CU_ASSERT_PTR_NULL(store_open(path, NULL, &err));
	CU_ASSERT_EQUAL(err.code, STORE_SCHEMA);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "newer than this layoutd"));
	CU_ASSERT_EQUAL(raw_int(path, "PRAGMA user_version"),
			(long long)store_schema_version() + 1);

	/* Somebody else's SQLite database: refused, and left as it was. */
	new_db(path, sizeof path);
	CU_ASSERT_EQUAL(raw_exec(path, "CREATE TABLE theirs (x)"), SQLITE_OK);
	memset(&err, 0, sizeof err);
	CU_ASSERT_PTR_NULL(store_open(path, NULL, &err));
	CU_ASSERT_EQUAL(err.code, STORE_SCHEMA);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "not a layoutd database"));
	CU_ASSERT_EQUAL(raw_int(path, "SELECT journal_mode = 'delete' FROM pragma_journal_mode"),
			1);
	snprintf(wal, sizeof wal, "%s-wal", path);
	CU_ASSERT_NOT_EQUAL(stat(wal, &sb), 0);

	/* Not a database at all. */
	new_db(path, sizeof path);
	FILE *f = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	for (int i = 0; i < 200; i++)
		fputs("this is not an SQLite file\n", f);
	fclose(f);
	memset(&err, 0, sizeof err);
	CU_ASSERT_PTR_NULL(store_open(path, NULL, &err));
	CU_ASSERT_EQUAL(err.code, STORE_SCHEMA);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "not an SQLite database"));

	/* A directory that does not exist. */
	snprintf(path, sizeof path, "%s/no/such/dir/x.db", tmpdir);
	memset(&err, 0, sizeof err);
	CU_ASSERT_PTR_NULL(store_open(path, NULL, &err));
	CU_ASSERT_EQUAL(err.code, STORE_IO);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "cannot create"));
}

/* ---- Cache ----------------------------------------------------------------- */

static void expect_cached(struct store *st, const char *id, const char *want)
{
	char *got = NULL;
	struct store_error err = { 0 };
	int code = store_cache_get(st, id, "1", &got, &err);
	if (want) {
		CU_ASSERT_EQUAL(code, STORE_OK);
		CU_ASSERT_PTR_NOT_NULL(got);
		if (got)
			CU_ASSERT_STRING_EQUAL(got, want);
	} else {
		CU_ASSERT_EQUAL(code, STORE_NOTFOUND);
		CU_ASSERT_EQUAL(err.code, STORE_NOTFOUND);
		CU_ASSERT_PTR_NOT_NULL(strstr(err.message, id));
		CU_ASSERT_PTR_NULL(got);
	}
	free(got);
}

static void test_cache_lru(void)
{
	char path[4200];
	struct store_options opt = { .cache_max_entries = 3 };
	struct store *st = open_ok(new_db(path, sizeof path), &opt);
	long n = -1;
	char *got = NULL;
	CU_ASSERT_EQUAL(store_cache_put(st, "a", "1", "{\"a\":1}", NULL), STORE_OK);
	CU_ASSERT_EQUAL(store_cache_put(st, "b", "1", "{\"b\":1}", NULL), STORE_OK);
	CU_ASSERT_EQUAL(store_cache_put(st, "c", "1", "{\"c\":1}", NULL), STORE_OK);
	expect_cached(st, "a", "{\"a\":1}"); /* a is now the most recent */
	CU_ASSERT_EQUAL(store_cache_put(st, "d", "1", "{\"d\":1}", NULL), STORE_OK);
	expect_cached(st, "b", NULL); /* b was the least recently used */
	CU_ASSERT_EQUAL(store_cache_count(st, &n, NULL), STORE_OK);
	CU_ASSERT_EQUAL(n, 3);
	/* The key includes the engine version. */
	CU_ASSERT_EQUAL(store_cache_get(st, "a", "2", &got, NULL), STORE_NOTFOUND);
	CU_ASSERT_PTR_NULL(got);
	/* Upsert replaces the body and refreshes the entry. */
	CU_ASSERT_EQUAL(store_cache_put(st, "a", "1", "{\"a\":2}", NULL), STORE_OK);
	CU_ASSERT_EQUAL(store_cache_put(st, "e", "1", "{\"e\":1}", NULL), STORE_OK);
	expect_cached(st, "c", NULL);
	expect_cached(st, "a", "{\"a\":2}");
	expect_cached(st, "d", "{\"d\":1}");
	expect_cached(st, "e", "{\"e\":1}");
	CU_ASSERT_EQUAL(store_cache_count(st, &n, NULL), STORE_OK);
	CU_ASSERT_EQUAL(n, 3);
	/* Bad keys. */
	struct store_error err = { 0 };
	CU_ASSERT_EQUAL(store_cache_put(st, "", "1", "{}", &err), STORE_INVAL);
	CU_ASSERT_EQUAL(err.code, STORE_INVAL);
	CU_ASSERT_EQUAL(store_cache_get(st, NULL, "1", &got, NULL), STORE_INVAL);
	store_close(st);

	/* It survives a restart, with its order. */
	st = open_ok(path, &opt);
	expect_cached(st, "a", "{\"a\":2}");
	CU_ASSERT_EQUAL(store_cache_put(st, "f", "1", "{\"f\":1}", NULL), STORE_OK);
	expect_cached(st, "d", NULL);
	store_close(st);
}

/* The cache is bounded in bytes: big entries push out the least recently
 * used ones, and one bigger than the whole bound is not kept at all. */
static void test_cache_bytes(void)
{
	char path[4200], cpath[4300];
	struct store_options opt = { .cache_max_bytes = 10000 };
	struct store *st = open_ok(new_db(path, sizeof path), &opt);
	char *big = malloc(20001);
	long n = -1;
	CU_ASSERT_PTR_NOT_NULL_FATAL(big);
	snprintf(cpath, sizeof cpath, "%s-cache", path);
	for (int i = 0; i < 8; i++) { /* ~3 KB each: three fit */
		char id[8];
		snprintf(id, sizeof id, "k%d", i);
		memset(big, 'a' + i, 3000);
		big[3000] = '\0';
		CU_ASSERT_EQUAL(store_cache_put(st, id, "1", big, NULL), STORE_OK);
		CU_ASSERT(raw_int(cpath, "SELECT bytes FROM cache_total") <= 10000);
		CU_ASSERT_EQUAL(raw_int(cpath, "SELECT bytes FROM cache_total"),
				raw_int(cpath, "SELECT sum(size) FROM analysis_cache"));
	}
	CU_ASSERT_EQUAL(store_cache_count(st, &n, NULL), STORE_OK);
	CU_ASSERT_EQUAL(n, 3);
	expect_cached(st, "k4", NULL);
	char *got = NULL;
	CU_ASSERT_EQUAL(store_cache_get(st, "k7", "1", &got, NULL), STORE_OK);
	free(got);
	/* Replacing an entry by a larger body keeps the total exact. */
	memset(big, 'z', 6000);
	big[6000] = '\0';
	CU_ASSERT_EQUAL(store_cache_put(st, "k7", "1", big, NULL), STORE_OK);
	CU_ASSERT(raw_int(cpath, "SELECT bytes FROM cache_total") <= 10000);
	CU_ASSERT_EQUAL(raw_int(cpath, "SELECT bytes FROM cache_total"),
			raw_int(cpath, "SELECT sum(size) FROM analysis_cache"));
	expect_cached(st, "k7", big);
	/* Larger than the bound: not kept, nothing else evicted for it. */
	memset(big, 'y', 20000);
	big[20000] = '\0';
	long before = 0;
	CU_ASSERT_EQUAL(store_cache_count(st, &before, NULL), STORE_OK);
	CU_ASSERT_EQUAL(store_cache_put(st, "huge", "1", big, NULL), STORE_OK);
	expect_cached(st, "huge", NULL);
	CU_ASSERT_EQUAL(store_cache_count(st, &n, NULL), STORE_OK);
	CU_ASSERT_EQUAL(n, before);
	store_close(st);
	free(big);

	/* A damaged or foreign cache file is rebuilt, the registry untouched. */
	FILE *f = fopen(cpath, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	for (int i = 0; i < 200; i++)
		fputs("this is not an SQLite file\n", f);
	fclose(f);
	st = open_ok(path, &opt);
	CU_ASSERT_EQUAL(store_cache_count(st, &n, NULL), STORE_OK);
	CU_ASSERT_EQUAL(n, 0);
	CU_ASSERT_EQUAL(store_cache_put(st, "a", "1", "{}", NULL), STORE_OK);
	expect_cached(st, "a", "{}");
	store_close(st);
}

/* Garbage in the middle of the registry file: with quick_check the store
 * opens read-only (reads work, writes and readiness say why), and without
 * damage it opens normally. */
static void test_quick_check(void)
{
	char path[4200];
	struct store_options opt = { .quick_check = true };
	struct store_error err = { 0 };
	struct store *st = open_ok(new_db(path, sizeof path), &opt);
	CU_ASSERT_PTR_NULL(store_degraded(st));
	char desc[600];
	memset(desc, 'd', sizeof desc - 1);
	desc[sizeof desc - 1] = '\0';
	for (int i = 0; i < 200; i++) {
		char name[16];
		snprintf(name, sizeof name, "n%03d", i);
		CU_ASSERT_EQUAL(store_layout_put(st, name, "sha256:x", "sha256:f", "{}", "{}", NULL,
						 desc, NULL, NULL, NULL, NULL),
				STORE_OK);
	}
	store_close(st);
	/* checkpointed into the main file at close; overwrite pages 10-11 */
	FILE *f = fopen(path, "r+");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	char junk[4096];
	memset(junk, 0x5a, sizeof junk);
	CU_ASSERT_EQUAL(fseek(f, 10 * 4096, SEEK_SET), 0);
	CU_ASSERT_EQUAL(fwrite(junk, 1, sizeof junk, f), sizeof junk);
	fclose(f);

	st = store_open(path, &opt, &err);
	CU_ASSERT_PTR_NOT_NULL_FATAL(st);
	CU_ASSERT_PTR_NOT_NULL(store_degraded(st));
	CU_ASSERT_PTR_NOT_NULL(strstr(store_degraded(st), "integrity"));
	CU_ASSERT_EQUAL(store_ready(st, &err), STORE_UNAVAILABLE);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "read-only"));
	CU_ASSERT_EQUAL(put_simple(st, "new", "sha256:n", NULL, NULL), STORE_UNAVAILABLE);
	char tok[STORE_TOKEN_LEN + 1];
	CU_ASSERT_EQUAL(store_token_add(st, "ci", tok, &err), STORE_UNAVAILABLE);
	CU_ASSERT_EQUAL(store_layout_delete(st, "n000", 1, NULL, &err), STORE_UNAVAILABLE);
	CU_ASSERT_NOT_EQUAL(store_integrity_check(st, NULL), STORE_OK);
	store_close(st);
	/* Without the check (the CLI), the store opens as before. */
	st = open_ok(path, NULL);
	CU_ASSERT_PTR_NULL(store_degraded(st));
	store_close(st);
}

/* ---- Registry -------------------------------------------------------------- */

/* A version keeps the checks of its request as given; the same definition
 * with other checks is a new version, with the same checks (key order
 * aside) the same one. */
static void test_registry_checks(void)
{
	char path[4200];
	struct store *st = open_ok(new_db(path, sizeof path), NULL);
	struct store_version v = { 0 };
	struct store_error err = { 0 };
	bool created = false;
	static const char checks[] =
		"{\"access\":{\"threads\":{\"expr\":{\"laneid\":\"i\"}},\"element_bits\":16},"
		"\"expect\":{\"bank_conflicts\":0,\"bijective\":true},\"probe\":[[1,0]],"
		"\"suggest\":\"swizzle\"}";
	static const char reordered[] =
		"{\"suggest\":\"swizzle\",\"probe\":[[1,0]],\"expect\":{\"bijective\":true,"
		"\"bank_conflicts\":0},\"access\":{\"element_bits\":16,\"threads\":{\"expr\":"
		"{\"laneid\":\"i\"}}}}";
	CU_ASSERT_EQUAL(store_layout_put(st, "sw", "sha256:1", "fp", "{}", "{}", checks, NULL, NULL,
					 &v, &created, &err),
			STORE_OK);
	CU_ASSERT_TRUE(created);
	CU_ASSERT_STRING_EQUAL(v.checks_json, checks);
	store_version_clear(&v);
	CU_ASSERT_EQUAL(store_layout_get(st, "sw", 1, &v, NULL), STORE_OK);
	CU_ASSERT_STRING_EQUAL(v.checks_json, checks);
	json_t *j = store_version_to_json(&v);
	CU_ASSERT_EQUAL(at_int(j, "checks/access/element_bits"), 16);
	CU_ASSERT_STRING_EQUAL(
		json_string_value(json_object_get(json_object_get(j, "checks"), "suggest")),
		"swizzle");
	json_decref(j);
	store_version_clear(&v);
	CU_ASSERT_EQUAL(store_layout_put(st, "sw", "sha256:1", "fp", "{}", "{}", reordered, NULL,
					 NULL, &v, &created, NULL),
			STORE_OK);
	CU_ASSERT_FALSE(created);
	CU_ASSERT_EQUAL(v.version, 1);
	store_version_clear(&v);
	/* the same definition without its checks: a new version, with none */
	CU_ASSERT_EQUAL(store_layout_put(st, "sw", "sha256:1", "fp", "{}", "{}", NULL, NULL, NULL,
					 &v, &created, NULL),
			STORE_OK);
	CU_ASSERT_TRUE(created);
	CU_ASSERT_EQUAL(v.version, 2);
	CU_ASSERT_STRING_EQUAL(v.checks_json, "{}");
	store_version_clear(&v);
	CU_ASSERT_EQUAL(store_layout_put(st, "sw", "sha256:1", "fp", "{}", "{}", "{}", NULL, NULL,
					 &v, &created, NULL),
			STORE_OK);
	CU_ASSERT_FALSE(created);
	CU_ASSERT_EQUAL(v.version, 2);
	store_version_clear(&v);
	/* checks are a JSON object */
	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL(store_layout_put(st, "sw", "sha256:1", "fp", "{}", "{}", "[1]", NULL, NULL,
					 &v, &created, &err),
			STORE_INVAL);
	CU_ASSERT_EQUAL(err.code, STORE_INVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "checks are a JSON object"));
	CU_ASSERT_EQUAL(store_layout_put(st, "sw", "sha256:1", "fp", "{}", "{}", "{", NULL, NULL,
					 &v, &created, NULL),
			STORE_INVAL);
	/* the column is as immutable as the others */
	CU_ASSERT_NOT_EQUAL(raw_exec(path, "UPDATE layout_version SET checks = '{}'"), SQLITE_OK);
	store_close(st);
}

/* A database from before the checks column: migrated at open, each
 * version's checks are the expect its analysis summary kept. */
static void test_migrate_checks(void)
{
	char path[4200], sql[2048];
	new_db(path, sizeof path);
	if (is_pg(path)) {
		CU_ASSERT_EQUAL(raw_exec(path, store_pg_migration(0, NULL)), SQLITE_OK);
		CU_ASSERT_EQUAL(raw_exec(path, "CREATE TABLE layoutd_schema (one int PRIMARY KEY"
					       " CHECK (one = 1), version int NOT NULL);"
					       " INSERT INTO layoutd_schema VALUES (1, 1)"),
				SQLITE_OK);
	} else {
		size_t before = store_schema_version() - 1;
		for (size_t i = 0; i < before; i++)
			CU_ASSERT_EQUAL(raw_exec(path, store_migration(i, NULL)), SQLITE_OK);
		snprintf(sql, sizeof sql, "PRAGMA user_version = %zu; PRAGMA application_id = %d",
			 before, STORE_APPLICATION_ID);
		CU_ASSERT_EQUAL(raw_exec(path, sql), SQLITE_OK);
	}
	CU_ASSERT_EQUAL(
		raw_exec(path,
			 "INSERT INTO layout_name VALUES ('old', 2, '2026-01-01T00:00:00Z');"
			 " INSERT INTO layout_version (name, version, id, fingerprint, layout,"
			 " analysis, created) VALUES"
			 " ('old', 1, 'sha256:a', 'fp', '{\"expr\":1}',"
			 " '{\"ok\":true,\"expect\":{\"bijective\":true,\"owners\":32}}',"
			 " '2026-01-01T00:00:00Z'),"
			 " ('old', 2, 'sha256:b', 'fp', '{\"expr\":2}', "
			 "'{\"ok\":true,\"expect\":{}}',"
			 " '2026-01-01T00:00:00Z')"),
		SQLITE_OK);
	struct store *st = open_ok(path, NULL);
	struct store_version v = { 0 };
	bool created = true;
	CU_ASSERT_EQUAL(store_layout_get(st, "old", 1, &v, NULL), STORE_OK);
	json_t *c = json_loads(v.checks_json ? v.checks_json : "null", 0, NULL);
	json_t *want = json_loads("{\"expect\":{\"bijective\":true,\"owners\":32}}", 0, NULL);
	CU_ASSERT_TRUE(json_equal(c, want));
	json_decref(c);
	json_decref(want);
	store_version_clear(&v);
	CU_ASSERT_EQUAL(store_layout_get(st, "old", 2, &v, NULL), STORE_OK);
	CU_ASSERT_STRING_EQUAL(v.checks_json, "{}");
	store_version_clear(&v);
	/* the latest version again, without checks: still version 2 */
	CU_ASSERT_EQUAL(store_layout_put(st, "old", "sha256:b", "fp", "{}", "{}", NULL, NULL, NULL,
					 &v, &created, NULL),
			STORE_OK);
	CU_ASSERT_FALSE(created);
	CU_ASSERT_EQUAL(v.version, 2);
	store_version_clear(&v);
	CU_ASSERT_NOT_EQUAL(raw_exec(path, "UPDATE layout_version SET checks = '{\"x\":1}'"),
			    SQLITE_OK);
	store_close(st);
}

static void test_registry_put_idempotent(void)
{
	char path[4200];
	struct store *st = open_ok(new_db(path, sizeof path), NULL);
	struct store_version v = { 0 }, w = { 0 };
	struct store_error err = { 0 };
	bool created = false;

	CU_ASSERT_EQUAL(store_layout_put(st, "gemm.frag-8x8", "sha256:one", "sha256:fp1",
					 "{\"expr\":1}", "{\"ok\":true}", NULL, "the fragment",
					 "ci", &v, &created, &err),
			STORE_OK);
	CU_ASSERT_EQUAL(err.code, STORE_OK);
	CU_ASSERT_TRUE(created);
	CU_ASSERT_EQUAL(v.version, 1);
	CU_ASSERT_STRING_EQUAL(v.name, "gemm.frag-8x8");
	CU_ASSERT_STRING_EQUAL(v.id, "sha256:one");
	CU_ASSERT_STRING_EQUAL(v.fingerprint, "sha256:fp1");
	CU_ASSERT_STRING_EQUAL(v.layout_json, "{\"expr\":1}");
	CU_ASSERT_STRING_EQUAL(v.analysis_json, "{\"ok\":true}");
	CU_ASSERT_STRING_EQUAL(v.description, "the fragment");
	CU_ASSERT_STRING_EQUAL(v.created_by, "ci");
	CU_ASSERT_FALSE(v.deleted);
	CU_ASSERT_EQUAL(strlen(v.created), 20);
	CU_ASSERT_EQUAL(v.created[10], 'T');
	CU_ASSERT_EQUAL(v.created[19], 'Z');

	/* Same definition: the same version, nothing written. */
	CU_ASSERT_EQUAL(store_layout_put(st, "gemm.frag-8x8", "sha256:one", "sha256:fp1",
					 "{\"expr\":1}", "{\"ok\":true}", NULL, "other text",
					 "someone", &w, &created, NULL),
			STORE_OK);
	CU_ASSERT_FALSE(created);
	CU_ASSERT_EQUAL(w.version, 1);
	CU_ASSERT_STRING_EQUAL(w.created, v.created);
	CU_ASSERT_STRING_EQUAL(w.description, "the fragment");
	store_version_clear(&w);

	/* A changed definition: version 2. */
	CU_ASSERT_EQUAL(put_simple(st, "gemm.frag-8x8", "sha256:two", &w, &created), STORE_OK);
	CU_ASSERT_TRUE(created);
	CU_ASSERT_EQUAL(w.version, 2);
	CU_ASSERT_PTR_NULL(w.description);
	store_version_clear(&w);
	/* Back to the first definition: it is not the latest, so version 3. */
	CU_ASSERT_EQUAL(put_simple(st, "gemm.frag-8x8", "sha256:one", &w, &created), STORE_OK);
	CU_ASSERT_TRUE(created);
	CU_ASSERT_EQUAL(w.version, 3);
	store_version_clear(&w);

	CU_ASSERT_EQUAL(store_layout_get(st, "gemm.frag-8x8", 0, &w, NULL), STORE_OK);
	CU_ASSERT_EQUAL(w.version, 3);
	store_version_clear(&w);
	CU_ASSERT_EQUAL(store_layout_get(st, "gemm.frag-8x8", 1, &w, NULL), STORE_OK);
	CU_ASSERT_STRING_EQUAL(w.id, "sha256:one");
	CU_ASSERT_STRING_EQUAL(w.description, "the fragment");

	/* The §4 representation. */
	json_t *j = store_version_to_json(&w);
	CU_ASSERT_PTR_NOT_NULL_FATAL(j);
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(j, "name")), "gemm.frag-8x8");
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(j, "version")), 1);
	CU_ASSERT_EQUAL(at_int(j, "layout/expr"), 1);
	CU_ASSERT_EQUAL(at_bool(j, "analysis/ok"), 1);
	CU_ASSERT_EQUAL(at_bool(j, "deleted"), 0);
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(j, "created_by")), "ci");
	json_decref(j);
	store_version_clear(&w);
	store_version_clear(&w); /* twice is fine */

	/* Missing parts. */
	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL(store_layout_put(st, "x", "sha256:x", "fp", NULL, "{}", NULL, NULL, NULL,
					 &w, &created, &err),
			STORE_INVAL);
	CU_ASSERT_EQUAL(err.code, STORE_INVAL);
	CU_ASSERT_EQUAL(store_layout_put(st, "x", "", "fp", "{}", "{}", NULL, NULL, NULL, &w,
					 &created, &err),
			STORE_INVAL);
	CU_ASSERT_PTR_NULL(w.name);
	CU_ASSERT_EQUAL(store_layout_get(st, "x", 0, NULL, NULL), STORE_NOTFOUND);
	store_version_clear(&v);
	store_close(st);
}

static void test_registry_delete(void)
{
	char path[4200];
	struct store *st = open_ok(new_db(path, sizeof path), NULL);
	struct store_version v = { 0 };
	struct store_error err = { 0 };
	bool created = false, now = false;
	json_t *out = NULL;

	CU_ASSERT_EQUAL(put_simple(st, "L", "sha256:1", NULL, NULL), STORE_OK);
	CU_ASSERT_EQUAL(put_simple(st, "L", "sha256:2", NULL, NULL), STORE_OK);
	CU_ASSERT_EQUAL(put_simple(st, "L", "sha256:3", NULL, NULL), STORE_OK);

	CU_ASSERT_EQUAL(store_layout_delete(st, "L", 3, &now, &err), STORE_OK);
	CU_ASSERT_TRUE(now);
	/* Idempotent: OK again, nothing done. */
	CU_ASSERT_EQUAL(store_layout_delete(st, "L", 3, &now, &err), STORE_OK);
	CU_ASSERT_FALSE(now);
	/* Latest skips the deleted one. */
	CU_ASSERT_EQUAL(store_layout_get(st, "L", 0, &v, NULL), STORE_OK);
	CU_ASSERT_EQUAL(v.version, 2);
	store_version_clear(&v);
	/* GONE for the deleted version, with the version still readable. */
	CU_ASSERT_EQUAL(store_layout_get(st, "L", 3, &v, &err), STORE_GONE);
	CU_ASSERT_EQUAL(err.code, STORE_GONE);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "deleted"));
	CU_ASSERT_TRUE(v.deleted);
	CU_ASSERT_EQUAL(v.version, 3);
	CU_ASSERT_STRING_EQUAL(v.id, "sha256:3");
	store_version_clear(&v);
	CU_ASSERT_EQUAL(store_layout_get(st, "L", 3, NULL, NULL), STORE_GONE);
	/* NOTFOUND for what never existed. */
	CU_ASSERT_EQUAL(store_layout_get(st, "L", 4, &v, &err), STORE_NOTFOUND);
	CU_ASSERT_EQUAL(err.code, STORE_NOTFOUND);
	CU_ASSERT_PTR_NULL(v.name);
	CU_ASSERT_EQUAL(store_layout_get(st, "nope", 0, &v, NULL), STORE_NOTFOUND);
	CU_ASSERT_EQUAL(store_layout_delete(st, "L", 99, &now, &err), STORE_NOTFOUND);
	CU_ASSERT_EQUAL(store_layout_delete(st, "nope", 1, &now, NULL), STORE_NOTFOUND);
	CU_ASSERT_EQUAL(store_layout_delete(st, "L", 0, &now, NULL), STORE_INVAL);
	CU_ASSERT_EQUAL(store_layout_get(st, "L", -1, &v, NULL), STORE_INVAL);

	/* Numbers are never reused: the next version is 4, not 3. */
	CU_ASSERT_EQUAL(put_simple(st, "L", "sha256:4", &v, &created), STORE_OK);
	CU_ASSERT_TRUE(created);
	CU_ASSERT_EQUAL(v.version, 4);
	store_version_clear(&v);
	/* The same definition as a deleted version is a new version. */
	CU_ASSERT_EQUAL(put_simple(st, "L", "sha256:3", &v, &created), STORE_OK);
	CU_ASSERT_TRUE(created);
	CU_ASSERT_EQUAL(v.version, 5);
	store_version_clear(&v);
	/* Idempotency looks at the latest *live* version. */
	CU_ASSERT_EQUAL(store_layout_delete(st, "L", 5, NULL, NULL), STORE_OK);
	CU_ASSERT_EQUAL(store_layout_delete(st, "L", 4, NULL, NULL), STORE_OK);
	CU_ASSERT_EQUAL(put_simple(st, "L", "sha256:2", &v, &created), STORE_OK);
	CU_ASSERT_FALSE(created);
	CU_ASSERT_EQUAL(v.version, 2);
	store_version_clear(&v);

	/* Every version deleted: GONE for latest and versions, absent from list. */
	CU_ASSERT_EQUAL(store_layout_delete(st, "L", 1, NULL, NULL), STORE_OK);
	CU_ASSERT_EQUAL(store_layout_delete(st, "L", 2, NULL, NULL), STORE_OK);
	CU_ASSERT_EQUAL(store_layout_get(st, "L", 0, &v, &err), STORE_GONE);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "every version"));
	store_version_clear(&v);
	CU_ASSERT_EQUAL(store_layout_versions(st, "L", 0, 10, &out, &err), STORE_GONE);
	CU_ASSERT_PTR_NULL(out);
	CU_ASSERT_EQUAL(store_layout_versions(st, "nope", 0, 10, &out, &err), STORE_NOTFOUND);
	CU_ASSERT_EQUAL(store_layout_list(st, NULL, NULL, 0, &out, NULL), STORE_OK);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(out, "layouts")), 0);
	json_decref(out);
	CU_ASSERT_EQUAL(put_simple(st, "L", "sha256:1", &v, &created), STORE_OK);
	CU_ASSERT_TRUE(created);
	CU_ASSERT_EQUAL(v.version, 6);
	store_version_clear(&v);

	/* Immutability is a database rule, not only a convention. */
	store_close(st);
	CU_ASSERT_EQUAL(raw_exec(path, "UPDATE layout_version SET layout = '{}' WHERE version = 6"),
			SQLITE_CONSTRAINT);
	CU_ASSERT_EQUAL(raw_exec(path, "DELETE FROM layout_version"), SQLITE_CONSTRAINT);
	CU_ASSERT_EQUAL(raw_exec(path, "UPDATE layout_version SET deleted = NULL"),
			SQLITE_CONSTRAINT);
	CU_ASSERT_EQUAL(raw_int(path, "SELECT count(*) FROM layout_version"), 6);
}

static void expect_names(json_t *page, const char *const *names, const char *next)
{
	json_t *arr = json_object_get(page, "layouts");
	size_t n = 0;
	while (names[n])
		n++;
	CU_ASSERT_EQUAL(json_array_size(arr), n);
	for (size_t i = 0; i < n && i < json_array_size(arr); i++)
		CU_ASSERT_STRING_EQUAL(
			json_string_value(json_object_get(json_array_get(arr, i), "name")),
			names[i]);
	json_t *nx = json_object_get(page, "next");
	if (next) {
		CU_ASSERT_STRING_EQUAL(json_is_string(nx) ? json_string_value(nx) : "(null)", next);
	} else {
		CU_ASSERT_TRUE(json_is_null(nx));
	}
}

static void test_list_pagination(void)
{
	char path[4200];
	struct store *st = open_ok(new_db(path, sizeof path), NULL);
	struct store_error err = { 0 };
	json_t *page = NULL;
	static const char *const all[] = { "a1", "a2", "a3", "ab", "b1", "b2", "dead", NULL };
	for (int i = 0; all[i]; i++)
		CU_ASSERT_EQUAL(put_simple(st, all[i], "sha256:v1", NULL, NULL), STORE_OK);
	CU_ASSERT_EQUAL(put_simple(st, "a2", "sha256:v2", NULL, NULL), STORE_OK);
	CU_ASSERT_EQUAL(put_simple(st, "a2", "sha256:v3", NULL, NULL), STORE_OK);
	CU_ASSERT_EQUAL(store_layout_delete(st, "a2", 3, NULL, NULL), STORE_OK);
	CU_ASSERT_EQUAL(store_layout_delete(st, "dead", 1, NULL, NULL), STORE_OK);

	CU_ASSERT_EQUAL(store_layout_list(st, NULL, NULL, 0, &page, &err), STORE_OK);
	expect_names(page, (const char *const[]){ "a1", "a2", "a3", "ab", "b1", "b2", NULL }, NULL);
	/* a2: latest live is 2, two live versions. */
	json_t *a2 = json_array_get(json_object_get(page, "layouts"), 1);
	CU_ASSERT_EQUAL(at_int(a2, "version"), 2);
	CU_ASSERT_EQUAL(at_int(a2, "versions"), 2);
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(a2, "id")), "sha256:v2");
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(a2, "fingerprint")),
			       "fp-sha256:v2");
	CU_ASSERT_TRUE(json_is_string(json_object_get(a2, "created")));
	json_decref(page);

	CU_ASSERT_EQUAL(store_layout_list(st, "a", NULL, 2, &page, NULL), STORE_OK);
	expect_names(page, (const char *const[]){ "a1", "a2", NULL }, "a2");
	json_decref(page);
	CU_ASSERT_EQUAL(store_layout_list(st, "a", "a2", 2, &page, NULL), STORE_OK);
	expect_names(page, (const char *const[]){ "a3", "ab", NULL }, NULL);
	json_decref(page);
	CU_ASSERT_EQUAL(store_layout_list(st, "b", NULL, 0, &page, NULL), STORE_OK);
	expect_names(page, (const char *const[]){ "b1", "b2", NULL }, NULL);
	json_decref(page);
	CU_ASSERT_EQUAL(store_layout_list(st, "a3", NULL, 0, &page, NULL), STORE_OK);
	expect_names(page, (const char *const[]){ "a3", NULL }, NULL);
	json_decref(page);
	CU_ASSERT_EQUAL(store_layout_list(st, "zz", NULL, 0, &page, NULL), STORE_OK);
	expect_names(page, (const char *const[]){ NULL }, NULL);
	json_decref(page);
	CU_ASSERT_EQUAL(store_layout_list(st, NULL, "b2", 0, &page, NULL), STORE_OK);
	expect_names(page, (const char *const[]){ NULL }, NULL);
	json_decref(page);

	/* Walking pages of one visits every listed name exactly once. */
	char after[STORE_NAME_MAX + 1] = "";
	int seen = 0;
	for (int guard = 0; guard < 20; guard++) {
		CU_ASSERT_EQUAL_FATAL(store_layout_list(st, NULL, after, 1, &page, NULL), STORE_OK);
		seen += (int)json_array_size(json_object_get(page, "layouts"));
		json_t *nx = json_object_get(page, "next");
		if (json_is_null(nx)) {
			json_decref(page);
			break;
		}
		snprintf(after, sizeof after, "%s", json_string_value(nx));
		json_decref(page);
	}
	CU_ASSERT_EQUAL(seen, 6);

	/* A prefix or cursor that no name can start with. */
	page = NULL;
	CU_ASSERT_EQUAL(store_layout_list(st, "a/b", NULL, 0, &page, &err), STORE_BADNAME);
	CU_ASSERT_EQUAL(err.code, STORE_BADNAME);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "prefix"));
	CU_ASSERT_PTR_NULL(page);
	CU_ASSERT_EQUAL(store_layout_list(st, "-a", NULL, 0, &page, NULL), STORE_BADNAME);
	CU_ASSERT_EQUAL(store_layout_list(st, NULL, "bad name", 0, &page, &err), STORE_BADNAME);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "cursor"));
	store_close(st);
}

static void test_versions_pagination(void)
{
	char path[4200];
	struct store *st = open_ok(new_db(path, sizeof path), NULL);
	json_t *page = NULL;
	char id[32];
	for (int i = 1; i <= 5; i++) {
		snprintf(id, sizeof id, "sha256:%d", i);
		CU_ASSERT_EQUAL(store_layout_put(st, "v", id, "fp", "{}", "{}", NULL,
						 i == 1 ? "first" : NULL, NULL, NULL, NULL, NULL),
				STORE_OK);
	}
	CU_ASSERT_EQUAL(store_layout_delete(st, "v", 2, NULL, NULL), STORE_OK);
	CU_ASSERT_EQUAL(store_layout_versions(st, "v", 0, 2, &page, NULL), STORE_OK);
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(page, "name")), "v");
	CU_ASSERT_EQUAL(json_array_size(json_object_get(page, "versions")), 2);
	CU_ASSERT_EQUAL(at_int(page, "versions/0/version"), 1);
	CU_ASSERT_STRING_EQUAL(json_string_value(at(page, "versions/0/description")), "first");
	CU_ASSERT_TRUE(json_is_null(at(page, "versions/0/created_by")));
	CU_ASSERT_STRING_EQUAL(json_string_value(at(page, "versions/1/id")), "sha256:3");
	CU_ASSERT_EQUAL(at_int(page, "versions/1/version"), 3);
	CU_ASSERT_EQUAL(at_int(page, "next"), 3);
	json_decref(page);
	CU_ASSERT_EQUAL(store_layout_versions(st, "v", 3, 2, &page, NULL), STORE_OK);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(page, "versions")), 2);
	CU_ASSERT_EQUAL(at_int(page, "versions/0/version"), 4);
	CU_ASSERT_EQUAL(at_int(page, "versions/1/version"), 5);
	CU_ASSERT_TRUE(json_is_null(json_object_get(page, "next")));
	json_decref(page);
	CU_ASSERT_EQUAL(store_layout_versions(st, "v", 5, 2, &page, NULL), STORE_OK);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(page, "versions")), 0);
	json_decref(page);
	store_close(st);
}

/* A limit past STORE_PAGE_MAX is clamped to it; 0 is STORE_PAGE_DEFAULT. */
static void test_page_limit_clamped(void)
{
	char path[4200];
	struct store *st = open_ok(new_db(path, sizeof path), NULL);
	json_t *page = NULL;
	char sql[1024];
	/* STORE_PAGE_MAX + 1 versions, written in one transaction */
	snprintf(sql, sizeof sql,
		 "BEGIN;"
		 "INSERT INTO layout_name (name, last_version, created)"
		 " VALUES ('big', %d, '2026-01-01T00:00:00Z');"
		 "WITH RECURSIVE n(v) AS (SELECT 1 UNION ALL SELECT v + 1 FROM n WHERE v < %d)"
		 " INSERT INTO layout_version (name, version, id, fingerprint, layout, analysis,"
		 " created) SELECT 'big', v, 'sha256:' || v, 'fp', '{}', '{}',"
		 " '2026-01-01T00:00:00Z' FROM n;"
		 "COMMIT;",
		 STORE_PAGE_MAX + 1, STORE_PAGE_MAX + 1);
	CU_ASSERT_EQUAL_FATAL(raw_exec(path, sql), SQLITE_OK);
	CU_ASSERT_EQUAL(store_layout_versions(st, "big", 0, 10 * STORE_PAGE_MAX, &page, NULL),
			STORE_OK);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(page, "versions")), STORE_PAGE_MAX);
	CU_ASSERT_EQUAL(at_int(page, "next"), STORE_PAGE_MAX);
	json_decref(page);
	CU_ASSERT_EQUAL(store_layout_versions(st, "big", 0, 0, &page, NULL), STORE_OK);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(page, "versions")), STORE_PAGE_DEFAULT);
	CU_ASSERT_EQUAL(at_int(page, "next"), STORE_PAGE_DEFAULT);
	json_decref(page);
	CU_ASSERT_EQUAL(
		store_layout_versions(st, "big", STORE_PAGE_MAX, STORE_PAGE_MAX + 1, &page, NULL),
		STORE_OK);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(page, "versions")), 1);
	CU_ASSERT_TRUE(json_is_null(json_object_get(page, "next")));
	json_decref(page);
	store_close(st);
}

/* A token's scope is "read" or "write", nothing else. */
static void test_token_scopes(void)
{
	char path[4200], tok[STORE_TOKEN_LEN + 1], who[STORE_NAME_MAX + 1], scope[8];
	struct store *st = open_ok(new_db(path, sizeof path), NULL);
	struct store_error err = { 0 };
	static const char *const bad[] = { "admin", "", "Read", "writer", NULL };
	for (const char *const *b = bad; *b; b++) {
		CU_ASSERT_EQUAL(store_token_add_scoped(st, "x", *b, tok, &err), STORE_INVAL);
		CU_ASSERT_STRING_EQUAL(tok, "");
	}
	CU_ASSERT_EQUAL(store_token_add_scoped(st, "x", NULL, tok, &err), STORE_INVAL);
	CU_ASSERT_EQUAL(raw_int(path, "SELECT count(*) FROM api_token"), 0);
	CU_ASSERT_EQUAL(store_token_add_scoped(st, "r", "read", tok, &err), STORE_OK);
	CU_ASSERT_EQUAL(store_token_scope(st, tok, who, scope, &err), STORE_OK);
	CU_ASSERT_STRING_EQUAL(who, "r");
	CU_ASSERT_STRING_EQUAL(scope, "read");
	store_close(st);
}

static void test_bad_names(void)
{
	char path[4200], long_ok[STORE_NAME_MAX + 1], too_long[STORE_NAME_MAX + 2];
	static const char *const good[] = {
		"a", "Z", "9", "A.b-c_d", "gemm.frag-8x8", "x..", NULL
	};
	static const char *const bad[] = { "",	  ".a",		 "-a",	"_a",	"a b", "a/b",
					   "a\n", "caf\xc3\xa9", "a:b", "a%2f", "..",  NULL };
	memset(long_ok, 'n', STORE_NAME_MAX);
	long_ok[STORE_NAME_MAX] = '\0';
	memset(too_long, 'n', STORE_NAME_MAX + 1);
	too_long[STORE_NAME_MAX + 1] = '\0';
	for (int i = 0; good[i]; i++)
		CU_ASSERT_TRUE(store_name_valid(good[i]));
	for (int i = 0; bad[i]; i++)
		CU_ASSERT_FALSE(store_name_valid(bad[i]));
	CU_ASSERT_TRUE(store_name_valid(long_ok));
	CU_ASSERT_FALSE(store_name_valid(too_long));
	CU_ASSERT_FALSE(store_name_valid(NULL));
	CU_ASSERT_STRING_EQUAL(store_code_name(STORE_BADNAME), "STORE_BADNAME");
	CU_ASSERT_STRING_EQUAL(store_code_name(STORE_INVAL), "STORE_INVAL");
	CU_ASSERT_STRING_EQUAL(store_code_name(-1), "STORE_?");

	struct store *st = open_ok(new_db(path, sizeof path), NULL);
	struct store_error err = { 0 };
	struct store_version v = { 0 };
	json_t *out = NULL;
	bool created = true;
	char token[STORE_TOKEN_LEN + 1];
	CU_ASSERT_EQUAL(store_layout_put(st, "a/b", "sha256:1", "fp", "{}", "{}", NULL, NULL, NULL,
					 &v, &created, &err),
			STORE_BADNAME);
	CU_ASSERT_EQUAL(err.code, STORE_BADNAME);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "a/b"));
	CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "[A-Za-z0-9]"));
	CU_ASSERT_FALSE(created);
	CU_ASSERT_PTR_NULL(v.name);
	CU_ASSERT_EQUAL(put_simple(st, too_long, "sha256:1", NULL, NULL), STORE_BADNAME);
	CU_ASSERT_EQUAL(put_simple(st, NULL, "sha256:1", NULL, NULL), STORE_BADNAME);
	CU_ASSERT_EQUAL(put_simple(st, long_ok, "sha256:1", NULL, NULL), STORE_OK);
	CU_ASSERT_EQUAL(store_layout_get(st, "../x", 0, &v, NULL), STORE_BADNAME);
	CU_ASSERT_EQUAL(store_layout_versions(st, "a b", 0, 0, &out, NULL), STORE_BADNAME);
	CU_ASSERT_EQUAL(store_layout_delete(st, "", 1, NULL, NULL), STORE_BADNAME);
	CU_ASSERT_EQUAL(store_token_add(st, "bad name", token, &err), STORE_BADNAME);
	CU_ASSERT_EQUAL(token[0], '\0');
	CU_ASSERT_EQUAL(store_token_revoke(st, "x/y", NULL), STORE_BADNAME);
	/* SQL text in a name is just a bad name; in a prefix it's refused too. */
	CU_ASSERT_EQUAL(put_simple(st, "x'; DROP TABLE layout_version; --", "sha256:1", NULL, NULL),
			STORE_BADNAME);
	CU_ASSERT_EQUAL(store_layout_list(st, "' OR 1=1 --", NULL, 0, &out, NULL), STORE_BADNAME);
	store_close(st);
}

/* ---- Concurrency and persistence ---------------------------------------- */

#define N_THREADS 8
#define N_PUTS	  50

struct worker {
	struct store *st;
	int t;
	int64_t version[N_PUTS];
	bool created[N_PUTS];
	int code[N_PUTS];
};

/* Iteration i of thread t: i % 3 == 0 puts the one shared definition of
 * "same" (idempotent), 1 a new definition of "shared", 2 a new definition of
 * the thread's own name. */
static void worker_key(int t, int i, char *name, size_t nn, char *id, size_t ni)
{
	if (i % 3 == 0) {
		snprintf(name, nn, "same");
		snprintf(id, ni, "sha256:same");
	} else {
		if (i % 3 == 1)
			snprintf(name, nn, "shared");
		else
			snprintf(name, nn, "own-%d", t);
		snprintf(id, ni, "sha256:t%d-i%d", t, i);
	}
}

static void *worker_main(void *p)
{
	struct worker *w = p;
	char name[32], id[64];
	for (int i = 0; i < N_PUTS; i++) {
		struct store_version v = { 0 };
		worker_key(w->t, i, name, sizeof name, id, sizeof id);
		w->code[i] = put_simple(w->st, name, id, &v, &w->created[i]);
		w->version[i] = v.version;
		store_version_clear(&v);
	}
	return NULL;
}

/* Every version of name, 1..n, each live, as a version -> id table. */
static int all_versions(struct store *st, const char *name, char ids[][64], int cap)
{
	int64_t after = 0;
	int n = 0;
	for (;;) {
		json_t *page = NULL, *e;
		size_t i;
		if (store_layout_versions(st, name, after, 7, &page, NULL) != STORE_OK)
			return -1;
		json_array_foreach(json_object_get(page, "versions"), i, e)
		{
			int64_t ver = json_integer_value(json_object_get(e, "version"));
			if (ver != n + 1 || n >= cap) { /* not contiguous */
				json_decref(page);
				return -1;
			}
			snprintf(ids[n], 64, "%s", json_string_value(json_object_get(e, "id")));
			n++;
		}
		json_t *nx = json_object_get(page, "next");
		bool more = json_is_integer(nx);
		after = more ? json_integer_value(nx) : 0;
		json_decref(page);
		if (!more)
			return n;
	}
}

static void test_concurrent_puts(void)
{
	char path[4200], name[32], id[64];
	static struct worker w[N_THREADS];
	static char ids[N_THREADS * N_PUTS][64], other[N_THREADS * N_PUTS][64];
	pthread_t th[N_THREADS];
	struct store *st = open_ok(new_db(path, sizeof path), NULL);
	int shared_per_thread = 0, own_per_thread = 0, same_created = 0;
	for (int i = 0; i < N_PUTS; i++) {
		shared_per_thread += i % 3 == 1;
		own_per_thread += i % 3 == 2;
	}
	for (int t = 0; t < N_THREADS; t++) {
		memset(&w[t], 0, sizeof w[t]);
		w[t].st = st;
		w[t].t = t;
		CU_ASSERT_EQUAL_FATAL(pthread_create(&th[t], NULL, worker_main, &w[t]), 0);
	}
	for (int t = 0; t < N_THREADS; t++)
		pthread_join(th[t], NULL);

	for (int round = 0; round < 2; round++) {
		/* Versions contiguous 1..N, every acknowledged write present once, with
		 * the number its writer was told. */
		int n = all_versions(st, "shared", ids, N_THREADS * N_PUTS);
		CU_ASSERT_EQUAL(n, N_THREADS * shared_per_thread);
		for (int t = 0; t < N_THREADS; t++) {
			int own_expected = 0;
			for (int i = 0; i < N_PUTS; i++) {
				CU_ASSERT_EQUAL(w[t].code[i], STORE_OK);
				worker_key(t, i, name, sizeof name, id, sizeof id);
				if (i % 3 == 0) {
					CU_ASSERT_EQUAL(w[t].version[i], 1);
					same_created += round == 0 && w[t].created[i];
				} else if (i % 3 == 1) {
					CU_ASSERT_TRUE(w[t].created[i]);
					int64_t ver = w[t].version[i];
					CU_ASSERT_TRUE(ver >= 1 && ver <= n);
					if (ver >= 1 && ver <= n)
						CU_ASSERT_STRING_EQUAL(ids[ver - 1], id);
				} else {
					CU_ASSERT_EQUAL(w[t].version[i], ++own_expected);
				}
			}
			char own[32];
			snprintf(own, sizeof own, "own-%d", t);
			CU_ASSERT_EQUAL(all_versions(st, own, other, N_THREADS * N_PUTS),
					own_per_thread);
		}
		CU_ASSERT_EQUAL(all_versions(st, "same", other, 4), 1);
		CU_ASSERT_EQUAL(store_integrity_check(st, NULL), STORE_OK);
		/* Persistence: the same after close and reopen. */
		store_close(st);
		st = open_ok(path, NULL);
	}
	CU_ASSERT_EQUAL(same_created, 1);
	store_close(st);
}

/* A thread's connection closes when the thread ends; the store still works
 * on other threads, and store_close closes the rest. */
static void *ready_main(void *p)
{
	return (void *)(intptr_t)store_ready(p, NULL);
}

static void test_ready_threads(void)
{
	char path[4200];
	struct store *st = open_ok(new_db(path, sizeof path), NULL);
	for (int i = 0; i < 20; i++) {
		pthread_t th;
		void *rv = (void *)1;
		CU_ASSERT_EQUAL_FATAL(pthread_create(&th, NULL, ready_main, st), 0);
		pthread_join(th, &rv);
		CU_ASSERT_EQUAL((intptr_t)rv, STORE_OK);
	}
	CU_ASSERT_EQUAL(store_ready(st, NULL), STORE_OK);
	store_close(st);
}

/* ---- Tokens ---------------------------------------------------------------- */

static bool memmem_file(const char *path, const char *needle)
{
	size_t len = 0;
	char *buf = read_file(path, &len);
	bool found = buf && memmem(buf, len, needle, strlen(needle)) != NULL;
	free(buf);
	return found;
}

static void test_tokens(void)
{
	char path[4200], wal[4300], ci[STORE_TOKEN_LEN + 1], dev[STORE_TOKEN_LEN + 1],
		ci2[STORE_TOKEN_LEN + 1], who[STORE_NAME_MAX + 1], wrong[STORE_TOKEN_LEN + 1];
	struct store *st = open_ok(new_db(path, sizeof path), NULL);
	struct store_error err = { 0 };
	bool exist = true;
	json_t *list = NULL;

	CU_ASSERT_EQUAL(store_tokens_exist(st, &exist, NULL), STORE_OK);
	CU_ASSERT_FALSE(exist);
	CU_ASSERT_EQUAL(store_token_check(st, "ldt_x", who, &err), STORE_AUTH);

	CU_ASSERT_EQUAL(store_token_add(st, "ci", ci, &err), STORE_OK);
	CU_ASSERT_EQUAL(strlen(ci), STORE_TOKEN_LEN);
	CU_ASSERT_EQUAL(strncmp(ci, STORE_TOKEN_PREFIX, 4), 0);
	CU_ASSERT_EQUAL(strspn(ci + 4, "0123456789abcdef"), 64);
	CU_ASSERT_EQUAL(store_tokens_exist(st, &exist, NULL), STORE_OK);
	CU_ASSERT_TRUE(exist);
	CU_ASSERT_EQUAL(store_token_add(st, "dev", dev, NULL), STORE_OK);
	CU_ASSERT_STRING_NOT_EQUAL(ci, dev);

	CU_ASSERT_EQUAL(store_token_check(st, ci, who, &err), STORE_OK);
	CU_ASSERT_STRING_EQUAL(who, "ci");
	CU_ASSERT_EQUAL(store_token_check(st, dev, who, NULL), STORE_OK);
	CU_ASSERT_STRING_EQUAL(who, "dev");
	/* One wrong character anywhere, a prefix, a longer string: refused. */
	for (size_t pos = 0; pos < STORE_TOKEN_LEN; pos += 67) {
		memcpy(wrong, ci, sizeof wrong);
		wrong[pos] = wrong[pos] == 'a' ? 'b' : 'a';
		CU_ASSERT_EQUAL(store_token_check(st, wrong, who, &err), STORE_AUTH);
		CU_ASSERT_EQUAL(err.code, STORE_AUTH);
		CU_ASSERT_EQUAL(who[0], '\0');
	}
	memcpy(wrong, ci, sizeof wrong);
	wrong[STORE_TOKEN_LEN - 1] = '\0';
	CU_ASSERT_EQUAL(store_token_check(st, wrong, who, NULL), STORE_AUTH);
	CU_ASSERT_EQUAL(store_token_check(st, "", who, NULL), STORE_AUTH);
	CU_ASSERT_EQUAL(store_token_check(st, NULL, who, NULL), STORE_AUTH);
	char huge[2048];
	memset(huge, 'a', sizeof huge - 1);
	huge[sizeof huge - 1] = '\0';
	CU_ASSERT_EQUAL(store_token_check(st, huge, who, NULL), STORE_AUTH);

	/* Unique among live tokens. */
	char again[STORE_TOKEN_LEN + 1];
	CU_ASSERT_EQUAL(store_token_add(st, "ci", again, &err), STORE_CONFLICT);
	CU_ASSERT_EQUAL(err.code, STORE_CONFLICT);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "ci"));
	CU_ASSERT_EQUAL(again[0], '\0');

	/* Revoke. */
	CU_ASSERT_EQUAL(store_token_revoke(st, "ci", &err), STORE_OK);
	CU_ASSERT_EQUAL(store_token_check(st, ci, who, NULL), STORE_AUTH);
	CU_ASSERT_EQUAL(store_token_revoke(st, "ci", &err), STORE_NOTFOUND);
	CU_ASSERT_EQUAL(err.code, STORE_NOTFOUND);
	CU_ASSERT_EQUAL(store_token_revoke(st, "nobody", NULL), STORE_NOTFOUND);
	CU_ASSERT_EQUAL(store_token_add(st, "ci", ci2, NULL), STORE_OK);
	CU_ASSERT_STRING_NOT_EQUAL(ci, ci2);
	CU_ASSERT_EQUAL(store_token_check(st, ci2, who, NULL), STORE_OK);
	CU_ASSERT_STRING_EQUAL(who, "ci");
	CU_ASSERT_EQUAL(store_token_check(st, ci, who, NULL), STORE_AUTH);

	CU_ASSERT_EQUAL(store_token_list(st, &list, NULL), STORE_OK);
	CU_ASSERT_EQUAL(json_array_size(list), 3);
	CU_ASSERT_STRING_EQUAL(json_string_value(at(list, "0/name")), "ci");
	CU_ASSERT_TRUE(json_is_string(at(list, "0/revoked")));
	CU_ASSERT_TRUE(json_is_string(at(list, "0/created")));
	CU_ASSERT_STRING_EQUAL(json_string_value(at(list, "1/name")), "dev");
	CU_ASSERT_TRUE(json_is_null(at(list, "1/revoked")));
	CU_ASSERT_TRUE(json_is_null(at(list, "2/revoked")));
	json_decref(list);

	/* Only the hash is stored: the token text is nowhere in the files. */
	store_close(st);
	snprintf(wal, sizeof wal, "%s-wal", path);
	CU_ASSERT_FALSE(memmem_file(path, ci2 + 4));
	CU_ASSERT_FALSE(memmem_file(wal, ci2 + 4));
	uint8_t h[SHA256_DIGEST_SIZE];
	struct sha256_ctx ctx;
	char sql[256], hex[2 * SHA256_DIGEST_SIZE + 1];
	sha256_init(&ctx);
	sha256_update(&ctx, strlen(ci2), (const uint8_t *)ci2);
	sha256_digest(&ctx, sizeof h, h);
	for (size_t i = 0; i < sizeof h; i++)
		snprintf(hex + 2 * i, 3, "%02X", h[i]);
	snprintf(sql, sizeof sql,
		 "SELECT count(*) FROM api_token WHERE name = 'ci' AND revoked IS NULL"
		 " AND %s = '%s'",
		 is_pg(path) ? "upper(encode(hash, 'hex'))" : "hex(hash)", hex);
	CU_ASSERT_EQUAL(raw_int(path, sql), 1);

	/* Tokens survive a restart; revoking every one does NOT reopen writes:
	 * a token has existed, so writes stay closed. */
	st = open_ok(path, NULL);
	CU_ASSERT_EQUAL(store_token_check(st, dev, who, NULL), STORE_OK);
	CU_ASSERT_EQUAL(store_token_revoke(st, "ci", NULL), STORE_OK);
	CU_ASSERT_EQUAL(store_token_revoke(st, "dev", NULL), STORE_OK);
	CU_ASSERT_EQUAL(store_tokens_exist(st, &exist, NULL), STORE_OK);
	CU_ASSERT_TRUE(exist);
	CU_ASSERT_EQUAL(store_token_check(st, dev, who, NULL), STORE_AUTH);
	store_close(st);
}

/* ---- Failure paths --------------------------------------------------------- */

/* Fail the n-th step of a registry put for n = 1, 2, ... until the put gets
 * through: every failure must be reported, leave no version behind, keep the
 * numbering contiguous and leave the connection usable. */
static void test_fault_injection(void)
{
	char path[4200], id[64];
	struct store *st = open_ok(new_db(path, sizeof path), NULL);
	struct store_version v = { 0 };
	struct store_error err = { 0 };
	bool created = false;
	int failures = 0, n;
	CU_ASSERT_EQUAL(put_simple(st, "f", "sha256:base", NULL, NULL), STORE_OK);
	for (n = 1; n < 100; n++) {
		snprintf(id, sizeof id, "sha256:f%d", n);
		store_test_fail_step(n);
		int code = put_simple(st, "f", id, &v, &created);
		store_test_fail_step(0);
		if (code == STORE_OK) {
			CU_ASSERT_TRUE(created);
			CU_ASSERT_EQUAL(v.version, 2);
			store_version_clear(&v);
			break;
		}
		failures++;
		CU_ASSERT_FALSE(created);
		CU_ASSERT_PTR_NULL(v.name);
		CU_ASSERT_EQUAL(store_layout_get(st, "f", 0, &v, &err), STORE_OK);
		CU_ASSERT_EQUAL(v.version, 1);
		store_version_clear(&v);
	}
	CU_ASSERT(failures >= 4); /* begin, lookup, counter, insert, commit... */
	CU_ASSERT_EQUAL(raw_int(path, "SELECT last_version FROM layout_name WHERE name = 'f'"), 2);

	/* The same for the cache and for tokens. */
	for (n = 1; n < 100; n++) {
		store_test_fail_step(n);
		int code = store_cache_put(st, "k", "1", "{}", &err);
		store_test_fail_step(0);
		if (code == STORE_OK)
			break;
		CU_ASSERT_EQUAL(err.code, STORE_IO);
		char *got = NULL;
		CU_ASSERT_EQUAL(store_cache_get(st, "k", "1", &got, NULL), STORE_NOTFOUND);
		free(got);
	}
	char token[STORE_TOKEN_LEN + 1];
	for (n = 1; n < 100; n++) {
		bool exist = true;
		store_test_fail_step(n);
		int code = store_token_add(st, "t", token, &err);
		store_test_fail_step(0);
		if (code == STORE_OK)
			break;
		CU_ASSERT_EQUAL(token[0], '\0');
		CU_ASSERT_EQUAL(store_tokens_exist(st, &exist, NULL), STORE_OK);
		CU_ASSERT_FALSE(exist);
	}
	CU_ASSERT_EQUAL(store_token_check(st, token, NULL, NULL), STORE_OK);
	/* And a failing read reports, without crashing. */
	json_t *out = NULL;
	store_test_fail_step(2);
	CU_ASSERT_EQUAL(store_layout_versions(st, "f", 0, 0, &out, &err), STORE_IO);
	store_test_fail_step(0);
	CU_ASSERT_PTR_NULL(out);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "I/O"));
	CU_ASSERT_EQUAL(store_integrity_check(st, NULL), STORE_OK);
	store_close(st);
}

/* ---- Suite ----------------------------------------------------------------- */

static void remove_tmpdir(void)
{
	DIR *d = opendir(tmpdir);
	struct dirent *e;
	char p[8192];
	if (!d)
		return;
	while ((e = readdir(d))) {
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			snprintf(p, sizeof p, "%s/%s", tmpdir, e->d_name);
			unlink(p);
		}
	}
	closedir(d);
	rmdir(tmpdir);
}

int main(void)
{
	static const struct unit_test tests[] = {
		{ "embedded schema matches schema/*.sql", test_embedded_schema_matches_files },
		{ "cache: bounded in bytes, rebuilt when damaged", test_cache_bytes },
		{ "open: quick_check finds damage, read-only", test_quick_check },
		{ "open: migrate a new file, reopen", test_open_new_and_reopen },
		{ "open: refuse newer, foreign, garbage", test_open_refuses },
		{ "cache: LRU eviction order, restart", test_cache_lru },
		{ "registry: idempotent put, new versions", test_registry_put_idempotent },
		{ "registry: checks kept, part of the version", test_registry_checks },
		{ "open: migrate an old database's checks", test_migrate_checks },
		{ "registry: soft delete, GONE vs NOTFOUND", test_registry_delete },
		{ "registry: list, prefix, cursor", test_list_pagination },
		{ "registry: versions pagination", test_versions_pagination },
		{ "registry: page limits clamped", test_page_limit_clamped },
		{ "registry: bad names", test_bad_names },
		{ "tokens: scope is read or write", test_token_scopes },
		{ "registry: 8 threads x 50 puts", test_concurrent_puts },
		{ "threads: per-thread connections", test_ready_threads },
		{ "tokens: add, check, revoke, list", test_tokens },
		{ "failure paths roll back", test_fault_injection },
		{ NULL, NULL },
	};
	const char *base = getenv("TMPDIR");
	snprintf(tmpdir, sizeof tmpdir, "%s/layoutd-store-XXXXXX", base && *base ? base : "/tmp");
	if (!mkdtemp(tmpdir)) {
		perror("mkdtemp");
		return 99;
	}
	pg_admin = getenv("LAYOUTD_TEST_PG");
	if (pg_admin && !*pg_admin)
		pg_admin = NULL;
	if (pg_admin) {
		/* the tests about SQLite files do not apply */
		static struct unit_test pg_tests[32];
		size_t k = 0;
		for (const struct unit_test *t = tests; t->name; t++)
			if (t->fn != test_cache_bytes && t->fn != test_quick_check &&
			    t->fn != test_open_new_and_reopen && t->fn != test_open_refuses)
				pg_tests[k++] = *t;
		int prc = unit_main("store (PostgreSQL)", pg_tests);
		rmdir(tmpdir);
		return prc;
	}
	int rc = unit_main("store", tests);
	if (rc == 0)
		remove_tmpdir();
	else
		fprintf(stderr, "databases kept in %s\n", tmpdir);
	return rc;
}
