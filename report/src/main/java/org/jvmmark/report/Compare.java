package org.jvmmark.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.jvmmark.report.model.Comparison;
import org.jvmmark.report.builders.ComparisonBuilder;
import org.jvmmark.report.builders.ModelBuilder;
import org.jvmmark.report.model.ReportModel;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.report.judge.RunSpread;
import org.jvmmark.report.model.CompareAnswer;
import org.jvmmark.report.render.Format;
import org.jvmmark.report.render.Formats;
import org.jvmmark.report.render.OutputFile;
import org.jvmmark.results.ResultsReader;

/**
 * {@code jvmmark compare A B}: matches the trials of two result directories and prints the
 * conclusion, then per figure A, B, the change and a verdict (see {@link ComparisonBuilder} for the
 * method). Stateless and thread-safe.
 */
public final class Compare {
    private Compare() {
    }

    /**
     * How to compare and print.
     *
     * @param threshold the relative change that counts, as a fraction (0.05 = 5 %)
     * @param requireAll whether a row on one side only fails the comparison (exit 1)
     * @param onlyChanges whether to list only the figures that moved
     * @param html where to write the comparison as HTML too, or null
     * @param gateAll whether every judged figure decides the exit status, not only each workload's headline figures
     * @param runSpreads this host's run-to-run spread by "workload|figure", measured earlier (the history), for sides of one
     *     run each; {@link RunSpread#UNKNOWN} (or null) where it was not
     * @param format how the answer is printed (text by default)
     * @param allowOtherHost whether sides of different host classes are judged anyway ({@code --allow other-host})
     */
    public record Options(double threshold, boolean requireAll, boolean onlyChanges, Path html, boolean gateAll,
                          Function<String, RunSpread> runSpreads, Format format,
                          boolean allowOtherHost) {
        /** Sides of different host classes refused. */
        public Options(double threshold, boolean requireAll, boolean onlyChanges, Path html, boolean gateAll,
                       Function<String, RunSpread> runSpreads, Format format) {
            this(threshold, requireAll, onlyChanges, html, gateAll, runSpreads, format, false);
        }

        /** Printed as text, nothing known of this host's run-to-run spread. */
        public Options(double threshold, boolean requireAll, boolean onlyChanges, Path html, boolean gateAll) {
            this(threshold, requireAll, onlyChanges, html, gateAll, k -> RunSpread.UNKNOWN, Formats.TEXT);
        }
    }

    /**
     * The runs of one side: {@code dir} itself when it holds a results.json, else each of its subdirectories that holds
     * one, in name order (a side of several runs, each a replicate: the judge's DESIGN.md, §4).
     *
     * @throws IOException one line when there is no run at all, or a run cannot be read
     */
    public static List<ReportModel> runs(Path dir) throws IOException {
        List<ReportModel> out = new ArrayList<>();
        for (Path p : runDirs(dir)) {
            out.add(ModelBuilder.figures(ResultsReader.readDir(p)));
        }
        return out;
    }

    /**
     * The directories of one side's runs, as {@link #runs} reads them: {@code dir} itself, or its subdirectories that
     * hold a results.json, in name order.
     *
     * @throws IOException one line when there is no run at all
     */
    public static List<Path> runDirs(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new IOException("not a directory: " + dir);
        }
        if (Files.exists(dir.resolve("results.json"))) {
            return List.of(dir);
        }
        List<Path> subs;
        try (java.util.stream.Stream<Path> s = Files.list(dir)) {
            subs = s.filter(p -> Files.isRegularFile(p.resolve("results.json"))).sorted().toList();
        }
        if (subs.isEmpty()) {
            throw new IOException("no results file: " + dir.resolve("results.json") + " (nor in a subdirectory of " + dir + ")");
        }
        checkSideSize(dir, subs);
        return subs;
    }

    /** The most runs one side may have: more is not a set of replicates but a way to exhaust the heap. */
    public static final int MAX_RUNS_PER_SIDE = 500;
    /** The most bytes of results files one side may have, all its runs together; each is also capped on its own. */
    public static final long MAX_SIDE_BYTES = 512L << 20;

    /**
     * Refuses, before anything is read, a side whose runs are more than {@link #MAX_RUNS_PER_SIDE} or whose results
     * files add up to more than {@link #MAX_SIDE_BYTES}: side B may come from a pull request, and read whole it could
     * take the heap (each file is also held to {@link ResultsReader#MAX_FILE_BYTES}).
     */
    static void checkSideSize(Path dir, List<Path> runs) throws IOException {
        if (runs.size() > MAX_RUNS_PER_SIDE) {
            throw new IOException(dir + " holds " + runs.size() + " runs; a side may have at most " + MAX_RUNS_PER_SIDE);
        }
        long total = 0;
        for (Path run : runs) {
            total += Files.size(run.resolve("results.json"));
        }
        if (total > MAX_SIDE_BYTES) {
            throw new IOException(dir + " holds " + total / (1 << 20) + " MiB of results files; a side may have at most "
                    + MAX_SIDE_BYTES / (1 << 20) + " MiB");
        }
    }

    /** As {@link #compare(Path, Path, Options, PrintStream)} with the given threshold and HTML path, the rest default. */
    public static int compare(Path dirA, Path dirB, double threshold, Path htmlOrNull, PrintStream out) throws IOException {
        return compare(dirA, dirB, new Options(threshold, false, false, htmlOrNull, false), out);
    }

    /**
     * @return 1 when something regressed (or, with {@code requireAll}, a row was on one side only), else 5 when
     *     something cannot be told (see {@link Comparison#exitStatus}), else 0
     * @throws IOException for an unreadable or missing results.json, or one with a corrupt histogram (one-line message)
     * @throws IllegalArgumentException for a negative threshold, or a format that has no meaning for a comparison
     */
    public static int compare(Path dirA, Path dirB, Options options, PrintStream out) throws IOException {
        Judge judge = Judge.at(options.threshold()); // before any file is read
        List<ReportModel> a = runs(dirA);
        List<ReportModel> b = runs(dirB);
        Comparison c = ComparisonBuilder.compare(a, b, judge, options.gateAll(), options.runSpreads(), options.allowOtherHost());
        CompareAnswer answer = new CompareAnswer(c, dirA.toString(), dirB.toString(), options.onlyChanges(), options.requireAll());
        out.print(options.format().write(answer));
        out.flush();
        if (options.html() != null) {
            OutputFile.writeHtml(options.html(), Formats.HTML.write(answer));
        }
        return answer.exitStatus();
    }
}
