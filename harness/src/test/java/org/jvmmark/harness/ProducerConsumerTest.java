package org.jvmmark.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ProducerConsumerTest {

    /** The hand-off of API.md: end-to-end samples recorded on a consumer thread. */
    static final class HandOff implements LatencyTask {
        private final BlockingQueue<Long> queue = new ArrayBlockingQueue<>(1 << 16);
        private Harness harness;
        private Probe write;
        private Thread consumer;
        volatile boolean gcInSecondRun;
        private int runsDone;

        @Override
        public void init(Harness h) {
            harness = h;
            write = h.addProbe("write");
            consumer = new Thread(() -> {
                try {
                    while (true) {
                        h.recordEndToEnd(queue.take());
                    }
                } catch (InterruptedException stop) {
                    // complete()
                }
            }, "consumer");
            consumer.setDaemon(true);
            consumer.start();
        }

        @Override
        public void run(long startNanos) {
            if (gcInSecondRun && runsDone == 1) {
                System.gc();
                gcInSecondRun = false;
            }
            long t = harness.nanoTime();
            queue.add(startNanos);
            write.sampleNanos(harness.nanoTime() - t);
        }

        @Override
        public void runComplete(int run) {
            runsDone = run;
        }

        @Override
        public void complete() {
            consumer.interrupt();
        }
    }

    @Test
    void shouldCollectEverySampleRecordedOnAnotherThread() {
        HandOff task = new HandOff();
        task.gcInSecondRun = true;
        HarnessOptions options = HarnessOptions.builder().throughput(20_000, TimeUnit.SECONDS)
                .warmupIterations(2_000).iterations(4_000).runs(2).build();
        LatencyResult result = new Harness(options, task).run();

        ProbeResult e2e = result.endToEnd();
        assertEquals(8_000, e2e.count());
        assertEquals(8_000, result.probe("write").count());
        for (RunResult run : e2e.runs()) {
            assertEquals(4_000, run.count());
            // Measured from the intended start, never less than from the actual start.
            assertTrue(run.percentiles().get("50") >= run.uncorrectedPercentiles().get("50"));
            assertTrue(run.percentiles().get("max") >= run.uncorrectedPercentiles().get("max"));
        }
        assertTrue(result.warnings().stream().noneMatch(w -> w.contains("did not hand out")), result.warnings().toString());
        assertFalse(e2e.runs().get(1).gcEvents().isEmpty(), "System.gc() in run 2 is reported");
        assertTrue(e2e.runs().get(1).gcEvents().stream().anyMatch(g -> g.cause().equals("System.gc()")));
    }

    @Test
    void shouldRunAClosedLoopAsFastAsTheTaskGoes() {
        HandOff task = new HandOff();
        HarnessOptions options = HarnessOptions.builder().unlimitedThroughput().warmupIterations(1_000).iterations(5_000)
                .runs(1).build();
        LatencyResult result = new Harness(options, task).run();
        assertEquals(5_000, result.endToEnd().count());
        assertFalse(result.endToEnd().coCorrected());
        assertTrue(result.endToEnd().achievedRate() > 0);
        assertEquals(null, result.latencyBlock("endToEnd").get("targetRate"));
    }

    @Test
    void shouldMatchEachConsumerSampleToItsOwnIterationsActualStart() {
        // As HarnessCoCorrectionTest's stall, but every sample is recorded on a consumer thread with the
        // end time the benchmark thread took: the uncorrected figure must still be end − that iteration's
        // actual start, so exactly one long sample, while the corrected one back-fills the queue.
        long interval = 1_000;
        long service = 100;
        long stall = 10_000;
        ManualClock clock = new ManualClock();
        BlockingQueue<long[]> queue = new ArrayBlockingQueue<>(1 << 10);
        LatencyTask task = new LatencyTask() {
            int index;

            @Override
            public void init(Harness h) {
                Thread consumer = new Thread(() -> {
                    try {
                        while (true) {
                            long[] m = queue.take();
                            h.recordEndToEnd(m[0], m[1]);
                        }
                    } catch (InterruptedException stop) {
                        // complete()
                    }
                }, "consumer");
                consumer.setDaemon(true);
                consumer.start();
            }

            @Override
            public void run(long startNanos) throws InterruptedException {
                clock.advance(index++ % 100 == 20 ? stall : service);
                queue.put(new long[] {startNanos, clock.nanoTime()});
            }
        };
        HarnessOptions options = HarnessOptions.builder().clock(clock).throughput(1e9 / interval, TimeUnit.SECONDS)
                .warmupIterations(100).iterations(100).runs(2).build();
        LatencyResult result = new Harness(options, task).run();
        for (RunResult run : result.endToEnd().runs()) {
            org.HdrHistogram.Histogram uncorrected = run.uncorrectedHistogram();
            assertEquals(1, uncorrected.getCountAtValue(stall), "one long sample in run " + run.run());
            assertEquals(99, uncorrected.getCountAtValue(service));
            org.HdrHistogram.Histogram corrected = run.histogram();
            for (long j = 0; stall - j * (interval - service) > service; j++) {
                assertEquals(1, corrected.getCountAtValue(stall - j * (interval - service)));
            }
            assertEquals(100 - 11, corrected.getCountAtValue(service));
        }
        assertTrue(result.warnings().stream().noneMatch(w -> w.contains("did not hand out")), result.warnings().toString());
    }
}
