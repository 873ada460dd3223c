-- Schema di base per le statistiche
CREATE SCHEMA IF NOT EXISTS pgstats;
CREATE EXTENSION IF NOT EXISTS pg_stat_statements;

CREATE OR REPLACE VIEW pgstats.slow_queries AS
SELECT queryid, calls, round(mean_exec_time::numeric, 2) AS mean_ms, query
FROM pg_stat_statements
ORDER BY mean_exec_time DESC
LIMIT 50;

CREATE OR REPLACE VIEW pgstats.index_usage AS
SELECT relname, indexrelname, idx_scan
FROM pg_stat_user_indexes
ORDER BY idx_scan ASC;
