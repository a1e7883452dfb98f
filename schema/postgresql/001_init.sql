-- 001_init.sql (PostgreSQL): the registry of named immutable layout
-- versions, the API tokens and the shared analysis cache.  Applied by
-- layoutd inside one transaction holding an advisory lock, so replicas
-- starting together apply it once; layoutd_schema records the version.
-- Append-only: add 002_*.sql instead of editing (and mirror it in
-- src/store/postgres.c).

-- Names compare as bytes (COLLATE "C"): listing order and cursors are
-- those of the SQLite backend.  last_version is the version counter: it
-- only grows, so a number is never handed out twice; the row is locked
-- (SELECT ... FOR UPDATE) by every writer of the name.
CREATE TABLE layout_name (
	name text COLLATE "C" PRIMARY KEY,
	last_version bigint NOT NULL CHECK (last_version >= 0),
	created text NOT NULL
);

CREATE TABLE layout_version (
	name text COLLATE "C" NOT NULL REFERENCES layout_name (name),
	version bigint NOT NULL CHECK (version >= 1),
	id text NOT NULL,
	fingerprint text NOT NULL,
	layout text NOT NULL,
	analysis text NOT NULL,
	description text,
	created text NOT NULL,
	created_by text,
	deleted text,
	PRIMARY KEY (name, version)
);
CREATE INDEX layout_version_live ON layout_version (name, version) WHERE deleted IS NULL;

-- Immutable once written except for the soft-delete mark, as a database
-- rule: no update of any other column, no undelete, no hard delete.
CREATE FUNCTION layout_version_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		RAISE EXCEPTION 'layout versions are soft-deleted only';
	END IF;
	IF ROW(NEW.name, NEW.version, NEW.id, NEW.fingerprint, NEW.layout, NEW.analysis,
	       NEW.description, NEW.created, NEW.created_by)
	   IS DISTINCT FROM ROW(OLD.name, OLD.version, OLD.id, OLD.fingerprint, OLD.layout,
	       OLD.analysis, OLD.description, OLD.created, OLD.created_by) THEN
		RAISE EXCEPTION 'layout versions are immutable';
	END IF;
	IF OLD.deleted IS NOT NULL AND NEW.deleted IS DISTINCT FROM OLD.deleted THEN
		RAISE EXCEPTION 'a deleted layout version stays deleted';
	END IF;
	RETURN NEW;
END $$;
CREATE TRIGGER layout_version_guard BEFORE UPDATE OR DELETE ON layout_version
	FOR EACH ROW EXECUTE FUNCTION layout_version_guard();

-- API tokens: only the SHA-256 of the token.  A name is unique among live
-- tokens; revoked rows stay (they also keep writes closed).
CREATE TABLE api_token (
	seq bigserial PRIMARY KEY,
	name text COLLATE "C" NOT NULL,
	hash bytea NOT NULL UNIQUE CHECK (length(hash) = 32),
	created text NOT NULL,
	revoked text,
	scope text NOT NULL DEFAULT 'write' CHECK (scope IN ('read', 'write'))
);
CREATE UNIQUE INDEX api_token_live_name ON api_token (name) WHERE revoked IS NULL;

-- The analysis cache, shared by the replicas.  UNLOGGED: no WAL, so its
-- writes never wait for a flush, and a server crash empties it (it is
-- recomputable).  last_used is microseconds since the epoch.  The totals
-- row is kept by a trigger and bounds the cache in bytes and entries
-- without summing the table; it is emptied together with the cache.
CREATE UNLOGGED TABLE analysis_cache (
	id text NOT NULL,
	engine_version text NOT NULL,
	body text NOT NULL,
	size bigint NOT NULL,
	last_used bigint NOT NULL,
	PRIMARY KEY (id, engine_version)
);
CREATE INDEX analysis_cache_lru ON analysis_cache (last_used);
CREATE UNLOGGED TABLE cache_total (
	one int PRIMARY KEY CHECK (one = 1),
	bytes bigint NOT NULL,
	entries bigint NOT NULL
);
CREATE FUNCTION analysis_cache_total() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO cache_total VALUES (1, NEW.size, 1) ON CONFLICT (one) DO UPDATE
			SET bytes = cache_total.bytes + NEW.size, entries = cache_total.entries + 1;
	ELSIF TG_OP = 'DELETE' THEN
		UPDATE cache_total SET bytes = bytes - OLD.size, entries = entries - 1;
	ELSE
		UPDATE cache_total SET bytes = bytes - OLD.size + NEW.size;
	END IF;
	RETURN NULL;
END $$;
CREATE TRIGGER analysis_cache_total AFTER INSERT OR DELETE OR UPDATE OF size ON analysis_cache
	FOR EACH ROW EXECUTE FUNCTION analysis_cache_total();
