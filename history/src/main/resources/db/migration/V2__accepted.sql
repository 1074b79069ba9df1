-- jvmmark history, schema 2: changes a person accepted ('history accept SERIES@RUN'). From the accepted
-- run on, that run is the series' baseline: 'history check' no longer reports the change as a regression.
CREATE TABLE accepted (
    series_id BIGINT NOT NULL REFERENCES series (id),
    run_id BIGINT NOT NULL REFERENCES run (id),
    accepted TEXT NOT NULL,            -- ISO-8601 instant of the acceptance
    PRIMARY KEY (series_id, run_id)
);
