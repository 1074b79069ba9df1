package org.jvmmark.runner.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.results.ChildResult;
import org.jvmmark.results.JvmInfo;
import org.jvmmark.results.MachineState;
import org.jvmmark.results.ProcessFacts;
import org.jvmmark.results.ResultsReader;
import org.jvmmark.results.ResultsWriter;
import org.jvmmark.results.Trial;
import org.jvmmark.results.TrialBuilder;
import org.jvmmark.runner.instruments.InstrumentSet;
import org.jvmmark.runner.jdk.GcProbe;
import org.jvmmark.runner.jdk.Jdk;
import org.jvmmark.runner.jdk.JdkSelection;
import org.jvmmark.runner.output.OutputDirectory;
import org.jvmmark.runner.plan.PlannedTrial;
import org.jvmmark.runner.plan.Planner;
import org.jvmmark.runner.plan.Sweep;
import org.jvmmark.runner.plan.WorkloadCatalog;

/**
 * {@link TrialExecutor#run} end to end on the fault workloads at smoke size (a JVM each, well under
 * a second), and what of the child's result reaches the trial, and where.
 */
class TrialExecutorTest {
    private static final String CHILD = "{\"schema\":\"jvmmark/trial-result/1\",\"status\":\"ok\","
            + "\"metrics\":{\"coldReadGiBPerSecond\":{\"value\":1.5,\"unit\":\"GiB/s\",\"better\":\"higher\"}},"
            + "\"series\":{\"bursts\":{\"x\":{\"name\":\"writtenGiB\",\"unit\":\"GiB\",\"values\":[1]},"
            + "\"y\":[],\"markers\":[]}},\"info\":{},\"warnings\":[]}";

    private static Trial trial(String status) throws Exception {
        ChildResult child = ResultsReader.child(TrialExecutor.JSON.readTree(CHILD));
        TrialBuilder record = new TrialBuilder("w/jdk/default/fork1", "w")
                .jvm(new JvmInfo("/jdk", "25", 25, "Vendor", "VM", List.of(), List.of()))
                .status(status, status.equals("ok") ? null : "validation failed")
                .process(new ProcessFacts(1L, 1, 1.0, 0));
        TrialExecutor.said(record, child, child.measured());
        return record.build().withFiguresSetAsideUnlessOk();
    }

    @Test
    void shouldCarryTheChildsSeriesIntoTheRecord() throws Exception {
        Trial ok = trial("ok");
        assertEquals(1, ok.measured().series().get("bursts").x().values()[0]);
        assertEquals(1.5, ok.measured().metrics().get("coldReadGiBPerSecond").value());
    }

    @Test
    void shouldSetTheSeriesOfAFailedTrialAsideWithItsMetrics() throws Exception {
        Trial failed = trial("failed");
        assertTrue(failed.measured().series().isEmpty() && failed.measured().metrics().isEmpty());
        assertEquals("writtenGiB", failed.outcome().discarded().series().get("bursts").x().name());
        assertEquals(1.5, failed.outcome().discarded().metrics().get("coldReadGiBPerSecond").value());
    }

    @Test
    void shouldBuildATrialThatReadsBackEqualFromTheFile() throws Exception {
        for (String status : List.of("ok", "failed")) {
            Trial built = trial(status);
            Trial read = ResultsReader.trial(ResultsWriter.trial(built));
            assertEquals(ResultsWriter.trial(built), ResultsWriter.trial(read), status);
        }
    }

    @Test
    void shouldKeepWhatTheRunnerCouldNotSeeOfAProcessNullInTheRecordAndTheFile() throws Exception {
        ProcessFacts facts = TrialExecutor.processFacts(new ProcessOutcome(42, 0, 1.5, null, null, false, false, null), null);
        assertNull(facts.peakRssBytes());
        assertNull(facts.cpuSeconds());
        Trial t = new TrialBuilder("w/jdk/default/fork1", "w").jvm(new JvmInfo("/jdk", "25", 25, "Vendor", "VM", List.of(), List.of()))
                .status("ok", null).process(facts).build();

        JsonNode written = ResultsWriter.trial(t).path("process");
        assertTrue(written.get("peakRssBytes").isNull() && written.get("cpuSeconds").isNull(), written.toString());
        assertEquals(1.5, written.get("wallSeconds").asDouble());
        ProcessFacts read = ResultsReader.trial(ResultsWriter.trial(t)).outcome().process();
        assertNull(read.peakRssBytes());
        assertNull(read.cpuSeconds());
        assertEquals(42L, read.pid());
    }

    private static Trial runOne(Path out, String workload, String... params) throws Exception {
        WorkloadCatalog catalog = WorkloadCatalog.load(WorkloadCatalog.distribution());
        List<Jdk> host = JdkSelection.select(List.of(System.getProperty("java.home")), List::of);
        List<PlannedTrial> plan = Sweep.parse(List.of(params)).withProfile("smoke").plan(new Planner(new GcProbe()),
                List.of(catalog.get(workload)), host, List.of(), List.of(), 1, "smoke", List.of());
        assertEquals(1, plan.size(), plan.toString());
        return new TrialExecutor(out, null, () -> false, InstrumentSet.none()).run(plan.get(0));
    }

    @Test
    void shouldRunATrialInAFreshJvmAndRecordWhatTheChildSaidAndWhatTheRunnerSaw(@TempDir Path out) throws Exception {
        Trial t = runOne(out, "fault-sleep", "millis=200");

        assertEquals("ok", t.outcome().trialStatus().json(), t.outcome().error());
        assertTrue(t.id().startsWith("fault-sleep/"), t.id());
        double slept = t.measured().metrics().get("sleptMillis").value();
        assertTrue(slept >= 200 && slept < 10_000, "the child's own metric: " + slept);
        ProcessFacts p = t.outcome().process();
        assertEquals(0, p.exitCode());
        assertTrue(p.pid() != null && p.pid() != ProcessHandle.current().pid(), "a JVM of its own: " + p.pid());
        assertTrue(p.wallSeconds() >= 0.2, "wall time covers the sleep: " + p.wallSeconds());
        assertTrue(p.peakRssBytes() != null && p.peakRssBytes() > 1 << 20, "peak RSS read from /proc: " + p.peakRssBytes());
        assertFalse(t.provenance().jvm().gc().isEmpty(), "the JVM's collectors, as the child said them");
        assertTrue(Files.isDirectory(out.resolve(t.provenance().logs())), "logs kept: " + t.provenance().logs());
        try (Stream<Path> left = Files.list(out.resolve(OutputDirectory.WORK))) {
            assertEquals(List.of(), left.toList(), "the trial's scratch directory is removed");
        }
        assertEquals(ResultsWriter.trial(t), ResultsWriter.trial(ResultsReader.trial(ResultsWriter.trial(t))), "reads back equal");
        // the machine probe ran beside the fork, before and after, on the CPUs it may use
        MachineState m = t.outcome().machineState();
        assertTrue(m.before() != null && m.after() != null, m.toString());
        assertTrue(m.before().singleCoreNsPerOp() != null && m.before().tookMs() > 0, m.toString());
        assertTrue(m.before().cacheLineRoundTripNs() != null || m.before().notApplicable() != null, m.toString());
    }

    @Test
    void shouldRecordATrialThatFailsItsOwnValidationAsFailedWithItsMetricSetAside(@TempDir Path out) throws Exception {
        Trial t = runOne(out, "fault-validation");

        assertEquals("failed", t.outcome().trialStatus().json());
        assertTrue(t.outcome().error().contains("3 of 10 messages lost (deliberate)"), t.outcome().error());
        assertTrue(t.measured().metrics().isEmpty(), "a failed trial has no figures: " + t.measured().metrics());
        assertEquals(42, t.outcome().discarded().metrics().get("score").value(), "kept aside for diagnosis");
    }
}
