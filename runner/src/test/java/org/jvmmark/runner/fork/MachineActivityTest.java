package org.jvmmark.runner.fork;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.jvmmark.results.Disturbance;

/** Reading the kernel's counters and judging a fork's window from them. */
class MachineActivityTest {
    @Test
    void shouldCountUserNiceSystemIrqSoftirqAndStealAsBusy() {
        String stat = "cpu  100 2 30 5000 7 4 5 9 0 0\ncpu0 50 1 15 2500 3 2 2 4 0 0\nintr 1 2 3\n";
        assertArrayEquals(new long[] {100 + 2 + 30 + 4 + 5 + 9, 9}, MachineActivity.machineTicks(stat));
    }

    @Test
    void shouldReadTheCpuTimesOfAProcessWhoseNameHoldsSpacesAndParentheses() {
        // fields 14-17 (utime stime cutime cstime) are 11 12 13 14 here
        String stat = "4242 (java (a b)) S 1 4242 4242 0 -1 4194304 100 0 0 0 11 12 13 14 20 0 30 0 1000 2000000 500";
        assertEquals(11 + 12 + 13 + 14, MachineActivity.ownTicks(stat));
        assertEquals(11 + 12, MachineActivity.runnerTicks(stat));
    }

    @Test
    void shouldRecordTheRunnersOwnCpuTimeApartFromOtherProcesses() {
        // 10 s window: the runner and its reaped children took 6 CPU-seconds, of which the runner's own threads 0.8
        // (its JIT and GC while it waited): context beside the fork, not another process's time.
        MachineActivity.Sample start = new MachineActivity.Sample(0, 1000, 0, 100, 40);
        MachineActivity.Sample end = new MachineActivity.Sample(10_000_000_000L, 1000 + 700, 0, 100 + 600, 40 + 80);
        Disturbance d = MachineActivity.between(start, end, null, 0.25);
        assertEquals(0.8, d.runnerCpuSeconds(), 1e-9);
        assertEquals(1.0, d.otherCpuSeconds(), 1e-9);
        assertFalse(d.disturbed());
    }

    @Test
    void shouldCallAForkDisturbedWhenOthersUsedMoreThanTheThreshold() {
        // 10 s window; the machine was busy 25 CPU-seconds, the runner and its children 6: others used 1.9 CPUs
        MachineActivity.Sample start = new MachineActivity.Sample(0, 1000, 0, 100);
        MachineActivity.Sample end = new MachineActivity.Sample(10_000_000_000L, 1000 + 2500, 30, 100 + 600);
        Disturbance d = MachineActivity.between(start, end, 2.5, 0.25);
        assertEquals(19.0, d.otherCpuSeconds(), 1e-9);
        assertEquals(1.9, d.otherCpus(), 1e-9);
        assertEquals(0.3, d.stealSeconds(), 1e-9);
        assertTrue(d.disturbed());
        assertEquals("other processes used 1.90 CPUs on average during its 10.0 s window, 0.3 CPU s of it stolen by the "
                + "hypervisor (more than 0.25)", d.reason());
    }

    @Test
    void shouldNotCallAForkDisturbedByTheMachinesOwnBackground() {
        MachineActivity.Sample start = new MachineActivity.Sample(0, 1000, 0, 100);
        // others: 0.1 CPU-seconds in 10 s, 0.01 CPUs
        MachineActivity.Sample end = new MachineActivity.Sample(10_000_000_000L, 1000 + 1510, 0, 100 + 1500);
        Disturbance d = MachineActivity.between(start, end, null, 0.25);
        assertFalse(d.disturbed());
        assertNull(d.reason());
        assertEquals(0.01, d.otherCpus(), 1e-9);
    }

    @Test
    void shouldMeasureButNotJudgeWhenAskedNotTo() {
        MachineActivity.Sample start = new MachineActivity.Sample(0, 1000, 0, 100);
        MachineActivity.Sample end = new MachineActivity.Sample(10_000_000_000L, 1000 + 2500, 30, 100 + 600);
        Disturbance d = MachineActivity.between(start, end, null, null);
        assertEquals(1.9, d.otherCpus(), 1e-9);
        assertFalse(d.disturbed());
        assertNull(d.thresholdCpus());
    }

    @Test
    void shouldReadThisMachinesCounters() {
        if (!java.nio.file.Files.isReadable(java.nio.file.Path.of("/proc/stat"))) {
            return; // not Linux: nothing is measured, and sample() says so with null
        }
        MachineActivity.Sample s = MachineActivity.sample();
        assertNotNull(s);
        assertTrue(s.busyTicks() > 0 && s.ownTicks() >= 0);
    }
}
