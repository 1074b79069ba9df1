package org.jvmmark.runner.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.fork.ClientServerTrial;

class CpuListTest {
    @Test
    void shouldParseRangesAndSingles() {
        assertEquals(List.of(0, 1, 2, 3, 6), CpuList.parse("0-3,6"));
        assertEquals(List.of(1), CpuList.parse(" 1 "));
    }

    @Test
    void shouldFormatCompactly() {
        assertEquals("0-3,6,8-9", CpuList.format(List.of(0, 1, 2, 3, 6, 8, 9)));
    }

    @Test
    void shouldRefuseMalformedLists() {
        assertThrows(UserException.class, () -> CpuList.parse("3-1"));
        assertThrows(UserException.class, () -> CpuList.parse("a"));
    }

    @Test
    void shouldGiveTheDriverTheCpusTheServerDoesNotHave() {
        int cpus = Runtime.getRuntime().availableProcessors();
        String rest = ClientServerTrial.driverCpus("0");
        assertEquals(cpus > 1 ? CpuList.format(CpuList.parse("1-" + (cpus - 1))) : null, rest);
        assertEquals(null, ClientServerTrial.driverCpus(null), "an unpinned server leaves the driver unpinned");
    }
}
