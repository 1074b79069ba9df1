package org.jvmmark.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.report.judge.ExitStatus;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.results.ResultsReader;
import org.jvmmark.results.Trial;

/**
 * {@code history check} asks of the runs it contrasts what {@code compare} asks of its sides (issue 48): the same host
 * class, direction, coordinated-omission correction and unit, else cannot tell with the reason on the first line; and a
 * tail gates where every run trusts it. Each run here is a results.json of 3 forks, as {@code history import} reads it.
 */
class ComparableRunsTest {
    private static final HistoryJudge JUDGE = new HistoryJudge(new EDivisive(50, 0.001, 0.05), 0.05);

    @TempDir
    Path tmp;

    /** One run as the file says it: its host's CPU model, the unit of "time", whether the latency is corrected. */
    private record Run(String cpuModel, String unit, boolean coCorrected, double time, double p50, double p99) {
    }

    /** 20 nightly runs, each written to its own directory, as the history points of {@code figure}. */
    private Map<HistoryStore.StoredSeries, List<HistoryStore.Point>> history(String probe, String figure, String unit,
                                                                            IntFunction<Run> night) throws IOException {
        Random random = new Random(7);
        List<HistoryStore.Point> ps = new ArrayList<>();
        SeriesKey key = null;
        for (int i = 0; i < 20; i++) {
            Run r = night.apply(i);
            Path dir = Files.createDirectories(tmp.resolve("run" + i));
            StringBuilder trials = new StringBuilder();
            double[] forks = new double[3];
            for (int f = 0; f < 3; f++) {
                double noise = 1 + 0.01 * random.nextGaussian();
                double value = figure.equals("time") ? r.time() : figure.equals("p50") ? r.p50() : r.p99();
                forks[f] = value * noise;
                trials.append(f == 0 ? "" : ",").append(String.format(Locale.ROOT, """
                        {"id": "w/j/default/fork%d", "workload": "w", "status": "ok", "error": null, "fork": %d,
                         "jvm": {"vendor": "Eclipse Adoptium", "version": "25.0.1", "feature": 25}, "variant": "default",
                         "metrics": {"time": {"value": %f, "unit": "%s", "better": "lower"}},
                         "latency": {"endToEnd": {"unit": "ns", "count": 100000, "coCorrected": %b,
                           "percentiles": {"50": %f, "99": %f, "max": %f}}}}""", f + 1, f + 1, r.time() * noise, r.unit(),
                        r.coCorrected(), r.p50() * noise, r.p99() * noise, r.p99() * 10));
            }
            Files.writeString(dir.resolve("results.json"), String.format(Locale.ROOT, """
                    {"schema": "jvmmark/results/1", "created": "2026-11-%02dT00:00:00Z", "profile": "quick",
                     "host": {"hostname": "ci", "cpuModel": "%s", "cpus": 4}, "trials": [%s]}
                    """, i + 1, r.cpuModel(), trials));
            if (key == null) {
                Trial t = ResultsReader.readDir(dir).trials().get(0);
                key = SeriesKey.of("ci", t, probe, probe.isEmpty() ? figure : "p" + figure.substring(1));
            }
            ps.add(new HistoryStore.Point(i + 1, HistoryJudgeTest.day(i), dir.toString(), forks, 0));
        }
        return Map.of(new HistoryStore.StoredSeries(1, key, unit, false), ps);
    }

    private static List<HistoryJudge.Verdict> check(Map<HistoryStore.StoredSeries, List<HistoryStore.Point>> h,
                                                    boolean allowOtherHost) {
        HistoryStore.StoredSeries s = h.keySet().iterator().next();
        return JUDGE.judge(List.of(s), Map.of(1L, h.get(s)), Map.of(), x -> true, new ComparableRuns(allowOtherHost));
    }

    @Test
    void shouldNotLetAFasterRunnerHideASlowdownAndSayWhyOnTheFirstLine() throws IOException {
        // The last 8 nights ran on a CPU model 9 % faster, and the JVM slowed by 9 %: the figure stays flat. Before, exit 0.
        var h = history("", "time", "ms", i -> new Run(i < 12 ? "Intel Xeon 8375C" : "AMD EPYC 9R14", "ms", true, 5.0, 300, 600));
        List<HistoryJudge.Verdict> v = check(h, false);
        assertEquals(ExitStatus.CANNOT_TELL, CheckText.exitStatus(v), CheckText.text(v));
        assertEquals(Judgement.Reason.NOT_COMPARABLE, v.get(0).judgement().reason());
        String first = CheckText.text(v).lines().findFirst().orElseThrow();
        assertTrue(first.startsWith("CANNOT TELL: Temurin"), CheckText.text(v));
        assertTrue(CheckText.answer(v).conclusion().contains("another host: the CPU model differs (baseline: Intel Xeon 8375C, newest:"
                + " AMD EPYC 9R14)"), CheckText.answer(v).conclusion());
        assertEquals(ExitStatus.OK, CheckText.exitStatus(check(h, true)), "--allow other-host: the user means it");
    }

    @Test
    void shouldNotJudgeALatencyCorrectedForCoordinatedOmissionInTheBaselineOnlyAsOneMeasure() throws IOException {
        var h = history("endToEnd", "p50", "ns", i -> new Run("c", "ms", i < 12, 5.0, 300, 600));
        List<HistoryJudge.Verdict> v = check(h, false);
        assertEquals(ExitStatus.CANNOT_TELL, CheckText.exitStatus(v), CheckText.text(v));
        assertTrue(CheckText.detail(v.get(0)).equals("not the same measurement: corrected for coordinated omission in the"
                + " baseline only"), CheckText.detail(v.get(0)));
    }

    @Test
    void shouldBringARunInSecondsToTheSeriesMillisecondsAndCallTheSlowdown() throws IOException {
        // 5 ms a night, then 5.5 ms written as 0.0055 s: against the stored unit, a 99.9 % "improvement" before.
        var h = history("", "time", "ms", i -> i < 12 ? new Run("c", "ms", true, 5.0, 300, 600)
                : new Run("c", "s", true, 0.0055, 300, 600));
        List<HistoryJudge.Verdict> v = check(h, false);
        assertEquals(Judgement.Answer.WORSE, v.get(0).answer(), CheckText.text(v));
        double ratio = v.get(0).judgement().effect().ratio();
        assertTrue(ratio > 1.07 && ratio < 1.13, CheckText.text(v));
    }

    @Test
    void shouldGateATailTheRunsTrustAsCompareDoes() throws IOException {
        // p99 10 % slower in the newest 8 nights, 100,000 samples a fork: trusted. Before, p99 was never judged (exit 0).
        var h = history("endToEnd", "p99", "ns", i -> new Run("c", "ms", true, 5.0, 300, i < 12 ? 600 : 660));
        HistoryStore.StoredSeries tail = h.keySet().iterator().next();
        HistoryStore.StoredSeries p50 = new HistoryStore.StoredSeries(2, new SeriesKey(tail.key().machine(),
                tail.key().workload(), tail.key().params(), tail.key().jvm(), tail.key().variant(), "endToEnd", "p50"), "ns", false);
        var gating = GatingSeries.withTails(s -> s.id() == 2, List.of(tail, p50));
        assertTrue(gating.test(tail), "a tail of a headline latency gates with it");
        List<HistoryJudge.Verdict> v = JUDGE.judge(List.of(tail), Map.of(1L, h.get(tail)), Map.of(), gating,
                new ComparableRuns(false));
        assertEquals(Judgement.Answer.WORSE, v.get(0).answer(), CheckText.text(v));
        assertEquals(ExitStatus.REGRESSED, CheckText.exitStatus(v));
        List<HistoryJudge.Verdict> withoutFiles = JUDGE.judge(List.of(tail), Map.of(1L, h.get(tail)), Map.of(), gating);
        assertTrue(!withoutFiles.get(0).judged(), "without the runs' files the database cannot say the tail is trusted");
    }

    @Test
    void shouldSayCannotTellForARowTheNewestRunLacksRatherThanJudgeItsOlderRuns() {
        // ZGC's row is missing from the newest run (renamed, dropped): before, its 13 older runs were judged, exit 0.
        SeriesKey g1 = new SeriesKey("box", "queue-latency", "rate=100000", "Temurin 25.0.1", "G1", "endToEnd", "p50");
        HistoryStore.StoredSeries a = new HistoryStore.StoredSeries(1, g1, "ns", false);
        HistoryStore.StoredSeries b = new HistoryStore.StoredSeries(2, new SeriesKey("box", "queue-latency", "rate=100000",
                "Temurin 25.0.1", "ZGC", "endToEnd", "p50"), "ns", false);
        List<HistoryStore.Point> all = HistoryJudgeTest.series(3, 14, i -> 500);
        List<HistoryJudge.Verdict> v = JUDGE.judge(List.of(a, b), Map.of(1L, all, 2L, all.subList(0, 13)), Map.of(), x -> true);
        assertEquals(Judgement.Answer.NO_DIFFERENCE, v.get(0).answer(), CheckText.text(v));
        assertEquals(Judgement.Reason.NOT_COMPARABLE, v.get(1).judgement().reason(), CheckText.text(v));
        assertEquals(ExitStatus.CANNOT_TELL, CheckText.exitStatus(v));
        assertTrue(CheckText.answer(v).conclusion().startsWith("CANNOT TELL: Temurin 25.0.1 · ZGC · p50 latency: not the same rows: the"
                + " newest run of queue-latency (2026-11-14T00:00:00Z) has no p50 latency"), CheckText.answer(v).conclusion());
    }
}
