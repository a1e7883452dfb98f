-- 004_checks.sql: a version keeps the checks of the request it was
-- registered from (expect, access, probe, suggest: every member beside the
-- layout and the description), as JSON text, so that the request read back
-- runs the same checks.  A version registered before kept only its expect,
-- inside the analysis summary: that becomes its checks.  The immutability
-- trigger covers the new column.
ALTER TABLE layout_version ADD COLUMN checks TEXT NOT NULL DEFAULT '{}';
UPDATE layout_version SET checks = json_object('expect', json(json_extract(analysis, '$.expect')))
	WHERE json_type(analysis, '$.expect') = 'object' AND json_extract(analysis, '$.expect') <> '{}';
DROP TRIGGER layout_version_immutable;
CREATE TRIGGER layout_version_immutable
BEFORE UPDATE OF name, version, id, fingerprint, layout, analysis, description, created,
	created_by, checks ON layout_version
BEGIN
	SELECT RAISE(ABORT, 'layout versions are immutable');
END;
