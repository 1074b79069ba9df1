package org.jvmmark.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class HarnessCoCorrectionTest {
    private static final long INTERVAL = 1_000;
    private static final long SERVICE = 100;
    private static final long STALL = 10_000;
    private static final int STALLED = 20;
    private static final int ITERATIONS = 100;

    /** Busy for SERVICE ns per iteration, STALL ns on iteration STALLED of each run. */
    private static final class StallingTask implements LatencyTask {
        final ManualClock clock;
        Harness harness;
        int index;
        final List<String> calls = new ArrayList<>();

        StallingTask(ManualClock clock) {
            this.clock = clock;
        }

        @Override
        public void init(Harness h) {
            harness = h;
            calls.add("init");
        }

        @Override
        public void run(long startNanos) {
            clock.advance(index++ % ITERATIONS == STALLED ? STALL : SERVICE);
            harness.recordEndToEnd(startNanos);
        }

        @Override
        public void warmedUp() {
            calls.add("warmedUp");
        }

        @Override
        public void runComplete(int run) {
            calls.add("run" + run);
        }

        @Override
        public void complete() {
            calls.add("complete");
        }
    }

    private static LatencyResult run(ManualClock clock, StallingTask task, boolean co) {
        HarnessOptions options = HarnessOptions.builder()
                .clock(clock)
                .throughput(1e9 / INTERVAL, TimeUnit.SECONDS)
                .warmupIterations(ITERATIONS)
                .iterations(ITERATIONS)
                .runs(2)
                .coCorrection(co)
                .build();
        return new Harness(options, task).run();
    }

    @Test
    void shouldBackFillEveryIterationAStallDelayedWithTheLatencyTheScheduleImplies() {
        ManualClock clock = new ManualClock();
        LatencyResult result = run(clock, new StallingTask(clock), true);

        // Iteration k stalls for STALL; iteration k+j starts when k+j-1 ends and ends at k·I + STALL + j·SERVICE,
        // so measured from its due time k·I + j·I its latency is STALL - j·(I - SERVICE), until that is back
        // down to SERVICE: 10,000, 9,100, 8,200, ..., 1,000 ns.
        List<Long> expected = new ArrayList<>();
        expected.add(STALL);
        for (long j = 1; STALL - j * (INTERVAL - SERVICE) > SERVICE; j++) {
            expected.add(STALL - j * (INTERVAL - SERVICE));
        }
        for (RunResult run : result.endToEnd().runs()) {
            Histogram corrected = run.histogram();
            assertEquals(ITERATIONS, corrected.getTotalCount());
            long backFilled = 0;
            for (long value : expected) {
                assertEquals(1, corrected.getCountAtValue(value), "one sample of " + value + " ns in run " + run.run());
                backFilled++;
            }
            assertEquals(11, backFilled);
            assertEquals(ITERATIONS - backFilled, corrected.getCountAtValue(SERVICE), "the rest ran on time");

            Histogram uncorrected = run.uncorrectedHistogram();
            assertEquals(1, uncorrected.getCountAtValue(STALL), "one long sample");
            assertEquals(ITERATIONS - 1, uncorrected.getCountAtValue(SERVICE));
            assertFalse(run.fellBehind());
        }
        assertTrue(result.endToEnd().coCorrected());
    }

    @Test
    void shouldMeasureFromTheActualStartWhenCorrectionIsOff() {
        ManualClock clock = new ManualClock();
        LatencyResult result = run(clock, new StallingTask(clock), false);
        Histogram h = result.endToEnd().runs().get(0).histogram();
        assertEquals(1, h.getCountAtValue(STALL));
        assertEquals(ITERATIONS - 1, h.getCountAtValue(SERVICE));
        assertFalse(result.endToEnd().coCorrected());
    }

    @Test
    void shouldCallTheLifecycleHooksInOrder() {
        ManualClock clock = new ManualClock();
        StallingTask task = new StallingTask(clock);
        run(clock, task, true);
        assertEquals(List.of("init", "warmedUp", "run1", "run2", "complete"), task.calls);
    }

    @Test
    void shouldAchieveTheTargetRateWhenOnSchedule() {
        ManualClock clock = new ManualClock();
        LatencyResult result = run(clock, new StallingTask(clock), true);
        assertEquals(1e9 / INTERVAL, result.endToEnd().runs().get(1).achievedRate(), 1e-6);
    }

    @Test
    void shouldFlagARunThatFellBehind() {
        ManualClock clock = new ManualClock();
        LatencyTask slow = new LatencyTask() {
            Harness h;

            @Override
            public void init(Harness harness) {
                h = harness;
            }

            @Override
            public void run(long startNanos) {
                clock.advance(2 * INTERVAL);
                h.recordEndToEnd(startNanos);
            }
        };
        HarnessOptions options = HarnessOptions.builder().clock(clock).throughput(1e9 / INTERVAL, TimeUnit.SECONDS)
                .warmupIterations(0).iterations(50).runs(1).build();
        RunResult run = new Harness(options, slow).run().endToEnd().runs().get(0);
        assertTrue(run.fellBehind());
        assertEquals(1e9 / (2 * INTERVAL), run.achievedRate(), 1e9 / (2 * INTERVAL) * 0.05);
    }

    @Test
    void shouldChargeAnOversleptWaitAndNeverDriftTheSchedule() {
        // The wait before iteration 5 of the run oversleeps by 3.5 intervals (a preemption, a late wake-up).
        // The harness must charge it to that iteration and the ones behind it, and keep the original
        // schedule: JLBH 2026.2 instead adopts the time its wait ended as the next intended start.
        long overshoot = 3_500;
        ManualClock clock = new ManualClock() {
            int waits;

            @Override
            public void awaitNanos(long deadlineNanos) {
                super.awaitNanos(deadlineNanos);
                if (++waits == 5) {
                    advance(overshoot);
                }
            }
        };
        LatencyTask task = new LatencyTask() {
            Harness h;

            @Override
            public void init(Harness harness) {
                h = harness;
            }

            @Override
            public void run(long startNanos) {
                clock.advance(SERVICE);
                h.recordEndToEnd(startNanos);
            }
        };
        HarnessOptions options = HarnessOptions.builder().clock(clock).throughput(1e9 / INTERVAL, TimeUnit.SECONDS)
                .warmupIterations(0).iterations(20).runs(1).build();
        RunResult run = new Harness(options, task).run().endToEnd().runs().get(0);
        Histogram corrected = run.histogram();
        // Iteration 4 starts 3,500 ns late; iterations 5..7 queue behind it: 3,600, 2,700, 1,800, 900 + 100 ns.
        for (long expected : new long[] {3_600, 2_700, 1_800, 900}) {
            assertEquals(1, corrected.getCountAtValue(expected), expected + " ns");
        }
        assertEquals(20 - 4, corrected.getCountAtValue(SERVICE));
        assertEquals(20, run.uncorrectedHistogram().getCountAtValue(SERVICE), "the oversleep is not service time");
        assertEquals(1e9 / INTERVAL, run.achievedRate(), 1e-6);
    }

    @Test
    void shouldNotFlagAPunctualPoissonRunAsFallenBehind() {
        // A Poisson schedule's own span varies by about 1/sqrt(n) around n × interval (3% at n = 1,000):
        // a harness that starts every iteration exactly when due has not fallen behind, whatever the
        // realised rate of the random schedule is.
        ManualClock clock = new ManualClock();
        LatencyTask punctual = new LatencyTask() {
            Harness h;

            @Override
            public void init(Harness harness) {
                h = harness;
            }

            @Override
            public void run(long startNanos) {
                h.recordEndToEnd(startNanos);
            }
        };
        HarnessOptions options = HarnessOptions.builder().clock(clock).throughput(1e9 / INTERVAL, TimeUnit.SECONDS)
                .arrivals(Arrivals.POISSON).warmupIterations(0).iterations(1_000).runs(10).build();
        LatencyResult result = new Harness(options, punctual).run();
        for (RunResult run : result.endToEnd().runs()) {
            assertFalse(run.fellBehind(), "run " + run.run() + " achieved " + run.achievedRate());
        }
        assertTrue(result.warnings().stream().noneMatch(w -> w.startsWith("fell behind")), result.warnings().toString());
    }

    @Test
    void shouldFlagAPoissonRunThatStartedLate() {
        ManualClock clock = new ManualClock();
        LatencyTask slow = new LatencyTask() {
            Harness h;

            @Override
            public void init(Harness harness) {
                h = harness;
            }

            @Override
            public void run(long startNanos) {
                clock.advance(2 * INTERVAL);
                h.recordEndToEnd(startNanos);
            }
        };
        HarnessOptions options = HarnessOptions.builder().clock(clock).throughput(1e9 / INTERVAL, TimeUnit.SECONDS)
                .arrivals(Arrivals.POISSON).warmupIterations(0).iterations(1_000).runs(3).build();
        for (RunResult run : new Harness(options, slow).run().endToEnd().runs()) {
            assertTrue(run.fellBehind(), "run " + run.run());
        }
    }
}
