-- 001_init.sql: the analysis cache, the registry of named immutable layout
-- versions, and the API tokens.  Applied by store_open() inside one
-- BEGIN IMMEDIATE transaction that also sets PRAGMA user_version = 1.
-- Migrations are append-only: never edit this file once released; add
-- 002_*.sql instead (and mirror it in src/store/store.c).

-- Analysis results, keyed by the definition id and the engine version so an
-- engine upgrade never serves a stale analysis.  last_used is a logical
-- clock (max + 1 on every put and hit), not a time: the least recently used
-- row is the one with the smallest value, and ties cannot reorder it.
CREATE TABLE analysis_cache (
	id TEXT NOT NULL,
	engine_version TEXT NOT NULL,
	body TEXT NOT NULL,
	created TEXT NOT NULL,
	last_used INTEGER NOT NULL,
	PRIMARY KEY (id, engine_version)
) STRICT;
CREATE INDEX analysis_cache_lru ON analysis_cache (last_used);

-- One row per registry name ever used.  last_version is the version counter:
-- it only grows, so a version number is never handed out twice, even after
-- every version of the name has been deleted.
CREATE TABLE layout_name (
	name TEXT PRIMARY KEY NOT NULL,
	last_version INTEGER NOT NULL CHECK (last_version >= 1),
	created TEXT NOT NULL
) STRICT, WITHOUT ROWID;

-- The versions.  Immutable once written except for the soft-delete mark
-- (deleted: NULL while live, the RFC 3339 time of the delete afterwards);
-- the triggers below make that a database rule, not a convention.
CREATE TABLE layout_version (
	name TEXT NOT NULL REFERENCES layout_name (name),
	version INTEGER NOT NULL CHECK (version >= 1),
	id TEXT NOT NULL,
	fingerprint TEXT NOT NULL,
	layout TEXT NOT NULL,
	analysis TEXT NOT NULL,
	description TEXT,
	created TEXT NOT NULL,
	created_by TEXT,
	deleted TEXT,
	PRIMARY KEY (name, version)
) STRICT;
CREATE INDEX layout_version_live ON layout_version (name, version) WHERE deleted IS NULL;

CREATE TRIGGER layout_version_immutable
BEFORE UPDATE OF name, version, id, fingerprint, layout, analysis, description, created,
	created_by ON layout_version
BEGIN
	SELECT RAISE(ABORT, 'layout versions are immutable');
END;

CREATE TRIGGER layout_version_no_undelete
BEFORE UPDATE OF deleted ON layout_version
WHEN OLD.deleted IS NOT NULL
BEGIN
	SELECT RAISE(ABORT, 'a deleted layout version stays deleted');
END;

CREATE TRIGGER layout_version_no_hard_delete
BEFORE DELETE ON layout_version
BEGIN
	SELECT RAISE(ABORT, 'layout versions are soft-deleted only');
END;

-- API tokens: only the SHA-256 of the token is stored.  A name is unique
-- among live tokens; revoked rows stay for the audit trail.
CREATE TABLE api_token (
	name TEXT NOT NULL,
	hash BLOB NOT NULL UNIQUE CHECK (length(hash) = 32),
	created TEXT NOT NULL,
	revoked TEXT
) STRICT;
CREATE UNIQUE INDEX api_token_live_name ON api_token (name) WHERE revoked IS NULL;
