package org.jvmmark.runner.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.results.Command;
import org.jvmmark.results.JvmInfo;
import org.jvmmark.results.Trial;
import org.jvmmark.results.TrialBuilder;
import org.jvmmark.runner.output.ResultsFile;
import org.jvmmark.runner.plan.AdaptiveForks;

/**
 * A run's ending: its exit status from the trials, the report it renders (or cannot write), and
 * what the fork account says of rows still open (the run itself: AdaptiveRunTest,
 * InterruptAndResumeTest, FaultPathsTest).
 */
class RunSessionTest {
    @TempDir
    Path dir;

    @Test
    void shouldCallOpenRowsOfAnInterruptedRunInterruptedEvenWhenTheBudgetWasAlsoReached() {
        assertEquals(AdaptiveForks.OpenRows.INTERRUPTED, RunEnd.openRows(true, false));
        assertEquals(AdaptiveForks.OpenRows.INTERRUPTED, RunEnd.openRows(true, true));
        assertEquals(AdaptiveForks.OpenRows.BUDGET_REACHED, RunEnd.openRows(false, true));
        assertEquals(AdaptiveForks.OpenRows.OPEN, RunEnd.openRows(false, false));
    }

    private static Trial trial(int fork, String status) {
        return new TrialBuilder("w/jdk/default/fork" + fork, "w")
                .jvm(new JvmInfo("/jdk", "25", 25, "Vendor", "VM", List.of(), List.of()))
                .status(status, status.equals("ok") ? null : "why").build();
    }

    @Test
    void shouldExitOneWhenATrialFailedOrTimedOutAndZeroForUnsupported() {
        assertEquals(0, RunEnd.exitStatus(List.of()));
        assertEquals(0, RunEnd.exitStatus(List.of(trial(1, "ok"), trial(2, "unsupported"))), "unsupported is an answer");
        assertEquals(1, RunEnd.exitStatus(List.of(trial(1, "ok"), trial(2, "failed"), trial(3, "ok"))));
        assertEquals(1, RunEnd.exitStatus(List.of(trial(1, "unsupported"), trial(2, "timeout"))));
    }

    @Test
    void shouldEndWithExitFourAndOneLineWhenTheReportCannotBeWrittenAndKeepTheResults() throws Exception {
        ResultsFile results = ResultsFile.create(dir, "smoke", Map.of("cpus", 2), Command.NONE, Map.of());
        results.write();
        String written = Files.readString(results.path());
        // root writes into any directory: a directory where report.html goes stops the write portably
        Files.createDirectories(dir.resolve("report.html/in-the-way"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int status = RunEnd.renderReport(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), dir, 0.05);

        assertEquals(4, status, err.toString(StandardCharsets.UTF_8));
        List<String> lines = err.toString(StandardCharsets.UTF_8).strip().lines().toList();
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.get(0).startsWith("jvmmark: report not written: "), lines.get(0));
        assertTrue(lines.get(0).endsWith("the results are kept in " + results.path() + " (then: jvmmark report " + dir + ")"),
                lines.get(0));
        assertEquals(written, Files.readString(results.path()), "results untouched");
        assertFalse(out.toString(StandardCharsets.UTF_8).contains("report: "), "no report announced");
    }

    @Test
    void shouldRenderTheReportOfAWritableDirectoryWithStatusZero() throws Exception {
        ResultsFile.create(dir, "smoke", Map.of("cpus", 2), Command.NONE, Map.of()).write();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int status = RunEnd.renderReport(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), dir, 0.05);

        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        assertTrue(Files.isRegularFile(dir.resolve("report.html")));
    }

    @Test
    void shouldKeepTheTrialsRenderTheReportAndSayWhereTheStackTraceIsOnAnInternalError() throws Exception {
        ResultsFile results = ResultsFile.create(dir, "smoke", Map.of("cpus", 2), Command.NONE, Map.of());
        results.add(List.of(trial(1, "ok"), trial(2, "ok")), null, null);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        IllegalStateException bug = new IllegalStateException("a bug\nwith a second line");

        int status = RunEnd.internalError(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), dir, results, bug, 0.05);

        assertEquals(3, status);
        List<String> lines = err.toString(StandardCharsets.UTF_8).strip().lines().toList();
        assertEquals(1, lines.size(), lines.toString());
        assertEquals("jvmmark: internal error (a bug in jvmmark, please report it): java.lang.IllegalStateException: a bug; "
                + "2 trials kept in " + results.path() + ", report rendered; stack trace in " + dir.resolve("error.log"), lines.get(0));
        String trace = Files.readString(dir.resolve("error.log"));
        assertTrue(trace.contains("java.lang.IllegalStateException: a bug") && trace.contains("\tat "), trace);
        assertTrue(Files.isRegularFile(dir.resolve("report.html")), "the report of the trials measured");
        assertEquals(2, ResultsFile.open(dir).trials().size());
    }
}
