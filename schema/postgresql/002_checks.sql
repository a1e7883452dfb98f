-- 002_checks.sql (PostgreSQL): a version keeps the checks of the request it
-- was registered from (expect, access, probe, suggest: every member beside
-- the layout and the description), as JSON text, so that the request read
-- back runs the same checks.  A version registered before kept only its
-- expect, inside the analysis summary: that becomes its checks.  The guard
-- covers the new column.
ALTER TABLE layout_version ADD COLUMN checks text NOT NULL DEFAULT '{}';
UPDATE layout_version SET checks = json_build_object('expect', analysis::json -> 'expect')::text
	WHERE json_typeof(analysis::json -> 'expect') = 'object'
	AND (analysis::jsonb -> 'expect') <> '{}'::jsonb;
CREATE OR REPLACE FUNCTION layout_version_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		RAISE EXCEPTION 'layout versions are soft-deleted only';
	END IF;
	IF ROW(NEW.name, NEW.version, NEW.id, NEW.fingerprint, NEW.layout, NEW.analysis,
	       NEW.description, NEW.created, NEW.created_by, NEW.checks)
	   IS DISTINCT FROM ROW(OLD.name, OLD.version, OLD.id, OLD.fingerprint, OLD.layout,
	       OLD.analysis, OLD.description, OLD.created, OLD.created_by, OLD.checks) THEN
		RAISE EXCEPTION 'layout versions are immutable';
	END IF;
	IF OLD.deleted IS NOT NULL AND NEW.deleted IS DISTINCT FROM OLD.deleted THEN
		RAISE EXCEPTION 'a deleted layout version stays deleted';
	END IF;
	RETURN NEW;
END $$;
