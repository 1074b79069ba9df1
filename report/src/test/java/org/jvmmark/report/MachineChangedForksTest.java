package org.jvmmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.jvmmark.results.JvmInfo;
import org.jvmmark.results.MachineState;
import org.jvmmark.results.Metric;
import org.jvmmark.results.Results;
import org.jvmmark.results.Trial;
import org.jvmmark.results.TrialBuilder;
import org.jvmmark.report.words.Explanations;
import org.jvmmark.report.words.ForkNotes;
import org.jvmmark.report.builders.ModelBuilder;

/**
 * A fork whose machine probe changed between before and after is named in its section's notes; the host's L3
 * domains and SMT siblings are said in the header.
 */
class MachineChangedForksTest {
    private static Trial fork(int n, Double before, Double after) {
        JvmInfo jvm = new JvmInfo("/jdk", "17.0.1", 17, "Vendor", "VM", List.of(), List.of("G1 Young Generation"));
        MachineState m = before == null ? MachineState.NONE : new MachineState(new MachineState.Reading(before, 1.1, "0,1", null, 9.0),
                new MachineState.Reading(after, 1.1, "0,1", null, 9.0));
        return new TrialBuilder("w/vendor-17.0.1/default/fork" + n, "w").fork(n).jvm(jvm).status("ok", null).flags(List.of())
                .metric("score", new Metric(100 + n, "ops/s", true, new double[] {100 + n})).machineState(m).build();
    }

    private static Results results(Map<String, Object> host) {
        return Results.started("2026-11-27T21:00:00Z", "smoke", host, Map.of()).withTrials(List.of(fork(1, 133.0, 141.0),
                fork(2, 133.0, 410.0), fork(3, null, null)), "2026-11-27T21:01:00Z");
    }

    @Test
    void shouldNameTheForkDuringWhichTheMachineChanged() {
        Results r = results(Map.of("cpus", 2));
        assertEquals(List.of("vendor-17.0.1/default fork 2: cache-line round trip 133 → 410 ns"), ForkNotes.machineChanged(r, "w"));
        assertEquals("The machine changed while this fork ran (the runner's probe beside each fork, on the trial's CPUs, read a"
                + " cache-line round trip more than 2.75× apart before and after): vendor-17.0.1/default fork 2: cache-line round"
                + " trip 133 → 410 ns. Where the probe's readings fall on two levels, such a fork's value blends both in a"
                + " proportion nobody measured: a figure the level moves by more than its fork noise leaves it out (its verdict"
                + " says so); one it moves less keeps it, counted half on each level, or as it is where the level moves it by"
                + " less than 2 %.", ForkNotes.machineChangedSentence(r, "w"));
        assertEquals(List.of(), ForkNotes.machineChanged(r, "other"));
        String md = org.jvmmark.report.render.MarkdownRenderer.render(ModelBuilder.build(r));
        assertTrue(md.contains("fork 2: cache-line round trip 133 → 410 ns"), md);
    }

    @Test
    void shouldSayTheTopologyInTheHostLine() {
        Map<String, Object> host = new LinkedHashMap<>();
        host.put("cpuModel", "AMD EPYC 7R13 Processor");
        host.put("cpus", 2);
        host.put("l3Domains", List.of("0", "1"));
        host.put("smtSiblings", List.of("0", "1"));
        assertEquals("AMD EPYC 7R13 Processor · 2 CPUs (none isolated) · 2 L3 domains (0 | 1) · no SMT siblings",
                Explanations.host(results(host)));
        assertEquals("one L3 cache (CPUs 0-1)", Explanations.l3Domains(List.of("0-1")));
        assertEquals("SMT siblings 0,4 | 1,5", Explanations.smtSiblings(List.of("0,4", "1,5")));
        assertNull(Explanations.l3Domains(null), "not recorded (a file that predates it, no L3): not said");
        assertEquals("2 CPUs (none isolated)", Explanations.host(results(Map.of("cpus", 2))));
    }
}
