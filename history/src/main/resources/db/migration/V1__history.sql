-- jvmmark history, schema 1. Portable between SQLite and PostgreSQL; ${id} is each one's
-- auto-numbered primary key.

-- One jvmmark run (one results.json), as seen from one machine.
CREATE TABLE run (
    id ${id},
    run_key TEXT NOT NULL UNIQUE,      -- machine + created: importing the same run twice adds nothing
    created TEXT NOT NULL,             -- ISO-8601 instant the run started
    machine TEXT NOT NULL,
    profile TEXT NOT NULL,
    dir TEXT,                          -- the results directory, for links to its report
    recorded TEXT NOT NULL
);

-- A series: one figure of one probe on one JVM variant of one workload with its parameters, on one machine.
CREATE TABLE series (
    id ${id},
    series_key TEXT NOT NULL UNIQUE,
    machine TEXT NOT NULL,
    workload TEXT NOT NULL,
    params TEXT NOT NULL,
    jvm TEXT NOT NULL,
    variant TEXT NOT NULL,
    probe TEXT NOT NULL,               -- '' for a scalar metric
    figure TEXT NOT NULL,              -- metric name, or percentile ('p50', 'p99.9', 'max')
    unit TEXT NOT NULL,
    better TEXT NOT NULL               -- higher | lower
);

-- One trial (one fork) of a run; recorded in one transaction with its samples.
CREATE TABLE trial (
    run_id BIGINT NOT NULL REFERENCES run (id),
    trial_id TEXT NOT NULL,
    fork INTEGER NOT NULL,
    status TEXT NOT NULL,
    PRIMARY KEY (run_id, trial_id)
);

-- One fork's value of one series in one run: a point of the series is all its forks' values.
CREATE TABLE sample (
    series_id BIGINT NOT NULL REFERENCES series (id),
    run_id BIGINT NOT NULL REFERENCES run (id),
    trial_id TEXT NOT NULL,
    fork INTEGER NOT NULL,
    value DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (series_id, run_id, trial_id)
);

CREATE INDEX sample_by_run ON sample (run_id);
