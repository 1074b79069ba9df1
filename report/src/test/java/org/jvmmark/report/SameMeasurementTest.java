package org.jvmmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.jvmmark.report.FixtureGenerator.Truth;
import static org.jvmmark.report.FixtureGenerator.around;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.report.judge.RunSpread;
import org.jvmmark.report.render.Formats;
import org.jvmmark.report.Compare;
import org.jvmmark.report.builders.SameMeasurement;

/**
 * Issue 48, item 1: a gate judges only the same measurement. Sides of another host class, other parameters, a
 * renamed or missing row (in any run of a side), coordinated-omission correction on one side only, units that are not
 * one scale apart or opposite directions are "cannot tell" (exit 5) with the reason on the first line — never "no
 * regression"; units one scale apart are normalised; nothing judged is exit 5.
 */
class SameMeasurementTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    private String printed() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private String firstLine() {
        return printed().lines().findFirst().orElse("");
    }

    /** Three runs a side of queue-latency, 6 tight forks each; {@code editB} changes B's results.json of each run. */
    private int threeRunsASide(String name, List<Truth> a, List<Truth> b, Consumer<ObjectNode> editB, boolean allowOtherHost)
            throws IOException {
        bytes.reset();
        for (int k = 0; k < 3; k++) {
            FixtureGenerator.writeTruth(tmp.resolve(name + "a").resolve("run" + k), 100 + 10 * k, 0.001, a.toArray(Truth[]::new));
            Path db = FixtureGenerator.writeTruth(tmp.resolve(name + "b").resolve("run" + k), 101 + 10 * k, 0.001,
                    b.toArray(Truth[]::new));
            ObjectNode results = (ObjectNode) JSON.readTree(db.resolve("results.json").toFile());
            editB.accept(results);
            JSON.writeValue(db.resolve("results.json").toFile(), results);
        }
        return Compare.compare(tmp.resolve(name + "a"), tmp.resolve(name + "b"), new Compare.Options(0.05, false, false, null,
                false, k -> RunSpread.UNKNOWN, Formats.TEXT, allowOtherHost), out);
    }

    private static Truth queue(int jdk, long seed) {
        return new Truth("queue-latency", jdk, around(seed, 6, 600, 0.005));
    }

    private static void nothing(ObjectNode results) {
    }

    @Test
    void shouldPassTheSameMeasurementOnBothSidesSoTheRefusalsBelowAreTheirOwn() throws IOException {
        assertEquals(0, threeRunsASide("same", List.of(queue(25, 1), queue(17, 2)), List.of(queue(25, 1), queue(17, 2)),
                SameMeasurementTest::nothing, false), printed());
    }

    @Test
    void shouldRefuseAnotherCpuModelUnlessTheUserAllowsIt() throws IOException {
        // A faster runner of another CPU model would hide B's slowdown; B here is the same JVM on another host.
        Consumer<ObjectNode> otherCpu = r -> ((ObjectNode) r.get("host")).put("cpuModel", "AMD EPYC 7R13 Processor");
        List<Truth> rows = List.of(queue(25, 1), queue(17, 2));
        assertEquals(5, threeRunsASide("cpu", rows, rows, otherCpu, false), printed());
        assertTrue(firstLine().startsWith("CANNOT TELL: the sides are not the same measurement: not the same host class: the"
                + " CPU model differs (A: Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz, B: AMD EPYC 7R13 Processor)"), printed());
        assertEquals(0, threeRunsASide("cpuok", rows, rows, otherCpu, true), printed());
        assertTrue(printed().contains("Note: Compared across hosts (--allow other-host): the CPU model differs"), printed());
    }

    @Test
    void shouldRefuseAHostWhoseSingleCoreSpeedIsBeyondTheProbesSpread() throws IOException {
        List<Truth> rows = List.of(queue(25, 1).withProbe(130, 131, 129, 130, 132, 128),
                queue(17, 2).withProbe(130, 131, 129, 130, 132, 128));
        Random random = new Random(7);
        // Same model name (a cloud's "vCPU"), a core 25 % faster: the probe's arithmetic loop sees it.
        Consumer<ObjectNode> faster = r -> {
            for (JsonNode t : r.get("trials")) {
                for (String when : List.of("before", "after")) {
                    ((ObjectNode) t.get("machineState").get(when)).put("singleCoreNsPerOp", 0.8 * (1 + 0.005 * random.nextGaussian()));
                }
            }
        };
        assertEquals(5, threeRunsASide("speed", rows, rows, faster, false), printed());
        assertTrue(firstLine().contains("not the same host class: the machine probe's single-core speed differs (A: 1.00"
                + " ns/op, B: 0.8"), printed());
    }

    @Test
    void shouldSayCannotTellWhenARowOfAIsMissingFromB() throws IOException {
        // Renamed or dropped: nothing is judged of it, and that is never "no regression".
        assertEquals(5, threeRunsASide("gone", List.of(queue(25, 1), queue(17, 2)), List.of(queue(25, 1)),
                SameMeasurementTest::nothing, false), printed());
        assertTrue(firstLine().startsWith("CANNOT TELL: the sides are not the same measurement: queue-latency · "), printed());
        assertTrue(firstLine().contains(" 17.0"), printed());
        assertTrue(firstLine().contains("not the same rows: only in A (renamed, or not run in B)"), printed());
    }

    @Test
    void shouldSayCannotTellWhenTheWorkloadParametersDiffer() throws IOException {
        Consumer<ObjectNode> otherRate = r -> {
            for (JsonNode t : r.get("trials")) {
                ((ObjectNode) t.get("params")).put("rate", 50000);
            }
        };
        List<Truth> rows = List.of(queue(25, 1));
        assertEquals(5, threeRunsASide("params", rows, rows, otherRate, false), printed());
        assertTrue(firstLine().contains("the workload's parameters differ (A: {rate=100000, runs=3}, B: {rate=50000, runs=3})"),
                printed());
    }

    @Test
    void shouldMatchRowsOverEveryRunOfASide() throws IOException {
        // B's second run lacks JDK 17: matched on the first run only, its two runs would be judged as three.
        bytes.reset();
        for (int k = 0; k < 3; k++) {
            FixtureGenerator.writeTruth(tmp.resolve("runsa").resolve("run" + k), 100 + 10 * k, 0.001, queue(25, 1), queue(17, 2));
            FixtureGenerator.writeTruth(tmp.resolve("runsb").resolve("run" + k), 101 + 10 * k, 0.001,
                    k == 1 ? new Truth[] {queue(25, 1)} : new Truth[] {queue(25, 1), queue(17, 2)});
        }
        assertEquals(5, Compare.compare(tmp.resolve("runsa"), tmp.resolve("runsb"), 0.05, null, out), printed());
        assertTrue(firstLine().contains("not the same rows: in 3 of A's 3 runs and 2 of B's 3"), printed());
    }

    @Test
    void shouldRefuseALatencyCorrectedForCoordinatedOmissionOnOneSideOnly() throws IOException {
        Consumer<ObjectNode> uncorrected = r -> {
            for (JsonNode t : r.get("trials")) {
                ((ObjectNode) t.get("latency").get("endToEnd")).put("coCorrected", false);
            }
        };
        List<Truth> rows = List.of(queue(25, 1));
        assertEquals(5, threeRunsASide("co", rows, rows, uncorrected, false), printed());
        assertTrue(firstLine().startsWith("CANNOT TELL: the sides are not the same measurement: "), printed());
        assertTrue(firstLine().contains("coordinated omission"), printed());
    }

    /** Three runs a side of workload w, 5 forks each, one score in {@code unit}, its direction {@code better} (or none). */
    private Path scores(String name, String unit, String better, double level) throws IOException {
        Random random = new Random(name.hashCode());
        for (int k = 0; k < 3; k++) {
            String[] trials = new String[5];
            for (int f = 0; f < 5; f++) {
                double v = level * (1 + 0.005 * random.nextGaussian());
                trials[f] = Golden.trial("w/" + f, String.format(Locale.ROOT, "\"score\": {\"value\": %s, \"unit\": \"%s\"%s,"
                        + " \"samples\": [%s]}", v, unit, better == null ? "" : ", \"better\": \"" + better + "\"", v), "");
            }
            Golden.results(tmp.resolve(name).resolve("run" + k), "{}", trials);
        }
        return tmp.resolve(name);
    }

    @Test
    void shouldNormaliseUnitsOneScaleApartAndRefuseOthers() throws IOException {
        Path ms = scores("ms", "ms", "lower", 250);
        bytes.reset();
        assertEquals(0, Compare.compare(ms, scores("s", "s", "lower", 0.25), 0.05, null, out), printed());
        bytes.reset();
        assertEquals(5, Compare.compare(ms, scores("mb", "MB", "lower", 250), 0.05, null, out), printed());
        assertTrue(firstLine().contains("in ms in A and MB in B, not one scale apart"), printed());
    }

    @Test
    void shouldRefuseOppositeDirections() throws IOException {
        // A metric without "better" is higher-is-better; B says lower: 20 % lower is a regression on one, not the other.
        bytes.reset();
        assertEquals(5, Compare.compare(scores("up", "ops/s", null, 100), scores("down", "ops/s", "lower", 80), 0.05, null,
                out), printed());
        assertTrue(firstLine().contains("higher is better in A, lower in B"), printed());
    }

    @Test
    void shouldScaleRatesAndTimesButNothingElse() {
        assertEquals(1000, SameMeasurement.scale("s", "ms"), 1e-9);
        assertEquals(0.001, SameMeasurement.scale("ops/s", "ops/ms"), 1e-12);
        assertTrue(Double.isNaN(SameMeasurement.scale("ops/s", "MB")));
        assertTrue(Double.isNaN(SameMeasurement.scale("msg/s", "ops/s")));
    }
}
