-- 002_token_scope.sql: a token is "write" (registry writes and reads) or
-- "read" (reads only; a write with it is 403).  Existing tokens keep
-- write access.
ALTER TABLE api_token ADD COLUMN scope TEXT NOT NULL DEFAULT 'write'
	CHECK (scope IN ('read', 'write'));
