package org.jvmmark.runner.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class SummaryTableTest {
    @Test
    void shouldShowADashForProcessFiguresThatAreUnknown() {
        org.jvmmark.results.Trial t = new org.jvmmark.results.TrialBuilder("w/jdk/default/fork1", "w")
                .jvm(new org.jvmmark.results.JvmInfo("", "", 0, "", "", List.of(), List.of()))
                .status("unsupported", "requires JDK 999 or later").build();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SummaryTable.print(new PrintStream(bytes, true, StandardCharsets.UTF_8), List.of(t));
        String row = bytes.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("w/jdk")).findFirst().orElseThrow();
        assertTrue(row.matches("w/jdk/default/fork1\\s+unsupported\\s+-\\s+-\\s+-\\s+-\\s+-\\s*"), row);
        assertFalse(row.contains("0 s"), "null is unknown, not zero: " + row);
    }

    @Test
    void shouldNameADisturbedForkAndItsRerun() {
        org.jvmmark.results.Trial t = new org.jvmmark.results.TrialBuilder("w/jdk/default/fork2", "w").fork(2)
                .jvm(new org.jvmmark.results.JvmInfo("", "", 0, "", "", List.of(), List.of()))
                .status("ok", null)
                .process(new org.jvmmark.results.ProcessFacts(1L << 20, 10, 10.0, 0)
                        .withDisturbance(org.jvmmark.results.Disturbance.judged(10, 19, 0, 2.0, 0.25).withRerunAs(4)))
                .build();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SummaryTable.print(new PrintStream(bytes, true, StandardCharsets.UTF_8), List.of(t));
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("ok, disturbed"), out);
        assertTrue(out.contains("w/jdk/default/fork2: disturbed: other processes used 1.90 CPUs on average during its 10.0 s window"
                + " (more than 0.25); re-run as fork 4; not evidence"), out);
    }
}
