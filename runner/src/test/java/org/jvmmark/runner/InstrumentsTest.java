package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jvmmark.runner.instruments.GcBeanPauses;
import org.jvmmark.runner.instruments.GcLogInstrument;
import org.jvmmark.runner.instruments.JfrInstrument;
import org.jvmmark.runner.instruments.Pause;
import org.jvmmark.runner.instruments.TrialFiles;
import org.jvmmark.runner.instruments.WorstSamples;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The instruments end to end: a synthetic workload that allocates and collects (every 500th
 * iteration is a {@code System.gc()}) with {@code --gc-log --jfr --async-profiler}, and a JVM that
 * refuses an instrument's flag.
 */
class InstrumentsTest {
    private static final long MS = 1_000_000;

    @TempDir
    Path out;

    @Test
    void shouldSummariseEachInstrumentAndAttributeWorstSamplesToGcPauses() throws Exception {
        Cli.Result r = Cli.run("run", "synthetic", "--jdk", Cli.HOST_JDK, "--profile", "smoke", "-p", "rate=1000",
                "-p", "iterations=3000", "-p", "runs=2", "-p", "warmup=1000", "-p", "stallEvery=500", "-p", "stall=gc",
                "-p", "allocateBytes=262144", "--gc-log", "--jfr", "--async-profiler", "--out", out.toString());
        assertEquals(0, r.status(), r.out() + r.err());
        JsonNode trial = Cli.results(out).path("trials").get(0);
        JsonNode ins = trial.path("instruments");
        int gcStalls = 8000 / 500;

        JsonNode gcLog = ins.path("gcLog");
        assertEquals("on", gcLog.path("status").asText(), gcLog.toString());
        assertTrue(gcLog.path("collections").asInt() >= gcStalls, gcLog.toString());
        assertTrue(gcLog.path("pauses").asInt() >= gcStalls, gcLog.toString());
        assertTrue(gcLog.path("longestMillis").asDouble() >= gcLog.path("p99Millis").asDouble(), gcLog.toString());
        assertTrue(gcLog.path("allocationMiBPerSecond").asDouble() > 10, gcLog.toString());
        assertTrue(gcLog.path("heapAfterGcMiB").path("max").asDouble() > 0, gcLog.toString());

        JsonNode jfr = ins.path("jfr");
        assertEquals("on", jfr.path("status").asText(), jfr.toString());
        assertTrue(jfr.path("gcPauses").path("pauses").asInt() >= gcStalls, jfr.toString());
        assertTrue(jfr.path("safepoints").path("pauses").asInt() >= gcStalls, jfr.toString());
        assertTrue(jfr.path("jitCompilations").asInt() > 0, jfr.toString());
        assertTrue(jfr.has("jitCompilationsDuringMeasurement"), jfr.toString());
        assertTrue(jfr.path("cpuLoad").path("jvmMean").asDouble() > 0, jfr.toString());
        Path recording = out.resolve(jfr.path("file").asText());
        assertReadableByTheJdksJfrTool(recording);

        JsonNode profiler = ins.path("asyncProfiler");
        assertEquals("on", profiler.path("status").asText(), profiler.toString());
        String flameGraph = Files.readString(out.resolve(profiler.path("flameGraph").asText()), StandardCharsets.UTF_8);
        assertTrue(flameGraph.contains("<html") || flameGraph.contains("<!DOCTYPE html"), "an HTML flame graph");

        // Every source puts the same collections at the same place on the harness clock.
        org.jvmmark.results.Trial typed = org.jvmmark.results.ResultsReader.readDir(out).trials().get(0);
        WorstSamples worst = WorstSamples.of(typed);
        TrialFiles files = new TrialFiles(recording.getParent(), "jvm");
        List<Pause> fromLog = gcOnly(new GcLogInstrument().pauses(files, worst));
        List<Pause> fromJfr = gcOnly(JfrInstrument.parse("profile").pauses(files, worst));
        List<Pause> fromBeans = GcBeanPauses.of(typed, worst);
        assertFalse(fromBeans.isEmpty(), "the GC beans saw the measured collections");
        for (Pause bean : fromBeans) {
            assertTrue(fromLog.stream().anyMatch(p -> Math.abs(p.startNanos() - bean.startNanos()) <= 2 * MS),
                    "bean collection at " + bean + " not in the GC log near there");
            assertTrue(fromJfr.stream().anyMatch(p -> Math.abs(p.startNanos() - bean.startNanos()) <= 2 * MS),
                    "bean collection at " + bean + " not in JFR near there");
        }

        JsonNode outliers = ins.path("outliers");
        assertEquals("jfr", outliers.path("source").asText());
        assertEquals(20, outliers.path("samples").asInt());
        int charged = 0;
        for (JsonNode c : outliers.path("gcPauses")) {
            charged += c.path("samples").asInt() + c.path("partly").asInt();
        }
        assertEquals(20, charged + outliers.path("inSafepoint").asInt() + outliers.path("unexplained").asInt());
        // A collection longer than twice the shortest worst sample holds worst samples: they must be charged to it.
        // (On a machine so busy that the OS's stalls are longer than any pause, nothing can be.)
        long shortestWorst = worst.samples().get(worst.samples().size() - 1).latencyNanos();
        boolean dominatingPause = fromLog.stream().anyMatch(p -> worst.measuring(p.startNanos()) && p.durationNanos() > 2 * shortestWorst);
        if (dominatingPause) {
            assertTrue(charged > 0, outliers.toString());
        }
        assertTrue(outliers.path("text").asText().startsWith("of the 20 worst samples"), outliers.toString());
    }

    private static List<Pause> gcOnly(List<Pause> pauses) {
        return pauses.stream().filter(p -> p.kind() == Pause.Kind.GC).toList();
    }

    private static void assertReadableByTheJdksJfrTool(Path recording) throws Exception {
        Path jfrTool = Path.of(Cli.HOST_JDK, "bin", "jfr");
        assertTrue(Files.isExecutable(jfrTool), "the host JDK has no jfr tool: " + jfrTool);
        Process p = new ProcessBuilder(jfrTool.toString(), "summary", recording.toString()).redirectErrorStream(true).start();
        String summary = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), summary);
        assertTrue(summary.contains("jdk.GarbageCollection"), summary);
    }

    @Test
    void shouldRunTheTrialWithoutAnInstrumentTheJvmRefusesAndSaySo() throws Exception {
        Path bad = Files.writeString(out.resolve("broken.jfc"), "<?xml version=\"1.0\"?>\n<configuration version=\"2.0\"><event");
        Cli.Result r = Cli.run("run", "synthetic", "--jdk", Cli.HOST_JDK, "--profile", "smoke", "-p", "iterations=2000",
                "-p", "warmup=1000", "-p", "runs=1", "--jfr=" + bad, "--out", out.resolve("run").toString());
        assertEquals(0, r.status(), r.out() + r.err());
        JsonNode trial = Cli.results(out.resolve("run")).path("trials").get(0);
        assertEquals("ok", trial.path("status").asText());
        JsonNode jfr = trial.path("instruments").path("jfr");
        assertEquals("refused", jfr.path("status").asText(), jfr.toString());
        assertTrue(jfr.path("reason").asText().contains("Could not parse settings file"), jfr.toString());
        assertTrue(r.err().contains("runs without JFR (broken.jfc)"), r.err());
        assertEquals("gcBeans", trial.path("instruments").path("outliers").path("source").asText());
    }

    @Test
    void shouldRejectAnUnknownSettingInOneLine() {
        Cli.Result r = Cli.run("run", "synthetic", "--jfr=nothere.jfc", "--dry-run");
        assertEquals(2, r.status());
        assertEquals(List.of("jvmmark: --jfr=nothere.jfc: expected profile, default or an existing .jfc file"), r.errLines());
        Cli.Result p = Cli.run("run", "synthetic", "--async-profiler=itimer", "--dry-run");
        assertEquals(2, p.status(), p.err());
    }
}
