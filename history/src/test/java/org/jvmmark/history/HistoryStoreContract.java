package org.jvmmark.history;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.jvmmark.api.Better;
import org.jvmmark.results.JvmInfo;
import org.jvmmark.results.Metric;
import org.jvmmark.results.Results;
import org.jvmmark.results.ResultsReader;
import org.jvmmark.results.Trial;
import org.jvmmark.results.TrialBuilder;
import org.jvmmark.results.TrialStatus;
import org.junit.jupiter.api.Test;

/** What every history database must do; run against SQLite and PostgreSQL. */
abstract class HistoryStoreContract {
    abstract HistoryDatabase database() throws Exception;

    static Path measured(String name) {
        return Path.of(System.getProperty("jvmmark.home", "..")).resolve("measured/2026-11-20").resolve(name);
    }

    /** A results file with one trial per fork, whose figure {@code score} has the given values. */
    static Results run(String created, double... forkScores) {
        List<Trial> trials = new ArrayList<>();
        for (int f = 0; f < forkScores.length; f++) {
            trials.add(fork(f + 1, "25.0.1").status(TrialStatus.OK, null)
                    .metric("score", Metric.of(forkScores[f], "ops/s", Better.HIGHER)).build());
        }
        Results r = Results.started(created, "quick", Map.of("hostname", "h", "cpuModel", "c"), Map.of());
        for (Trial t : trials) {
            r = r.with(t, created);
        }
        return r;
    }

    /** A results file whose {@code forks} forks of the same row as {@link #run}'s all failed (one timed out). */
    static Results failedRun(String created, int forks) {
        Results r = Results.started(created, "quick", Map.of("hostname", "h", "cpuModel", "c"), Map.of());
        for (int f = 0; f < forks; f++) {
            r = r.with(fork(f + 1, "25").status(f == 0 ? TrialStatus.TIMEOUT : TrialStatus.FAILED, "boom").build(), created);
        }
        return r;
    }

    /** Fork {@code n} of the one row these runs have, on Temurin {@code version}. */
    private static TrialBuilder fork(int n, String version) {
        return new TrialBuilder("w/temurin-25/default/fork" + n, "w").fork(n).params(Map.of("rate", 1000)).variant("default")
                .variantJvmArgs(List.of()).jvm(new JvmInfo("", version, 25, "Eclipse Adoptium", "", List.of(), List.of()));
    }

    @Test
    void shouldCountFailedAndTimedOutForksInTheirRowsSeriesRunByRun() throws Exception {
        HistoryStore store = new HistoryStore(database().open());
        store.importRun(run("2026-04-01T00:00:00Z", 10, 12, 11), "m", null);
        // run 2: fork 3 failed, the others measured
        Results second = run("2026-04-02T00:00:00Z", 10, 11);
        second = second.with(failedRun("2026-04-02T00:00:00Z", 3).trials().get(2), "2026-04-02T00:00:00Z");
        store.importRun(second, "m", null);
        // run 3: every fork failed or timed out; run 4 on another machine fails too, and is not this series'
        store.importRun(failedRun("2026-04-03T00:00:00Z", 3), "m", null);
        store.importRun(failedRun("2026-04-04T00:00:00Z", 3), "other", null);
        HistoryStore.StoredSeries s = store.series().get(0);
        List<HistoryStore.Point> ps = store.pointsWithFailures().get(s.id());
        assertEquals(3, ps.size(), ps.toString());
        assertEquals(0, ps.get(0).failed());
        assertEquals(1, ps.get(1).failed());
        assertArrayEquals(new double[] {10, 11}, ps.get(1).forkValues());
        assertEquals(3, ps.get(2).failed());
        assertEquals(0, ps.get(2).forkValues().length);
        assertEquals("2026-04-03T00:00:00Z", ps.get(2).created());
        assertEquals(2, store.points().get(s.id()).size(), "points() keeps the runs that measured");
    }

    @Test
    void shouldImportTwiceAndAddNothingTheSecondTime() throws Exception {
        HistoryStore store = new HistoryStore(database().open());
        Results chat = ResultsReader.readDir(measured("chat"));
        int first = store.importRun(chat, "m", measured("chat"));
        assertEquals(chat.trials().size(), first);
        int series = store.series().size();
        assertTrue(series > 0);
        assertEquals(0, store.importRun(chat, "m", measured("chat")));
        assertEquals(series, store.series().size());
        assertEquals(1, store.runs());
    }

    @Test
    void shouldReplaceAFailedTrialWithItsLaterSuccessAndSaySo() throws Exception {
        HistoryStore store = new HistoryStore(database().open());
        Results good = run("2026-01-02T00:00:00Z", 10, 12);
        Trial failed = fork(2, "25.0.1").status(TrialStatus.FAILED, "boom").build();
        long runId = store.run(good, "m", null);
        assertEquals(HistoryStore.Recorded.NEW, store.record(runId, "m", good.trials().get(0)));
        assertEquals(HistoryStore.Recorded.NEW, store.record(runId, "m", failed));
        // --resume runs fork 2 again, and this time it succeeds
        assertEquals(HistoryStore.Recorded.REPLACED_FAILED, store.record(runId, "m", good.trials().get(1)));
        assertEquals(HistoryStore.Recorded.KEPT, store.record(runId, "m", good.trials().get(1)));
        assertEquals(HistoryStore.Recorded.KEPT, store.record(runId, "m", failed), "a success is never replaced by a failure");
        List<HistoryStore.Point> ps = store.points().get(store.series().get(0).id());
        assertArrayEquals(new double[] {10, 12}, ps.get(0).forkValues());
    }

    @Test
    void shouldKeepEveryForksValueInAPoint() throws Exception {
        HistoryStore store = new HistoryStore(database().open());
        store.importRun(run("2026-01-01T00:00:00Z", 10, 12, 11), "m", null);
        HistoryStore.StoredSeries s = store.series().get(0);
        List<HistoryStore.Point> ps = store.points().get(s.id());
        assertEquals(1, ps.size());
        assertArrayEquals(new double[] {10, 12, 11}, ps.get(0).forkValues());
        assertEquals(Math.cbrt(10 * 12 * 11), ps.get(0).value(), 1e-9, "the report's row figure: the geometric mean of the forks");
        assertTrue(s.higherIsBetter());
        assertEquals("m | w{rate=1000} | Temurin 25.0.1 | default | score", s.key().text());
    }

    @Test
    void shouldLoseNothingWhenTwoRunsWriteAtOnce() throws Exception {
        HistoryDatabase db = database().open();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<Integer>> done = new ArrayList<>();
            for (int w = 0; w < 2; w++) {
                int writer = w;
                done.add(pool.submit(() -> {
                    HistoryStore store = new HistoryStore(db);
                    int added = 0;
                    for (int i = 0; i < 10; i++) {
                        added += store.importRun(run(String.format("2026-02-%02dT00:00:0%dZ", i + 1, writer), 1, 2, 3), "m", null);
                    }
                    return added;
                }));
            }
            for (Future<Integer> f : done) {
                assertEquals(30, f.get());
            }
        } finally {
            pool.shutdownNow();
        }
        HistoryStore store = new HistoryStore(db);
        assertEquals(20, store.runs());
        assertEquals(20, store.points().get(store.series().get(0).id()).size());
    }

    @Test
    void shouldFlagAPlantedRegressionAtItsRun() throws Exception {
        HistoryStore store = new HistoryStore(database().open());
        double[] x = EDivisiveTest.step(20, 10, 1000, 900, 0.01, 5);
        for (int i = 0; i < x.length; i++) {
            store.importRun(run(String.format("2026-03-01T00:%02d:00Z", i), x[i], x[i]), "m", null);
        }
        List<HistoryCheck.Change> changes = new HistoryCheck(new EDivisive(50, 0.001, 0.05)).changes(store, null);
        assertEquals(1, changes.size(), changes.toString());
        assertTrue(changes.get(0).regression());
        assertEquals("2026-03-01T00:20:00Z", changes.get(0).at().created());
        assertEquals(List.of(), new HistoryCheck(new EDivisive(50, 0.001, 0.05)).changes(store, "2026-03-01T00:25:00Z"));
    }
}
