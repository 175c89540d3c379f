-- high_bid and attendance churn for as long as a run lasts, and none of their updates is HOT:
-- every bid and clock step rewrites a high_bid row (its due time, state and bidder are indexed),
-- every leave an attendance row (left_at decides the attendance_open index). With the default
-- scale factor of 20 %, high_bid (227,000 rows on 9,000-user data) waited for some 45,000 dead
-- rows, one autovacuum in a 40-minute run, and the stack drifted with the bloat (decision 0008).
--
-- Vacuum: a fixed 2,000 dead rows, whatever the dataset's size. Near the 2-core peak high_bid took
-- some 1,100 updates a minute and attendance some 2,000, so that is a vacuum every two minutes and
-- every minute, and autovacuum looks at a table only once a minute (autovacuum_naptime) anyway:
-- at most some 4,000 dead rows each where 28,000 piled up before. Much lower would not vacuum
-- more often; much higher lets the bloat back in.
--
-- vacuum_index_cleanup = on: by default (auto) a vacuum skips its index pass when the dead rows
-- lie on fewer than 2 % of the table's pages, which these few hot rows always do, and the index
-- entries of their dead versions stay. The pass reads a few thousand cached index pages.
--
-- vacuum_truncate = off: the emptied pages at the end of these tables are the next ones filled,
-- and truncating them takes an exclusive lock that stalls every reader of the table, now every
-- minute or two instead of once a run.
--
-- Analyze: a fixed 10,000 changed rows, every five to ten minutes near the peak; the plans of
-- these tables hang on their primary keys and small partial indexes, not on fresh statistics.
--
-- The cost throttle stays at the server's default (200 units per 2 ms): such a vacuum dirties a
-- few hundred pages and reads a few thousand, some 10,000 units, so it sleeps about 0.1 s in all,
-- while an unthrottled one would take its I/O in one burst beside the measured load.
ALTER TABLE high_bid SET (
    autovacuum_vacuum_scale_factor = 0,
    autovacuum_vacuum_threshold = 2000,
    autovacuum_analyze_scale_factor = 0,
    autovacuum_analyze_threshold = 10000,
    vacuum_index_cleanup = on,
    vacuum_truncate = off
);
ALTER TABLE attendance SET (
    autovacuum_vacuum_scale_factor = 0,
    autovacuum_vacuum_threshold = 2000,
    autovacuum_analyze_scale_factor = 0,
    autovacuum_analyze_threshold = 10000,
    vacuum_index_cleanup = on,
    vacuum_truncate = off
);
