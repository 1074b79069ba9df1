package org.jvmmark.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

/** Warm-up kept its schedule, runs steady, fell-behind judged over the whole run: with an exact clock. */
class ScheduleChecksTest {
    private static final long INTERVAL = 1_000;

    /** A task whose service time for the i-th iteration (counted over warm-up and runs) is given. */
    private static LatencyResult run(int warmup, int iterations, int runs, LongUnaryOperator serviceOf) {
        ManualClock clock = new ManualClock();
        LatencyTask task = new LatencyTask() {
            Harness h;
            long i;

            @Override
            public void init(Harness harness) {
                h = harness;
            }

            @Override
            public void run(long startNanos) {
                clock.advance(serviceOf.applyAsLong(i++));
                h.recordEndToEnd(startNanos);
            }
        };
        HarnessOptions options = HarnessOptions.builder().clock(clock).throughput(1e9 / INTERVAL, TimeUnit.SECONDS)
                .warmupIterations(warmup).iterations(iterations).runs(runs).build();
        return new Harness(options, task).run();
    }

    @Test
    void shouldFlagARunStarvedMidRunThatCaughtUpByItsEnd() {
        // Iteration 100 stalls for 300 µs; the rest take 100 ns, so the run catches up long before its end.
        LatencyResult r = run(0, 5_000, 1, i -> i == 100 ? 300_000 : 100);
        RunResult run = r.endToEnd().runs().get(0);
        assertEquals(1e9 / INTERVAL, run.achievedRate(), 1, "by its end the run is back on schedule");
        assertTrue(run.fellBehind(), "but hundreds of iterations started late");
        assertTrue(run.startLag().lateStarts() > 200, String.valueOf(run.startLag().lateStarts()));
        assertEquals(300_000, run.startLag().maxLagNanos(), 1_000);
        assertTrue(r.warnings().stream().anyMatch(w -> w.startsWith("fell behind its schedule in run 1: ")
                && w.contains("started more than 100 µs late (worst 299 µs)") && w.contains("delivered")), r.warnings().toString());
    }

    @Test
    void shouldNotFlagARunWithOneShortHiccup() {
        LatencyResult r = run(0, 5_000, 1, i -> i == 100 ? 20_000 : 100);
        assertFalse(r.endToEnd().runs().get(0).fellBehind());
    }

    @Test
    void shouldWarnWhenTheFirstRunIsSlowerThanTheRest() {
        // 1,000 warm-up iterations, then runs of 1,000: the first measured run is still "interpreted" (500 ns).
        LatencyResult r = run(1_000, 1_000, 3, i -> i < 2_000 ? 500 : 100);
        assertTrue(r.warnings().stream().anyMatch(w -> w.startsWith("not steady: run 1's p50 (500 ns) is 400 % above")),
                r.warnings().toString());
    }

    @Test
    void shouldWarnWhenRunsKeepGettingFaster() {
        LatencyResult r = run(1_000, 1_000, 3, i -> i < 2_000 ? 300 : i < 3_000 ? 280 : 250);
        assertTrue(r.warnings().stream().anyMatch(w -> w.startsWith("not steady: p50 falls run after run")), r.warnings().toString());
    }

    @Test
    void shouldWarnWhenTheWarmupDidNotKeepItsSchedule() {
        LatencyResult r = run(1_000, 1_000, 2, i -> i < 1_000 ? 2 * INTERVAL : 100);
        assertTrue(r.warnings().stream().anyMatch(w -> w.startsWith("warm-up did not keep its schedule: ")), r.warnings().toString());
    }

    @Test
    void shouldStaySilentOnASteadyPunctualRun() {
        LatencyResult r = run(1_000, 1_000, 3, i -> 100);
        assertTrue(r.warnings().stream().noneMatch(w -> w.contains("not steady") || w.contains("schedule")), r.warnings().toString());
    }
}
