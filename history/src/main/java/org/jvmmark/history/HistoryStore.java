package org.jvmmark.history;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jvmmark.report.model.Percentiles;
import org.jvmmark.results.Metric;
import org.jvmmark.results.Probe;
import org.jvmmark.results.Results;
import org.jvmmark.results.Trial;
import org.jvmmark.results.TrialStatus;
import org.jvmmark.report.judge.Stats;

/**
 * Writes runs into the history and reads series back. Each trial is recorded in its own transaction
 * with all its samples, so a run killed half-way leaves whole trials or none; inserts that would
 * repeat a run, trial, series or sample do nothing, so recording or importing twice adds nothing and
 * two runs recording at once lose nothing. Thread-safe: every call uses its own connection.
 */
public final class HistoryStore {
    /** The percentiles kept as series, where a probe has them. */
    static final List<String> PERCENTILES = List.of("50", "90", "99", "99.9", "max");

    private final HistoryDatabase db;

    public HistoryStore(HistoryDatabase db) {
        this.db = db;
    }

    /**
     * One point of a series: a run, its forks' values, and how many of the row's forks in that run failed or timed
     * out (they measured nothing). A point of {@link #pointsWithFailures()} may have no values: every fork failed.
     */
    public record Point(long runId, String created, String dir, double[] forkValues, int failed) {
        /** A point whose forks all ran. */
        public Point(long runId, String created, String dir, double[] forkValues) {
            this(runId, created, dir, forkValues, 0);
        }

        /** Whether any fork of the run measured the figure. */
        public boolean measured() {
            return forkValues.length > 0;
        }

        /**
         * The point's value in checks, lists and charts: the row figure of the report and {@code compare}
         * for the same forks ({@link org.jvmmark.report.judge.Stats#center}, the geometric mean), so a run
         * shows one figure everywhere.
         */
        public double value() {
            return Stats.center(forkValues);
        }
    }

    /** A series with its id, key, unit and direction. */
    public record StoredSeries(long id, SeriesKey key, String unit, boolean higherIsBetter) {
    }

    /**
     * Records a run's header (once) and returns its id.
     *
     * @param dir the results directory, or null
     */
    public long run(Results r, String machine, Path dir) throws SQLException {
        try (Connection c = db.connect()) {
            c.setAutoCommit(false);
            long id = runId(c, r, machine, dir);
            c.commit();
            return id;
        }
    }

    /** What {@link #record} did with a trial. */
    public enum Recorded {
        /** A trial not recorded before. */
        NEW,
        /** A trial recorded as failed (or timed out) that has now succeeded (on {@code --resume}): its row is replaced. */
        REPLACED_FAILED,
        /** Already recorded, and not a failure now fixed: left alone. */
        KEPT
    }

    /** Records one trial with its samples in one transaction; a trial already recorded is left alone. */
    public boolean trial(long runId, String machine, Trial t) throws SQLException {
        return record(runId, machine, t) != Recorded.KEPT;
    }

    /**
     * Records one trial with its samples in one transaction. A trial already recorded is left alone,
     * unless it was recorded as failed and has now succeeded: then the success replaces it.
     */
    public Recorded record(long runId, String machine, Trial t) throws SQLException {
        try (Connection c = db.connect()) {
            c.setAutoCommit(false);
            return record(c, runId, machine, t);
        }
    }

    private static boolean trial(Connection c, long runId, String machine, Trial t) throws SQLException {
        return record(c, runId, machine, t) != Recorded.KEPT;
    }

    /** The status recorded for a trial of a run, or null. */
    private static String recordedStatus(Connection c, long runId, String trialId) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT status FROM trial WHERE run_id = ? AND trial_id = ?")) {
            p.setLong(1, runId);
            p.setString(2, trialId);
            try (java.sql.ResultSet rs = p.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    private static Recorded record(Connection c, long runId, String machine, Trial t) throws SQLException {
        Recorded outcome = Recorded.NEW;
        try {
            int fork = t.identity().fork() > 0 ? t.identity().fork() : 1;
            try (PreparedStatement p = c.prepareStatement("INSERT INTO trial (run_id, trial_id, fork, status, row_id, error)"
                    + " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")) {
                p.setLong(1, runId);
                p.setString(2, t.id());
                p.setInt(3, fork);
                p.setString(4, t.outcome().trialStatus().json());
                p.setString(5, rowId(t.id()));
                p.setString(6, t.ok() ? null : t.outcome().error());
                if (p.executeUpdate() == 0) {
                    String before = recordedStatus(c, runId, t.id());
                    if (!t.ok() || before == null || before.equals(TrialStatus.OK.json())) {
                        c.rollback();
                        return Recorded.KEPT;
                    }
                    try (PreparedStatement u = c.prepareStatement("UPDATE trial SET status = ?, fork = ?, error = NULL WHERE run_id = ? AND trial_id = ?");
                         PreparedStatement d = c.prepareStatement("DELETE FROM sample WHERE run_id = ? AND trial_id = ?")) {
                        u.setString(1, t.outcome().trialStatus().json());
                        u.setInt(2, fork);
                        u.setLong(3, runId);
                        u.setString(4, t.id());
                        u.executeUpdate();
                        d.setLong(1, runId);
                        d.setString(2, t.id());
                        d.executeUpdate();
                    }
                    outcome = Recorded.REPLACED_FAILED;
                }
            }
            if (t.ok() && !t.disturbed()) { // a disturbed fork is kept in results.json, named, but is not evidence
                for (Map.Entry<SeriesKey, SeriesValue> e : figures(machine, t).entrySet()) {
                    long series = seriesId(c, e.getKey(), e.getValue());
                    try (PreparedStatement p = c.prepareStatement("INSERT INTO sample (series_id, run_id, trial_id, fork, value)"
                            + " VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")) {
                        p.setLong(1, series);
                        p.setLong(2, runId);
                        p.setString(3, t.id());
                        p.setInt(4, fork);
                        p.setDouble(5, e.getValue().value());
                        p.executeUpdate();
                    }
                }
            }
            c.commit();
            return outcome;
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        }
    }

    /**
     * The row a trial is one fork of: its id without {@code /forkN} ({@code chat/temurin-25.0.1/nio/fork2} →
     * {@code chat/temurin-25.0.1/nio}), as the runner names trials; an id without it is a row of its own. Schema 3's
     * migration computes the same for trials recorded before it.
     */
    static String rowId(String trialId) {
        return trialId.matches(".*/fork[0-9]+") ? trialId.substring(0, trialId.lastIndexOf("/fork")) : trialId;
    }

    /** Records a whole results file over one connection, a transaction per trial; returns how many trials were new. */
    public int importRun(Results r, String machine, Path dir) throws SQLException {
        try (Connection c = db.connect()) {
            c.setAutoCommit(false);
            long runId = runId(c, r, machine, dir);
            c.commit();
            int added = 0;
            for (Trial t : r.trials()) {
                if (trial(c, runId, machine, t)) {
                    added++;
                }
            }
            return added;
        }
    }

    /** One value of a series (a figure of one trial) with its unit and direction. */
    record SeriesValue(double value, String unit, boolean higherIsBetter) {
    }

    /** The figures of an ok trial: every ranked metric, and the kept percentiles of every probe. */
    static Map<SeriesKey, SeriesValue> figures(String machine, Trial t) {
        Map<SeriesKey, SeriesValue> out = new LinkedHashMap<>();
        for (Map.Entry<String, Metric> m : t.measured().metrics().entrySet()) {
            Metric metric = m.getValue();
            if (metric.ranked() && Double.isFinite(metric.value())) {
                out.put(SeriesKey.of(machine, t, "", m.getKey()),
                        new SeriesValue(metric.value(), metric.unit(), metric.higherIsBetter()));
            }
        }
        for (Map.Entry<String, Probe> p : t.measured().latency().entrySet()) {
            for (String pct : PERCENTILES) {
                Double v = p.getValue().percentiles().get(pct);
                if (v != null) {
                    out.put(SeriesKey.of(machine, t, p.getKey(), Percentiles.name(pct)),
                            new SeriesValue(v, p.getValue().unit(), false));
                }
            }
        }
        return out;
    }

    private static long runId(Connection c, Results r, String machine, Path dir) throws SQLException {
        String key = machine + "|" + r.created();
        try (PreparedStatement p = c.prepareStatement("INSERT INTO run (run_key, created, machine, profile, dir, recorded)"
                + " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")) {
            p.setString(1, key);
            p.setString(2, r.created());
            p.setString(3, machine);
            p.setString(4, r.profile());
            p.setString(5, dir == null ? null : dir.toAbsolutePath().normalize().toString());
            p.setString(6, Instant.now().toString());
            p.executeUpdate();
        }
        return id(c, "SELECT id FROM run WHERE run_key = ?", key);
    }

    private static long seriesId(Connection c, SeriesKey k, SeriesValue f) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("INSERT INTO series (series_key, machine, workload, params, jvm, variant,"
                + " probe, figure, unit, better) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")) {
            p.setString(1, k.text());
            p.setString(2, k.machine());
            p.setString(3, k.workload());
            p.setString(4, k.params());
            p.setString(5, k.jvm());
            p.setString(6, k.variant());
            p.setString(7, k.probe());
            p.setString(8, k.figure());
            p.setString(9, f.unit());
            p.setString(10, f.higherIsBetter() ? "higher" : "lower");
            p.executeUpdate();
        }
        return id(c, "SELECT id FROM series WHERE series_key = ?", k.text());
    }

    private static long id(Connection c, String sql, String key) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(sql)) {
            p.setString(1, key);
            try (ResultSet rs = p.executeQuery()) {
                if (!rs.next()) {
                    throw new SQLException("no row for " + key);
                }
                return rs.getLong(1);
            }
        }
    }

    /** Every series, by key. */
    public List<StoredSeries> series() throws SQLException {
        List<StoredSeries> out = new ArrayList<>();
        try (Connection c = db.connect();
             PreparedStatement p = c.prepareStatement("SELECT id, machine, workload, params, jvm, variant, probe, figure, unit, better"
                     + " FROM series ORDER BY series_key");
             ResultSet rs = p.executeQuery()) {
            while (rs.next()) {
                out.add(new StoredSeries(rs.getLong(1), new SeriesKey(rs.getString(2), rs.getString(3), rs.getString(4),
                        rs.getString(5), rs.getString(6), rs.getString(7), rs.getString(8)), rs.getString(9),
                        "higher".equals(rs.getString(10))));
            }
        }
        return out;
    }

    /** Every series' points in run order (by the run's start), read in one query: the runs that measured, {@code failed} 0 (see {@link #pointsWithFailures}). */
    public Map<Long, List<Point>> points() throws SQLException {
        Map<Long, List<Point>> out = new LinkedHashMap<>();
        try (Connection c = db.connect();
             PreparedStatement p = c.prepareStatement("SELECT s.series_id, r.id, r.created, r.dir, s.value FROM sample s"
                     + " JOIN run r ON r.id = s.run_id ORDER BY s.series_id, r.created, r.id, s.fork, s.trial_id");
             ResultSet rs = p.executeQuery()) {
            long series = -1;
            long run = -1;
            String created = null;
            String dir = null;
            List<Double> values = new ArrayList<>();
            List<Point> current = null;
            while (rs.next()) {
                long s = rs.getLong(1);
                long r = rs.getLong(2);
                if (s != series || r != run) {
                    if (current != null && !values.isEmpty()) {
                        current.add(new Point(run, created, dir, values.stream().mapToDouble(Double::doubleValue).toArray()));
                    }
                    values.clear();
                    if (s != series) {
                        current = out.computeIfAbsent(s, k -> new ArrayList<>());
                    }
                    series = s;
                    run = r;
                    created = rs.getString(3);
                    dir = rs.getString(4);
                }
                values.add(rs.getDouble(5));
            }
            if (current != null && !values.isEmpty()) {
                current.add(new Point(run, created, dir, values.stream().mapToDouble(Double::doubleValue).toArray()));
            }
        }
        return out;
    }

    /**
     * Every series' points as {@link #points()}, with each point's failed and timed-out forks counted, and a point
     * without values for each run in which every fork of the series' row failed: what {@code history check}
     * judges, since a failure is evidence too. A failed fork belongs to the series whose samples came from forks of
     * the same row (trial id without {@code /forkN}) on the same machine.
     */
    public Map<Long, List<Point>> pointsWithFailures() throws SQLException {
        Map<Long, List<Point>> measured = points();
        Map<Long, java.util.Set<String>> rowsOf = new LinkedHashMap<>();
        // run id, row id -> failed forks; with each run's machine, start and directory
        Map<String, Map<Long, Integer>> failedByRow = new LinkedHashMap<>();
        Map<Long, String[]> runInfo = new LinkedHashMap<>();
        try (Connection c = db.connect()) {
            try (PreparedStatement p = c.prepareStatement("SELECT DISTINCT s.series_id, t.row_id FROM sample s JOIN trial t"
                    + " ON t.run_id = s.run_id AND t.trial_id = s.trial_id WHERE t.row_id IS NOT NULL");
                 ResultSet rs = p.executeQuery()) {
                while (rs.next()) {
                    rowsOf.computeIfAbsent(rs.getLong(1), k -> new java.util.HashSet<>()).add(rs.getString(2));
                }
            }
            try (PreparedStatement p = c.prepareStatement("SELECT t.run_id, t.row_id, r.machine, r.created, r.dir, COUNT(*)"
                    + " FROM trial t JOIN run r ON r.id = t.run_id WHERE t.status IN ('failed', 'timeout') AND t.row_id IS NOT NULL"
                    + " GROUP BY t.run_id, t.row_id, r.machine, r.created, r.dir");
                 ResultSet rs = p.executeQuery()) {
                while (rs.next()) {
                    long run = rs.getLong(1);
                    failedByRow.computeIfAbsent(rs.getString(2), k -> new LinkedHashMap<>()).put(run, rs.getInt(6));
                    runInfo.put(run, new String[] {rs.getString(3), rs.getString(4), rs.getString(5)});
                }
            }
        }
        Map<Long, List<Point>> out = new LinkedHashMap<>();
        for (StoredSeries s : series()) {
            List<Point> ps = measured.getOrDefault(s.id(), List.of());
            Map<Long, Integer> failed = new LinkedHashMap<>();
            for (String row : rowsOf.getOrDefault(s.id(), java.util.Set.of())) {
                failedByRow.getOrDefault(row, Map.of()).forEach((run, n) -> {
                    if (runInfo.get(run)[0].equals(s.key().machine())) {
                        failed.merge(run, n, Integer::sum);
                    }
                });
            }
            if (failed.isEmpty()) {
                if (!ps.isEmpty()) {
                    out.put(s.id(), ps);
                }
                continue;
            }
            List<Point> all = new ArrayList<>();
            for (Point p : ps) {
                Integer n = failed.remove(p.runId());
                all.add(n == null ? p : new Point(p.runId(), p.created(), p.dir(), p.forkValues(), n));
            }
            failed.forEach((run, n) -> all.add(new Point(run, runInfo.get(run)[1], runInfo.get(run)[2], new double[0], n)));
            all.sort(java.util.Comparator.comparing(Point::created).thenComparingLong(Point::runId));
            out.put(s.id(), all);
        }
        return out;
    }

    /**
     * Makes {@code runId} the baseline of a series from now on: {@code history check} judges the series only
     * from that run. Accepting twice is harmless.
     */
    public void accept(long seriesId, long runId) throws SQLException {
        try (Connection c = db.connect(); PreparedStatement p = c.prepareStatement(
                "INSERT INTO accepted (series_id, run_id, accepted) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")) {
            p.setLong(1, seriesId);
            p.setLong(2, runId);
            p.setString(3, Instant.now().toString());
            p.executeUpdate();
        }
    }

    /** Per series, the start of the newest run accepted as its baseline (series without one are absent). */
    public Map<Long, String> acceptedFrom() throws SQLException {
        Map<Long, String> out = new LinkedHashMap<>();
        try (Connection c = db.connect();
             PreparedStatement p = c.prepareStatement("SELECT a.series_id, r.created FROM accepted a JOIN run r ON r.id = a.run_id"
                     + " ORDER BY a.series_id, r.created");
             ResultSet rs = p.executeQuery()) {
            while (rs.next()) {
                out.put(rs.getLong(1), rs.getString(2)); // ordered by start: the newest wins
            }
        }
        return out;
    }

    /** How many runs the history holds. */
    public int runs() throws SQLException {
        try (Connection c = db.connect(); PreparedStatement p = c.prepareStatement("SELECT COUNT(*) FROM run");
             ResultSet rs = p.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
