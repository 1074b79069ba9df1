package org.jvmmark.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class HarnessErrorsTest {

    private static HarnessOptions.Builder small() {
        return HarnessOptions.builder().throughput(100_000, TimeUnit.SECONDS).warmupIterations(10).iterations(100).runs(1)
                .noProgressTimeout(Duration.ofSeconds(1));
    }

    private abstract static class Task implements LatencyTask {
        Harness harness;

        @Override
        public void init(Harness h) {
            harness = h;
        }
    }

    @Test
    void shouldRejectTwoSamplesForOneIteration() {
        HarnessException e = assertThrows(HarnessException.class, () -> new Harness(small().build(), new Task() {
            @Override
            public void run(long startNanos) {
                harness.recordEndToEnd(startNanos);
                harness.recordEndToEnd(startNanos);
            }
        }).run());
        assertEquals("task recorded 20 end-to-end samples in warm-up for 10 iterations: every iteration must end with"
                + " exactly one recordEndToEnd", e.getMessage());
    }

    @Test
    void shouldEndWithAClearErrorWhenSamplesAreMissing() {
        long t0 = System.nanoTime();
        HarnessException e = assertThrows(HarnessException.class, () -> new Harness(small().build(), new Task() {
            @Override
            public void run(long startNanos) {
            }
        }).run());
        assertTrue(e.getMessage().startsWith("task recorded 0 of 10 end-to-end samples in warm-up and none for 1.0 s"),
                e.getMessage());
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(20));
    }

    @Test
    void shouldReportATaskThatThrowsWithRunAndIteration() {
        HarnessException e = assertThrows(HarnessException.class, () -> new Harness(small().build(), new Task() {
            int i;

            @Override
            public void run(long startNanos) {
                if (++i == 17 + 10) {
                    throw new IllegalStateException("boom");
                }
                harness.recordEndToEnd(startNanos);
            }
        }).run());
        assertEquals("task failed in run 1, iteration 17 of 100: IllegalStateException: boom", e.getMessage());
        assertEquals("boom", e.getCause().getMessage());
    }

    @Test
    void shouldReportATaskThatThrowsInInit() {
        HarnessException e = assertThrows(HarnessException.class, () -> new Harness(small().build(), new Task() {
            @Override
            public void init(Harness h) {
                throw new IllegalArgumentException("no queue directory");
            }

            @Override
            public void run(long startNanos) {
            }
        }).run());
        assertEquals("task failed in init: IllegalArgumentException: no queue directory", e.getMessage());
    }

    @Test
    void shouldEndAHungTaskAfterTheNoProgressTimeout() {
        long t0 = System.nanoTime();
        HarnessException e = assertThrows(HarnessException.class, () -> new Harness(small().build(), new Task() {
            int i;

            @Override
            public void run(long startNanos) throws InterruptedException {
                if (++i == 15) {
                    Thread.sleep(Long.MAX_VALUE);
                }
                harness.recordEndToEnd(startNanos);
            }
        }).run());
        assertEquals("task did not return from run() for 1.0 s in run 1, iteration 5 of 100", e.getMessage());
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(20));
    }

    @Test
    void shouldRejectInvalidOptionsWithOneLine() {
        assertEquals("throughput must be a positive number of iterations, not -5.0",
                assertThrows(IllegalArgumentException.class,
                        () -> HarnessOptions.builder().throughput(-5, TimeUnit.SECONDS)).getMessage());
        assertEquals("iterations per run must be at least 1, not 0",
                assertThrows(IllegalArgumentException.class, () -> HarnessOptions.builder().iterations(0)).getMessage());
        assertEquals("runs must be at least 1, not 0",
                assertThrows(IllegalArgumentException.class, () -> HarnessOptions.builder().runs(0)).getMessage());
        assertEquals("warm-up iterations must be 0 or more, not -1",
                assertThrows(IllegalArgumentException.class, () -> HarnessOptions.builder().warmupIterations(-1)).getMessage());
        assertEquals("no-progress timeout must be positive, not PT0S",
                assertThrows(IllegalArgumentException.class,
                        () -> HarnessOptions.builder().noProgressTimeout(Duration.ZERO)).getMessage());
    }

    @Test
    void shouldRefuseToRunTwice() {
        Harness h = new Harness(small().warmupIterations(0).iterations(1).build(), new Task() {
            @Override
            public void run(long startNanos) {
                harness.recordEndToEnd(startNanos);
            }
        });
        h.run();
        assertThrows(IllegalStateException.class, h::run);
    }

    @Test
    void shouldNameTheHookAHungTaskIsStuckIn() {
        HarnessException e = assertThrows(HarnessException.class, () -> new Harness(small().build(), new Task() {
            @Override
            public void run(long startNanos) {
                harness.recordEndToEnd(startNanos);
            }

            @Override
            public void warmedUp() {
                try {
                    Thread.sleep(Long.MAX_VALUE);
                } catch (InterruptedException stop) {
                    Thread.currentThread().interrupt();
                }
            }
        }).run());
        assertEquals("task made no progress for 1.0 s in warmedUp()", e.getMessage());
    }

    @Test
    void shouldNameTheHookThatThrew() {
        HarnessException e = assertThrows(HarnessException.class, () -> new Harness(small().build(), new Task() {
            @Override
            public void run(long startNanos) {
                harness.recordEndToEnd(startNanos);
            }

            @Override
            public void runComplete(int run) {
                throw new IllegalStateException("bad run " + run);
            }
        }).run());
        assertEquals("task failed in runComplete(1): IllegalStateException: bad run 1", e.getMessage());
    }

    @Test
    void shouldNotTakeWaitingForADueTimeBeyondTheTimeoutForAHang() {
        // One iteration per second against a 0.3 s no-progress timeout: the harness is waiting, not hung.
        HarnessOptions options = HarnessOptions.builder().throughput(1, TimeUnit.SECONDS).warmupIterations(0).iterations(2)
                .runs(1).noProgressTimeout(Duration.ofMillis(300)).build();
        LatencyResult result = new Harness(options, new Task() {
            @Override
            public void run(long startNanos) {
                harness.recordEndToEnd(startNanos);
            }
        }).run();
        assertEquals(2, result.endToEnd().count());
    }

    @Test
    void shouldRunNothingMoreOfATaskItGaveUpOn() throws Exception {
        // The task ignores the interrupt and returns from run() after the harness has thrown: the benchmark
        // thread must stop there, not go on to the runs, the hooks or the .hlog of a benchmark already failed.
        java.util.List<String> calls = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        assertThrows(HarnessException.class, () -> new Harness(small().noProgressTimeout(Duration.ofMillis(200)).build(), new Task() {
            int i;

            @Override
            public void run(long startNanos) {
                if (++i == 5) {
                    long t0 = System.nanoTime();
                    while (System.nanoTime() - t0 < 600_000_000L) {
                        Thread.onSpinWait();
                    }
                    calls.add("returned");
                }
                harness.recordEndToEnd(startNanos);
            }

            @Override
            public void warmedUp() {
                calls.add("warmedUp");
            }

            @Override
            public void runComplete(int run) {
                calls.add("runComplete");
            }

            @Override
            public void complete() {
                calls.add("complete");
                done.countDown();
            }
        }).run());
        done.await(1_500, TimeUnit.MILLISECONDS);
        assertEquals(java.util.List.of("returned"), calls);
    }
}
