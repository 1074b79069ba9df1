package org.jvmmark.runner.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.jvmmark.results.MachineState;

/**
 * The machine probe: which CPUs it takes from a trial's list, what it parses from {@code /proc}, its median and
 * warm-up rules, and one real reading (a pair where the machine has two CPUs, else one CPU and no round trip).
 */
class MachineProbeTest {
    @Test
    void shouldProbeTheFirstTwoCpusOfTheTrialsList() {
        assertEquals(List.of(2, 3), MachineProbe.forCpus("2-5").cpus());
        assertEquals(List.of(1, 6), MachineProbe.forCpus("6,1").cpus());
        assertEquals(List.of(1), MachineProbe.forCpus("1").cpus());
        assertEquals(List.of(), MachineProbe.forCpus("x").cpus());
    }

    @Test
    void shouldSayWhyWhenItHasNoCpu() {
        MachineState.Reading r = MachineProbe.forCpus("x").measure();
        assertNull(r.cacheLineRoundTripNs());
        assertNull(r.singleCoreNsPerOp());
        assertTrue(r.notApplicable().startsWith("malformed CPU list 'x'"), r.notApplicable());
    }

    @Test
    void shouldReadTheThreadIdAndTheAllowedCpusFromProc() {
        assertEquals(1240, ThreadAffinity.threadId("1234/task/1240"));
        assertEquals(-1, ThreadAffinity.threadId("1234"));
        assertEquals(-1, ThreadAffinity.threadId("1234/task/x"));
        assertEquals("0-1", ThreadAffinity.allowedCpus(List.of("Name:\tjava", "Cpus_allowed:\t3", "Cpus_allowed_list:\t0-1",
                "Mems_allowed:\t1")));
        assertNull(ThreadAffinity.allowedCpus(List.of("Name:\tjava")));
        assertNull(ThreadAffinity.startPinning(-1, 0), "no thread id: nothing to pin");
        assertFalse(ThreadAffinity.finished(null));
    }

    @Test
    void shouldTakeTheMedianOfTheFirstNValues() {
        assertEquals(2.0, MachineProbe.median(new double[] {3, 1, 2, 99}, 3));
        assertEquals(2.5, MachineProbe.median(new double[] {4, 1, 3, 2}, 4));
        assertTrue(Double.isNaN(MachineProbe.median(new double[0], 0)));
    }

    @Test
    void shouldEndTheWarmUpOnceBatchesStopGettingFaster() {
        MachineProbe.Warmup w = new MachineProbe.Warmup(0);
        for (double b : new double[] {900, 500, 200, 120, 100}) {
            w.add(b);
            assertFalse(w.settled());
        }
        for (int i = 0; i < MachineProbe.SETTLED_BATCHES; i++) {
            assertFalse(w.settled());
            w.add(i % 2 == 0 ? 101 : 99.5); // within 2 % of the best: no gain
        }
        assertTrue(w.settled());
        MachineProbe.Warmup never = new MachineProbe.Warmup(0);
        for (int i = 0; i < MachineProbe.MAX_WARMUP_BATCHES; i++) {
            never.add(10_000 - i * 9.0);
        }
        assertTrue(never.settled(), "a warm-up that keeps improving ends at its cap");
        MachineProbe.Warmup first = new MachineProbe.Warmup(MachineProbe.FIRST_WARMUP_BATCHES);
        for (int i = 0; i < MachineProbe.FIRST_WARMUP_BATCHES - 1; i++) {
            first.add(300); // a steady interpreter
        }
        assertFalse(first.settled(), "the first reading warms up at least its minimum");
        first.add(300);
        assertTrue(first.settled());
    }

    @Test
    void shouldPassTheLineBackAndForthAndStopOnMinusOne() throws InterruptedException {
        CacheLine line = new CacheLine();
        Thread other = new Thread(() -> line.answer(System.nanoTime() + 5_000_000_000L));
        other.start();
        long seq = line.roundTrips(0, 1000, System.nanoTime() + 5_000_000_000L);
        assertEquals(2000, seq);
        line.stop();
        other.join(5000);
        assertFalse(other.isAlive(), "the answering side stops when the line says -1");
    }

    @Test
    void shouldStopASideThatOverwroteTheStop() throws InterruptedException {
        CacheLine line = new CacheLine();
        line.stop();
        line.value = 2; // the answering side, preempted between seeing 1 and answering it, wrote 2 over the -1
        Thread other = new Thread(() -> line.answer(System.nanoTime() + 60_000_000_000L));
        long t0 = System.nanoTime();
        other.start();
        other.join(10_000);
        assertFalse(other.isAlive());
        assertTrue(System.nanoTime() - t0 < 5_000_000_000L, "stopped, not waiting out its deadline");
    }

    @Test
    void shouldLendTheSamePinnedThreadsToEveryReading() throws InterruptedException {
        PinnedThreads threads = PinnedThreads.on(List.of(0));
        assertTrue(threads == PinnedThreads.on(List.of(0)), "pinned once, shared");
        assertEquals("0", threads.wanted());
        String[] ranOn = new String[1];
        assertTrue(threads.run(new Runnable[] {() -> ranOn[0] = Thread.currentThread().getName()}, 5_000));
        assertEquals("jvmmark-probe-cpu0", ranOn[0]);
        // where taskset works the thread has CPU 0 alone; where it does not, obtained says what it has instead
        assertTrue(threads.pinned() || !threads.obtained().equals("0"), threads.obtained());
    }

    @Test
    void shouldMeasureOnTheTrialsCpusAndSayWhatItGot() {
        int cpus = Runtime.getRuntime().availableProcessors();
        MachineState.Reading one = MachineProbe.forCpus("0").measure();
        assertNull(one.cacheLineRoundTripNs());
        assertEquals("no pair: the trial has one CPU (0)", one.notApplicable());
        assertNotNull(one.singleCoreNsPerOp());
        assertTrue(one.singleCoreNsPerOp() > 0.05 && one.singleCoreNsPerOp() < 100, one.toString());
        assertTrue(one.tookMs() > 0, one.toString());
        // a load from memory past the core's caches: more than an L1 hit, less than a page fault
        assertNotNull(one.memoryLoadNs(), one.toString());
        assertTrue(one.memoryLoadNs() > 1 && one.memoryLoadNs() < 10_000, one.toString());
        if (cpus >= 2) {
            MachineState.Reading pair = MachineProbe.forCpus("0,1").measure();
            if (pair.cacheLineRoundTripNs() != null) {
                assertEquals("0,1", pair.cpus());
                assertTrue(pair.cacheLineRoundTripNs() > 5 && pair.cacheLineRoundTripNs() < 100_000, pair.toString());
            } else {
                // no taskset, or the CPUs too busy for 100 ms: said, not guessed
                assertNotNull(pair.notApplicable(), pair.toString());
            }
        }
    }
}
