package org.jvmmark.runner.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.jvmmark.results.Command;
import org.jvmmark.runner.base.UserException;

class ContainerLimitsTest {

    @Test
    void shouldReadCpusAsDockersQuotaIncludingFractions() {
        assertEquals(1.5, ContainerLimits.parse("1.5", null, null).cpus());
        assertEquals(2.0, ContainerLimits.parse("2", null, null).cpus());
        assertEquals(0.01, ContainerLimits.parse("0.01", null, null).cpus());
    }

    @Test
    void shouldSendACpuListGivenToCpusToCpuset() {
        UserException e = assertThrows(UserException.class, () -> ContainerLimits.parse("0-1", null, null));
        assertEquals("--cpus takes a number of CPUs (e.g. 1 or 1.5, a CPU quota); to pin to the CPUs 0-1 use --cpuset 0-1",
                e.getMessage());
        assertThrows(UserException.class, () -> ContainerLimits.parse("1,3", null, null), "a list with a comma too");
    }

    @Test
    void shouldRefuseCpusThatAreNotAPositiveNumber() {
        assertEquals("--cpus 'two' is not a number of CPUs (e.g. 1 or 1.5)",
                assertThrows(UserException.class, () -> ContainerLimits.parse("two", null, null)).getMessage());
        assertEquals("--cpus 0: give at least 0.01 CPUs (e.g. 1 or 1.5)",
                assertThrows(UserException.class, () -> ContainerLimits.parse("0", null, null)).getMessage());
        assertThrows(UserException.class, () -> ContainerLimits.parse("NaN", null, null));
    }

    @Test
    void shouldReadMemoryInDockersUnits() {
        assertEquals(512L << 20, ContainerLimits.parse(null, "512m", null).memoryBytes());
        assertEquals(2L << 30, ContainerLimits.parse(null, "2g", null).memoryBytes());
        assertEquals(2L << 30, ContainerLimits.parse(null, "2GiB", null).memoryBytes());
        assertEquals(3L << 29, ContainerLimits.parse(null, "1.5g", null).memoryBytes());
        assertEquals(7340032L, ContainerLimits.parse(null, "7340032", null).memoryBytes());
    }

    @Test
    void shouldRefuseMemoryThatIsNotASizeOrBelowDockersFloor() {
        assertEquals("--memory '512x' is not a size (e.g. 512m, 2g)",
                assertThrows(UserException.class, () -> ContainerLimits.parse(null, "512x", null)).getMessage());
        assertEquals("--memory 4m: the smallest limit is 6m",
                assertThrows(UserException.class, () -> ContainerLimits.parse(null, "4m", null)).getMessage());
    }

    @Test
    void shouldSayTheLimitsInAReadersWords() {
        assertEquals("1 CPU / 512 MiB", ContainerLimits.parse("1", "512m", null).label());
        assertEquals("1.5 CPUs / 2 GiB on CPUs 0-1", ContainerLimits.parse("1.5", "2g", "0-1").label());
        assertEquals("CPUs 1", ContainerLimits.parse(null, null, "1").label());
    }

    @Test
    void shouldRecordAndReadBackTheCommandBlock() {
        ContainerLimits l = ContainerLimits.parse("1.5", "512m", "0-1");
        Map<String, Object> c = command(l).toJson();
        assertEquals(List.of(1.5, 512L << 20, "0-1"), List.of(c.get("cpus"), c.get("memoryBytes"), c.get("cpuset")));
        assertEquals(l, ContainerLimits.of(Command.of(c).shared().container()));
        Map<String, Object> none = command(ContainerLimits.NONE).toJson();
        assertTrue(none.containsKey("cpus") && none.get("cpus") == null, "no quota is written as null, as before");
        assertFalse(none.containsKey("memoryBytes") || none.containsKey("cpuset"));
        assertEquals(ContainerLimits.NONE, ContainerLimits.of(Command.of(none).shared().container()));
    }

    private static Command command(ContainerLimits limits) {
        return new Command(new Command.Shared(List.of("w"), List.of(), List.of(), List.of(), List.of(), limits.recorded(), false,
                List.of(), List.of(), List.of(), null), Command.Run.NONE, null, Map.of());
    }

    @Test
    void shouldReadAFileFromBeforeCpusMeantAQuotaAsItsCpuset() {
        assertEquals(new ContainerLimits(null, null, "1"), ContainerLimits.of(Command.of(Map.of("cpus", "1")).shared().container()));
    }

    @Test
    void shouldRefuseASizeOrQuotaPastTheBoundInsteadOfWrapping() {
        for (String huge : new String[] {"16777217t", "9223372036854775808", "1025t", "99999999999999999999g"}) {
            UserException e = assertThrows(UserException.class, () -> ContainerLimits.memoryBytes(huge), huge);
            assertEquals("--memory " + huge + ": the largest limit is 1024t (1 PiB)", e.getMessage());
        }
        assertEquals(1L << 50, ContainerLimits.memoryBytes("1024t"));
        assertEquals(1536L << 20, ContainerLimits.memoryBytes("1.5g"));
        UserException cpus = assertThrows(UserException.class, () -> ContainerLimits.cpus("1e300"));
        assertEquals("--cpus 1e300: give at most 65536 CPUs", cpus.getMessage());
    }

    /** Found by FuzzTargetsTest#options: a value with a line break, quoted back, made the error two lines. */
    @Test
    void shouldKeepTheErrorOneLineWhenTheValueHoldsALineBreak() {
        UserException e = assertThrows(UserException.class, () -> ContainerLimits.memoryBytes("r777\r217\n61"));
        assertEquals("--memory 'r777 217 61' is not a size (e.g. 512m, 2g)", e.getMessage());
    }
}
