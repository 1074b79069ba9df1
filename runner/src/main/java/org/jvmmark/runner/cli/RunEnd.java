package org.jvmmark.runner.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jvmmark.report.render.OutputFile;
import org.jvmmark.report.Report;
import org.jvmmark.results.Trial;
import org.jvmmark.runner.base.ExitStatus;
import org.jvmmark.runner.base.Text;
import org.jvmmark.runner.output.OutputDirectory;
import org.jvmmark.runner.output.ResultsFile;
import org.jvmmark.runner.plan.AdaptiveForks;
import org.jvmmark.runner.plan.DurationEstimates;
import org.jvmmark.runner.plan.PlannedTrial;
import org.jvmmark.results.Results;

/**
 * How a run ends, however it ends: the trial times kept, the report rendered, the exit status — and for an internal
 * error in the middle of a run (a bug in jvmmark), the trials already measured kept and reported, the stack trace in
 * {@code DIR/error.log} and one line saying where it is, exit status 3.
 *
 * <p>An instance is one session's end: it holds the streams, the directory, the session's {@link RunRecord} and the
 * threshold, so that the session asks it rather than handing them over at each step. The static methods serve
 * what ends without a session of its own ({@code merge}, a tune's plan-only round and slices). Thread-safe (an
 * instance is immutable; what it holds is the session's).
 */
final class RunEnd {
    /** The file beside {@code results.json} that holds the stack trace of an internal error. */
    static final String ERROR_LOG = "error.log";

    private final PrintStream out;
    private final PrintStream err;
    private final OutputDirectory output;
    private final RunRecord record;
    private final double threshold;

    /**
     * @param output the session's results directory, whose scratch the end removes
     * @param record what the session recorded there
     * @param threshold the smallest difference the report's verdicts treat as real, as a fraction
     */
    RunEnd(PrintStream out, PrintStream err, OutputDirectory output, RunRecord record, double threshold) {
        this.out = out;
        this.err = err;
        this.output = output;
        this.record = record;
        this.threshold = threshold;
    }

    /** {@link #endOfTrials(DurationEstimates, OutputDirectory, PrintStream)} of this session. */
    void endOfTrials(DurationEstimates durations) {
        endOfTrials(durations, output, err);
    }

    /** {@link #internalError(PrintStream, PrintStream, Path, ResultsFile, Throwable, double)} of this session. */
    int internalError(Throwable error) {
        return internalError(out, err, record.dir(), record.results(), error, threshold);
    }

    /** The table of the session's trials, after a blank line ({@link SummaryTable}). */
    void summary() {
        out.println();
        SummaryTable.print(out, record.trials());
    }

    /** The session's report rendered and its results file named; the report's exit status ({@link #renderReport}). */
    int report() {
        return reportAndResults(out, err, record.dir(), record.results(), threshold);
    }

    /** {@link #exitStatus(Iterable)} of the session's trials. */
    int exitStatus() {
        return exitStatus(record.trials());
    }

    /**
     * What every run of trials does when its loop ends, however it ends: keeps the trial times it measured (a failure
     * to write them is a warning) and removes its work directory.
     */
    static void endOfTrials(DurationEstimates durations, OutputDirectory output, PrintStream err) {
        String warning = durations.save();
        if (warning != null) {
            err.println("jvmmark: warning: " + warning);
        }
        output.removeWork();
    }

    static double spentSeconds(List<Trial> recorded, List<PlannedTrial> plan) {
        Set<String> rows = new HashSet<>();
        plan.forEach(t -> rows.add(t.rowId()));
        return recorded.stream().filter(t -> rows.contains(PlannedTrial.rowOf(t.id())))
                .mapToDouble(t -> t.outcome().process().wallSeconds()).sum();
    }

    /**
     * Why rows still open at the end of the run were left open: an interruption (a round cut short, or none
     * started) comes before the budget, which counts only when a round of open rows did not fit it.
     */
    static AdaptiveForks.OpenRows openRows(boolean interrupted, boolean budgetReached) {
        return interrupted ? AdaptiveForks.OpenRows.INTERRUPTED
                : budgetReached ? AdaptiveForks.OpenRows.BUDGET_REACHED : AdaptiveForks.OpenRows.OPEN;
    }

    /**
     * Renders the report of {@code dir} and prints who won. A report that cannot be written (a full
     * disk, a read-only directory, something in the way) is one line on {@code err} and exit status
     * {@link ExitStatus#NO_SPACE}: the results stay, and {@code jvmmark report DIR} renders them
     * later. A failure of the renderer itself is a warning: the results stay all the same.
     *
     * @return 0 when the report was written, else {@link ExitStatus#NO_SPACE}
     */
    static int renderReport(PrintStream out, PrintStream err, Path dir, double threshold) {
        return renderReport(out, err, dir, null, threshold);
    }

    /** Renders the report of {@code results} and names its file: a run's or a race's end; the report's exit status. */
    static int reportAndResults(PrintStream out, PrintStream err, Path dir, ResultsFile results, double threshold) {
        int report = renderReport(out, err, dir, results.results(), threshold);
        out.println("results: " + results.path());
        return report;
    }

    /** As {@link #renderReport(PrintStream, PrintStream, Path, double)}, of {@code results} when not null (the run's own). */
    static int renderReport(PrintStream out, PrintStream err, Path dir, Results results, double threshold) {
        String kept = "the results are kept in " + dir.resolve(ResultsFile.NAME);
        try {
            // The verdict comes last, where a reader's eyes land when the run ends.
            out.println();
            out.print(Report.verdictText(results == null ? Report.render(dir, threshold) : Report.render(dir, results, threshold)));
            out.println("report: " + dir.resolve("report.html"));
            return 0;
        } catch (IOException | UncheckedIOException e) {
            IOException io = e instanceof UncheckedIOException u ? u.getCause() : (IOException) e;
            err.println(ExitStatus.noSpace(io) != null
                    ? "jvmmark: no space left on the device; the report is not written, " + kept
                            + " (free space, then: jvmmark report " + dir + ")"
                    : "jvmmark: report not written: " + Text.firstLine(String.valueOf(io.getMessage())) + "; " + kept
                            + " (then: jvmmark report " + dir + ")");
            return ExitStatus.NO_SPACE;
        } catch (RuntimeException e) {
            err.println("jvmmark: warning: report not rendered: " + Text.firstLine(String.valueOf(e.getMessage())));
            return 0;
        }
    }

    /** 1 when any trial failed or timed out; unsupported trials are an answer, not a failure. */
    static int exitStatus(Iterable<Trial> trials) {
        for (Trial t : trials) {
            if (t.outcome().trialStatus().failure()) {
                return 1;
            }
        }
        return 0;
    }

    /**
     * An internal error in the middle of a run: every trial already measured stays in {@code results.json} (written
     * after every trial), the report of them is rendered, the stack trace goes to {@code DIR/error.log}, and one
     * line on {@code err} says what happened and where the trace is.
     *
     * @return {@link ExitStatus#INTERNAL_ERROR}
     */
    static int internalError(PrintStream out, PrintStream err, Path dir, ResultsFile results, Throwable error, double threshold) {
        Path log = dir.resolve(ERROR_LOG);
        String where;
        try {
            StringWriter trace = new StringWriter();
            try (PrintWriter w = new PrintWriter(trace)) {
                w.println("jvmmark: internal error at " + java.time.Instant.now());
                error.printStackTrace(w);
            }
            // a new file renamed over the name: a link planted there is replaced, never written through
            OutputFile.writeAtomically(log, trace.toString());
            where = "stack trace in " + log;
        } catch (IOException | RuntimeException e) {
            where = "stack trace not written to " + log + " (" + Text.firstLine(String.valueOf(e.getMessage())) + ")";
        }
        int kept = results == null ? 0 : results.trials().size();
        if (kept > 0) {
            renderReport(out, err, dir, results.results(), threshold);
        }
        err.println("jvmmark: internal error (a bug in jvmmark, please report it): " + Text.firstLine(String.valueOf(error))
                + "; " + kept + (kept == 1 ? " trial" : " trials") + " kept in " + dir.resolve(ResultsFile.NAME)
                + (kept > 0 ? ", report rendered" : "") + "; " + where);
        return ExitStatus.INTERNAL_ERROR;
    }
}
