package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code jvmmark list} reads the workloads' own annotations and hides the fault workloads. */
class ListCommandTest {

    @Test
    void shouldHideFaultWorkloadsByDefault() {
        Cli.Result all = Cli.run("list", "--all");
        Cli.Result r = Cli.run("list");
        assertEquals(0, r.status(), r.err());
        List<String> every = workloads(all.out());
        List<String> shown = workloads(r.out());
        assertTrue(every.contains("fault-sleep") && every.contains("synthetic"), "built and listed with --all: " + every);
        assertEquals(every.stream().filter(w -> !w.startsWith("fault-")).toList(), shown,
                "without --all: every workload but the faults");
        assertFalse(r.out().contains("fault-"), r.out());
    }

    /** The workloads a listing names: the lines {@code name — summary}. */
    private static List<String> workloads(String listing) {
        return listing.lines().filter(l -> l.matches("[a-z][a-z0-9-]* — .*")).map(l -> l.substring(0, l.indexOf(" — "))).toList();
    }

    @Test
    void shouldShowParametersWithDefaultsAndSummariesFromTheAnnotations() {
        Cli.Result r = Cli.run("list", "--all");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("fault-sleep — Sleeps for a given time, then succeeds with one metric"), r.out());
        assertTrue(r.out().matches("(?s).*millis\\s+100\\s+integer\\s+how long to sleep.*"), r.out());
        assertTrue(r.out().matches("(?s).*mood\\s+calm\\s+calm\\|grumpy\\s+a parameter with choices.*"), r.out());
        assertTrue(r.out().contains("variant future (JDK 999+)"), r.out());
        assertTrue(r.out().contains("client/server"), r.out());
    }
}
