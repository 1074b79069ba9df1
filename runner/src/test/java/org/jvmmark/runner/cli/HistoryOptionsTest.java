package org.jvmmark.runner.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.jvmmark.results.Results;

/** A run inside the user's container is its own machine in the history: the JVMs' defaults differ there. */
class HistoryOptionsTest {
    private static Results run(Map<String, Object> command) {
        return Results.started("2026-01-01T00:00:00Z", "quick", Map.of("hostname", "vm", "cpuModel", "Xeon"), command);
    }

    @Test
    void shouldKeepAContainersSeriesApartFromTheHosts() {
        HistoryOptions o = new HistoryOptions();
        assertEquals("vm (Xeon)", o.machine(run(Map.of())));
        assertEquals("vm (Xeon)", o.machine(run(Map.of("cpus", "1"))), "a CPU list pinned to, as before 0.4.1: the host");
        assertEquals("vm (Xeon) inside 1 CPU / 512 MiB", o.machine(run(Map.of("cpus", 1.0, "memoryBytes", 512L << 20))));
        o.machine = "ci";
        assertEquals("ci inside 1.5 CPUs", o.machine(run(Map.of("cpus", 1.5))));
    }
}
