package org.jvmmark.workloads.startup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.testkit.ForkedTrial;
import org.jvmmark.testkit.Jdks;
import org.jvmmark.testkit.OutsideTool;

/**
 * The workload's clocks against tools everyone trusts: {@code hyperfine} for the wall time of
 * {@code java -version}, GNU {@code /usr/bin/time} for the peak RSS of hello world (both installed
 * by {@code scripts/setup-tests.sh}).
 *
 * <p>The machine may be busy while tests run (other builds; load averages far above the core
 * count), and its load changes from one tenth of a second to the next. So the wall-time check
 * interleaves single launches: the workload's own timer ({@link Launcher}, with which
 * {@link StartupWorkload} times every launch) and one {@code hyperfine} run take turns, in
 * alternating order. Launch times under load are bimodal (a launch either got a CPU or waited for
 * one), so the plain median of each side depends on how many launches caught a burst; the two
 * launches of a pair, a tenth of a second apart, mostly see the same load. The test therefore takes
 * the median of the per-pair ratios, which must lie within 10% of 1, and prints the plain medians
 * beside it. A burst that lasts a whole attempt can still tip it, so up to three attempts are made:
 * a timer that is off by more than 10% fails all three. The end-to-end path through {@code ForkMain} is covered by {@link StartupWorkloadTest}.
 */
class ExternalTimerCrossCheckTest {
    private static final int PAIRS = 40;
    private static final int ATTEMPTS = 3;

    @TempDir
    Path tmp;

    @Test
    void shouldAgreeWithHyperfineWithinTenPercentOnJavaVersion() throws Exception {
        Path hyperfine = OutsideTool.require("hyperfine");
        Jdks.Jdk jdk = Jdks.required(17);
        String java = jdk.home.resolve("bin/java").toString();
        List<String> attempts = new ArrayList<>();
        try (Launcher launcher = new Launcher(jdk.home, tmp, 60)) {
            for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
                String disagreement = compareWithHyperfine(hyperfine, java, launcher);
                if (disagreement == null) {
                    return;
                }
                attempts.add(disagreement);
            }
        }
        fail("the workload's timer disagrees with hyperfine in every attempt:\n" + String.join("\n", attempts));
    }

    /** Null when the two agree within 10%, else what they said. */
    private String compareWithHyperfine(Path hyperfineBinary, String java, Launcher launcher) throws Exception {
        List<Double> ours = new ArrayList<>();
        List<Path> theirs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            launcher.launch("warmup", List.of("-version"));
        }
        for (int i = 0; i < PAIRS; i++) {
            for (int turn = 0; turn < 2; turn++) {
                if ((i + turn) % 2 == 0) {
                    Launch launch = launcher.launch("version", List.of("-version"));
                    LaunchFailure.check(launch, Program.VERSION, StartupVariant.DEFAULT);
                    ours.add(launch.wallMillis());
                } else {
                    // Parsed after the loop: this JVM compiling a JSON parser would compete with our next launch.
                    Path json = tmp.resolve("hyperfine-" + i + ".json");
                    run(hyperfineBinary.toString(), "-N", "--style", "none", "--runs", "1", "--export-json", json.toString(), java + " -version");
                    theirs.add(json);
                }
            }
        }
        List<Double> hyperfine = new ArrayList<>();
        for (Path json : theirs) {
            hyperfine.add(new ObjectMapper().readTree(json.toFile()).path("results").get(0).path("times").get(0).asDouble() * 1000);
        }
        List<Double> ratios = new ArrayList<>();
        for (int i = 0; i < PAIRS; i++) {
            ratios.add(ours.get(i) / hyperfine.get(i));
        }
        double ratio = median(ratios);
        return Math.abs(ratio - 1) <= 0.10 ? null : String.format(
                "java -version: median workload/hyperfine ratio of %d pairs %.3f (plain medians %.1f vs %.1f ms); workload %s; hyperfine %s",
                PAIRS, ratio, median(ours), median(hyperfine), rounded(ours), rounded(hyperfine));
    }

    @Test
    void shouldAgreeWithGnuTimeWithinTenPercentOnPeakRss() throws Exception {
        Path time = OutsideTool.require("time", Path.of("/usr/bin/time"));
        Jdks.Jdk jdk = Jdks.required(17);
        JsonNode r = StartupWorkloadTest.fork(jdk.home, tmp, ForkedTrial.params("program", "hello", "launches", "5", "idleLaunches", "0"));
        assertEquals("ok", r.path("status").asText(), r.path("error").asText());
        double ours = ForkedTrial.value(r, "hello.peakRssMiB");
        // The same command the workload ran, minus the report arguments (no report: a plain hello world).
        List<String> command = new ArrayList<>();
        r.path("info").path("hello.command").forEach(n -> command.add(n.asText()));
        List<String> plain = new ArrayList<>(command.subList(0, command.size() - 2));
        Path jar = Path.of(plain.get(plain.indexOf("-cp") + 1));
        Files.createDirectories(jar.getParent());
        ProgramJar.write(jar);
        List<Double> theirs = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Path out = tmp.resolve("time-" + i);
            List<String> timed = new ArrayList<>(List.of(time.toString(), "-f", "%M", "-o", out.toString()));
            timed.addAll(plain);
            run(timed.toArray(new String[0]));
            theirs.add(Double.parseDouble(Files.readString(out).trim()) / 1024.0);
        }
        double b = median(theirs);
        assertTrue(Math.abs(ours - b) <= 0.10 * b,
                String.format("hello peak RSS: workload %.1f MiB vs /usr/bin/time %.1f MiB", ours, b));
    }

    private static void run(String... command) throws Exception {
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (java.io.IOException e) {
            throw new AssertionError(command[0] + " is missing: run scripts/setup-tests.sh (" + e.getMessage() + ")");
        }
        String output = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), String.join(" ", command) + ":\n" + output);
    }

    private static List<Long> rounded(List<Double> values) {
        List<Long> r = new ArrayList<>();
        values.forEach(v -> r.add(Math.round(v)));
        return r;
    }

    private static double median(List<Double> values) {
        return Samples.median(values.stream().mapToDouble(Double::doubleValue).toArray());
    }
}
