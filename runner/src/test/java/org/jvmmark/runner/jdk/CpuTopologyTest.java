package org.jvmmark.runner.jdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The L3 domains and SMT siblings as /sys lays them out: distinct groups, in CPU order. */
class CpuTopologyTest {
    @TempDir
    Path sys;

    private void cpu(int n, String l3, String siblings) throws IOException {
        Path dir = sys.resolve("cpu" + n);
        Files.createDirectories(dir.resolve("cache/index3"));
        Files.createDirectories(dir.resolve("topology"));
        Files.writeString(dir.resolve("cache/index3/shared_cpu_list"), l3 + "\n");
        Files.writeString(dir.resolve("topology/thread_siblings_list"), siblings + "\n");
    }

    @Test
    void shouldGroupTheCpusByWhatTheyShare() throws IOException {
        // two L3 domains of two cores each, SMT siblings 0,4 / 1,5 ...; cpu10 sorts after cpu2
        for (int c : new int[] {0, 1, 4, 5}) {
            cpu(c, "0-1,4-5", c % 4 + "," + (c % 4 + 4));
        }
        for (int c : new int[] {2, 3, 6, 7}) {
            cpu(c, "2-3,6-7", c % 4 + "," + (c % 4 + 4));
        }
        Files.createDirectories(sys.resolve("cpufreq"));
        Files.createDirectories(sys.resolve("cpuidle"));
        assertEquals(List.of("0-1,4-5", "2-3,6-7"), CpuTopology.groups(sys, "cache/index3/shared_cpu_list"));
        assertEquals(List.of("0,4", "1,5", "2,6", "3,7"), CpuTopology.groups(sys, "topology/thread_siblings_list"));
    }

    @Test
    void shouldSayNothingWhenTheSystemDoesNot() throws IOException {
        Files.createDirectories(sys.resolve("cpu0"));
        assertNull(CpuTopology.groups(sys, "cache/index3/shared_cpu_list"));
        assertNull(CpuTopology.groups(sys.resolve("missing"), "cache/index3/shared_cpu_list"));
    }

    @Test
    void shouldReadThisMachine() {
        List<String> l3 = CpuTopology.l3Domains();
        if (l3 != null) {
            assertEquals(l3.size(), l3.stream().distinct().count());
        }
    }
}
