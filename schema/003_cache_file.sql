-- 003_cache_file.sql: the analysis cache moves to its own file (the
-- database path + "-cache"), so a cache write never waits for the write
-- lock or the fsync of a registry commit, and the cache file can be
-- thrown away and rebuilt.  The cached analyses here are recomputable.
DROP TABLE analysis_cache;
