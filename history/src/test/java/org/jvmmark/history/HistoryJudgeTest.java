package org.jvmmark.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link HistoryJudge} and {@link CheckText} against series whose truth is known by construction: a
 * step in the middle, one outlier, a two-level machine, accept, many series with no change (the FDR),
 * and the 100-column output.
 */
class HistoryJudgeTest {
    private static final HistoryStore.StoredSeries P50 = new HistoryStore.StoredSeries(1,
            new SeriesKey("box", "queue-latency", "messageBytes=256,rate=100000", "Temurin 25.0.1", "G1", "endToEnd", "p50"),
            "ns", false);

    @TempDir
    Path tmp;

    private final HistoryJudge judge = new HistoryJudge(new EDivisive(50, 0.001, 0.05), 0.05);

    /** {@code runs} runs of 3 forks around {@code level(run)}, 2 % fork noise. */
    private static List<HistoryStore.Point> series(long seed, int runs, java.util.function.IntToDoubleFunction level) {
        Random r = new Random(seed);
        List<HistoryStore.Point> out = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            double[] forks = new double[3];
            for (int f = 0; f < 3; f++) {
                forks[f] = level.applyAsDouble(i) * (1 + 0.02 * r.nextGaussian());
            }
            out.add(new HistoryStore.Point(i + 1, Instant.parse("2026-11-01T00:00:00Z").plusSeconds(86_400L * i).toString(), null,
                    forks));
        }
        return out;
    }

    private List<HistoryJudge.Verdict> check(List<HistoryStore.Point> ps) {
        return judge.judge(List.of(P50), Map.of(1L, ps), Map.of());
    }

    @Test
    void shouldExitOneWhileAStepInTheMiddleIsInEffectAndNameTheRunWhereItBegan() {
        List<HistoryJudge.Verdict> v = check(series(1, 14, i -> i < 8 ? 500 : 650));
        assertEquals(HistoryJudge.Answer.REGRESSION, v.get(0).answer(), v.toString());
        assertEquals(9, v.get(0).since().runId(), "began at run 9");
        assertEquals(1, CheckText.exitStatus(v));
        String text = CheckText.text(v);
        assertTrue(text.startsWith("REGRESSION: 1 regressed, 0 cannot tell"), text);
        assertTrue(text.contains("since run 9 (2026-11-09T00:00:00Z)"), text);
        assertTrue(text.contains("\nqueue-latency  messageBytes=256, rate=100000  (machine box)\n"), text);
        assertTrue(text.matches("(?s).*\n  REGRESSION   Temurin 25\\.0\\.1 · G1 · endToEnd p50\n      \\+(29|30|31) % \\(95 % CI.*"), text);
        assertTrue(text.lines().allMatch(l -> l.length() <= CheckText.WIDTH), text);
    }

    @Test
    void shouldNotCallOneOutlierThatTheNextRunsContradict() {
        List<HistoryJudge.Verdict> v = check(series(2, 14, i -> i == 6 ? 900 : 500));
        assertTrue(v.get(0).answer() == HistoryJudge.Answer.NO_CHANGE, v.toString());
        assertEquals(0, CheckText.exitStatus(v));
    }

    @Test
    void shouldSayCannotTellForAnOutlierAtTheNewestRunRatherThanRaiseAnAlarmTheNextRunTakesBack() {
        List<HistoryJudge.Verdict> v = check(series(3, 14, i -> i == 13 ? 900 : 500));
        assertEquals(HistoryJudge.Answer.CANNOT_TELL, v.get(0).answer(), v.toString());
        assertTrue(v.get(0).why().contains("the next run would tell"), v.get(0).why());
        assertEquals(5, CheckText.exitStatus(v));
    }

    @Test
    void shouldTreatARunOnTwoLevelsAsOneUnstablePointNotAChange() {
        // Queue-latency here: two identical runs whose forks sat on two levels (≈ 350 ns and ≈ 1.1 µs).
        List<HistoryStore.Point> ps = new ArrayList<>(series(4, 6, i -> 350));
        ps.add(new HistoryStore.Point(7, "2026-11-07T00:00:00Z", null, new double[] {352, 1100, 1090}));
        ps.add(new HistoryStore.Point(8, "2026-11-08T00:00:00Z", null, new double[] {1095, 349, 351}));
        List<HistoryJudge.Verdict> v = check(ps);
        assertTrue(v.get(0).answer() != HistoryJudge.Answer.REGRESSION && v.get(0).answer() != HistoryJudge.Answer.IMPROVEMENT,
                v.toString());
        assertEquals(2, v.get(0).unstableRuns());
    }

    @Test
    void shouldNotJudgeUntrustedPercentilesOrTheMaximum() {
        HistoryStore.StoredSeries max = new HistoryStore.StoredSeries(2, new SeriesKey("box", "w", "", "J", "G1", "endToEnd", "max"),
                "ns", false);
        HistoryStore.StoredSeries p999 = new HistoryStore.StoredSeries(3, new SeriesKey("box", "w", "", "J", "G1", "endToEnd", "p99.9"),
                "ns", false);
        List<HistoryStore.Point> step = series(5, 14, i -> i < 8 ? 500 : 5_000_000);
        List<HistoryJudge.Verdict> v = judge.judge(List.of(max, p999), Map.of(2L, step, 3L, step), Map.of());
        assertTrue(v.stream().allMatch(x -> x.answer() == HistoryJudge.Answer.NOT_JUDGED), v.toString());
        assertEquals(0, CheckText.exitStatus(v));
    }

    @Test
    void shouldCallNothingAcrossTwoHundredFlatSeries() {
        List<HistoryStore.StoredSeries> many = new ArrayList<>();
        Map<Long, List<HistoryStore.Point>> points = new java.util.HashMap<>();
        for (int s = 0; s < 200; s++) {
            many.add(new HistoryStore.StoredSeries(s, new SeriesKey("box", "w", "", "J", "G1", "", "score" + s), "ops/s", true));
            points.put((long) s, series(100 + s, 14, i -> 1000));
        }
        List<HistoryJudge.Verdict> v = judge.judge(many, points, Map.of());
        assertEquals(0, v.stream().filter(x -> x.answer() == HistoryJudge.Answer.REGRESSION
                || x.answer() == HistoryJudge.Answer.IMPROVEMENT).count(), CheckText.text(v));
    }

    @Test
    void shouldGoGreenOnPurposeOnceAStepImportedInOneBatchIsAccepted() throws Exception {
        HistoryStore store = new HistoryStore(HistoryDatabase.of(tmp.resolve("h.db").toString()).open());
        Random r = new Random(6);
        for (int i = 0; i < 14; i++) {
            String created = Instant.parse("2026-11-01T00:00:00Z").plusSeconds(86_400L * i).toString();
            org.jvmmark.results.Results run = org.jvmmark.results.Results.started(created, "quick",
                    Map.of("hostname", "h", "cpuModel", "c"), Map.of());
            for (int f = 1; f <= 3; f++) {
                String t = String.format(java.util.Locale.ROOT, "{\"id\": \"w/j/default/fork%d\", \"workload\": \"w\", \"status\": \"ok\","
                        + " \"fork\": %d, \"jvm\": {\"vendor\": \"Eclipse Adoptium\", \"version\": \"25.0.1\", \"feature\": 25},"
                        + " \"variant\": \"default\", \"metrics\": {\"score\": {\"value\": %f, \"unit\": \"ops/s\", \"better\": \"higher\"}}}",
                        f, f, (i < 8 ? 1000 : 800) * (1 + 0.02 * r.nextGaussian()));
                run = run.with(org.jvmmark.results.ResultsReader.trial(new com.fasterxml.jackson.databind.ObjectMapper().readTree(t)),
                        created);
            }
            store.importRun(run, "box", null);
        }
        List<HistoryJudge.Verdict> v = judge.judge(store.series(), store.points(), store.acceptedFrom());
        assertEquals(1, CheckText.exitStatus(v), CheckText.text(v));
        HistoryJudge.Verdict reg = v.stream().filter(x -> x.answer() == HistoryJudge.Answer.REGRESSION).findFirst().orElseThrow();
        store.accept(reg.series().id(), reg.since().runId());
        List<HistoryJudge.Verdict> after = judge.judge(store.series(), store.points(), store.acceptedFrom());
        assertEquals(0, CheckText.exitStatus(after), CheckText.text(after));
    }
}
