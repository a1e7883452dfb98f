/*
 * schema.c - the migrations of both backends, embedded: the files in
 * schema/ (SQLite, recorded in PRAGMA user_version) and schema/postgresql/
 * (PostgreSQL, recorded in its table layoutd_schema), byte for byte
 * (tests/unit/test_store.c compares them with the files, so the two cannot
 * drift).  Append-only (the first files say to mirror a new one in
 * store.c: it is this file now).  A new file's literal is made with
 *   sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/\t/\\t/g' -e 's/^/\t"/' -e 's/$/\\n"/' FILE
 */
#include <stddef.h>

#include "store/store.h"

struct migration {
	const char *file;
	const char *sql;
};

/* ---- SQLite ---------------------------------------------------------------- */

static const char migration_001[] =
	"-- 001_init.sql: the analysis cache, the registry of named immutable layout\n"
	"-- versions, and the API tokens.  Applied by store_open() inside one\n"
	"-- BEGIN IMMEDIATE transaction that also sets PRAGMA user_version = 1.\n"
	"-- Migrations are append-only: never edit this file once released; add\n"
	"-- 002_*.sql instead (and mirror it in src/store/store.c).\n"
	"\n"
	"-- Analysis results, keyed by the definition id and the engine version so an\n"
	"-- engine upgrade never serves a stale analysis.  last_used is a logical\n"
	"-- clock (max + 1 on every put and hit), not a time: the least recently used\n"
	"-- row is the one with the smallest value, and ties cannot reorder it.\n"
	"CREATE TABLE analysis_cache (\n"
	"\tid TEXT NOT NULL,\n"
	"\tengine_version TEXT NOT NULL,\n"
	"\tbody TEXT NOT NULL,\n"
	"\tcreated TEXT NOT NULL,\n"
	"\tlast_used INTEGER NOT NULL,\n"
	"\tPRIMARY KEY (id, engine_version)\n"
	") STRICT;\n"
	"CREATE INDEX analysis_cache_lru ON analysis_cache (last_used);\n"
	"\n"
	"-- One row per registry name ever used.  last_version is the version counter:\n"
	"-- it only grows, so a version number is never handed out twice, even after\n"
	"-- every version of the name has been deleted.\n"
	"CREATE TABLE layout_name (\n"
	"\tname TEXT PRIMARY KEY NOT NULL,\n"
	"\tlast_version INTEGER NOT NULL CHECK (last_version >= 1),\n"
	"\tcreated TEXT NOT NULL\n"
	") STRICT, WITHOUT ROWID;\n"
	"\n"
	"-- The versions.  Immutable once written except for the soft-delete mark\n"
	"-- (deleted: NULL while live, the RFC 3339 time of the delete afterwards);\n"
	"-- the triggers below make that a database rule, not a convention.\n"
	"CREATE TABLE layout_version (\n"
	"\tname TEXT NOT NULL REFERENCES layout_name (name),\n"
	"\tversion INTEGER NOT NULL CHECK (version >= 1),\n"
	"\tid TEXT NOT NULL,\n"
	"\tfingerprint TEXT NOT NULL,\n"
	"\tlayout TEXT NOT NULL,\n"
	"\tanalysis TEXT NOT NULL,\n"
	"\tdescription TEXT,\n"
	"\tcreated TEXT NOT NULL,\n"
	"\tcreated_by TEXT,\n"
	"\tdeleted TEXT,\n"
	"\tPRIMARY KEY (name, version)\n"
	") STRICT;\n"
	"CREATE INDEX layout_version_live ON layout_version (name, version) WHERE deleted IS "
	"NULL;\n"
	"\n"
	"CREATE TRIGGER layout_version_immutable\n"
	"BEFORE UPDATE OF name, version, id, fingerprint, layout, analysis, description, created,\n"
	"\tcreated_by ON layout_version\n"
	"BEGIN\n"
	"\tSELECT RAISE(ABORT, 'layout versions are immutable');\n"
	"END;\n"
	"\n"
	"CREATE TRIGGER layout_version_no_undelete\n"
	"BEFORE UPDATE OF deleted ON layout_version\n"
	"WHEN OLD.deleted IS NOT NULL\n"
	"BEGIN\n"
	"\tSELECT RAISE(ABORT, 'a deleted layout version stays deleted');\n"
	"END;\n"
	"\n"
	"CREATE TRIGGER layout_version_no_hard_delete\n"
	"BEFORE DELETE ON layout_version\n"
	"BEGIN\n"
	"\tSELECT RAISE(ABORT, 'layout versions are soft-deleted only');\n"
	"END;\n"
	"\n"
	"-- API tokens: only the SHA-256 of the token is stored.  A name is unique\n"
	"-- among live tokens; revoked rows stay for the audit trail.\n"
	"CREATE TABLE api_token (\n"
	"\tname TEXT NOT NULL,\n"
	"\thash BLOB NOT NULL UNIQUE CHECK (length(hash) = 32),\n"
	"\tcreated TEXT NOT NULL,\n"
	"\trevoked TEXT\n"
	") STRICT;\n"
	"CREATE UNIQUE INDEX api_token_live_name ON api_token (name) WHERE revoked IS NULL;\n";

static const char migration_002[] =
	"-- 002_token_scope.sql: a token is \"write\" (registry writes and reads) or\n"
	"-- \"read\" (reads only; a write with it is 403).  Existing tokens keep\n"
	"-- write access.\n"
	"ALTER TABLE api_token ADD COLUMN scope TEXT NOT NULL DEFAULT 'write'\n"
	"\tCHECK (scope IN ('read', 'write'));\n";

static const char migration_003[] =
	"-- 003_cache_file.sql: the analysis cache moves to its own file (the\n"
	"-- database path + \"-cache\"), so a cache write never waits for the write\n"
	"-- lock or the fsync of a registry commit, and the cache file can be\n"
	"-- thrown away and rebuilt.  The cached analyses here are recomputable.\n"
	"DROP TABLE analysis_cache;\n";

static const char migration_004[] =
	"-- 004_checks.sql: a version keeps the checks of the request it was\n"
	"-- registered from (expect, access, probe, suggest: every member beside the\n"
	"-- layout and the description), as JSON text, so that the request read back\n"
	"-- runs the same checks.  A version registered before kept only its expect,\n"
	"-- inside the analysis summary: that becomes its checks.  The immutability\n"
	"-- trigger covers the new column.\n"
	"ALTER TABLE layout_version ADD COLUMN checks TEXT NOT NULL DEFAULT '{}';\n"
	"UPDATE layout_version SET checks = json_object('expect', json(json_extract(analysis, "
	"'$.expect')))\n"
	"\tWHERE json_type(analysis, '$.expect') = 'object' AND json_extract(analysis, '$.expect') "
	"<> '{}';\n"
	"DROP TRIGGER layout_version_immutable;\n"
	"CREATE TRIGGER layout_version_immutable\n"
	"BEFORE UPDATE OF name, version, id, fingerprint, layout, analysis, description, created,\n"
	"\tcreated_by, checks ON layout_version\n"
	"BEGIN\n"
	"\tSELECT RAISE(ABORT, 'layout versions are immutable');\n"
	"END;\n";

static const struct migration sqlite_migrations[] = {
	{ "001_init.sql", migration_001 },
	{ "002_token_scope.sql", migration_002 },
	{ "003_cache_file.sql", migration_003 },
	{ "004_checks.sql", migration_004 },
};

/* ---- PostgreSQL ------------------------------------------------------------ */

static const char pg_migration_001[] =
	"-- 001_init.sql (PostgreSQL): the registry of named immutable layout\n"
	"-- versions, the API tokens and the shared analysis cache.  Applied by\n"
	"-- layoutd inside one transaction holding an advisory lock, so replicas\n"
	"-- starting together apply it once; layoutd_schema records the version.\n"
	"-- Append-only: add 002_*.sql instead of editing (and mirror it in\n"
	"-- src/store/postgres.c).\n"
	"\n"
	"-- Names compare as bytes (COLLATE \"C\"): listing order and cursors are\n"
	"-- those of the SQLite backend.  last_version is the version counter: it\n"
	"-- only grows, so a number is never handed out twice; the row is locked\n"
	"-- (SELECT ... FOR UPDATE) by every writer of the name.\n"
	"CREATE TABLE layout_name (\n"
	"\tname text COLLATE \"C\" PRIMARY KEY,\n"
	"\tlast_version bigint NOT NULL CHECK (last_version >= 0),\n"
	"\tcreated text NOT NULL\n"
	");\n"
	"\n"
	"CREATE TABLE layout_version (\n"
	"\tname text COLLATE \"C\" NOT NULL REFERENCES layout_name (name),\n"
	"\tversion bigint NOT NULL CHECK (version >= 1),\n"
	"\tid text NOT NULL,\n"
	"\tfingerprint text NOT NULL,\n"
	"\tlayout text NOT NULL,\n"
	"\tanalysis text NOT NULL,\n"
	"\tdescription text,\n"
	"\tcreated text NOT NULL,\n"
	"\tcreated_by text,\n"
	"\tdeleted text,\n"
	"\tPRIMARY KEY (name, version)\n"
	");\n"
	"CREATE INDEX layout_version_live ON layout_version (name, version) WHERE deleted IS "
	"NULL;\n"
	"\n"
	"-- Immutable once written except for the soft-delete mark, as a database\n"
	"-- rule: no update of any other column, no undelete, no hard delete.\n"
	"CREATE FUNCTION layout_version_guard() RETURNS trigger LANGUAGE plpgsql AS $$\n"
	"BEGIN\n"
	"\tIF TG_OP = 'DELETE' THEN\n"
	"\t\tRAISE EXCEPTION 'layout versions are soft-deleted only';\n"
	"\tEND IF;\n"
	"\tIF ROW(NEW.name, NEW.version, NEW.id, NEW.fingerprint, NEW.layout, NEW.analysis,\n"
	"\t       NEW.description, NEW.created, NEW.created_by)\n"
	"\t   IS DISTINCT FROM ROW(OLD.name, OLD.version, OLD.id, OLD.fingerprint, OLD.layout,\n"
	"\t       OLD.analysis, OLD.description, OLD.created, OLD.created_by) THEN\n"
	"\t\tRAISE EXCEPTION 'layout versions are immutable';\n"
	"\tEND IF;\n"
	"\tIF OLD.deleted IS NOT NULL AND NEW.deleted IS DISTINCT FROM OLD.deleted THEN\n"
	"\t\tRAISE EXCEPTION 'a deleted layout version stays deleted';\n"
	"\tEND IF;\n"
	"\tRETURN NEW;\n"
	"END $$;\n"
	"CREATE TRIGGER layout_version_guard BEFORE UPDATE OR DELETE ON layout_version\n"
	"\tFOR EACH ROW EXECUTE FUNCTION layout_version_guard();\n"
	"\n"
	"-- API tokens: only the SHA-256 of the token.  A name is unique among live\n"
	"-- tokens; revoked rows stay (they also keep writes closed).\n"
	"CREATE TABLE api_token (\n"
	"\tseq bigserial PRIMARY KEY,\n"
	"\tname text COLLATE \"C\" NOT NULL,\n"
	"\thash bytea NOT NULL UNIQUE CHECK (length(hash) = 32),\n"
	"\tcreated text NOT NULL,\n"
	"\trevoked text,\n"
	"\tscope text NOT NULL DEFAULT 'write' CHECK (scope IN ('read', 'write'))\n"
	");\n"
	"CREATE UNIQUE INDEX api_token_live_name ON api_token (name) WHERE revoked IS NULL;\n"
	"\n"
	"-- The analysis cache, shared by the replicas.  UNLOGGED: no WAL, so its\n"
	"-- writes never wait for a flush, and a server crash empties it (it is\n"
	"-- recomputable).  last_used is microseconds since the epoch.  The totals\n"
	"-- row is kept by a trigger and bounds the cache in bytes and entries\n"
	"-- without summing the table; it is emptied together with the cache.\n"
	"CREATE UNLOGGED TABLE analysis_cache (\n"
	"\tid text NOT NULL,\n"
	"\tengine_version text NOT NULL,\n"
	"\tbody text NOT NULL,\n"
	"\tsize bigint NOT NULL,\n"
	"\tlast_used bigint NOT NULL,\n"
	"\tPRIMARY KEY (id, engine_version)\n"
	");\n"
	"CREATE INDEX analysis_cache_lru ON analysis_cache (last_used);\n"
	"CREATE UNLOGGED TABLE cache_total (\n"
	"\tone int PRIMARY KEY CHECK (one = 1),\n"
	"\tbytes bigint NOT NULL,\n"
	"\tentries bigint NOT NULL\n"
	");\n"
	"CREATE FUNCTION analysis_cache_total() RETURNS trigger LANGUAGE plpgsql AS $$\n"
	"BEGIN\n"
	"\tIF TG_OP = 'INSERT' THEN\n"
	"\t\tINSERT INTO cache_total VALUES (1, NEW.size, 1) ON CONFLICT (one) DO UPDATE\n"
	"\t\t\tSET bytes = cache_total.bytes + NEW.size, entries = cache_total.entries + 1;\n"
	"\tELSIF TG_OP = 'DELETE' THEN\n"
	"\t\tUPDATE cache_total SET bytes = bytes - OLD.size, entries = entries - 1;\n"
	"\tELSE\n"
	"\t\tUPDATE cache_total SET bytes = bytes - OLD.size + NEW.size;\n"
	"\tEND IF;\n"
	"\tRETURN NULL;\n"
	"END $$;\n"
	"CREATE TRIGGER analysis_cache_total AFTER INSERT OR DELETE OR UPDATE OF size ON "
	"analysis_cache\n"
	"\tFOR EACH ROW EXECUTE FUNCTION analysis_cache_total();\n";

static const char pg_migration_002[] =
	"-- 002_checks.sql (PostgreSQL): a version keeps the checks of the request it\n"
	"-- was registered from (expect, access, probe, suggest: every member beside\n"
	"-- the layout and the description), as JSON text, so that the request read\n"
	"-- back runs the same checks.  A version registered before kept only its\n"
	"-- expect, inside the analysis summary: that becomes its checks.  The guard\n"
	"-- covers the new column.\n"
	"ALTER TABLE layout_version ADD COLUMN checks text NOT NULL DEFAULT '{}';\n"
	"UPDATE layout_version SET checks = json_build_object('expect', analysis::json -> "
	"'expect')::text\n"
	"\tWHERE json_typeof(analysis::json -> 'expect') = 'object'\n"
	"\tAND (analysis::jsonb -> 'expect') <> '{}'::jsonb;\n"
	"CREATE OR REPLACE FUNCTION layout_version_guard() RETURNS trigger LANGUAGE plpgsql AS $$\n"
	"BEGIN\n"
	"\tIF TG_OP = 'DELETE' THEN\n"
	"\t\tRAISE EXCEPTION 'layout versions are soft-deleted only';\n"
	"\tEND IF;\n"
	"\tIF ROW(NEW.name, NEW.version, NEW.id, NEW.fingerprint, NEW.layout, NEW.analysis,\n"
	"\t       NEW.description, NEW.created, NEW.created_by, NEW.checks)\n"
	"\t   IS DISTINCT FROM ROW(OLD.name, OLD.version, OLD.id, OLD.fingerprint, OLD.layout,\n"
	"\t       OLD.analysis, OLD.description, OLD.created, OLD.created_by, OLD.checks) THEN\n"
	"\t\tRAISE EXCEPTION 'layout versions are immutable';\n"
	"\tEND IF;\n"
	"\tIF OLD.deleted IS NOT NULL AND NEW.deleted IS DISTINCT FROM OLD.deleted THEN\n"
	"\t\tRAISE EXCEPTION 'a deleted layout version stays deleted';\n"
	"\tEND IF;\n"
	"\tRETURN NEW;\n"
	"END $$;\n";

static const struct migration pg_migrations[] = {
	{ "001_init.sql", pg_migration_001 },
	{ "002_checks.sql", pg_migration_002 },
};

/* ---- Access ---------------------------------------------------------------- */

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const char *pick(const struct migration *list, size_t n, size_t i, const char **file_name)
{
	if (i >= n)
		return NULL;
	if (file_name)
		*file_name = list[i].file;
	return list[i].sql;
}

size_t store_schema_version(void)
{
	return COUNT(sqlite_migrations);
}

const char *store_migration(size_t i, const char **file_name)
{
	return pick(sqlite_migrations, COUNT(sqlite_migrations), i, file_name);
}

size_t store_pg_schema_version(void)
{
	return COUNT(pg_migrations);
}

const char *store_pg_migration(size_t i, const char **file_name)
{
	return pick(pg_migrations, COUNT(pg_migrations), i, file_name);
}
