-- Rate-limit counters need no crash safety: unlogged, a hit does not wait for the WAL to reach the disk (about
-- a quarter of the time per request), and a crash merely empties the table (every client starts a fresh window).
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
