package org.jvmmark.runner.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jvmmark.api.Name;
import org.jvmmark.api.Profile;
import org.jvmmark.api.Question;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.TuneSpace;
import org.jvmmark.api.Workload;
import org.jvmmark.api.WorkloadInfo;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jvmmark.runner.fork.MachineReadings;

/** What {@code tune} judges points on: the user's objective, else the workload's declared one, else its headline. */
class TuneObjectiveTest {

    /**
     * The race's logic is under test, not the machine: on a host whose probe level flips (AMD EPYC, 2026-11-28) the
     * confirmation forks can land wholly on different levels, which the judge rightly cannot tell from the settings. A
     * probe double that never flips keeps the machine on one level for these races.
     */
    @BeforeAll
    static void oneLevelMachine() {
        System.setProperty(MachineReadings.PROPERTY, "flip:0");
    }

    @AfterAll
    static void realMachine() {
        System.clearProperty(MachineReadings.PROPERTY);
    }

    @Name("declares")
    @Summary("declares its tune objective and a bound")
    @Question(name = "q", text = "Which JVM?", figures = "holdLatencyMillis")
    @TuneSpace(value = "gc=G1,Serial", objective = "requestsPerSecond", constraints = "peak RSS <= 512m")
    @Profile(name = "smoke", timeoutSeconds = 60, estimatedSeconds = 1)
    public static class Declares implements Workload {
        @Override
        public void run(TrialContext ctx) {
        }
    }

    private static TuneOptions given(String objective, List<String> constraints) {
        return new TuneOptions("declares", List.of("17"), List.of(), "smoke", List.of(), null, List.of(), objective,
                constraints, null, "2m", 0.05, List.of(), List.of(), List.of(), null, false);
    }

    @Test
    void theWorkloadsDeclaredObjectiveAndBoundsWhenTheUserNamesNone() {
        TuneOptions o = given(null, List.of()).resolved(List.of("/jdk"), WorkloadInfo.of(Declares.class), "holdLatencyMillis");
        assertEquals("requestsPerSecond", o.objective());
        assertEquals(List.of("peak RSS <= 512m"), o.constraints());
        assertEquals(List.of("/jdk"), o.jdkHomes());
    }

    @Test
    void theUsersObjectiveAndBoundsWin() {
        TuneOptions o = given("endToEnd p99", List.of("rate >= 99000"))
                .resolved(List.of(), WorkloadInfo.of(Declares.class), "holdLatencyMillis");
        assertEquals("endToEnd p99", o.objective());
        assertEquals(List.of("rate >= 99000"), o.constraints());
    }

    @Test
    void theHeadlineWhenNothingIsDeclared() {
        TuneOptions o = given(null, List.of()).resolved(List.of(), WorkloadInfo.of(PlantedOptimumWorkload.class), "opNanos");
        assertEquals("opNanos", o.objective());
        assertEquals(List.of(), o.constraints());
    }
}
