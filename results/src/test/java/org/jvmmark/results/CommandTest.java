package org.jvmmark.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The recorded command is one typed value read both ways: a block an older jvmmark wrote (no variants, no homes, the CPU
 * list as {@code cpus}) reads as "not given", a block this version writes reads back as written, and what the model does
 * not name is kept.
 */
class CommandTest {
    @Test
    void shouldReadABlockFromBeforeTheSharedFieldsAndWriteItBackTheSame() {
        Map<String, Object> old = new java.util.LinkedHashMap<>();
        old.put("workloads", List.of("synthetic"));
        old.put("jdk", List.of("11,25"));
        old.put("params", List.of("rate=1000"));
        old.put("gc", List.of());
        old.put("jvmArgs", List.of());
        old.put("forks", 2);
        old.put("cpus", null);
        old.put("instruments", List.of("GC log"));
        Command c = Command.of(old);
        assertFalse(c.tuning());
        assertEquals(List.of(), c.shared().jdkHomes());
        assertEquals(Command.Container.NONE, c.shared().container());
        assertEquals(2, c.run().forks());
        assertEquals(List.of("GC log"), c.run().instruments());
        assertEquals(old, c.toJson(), "written back as it was read");
    }

    @Test
    void shouldReadAnOldCpuListAsTheCpuset() {
        Command c = Command.of(Map.of("workloads", List.of("w"), "cpus", "1"));
        assertEquals(new Command.Container(null, null, "1"), c.shared().container());
        assertEquals("1", c.toJson().get("cpuset"));
        assertNull(c.toJson().get("cpus"), "written in today's form");
    }

    @Test
    void shouldRoundTripATuningRunsCommandAndKeepUnknownEntries() throws Exception {
        Path fixture = Path.of(System.getProperty("jvmmark.home", "..")).resolve("results/src/test/resources/tuning-run/results.json");
        Results r = ResultsReader.read(fixture);
        Command c = r.command();
        assertTrue(c.tuning());
        assertNull(c.run());
        assertEquals(List.of("startup"), c.shared().workloads());
        assertEquals(List.of("-XX:+UseAppCDS"), c.tune().space());
        assertEquals(0.05, c.tune().threshold());
        Command more = Command.of(Map.of("workloads", List.of("w"), "futureOption", "x"));
        assertEquals("x", Command.of(more.toJson()).more().get("futureOption"));
        assertEquals(c.withShard("1/2"), Command.of(c.withShard("1/2").toJson()));
        assertEquals("1/2", c.withShard("1/2").shared().shard());
    }

    @Test
    void shouldWriteNoBlockWhenNoneWasRecorded() {
        assertEquals(Command.NONE, Command.of(Map.of()));
        assertTrue(Command.NONE.toJson().isEmpty());
    }
}
