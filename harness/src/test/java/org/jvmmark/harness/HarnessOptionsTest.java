package org.jvmmark.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class HarnessOptionsTest {

    /** Records on the benchmark thread after advancing the manual clock by a fixed service time. */
    private static final class Counting implements LatencyTask {
        final ManualClock clock;
        Harness h;
        long calls;

        Counting(ManualClock clock) {
            this.clock = clock;
        }

        @Override
        public void init(Harness harness) {
            h = harness;
        }

        @Override
        public void run(long startNanos) {
            calls++;
            clock.advance(10);
            h.recordEndToEnd(startNanos);
        }
    }

    @Test
    void shouldConvertThroughputInAnyTimeUnit() {
        HarnessOptions o = HarnessOptions.builder().throughput(6_000, TimeUnit.MINUTES).build();
        assertEquals(100, o.ratePerSecond(), 1e-9);
        assertEquals(10_000_000, o.intervalNanos(), 1e-3);
        assertTrue(HarnessOptions.builder().unlimitedThroughput().build().isClosedLoop());
    }

    @Test
    void shouldRunAndDiscardASkippedFirstRun() {
        ManualClock clock = new ManualClock();
        Counting task = new Counting(clock);
        LatencyResult r = new Harness(HarnessOptions.builder().clock(clock).warmupIterations(5).iterations(20).runs(2)
                .skipFirstRun(true).build(), task).run();
        assertEquals(5 + 3 * 20, task.calls);
        assertEquals(2, r.endToEnd().runs().size());
        assertEquals(40, r.endToEnd().count());
        assertEquals(1, r.endToEnd().runs().get(0).run());
    }

    @Test
    void shouldSpacePoissonArrivalsWithTheTargetMeanAndASeed() {
        ManualClock clock = new ManualClock();
        Counting task = new Counting(clock);
        long t0 = clock.nanoTime();
        HarnessOptions o = HarnessOptions.builder().clock(clock).throughput(1_000_000, TimeUnit.SECONDS)
                .arrivals(Arrivals.POISSON).warmupIterations(0).iterations(100_000).runs(1).build();
        LatencyResult r = new Harness(o, task).run();
        double meanGap = (clock.nanoTime() - t0) / 100_000.0;
        assertEquals(1_000, meanGap, 20, "mean gap of a Poisson schedule at 1M/s");
        // Bursts queue: with exponential gaps some iterations wait behind others, unlike a fixed schedule.
        assertTrue(r.endToEnd().percentiles().get("max") > 10, r.endToEnd().percentiles().toString());
        assertEquals("poisson", r.latencyBlock("endToEnd").get("arrivals"));
    }

    @Test
    void shouldRecordTheCpusTheBenchmarkThreadObtained() {
        ManualClock clock = new ManualClock();
        LatencyResult r = new Harness(HarnessOptions.builder().clock(clock).warmupIterations(0).iterations(10).runs(1)
                .affinity(true).build(), new Counting(clock)).run();
        CpuAffinity.Pinning p = r.cpus().get("benchmark");
        assertTrue(p != null && !p.obtained().isEmpty(), String.valueOf(p));
        if (CpuAffinity.parseList(r.processCpus()).size() > 1 && p.note() == null) {
            assertTrue(p.isPinned(), p.toString());
        }
    }

    @Test
    void shouldSampleJitterWhenAsked() {
        LatencyResult r = new Harness(HarnessOptions.builder().throughput(10_000, TimeUnit.SECONDS).warmupIterations(100)
                .iterations(2_000).runs(2).jitter(true).jitterThresholdNanos(1).build(), new LatencyTask() {
                    Harness h;

                    @Override
                    public void init(Harness harness) {
                        h = harness;
                    }

                    @Override
                    public void run(long startNanos) {
                        h.recordEndToEnd(startNanos);
                    }
                }).run();
        // With a 1 ns threshold every clock read is a "gap": the sampler must have recorded in both runs.
        assertEquals(2, r.jitter().runs().size());
        assertTrue(r.jitter().runs().get(1).count() > 0);
        assertTrue(r.report().contains("OS Jitter"));
        assertTrue(r.harnessInfo().containsKey("jitter"));
    }
}
