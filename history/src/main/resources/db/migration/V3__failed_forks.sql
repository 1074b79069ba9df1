-- jvmmark history, schema 3: failed and timed-out forks count. Such a fork measured nothing, so it has no sample;
-- its trial row names the row it was a fork of (the trial id without '/forkN': workload/JDK/variant[/point]), which
-- links it to that row's series in the same run, and keeps its one-line error. Rows recorded before schema 3 get
-- their row from their trial id here (rtrim, substr and length mean the same in SQLite and PostgreSQL).
ALTER TABLE trial ADD COLUMN row_id TEXT;
ALTER TABLE trial ADD COLUMN error TEXT;
UPDATE trial SET row_id = CASE
    WHEN rtrim(trial_id, '0123456789') <> trial_id AND rtrim(trial_id, '0123456789') LIKE '%/fork'
        THEN substr(trial_id, 1, length(rtrim(trial_id, '0123456789')) - 5)
    ELSE trial_id END;
CREATE INDEX trial_by_row ON trial (row_id, run_id);
