package org.jvmmark.runner.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.jvmmark.results.ResultsReader;
import org.jvmmark.runner.fork.TrialExecutor;

class SummaryTableTest {
    @Test
    void shouldShowADashForProcessFiguresThatAreUnknown() {
        ObjectNode t = TrialExecutor.JSON.createObjectNode();
        t.put("id", "w/jdk/default/fork1");
        t.put("workload", "w");
        t.put("status", "unsupported");
        t.put("error", "requires JDK 999 or later");
        t.set("process", TrialExecutor.processNode(null, null));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SummaryTable.print(new PrintStream(bytes, true, StandardCharsets.UTF_8), List.of(ResultsReader.trial(t)));
        String row = bytes.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("w/jdk")).findFirst().orElseThrow();
        assertTrue(row.matches("w/jdk/default/fork1\\s+unsupported\\s+-\\s+-\\s+-\\s+-\\s+-\\s*"), row);
        assertFalse(row.contains("0 s"), "null is unknown, not zero: " + row);
    }
}
