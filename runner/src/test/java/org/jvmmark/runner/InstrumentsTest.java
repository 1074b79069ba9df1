package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jvmmark.results.Instruments;
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
        org.jvmmark.results.Trial typed = org.jvmmark.results.ResultsReader.readDir(out).trials().get(0);
        Instruments ins = typed.provenance().instruments();
        int gcStalls = 8000 / 500;

        Instruments.Instrument gcLog = ins.instruments().get("gcLog");
        assertEquals(Instruments.Status.ON, gcLog.status(), gcLog.toString());
        assertTrue(gcLog.figure("collections") >= gcStalls, gcLog.toString());
        assertTrue(gcLog.figure("pauses") >= gcStalls, gcLog.toString());
        assertTrue(gcLog.figure("longestMillis") >= gcLog.figure("p99Millis"), gcLog.toString());
        assertTrue(gcLog.figure("allocationMiBPerSecond") > 10, gcLog.toString());
        assertTrue(gcLog.figure("heapAfterGcMiB.max") > 0, gcLog.toString());

        Instruments.Instrument jfr = ins.instruments().get("jfr");
        assertEquals(Instruments.Status.ON, jfr.status(), jfr.toString());
        assertTrue(jfr.figure("gcPauses.pauses") >= gcStalls, jfr.toString());
        assertTrue(jfr.figure("safepoints.pauses") >= gcStalls, jfr.toString());
        assertTrue(jfr.figure("jitCompilations") > 0, jfr.toString());
        assertTrue(jfr.figures().containsKey("jitCompilationsDuringMeasurement"), jfr.toString());
        assertTrue(jfr.figure("cpuLoad.jvmMean") > 0, jfr.toString());
        assertEquals("profile", jfr.labels().get("settings"));
        Path recording = out.resolve(jfr.files().get("file"));
        assertReadableByTheJdksJfrTool(recording);

        Instruments.Instrument profiler = ins.instruments().get("asyncProfiler");
        assertEquals(Instruments.Status.ON, profiler.status(), profiler.toString());
        String flameGraph = Files.readString(out.resolve(profiler.files().get("flameGraph")), StandardCharsets.UTF_8);
        assertTrue(flameGraph.contains("<html") || flameGraph.contains("<!DOCTYPE html"), "an HTML flame graph");

        // Every source puts the same collections at the same place on the harness clock.
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

        Instruments.Outliers outliers = ins.outliers();
        assertEquals("jfr", outliers.source());
        assertEquals(20, outliers.samples());
        assertEquals(20, outliers.worst().size());
        int charged = 0;
        for (Instruments.Outliers.Cause c : outliers.gcPauses().values()) {
            charged += c.samples() + c.partly();
        }
        assertEquals(20, charged + outliers.inSafepoint() + outliers.unexplained());
        assertEquals(outliers.unexplained(), outliers.worst().stream().filter(w -> !w.explained()).count());
        // A collection longer than twice the shortest worst sample holds worst samples: they must be charged to it.
        // (On a machine so busy that the OS's stalls are longer than any pause, nothing can be.)
        long shortestWorst = worst.samples().get(worst.samples().size() - 1).latencyNanos();
        boolean dominatingPause = fromLog.stream().anyMatch(p -> worst.measuring(p.startNanos()) && p.durationNanos() > 2 * shortestWorst);
        if (dominatingPause) {
            assertTrue(charged > 0, outliers.toString());
        }
        assertTrue(outliers.text().startsWith("of the 20 worst samples"), outliers.toString());
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
        org.jvmmark.results.Trial trial = org.jvmmark.results.ResultsReader.readDir(out.resolve("run")).trials().get(0);
        assertEquals("ok", trial.outcome().trialStatus().json());
        Instruments.Instrument jfr = trial.provenance().instruments().instruments().get("jfr");
        assertEquals(Instruments.Status.REFUSED, jfr.status(), jfr.toString());
        assertTrue(jfr.reason().contains("Could not parse settings file"), jfr.toString());
        assertTrue(r.err().contains("runs without JFR (broken.jfc)"), r.err());
        assertEquals("gcBeans", trial.provenance().instruments().outliers().source());
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
