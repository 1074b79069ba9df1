package org.jvmmark.runner.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Map;
import java.util.function.Function;
import org.jvmmark.history.HistoryException;
import org.jvmmark.history.HistoryStore;
import org.jvmmark.history.RunSpreads;
import org.jvmmark.report.judge.RunSpread;
import org.jvmmark.results.Results;
import org.jvmmark.results.ResultsReader;
import java.util.concurrent.Callable;
import org.jvmmark.report.render.Format;
import org.jvmmark.report.Compare;
import org.jvmmark.report.render.OutputFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.base.Text;

/**
 * {@code jvmmark compare A B}: the conclusion, then deltas with a verdict; exit status 0 no regression, 1 a
 * regression, 5 cannot tell ({@link org.jvmmark.runner.base.ExitStatus#CANNOT_TELL}). Stateless.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Compare two results directories; exits with 0 when nothing regressed, 1 when B regressed against A"
                + " (with --require-all also when a row is on one side only), 5 when the evidence cannot tell.")
public final class CompareCommand implements Callable<Integer> {
    @ParentCommand
    private Streams main;

    @Parameters(index = "0", paramLabel = "DIR_A", description = "The baseline.")
    private Path a;

    @Parameters(index = "1", paramLabel = "DIR_B", description = "The candidate.")
    private Path b;

    @Option(names = "--threshold", defaultValue = Threshold.DEFAULT, paramLabel = Threshold.LABEL, converter = Threshold.class,
            description = Threshold.HELP)
    private double threshold;

    @Option(names = "--only-changes", description = "List only the figures that moved (the conclusion comes first either way).")
    private boolean onlyChanges;

    @Option(names = "--require-all", description = "Fail (exit 1) when a row is on one side only; by default it is listed as not compared.")
    private boolean requireAll;

    @Option(names = "--html", paramLabel = "FILE", description = "Also write the comparison as HTML.")
    private Path html;

    /** Which figures decide the exit status. */
    enum Gate { headline, all }

    @Option(names = "--gate", defaultValue = "headline", paramLabel = "headline|all",
            description = "Which figures decide the exit status: each workload's headline figures (the first figure of each "
                    + "question it declares; default), or all judged figures (one family). Rows that failed always do.")
    private Gate gate;

    /** What a user who means it lets {@code compare} judge across. */
    enum Allow { OTHER_HOST }

    @Option(names = "--allow", paramLabel = "other-host", converter = AllowConverter.class,
            description = "other-host: judge sides whose host class differs (CPU model, CPU count, the machine probe's"
                    + " single-core speed); by default their figures cannot be told (exit 5). Said in the output.")
    private java.util.List<Allow> allow = new java.util.ArrayList<>();

    /** "other-host" as the option's value. */
    static final class AllowConverter implements picocli.CommandLine.ITypeConverter<Allow> {
        @Override
        public Allow convert(String value) {
            if (value.equals("other-host")) {
                return Allow.OTHER_HOST;
            }
            throw new picocli.CommandLine.TypeConversionException("--allow takes other-host, not '" + value + "'");
        }
    }

    @Mixin
    private HistoryOptions history;

    @Option(names = "--format", defaultValue = "text", paramLabel = "FORMAT", converter = FormatOption.class,
            completionCandidates = FormatOption.ForComparison.class,
            description = "How the answer is printed: ${COMPLETION-CANDIDATES}. text (default), markdown (a pull-request"
                    + " comment), json (schema jvmmark/compare/1), html (as --html writes it); bmf (Bencher Metric Format) and"
                    + " github (github-action-benchmark's JSON) give side B's figures. The exit status is the same.")
    private Format format;

    @Override
    public Integer call() {
        try {
            if (html != null) {
                OutputFile.checkReplaceable(html); // before anything is printed: one line, exit 2
            }
            return Compare.compare(a, b, new Compare.Options(threshold, requireAll, onlyChanges, html, gate == Gate.all,
                    hostSpreads(), format, allow.contains(Allow.OTHER_HOST)), main.out());
        } catch (IOException | IllegalArgumentException e) {
            throw new UserException(Text.firstLine(e.getMessage()));
        }
    }

    /**
     * This host's run-to-run spread per figure from the history's earlier runs (the judge's DESIGN.md §4), for sides of
     * one run each; nothing known where there is no history yet or it cannot be read (said on stderr, never fatal).
     */
    private Function<String, RunSpread> hostSpreads() throws IOException {
        String target = history.target();
        if (target == null || !target.startsWith("jdbc:") && !Files.isRegularFile(Path.of(target))) {
            return k -> RunSpread.UNKNOWN;
        }
        Results rb = ResultsReader.readDir(Compare.runDirs(b).get(0)); // its host names the machine
        try {
            HistoryStore store = new HistoryStore(history.database().open());
            Map<String, RunSpread> known = RunSpreads.of(store.series(), store.pointsWithFailures(), history.machine(rb));
            return k -> known.getOrDefault(k, RunSpread.UNKNOWN);
        } catch (SQLException | HistoryException | UserException e) {
            main.err().println("compare: the history could not be read (" + Text.firstLine(e.getMessage())
                    + "): this host's run-to-run spread is taken as unknown");
            return k -> RunSpread.UNKNOWN;
        }
    }
}
