package org.jvmmark.harness;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class CpuAffinityTest {

    @Test
    void shouldParseKernelCpuLists() {
        assertEquals(List.of(0, 1, 2, 5, 7, 8), CpuAffinity.parseList("0-2,5,7-8"));
        assertEquals(List.of(), CpuAffinity.parseList("unknown"));
    }

    @Test
    void shouldLeaveCpuZeroToTheOs() {
        assertArrayEquals(new int[] {1, -1}, CpuAffinity.plan(List.of(0, 1), true));
        assertArrayEquals(new int[] {3, 2}, CpuAffinity.plan(List.of(0, 1, 2, 3), true));
        assertArrayEquals(new int[] {3, -1}, CpuAffinity.plan(List.of(0, 1, 2, 3), false));
        assertArrayEquals(new int[] {-1, -1}, CpuAffinity.plan(List.of(0), true));
    }

    @Test
    void shouldReportWhatTheKernelGrantedNotWhatWasAskedFor() throws Exception {
        List<Integer> allowed = CpuAffinity.parseList(CpuAffinity.currentCpus());
        int cpu = allowed.isEmpty() ? 0 : allowed.get(allowed.size() - 1);
        AtomicReference<CpuAffinity.Pinning> pinned = new AtomicReference<>();
        AtomicReference<String> after = new AtomicReference<>();
        Thread t = new Thread(() -> {
            pinned.set(CpuAffinity.pinCurrentThread(cpu));
            after.set(CpuAffinity.currentCpus());
        });
        t.start();
        t.join();
        assertNotNull(pinned.get());
        assertEquals(after.get(), pinned.get().obtained());
        if (pinned.get().note() == null) {
            assertEquals(String.valueOf(cpu), pinned.get().obtained());
        }
    }
}
