package org.jvmmark.runner.cli;

import static org.jvmmark.report.numbers.Format.sig;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.jvmmark.history.CheckText;
import org.jvmmark.history.ComparableRuns;
import org.jvmmark.history.EDivisive;
import org.jvmmark.history.HistoryCheck;
import org.jvmmark.history.HistoryDatabase;
import org.jvmmark.history.HistoryException;
import org.jvmmark.history.GatingSeries;
import org.jvmmark.history.HistoryJudge;
import org.jvmmark.history.HistoryStore;
import org.jvmmark.history.SampleCsv;
import org.jvmmark.report.model.CheckAnswer;
import org.jvmmark.report.render.Format;
import org.jvmmark.results.Results;
import org.jvmmark.results.ResultsReader;
import org.jvmmark.runner.base.Text;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.fork.TrialExecutor;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import org.jvmmark.history.TrendPage;
import org.jvmmark.report.render.OutputFile;

/** {@code jvmmark history ...}: the runs kept in the history database. Each subcommand is stateless. */
@Command(name = "history", mixinStandardHelpOptions = true,
        description = "Runs kept in the history database: import, list, show, export, check for a regression, accept a change.",
        subcommands = {HistoryCommand.Import.class, HistoryCommand.ListSeries.class, HistoryCommand.Show.class,
            HistoryCommand.Export.class, HistoryCommand.Check.class, HistoryCommand.Accept.class, HistoryCommand.Report.class})
public final class HistoryCommand implements Callable<Integer> {
    @ParentCommand
    Streams main;

    @Override
    public Integer call() {
        throw new UserException("history needs a subcommand: import, list, show, export, check, accept, report");
    }

    static HistoryStore open(HistoryOptions options) {
        HistoryDatabase db = options.database();
        try {
            return new HistoryStore(db.open());
        } catch (HistoryException e) {
            throw new UserException(e.getMessage());
        }
    }

    static UserException failed(SQLException e) {
        return new UserException("history database: " + Text.firstLine(String.valueOf(e.getMessage())));
    }

    @Command(name = "import", mixinStandardHelpOptions = true, description = "Load result directories into the history (importing twice adds nothing).")
    static final class Import implements Callable<Integer> {
        @ParentCommand
        HistoryCommand parent;
        @Mixin
        HistoryOptions options;
        @Parameters(paramLabel = "DIR", arity = "1..*", description = "Directories holding results.json.")
        List<Path> dirs;

        @Override
        public Integer call() {
            List<Results> all = new ArrayList<>();
            for (Path d : dirs) {
                try {
                    all.add(ResultsReader.readDir(d));
                } catch (IOException e) {
                    throw new UserException(Text.firstLine(String.valueOf(e.getMessage())));
                }
            }
            HistoryStore store = open(options);
            try {
                for (int i = 0; i < dirs.size(); i++) {
                    Results r = all.get(i);
                    int added = store.importRun(r, options.machine(r), dirs.get(i));
                    parent.main.out().printf("%s: %d of %d trials added%n", dirs.get(i), added, r.trials().size());
                }
            } catch (SQLException e) {
                throw failed(e);
            }
            return 0;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = "One line per series group (workload, JVM, variant, parameters): runs, each figure's latest value, series ids.")
    static final class ListSeries implements Callable<Integer> {
        @ParentCommand
        HistoryCommand parent;
        @Mixin
        HistoryOptions options;
        @Option(names = "--workload", paramLabel = "NAME", description = "Only this workload.")
        String workload;
        @Option(names = "--jdk", paramLabel = "VERSION|VENDOR", description = "Only JVMs whose name holds this, e.g. 25 or Temurin.")
        String jdk;
        @Option(names = "--figure", paramLabel = "TEXT", description = "Only figures whose name holds this, e.g. p99 or startup.")
        String figure;

        @Override
        public Integer call() {
            HistoryStore store = open(options);
            try {
                List<String[]> rows = HistoryList.rows(store.series(), store.points(), workload, jdk, figure);
                if (rows.size() == 1) {
                    parent.main.out().println("no series" + (workload == null && jdk == null && figure == null ? " in the history"
                            : " matches the filters") + "; 'jvmmark history show ID' shows one series");
                    return 0;
                }
                Tables.print(parent.main.out(), rows);
            } catch (SQLException e) {
                throw failed(e);
            }
            return 0;
        }
    }

    /** The series named by its id or its full key. */
    static HistoryStore.StoredSeries find(HistoryStore store, String name) throws SQLException {
        for (HistoryStore.StoredSeries s : store.series()) {
            if (String.valueOf(s.id()).equals(name) || s.key().text().equals(name)) {
                return s;
            }
        }
        throw new UserException("no series '" + name + "' in the history; 'jvmmark history list' shows their ids and keys");
    }

    @Command(name = "show", mixinStandardHelpOptions = true, description = "One series: every run with its forks' values, and its change points.")
    static final class Show implements Callable<Integer> {
        @ParentCommand
        HistoryCommand parent;
        @Mixin
        HistoryOptions options;
        @Parameters(paramLabel = "SERIES", description = "The series' id or key (see 'history list').")
        String name;
        @Option(names = "--min-change", defaultValue = Threshold.DEFAULT, description = "Smallest relative change that counts (default: 0.05 = 5 %%).")
        double minChange;

        @Override
        public Integer call() {
            HistoryStore store = open(options);
            try {
                HistoryStore.StoredSeries s = find(store, name);
                List<HistoryStore.Point> ps = store.points().getOrDefault(s.id(), List.of());
                List<HistoryCheck.Change> changes = new HistoryCheck(new EDivisive(50, 0.001, minChange)).changes(s, ps, null);
                parent.main.out().println(s.key().text() + " (" + s.unit() + ", " + (s.higherIsBetter() ? "higher" : "lower") + " is better)");
                List<String[]> rows = new ArrayList<>();
                rows.add(new String[] {"run started", "value (as the report)", "forks", "change", "directory"});
                for (HistoryStore.Point p : ps) {
                    String change = changes.stream().filter(c -> c.at() == p).map(HistoryCheck.Change::change)
                            .map(c -> percent(c.forwardChange()) + " p=" + pValue(c.pValue())).findFirst().orElse("");
                    StringBuilder forks = new StringBuilder();
                    for (double v : p.forkValues()) {
                        forks.append(forks.length() == 0 ? "" : " ").append(sig(v));
                    }
                    rows.add(new String[] {p.created(), sig(p.value()), forks.toString(), change, p.dir() == null ? "" : p.dir()});
                }
                Tables.print(parent.main.out(), rows);
            } catch (SQLException e) {
                throw failed(e);
            }
            return 0;
        }
    }

    @Command(name = "export", mixinStandardHelpOptions = true, description = "Every sample (one row per series, run and fork) as CSV or JSON on stdout.")
    static final class Export implements Callable<Integer> {
        @ParentCommand
        HistoryCommand parent;
        @Mixin
        HistoryOptions options;
        @ArgGroup(exclusive = true, multiplicity = "1")
        Format format;

        static final class Format {
            @Option(names = "--csv", required = true, description = "CSV with a header line (RFC 4180 quoting).")
            boolean csv;
            @Option(names = "--json", required = true, description = "One JSON array of samples.")
            boolean json;
        }

        @Override
        public Integer call() throws IOException {
            HistoryStore store = open(options);
            try {
                Map<Long, List<HistoryStore.Point>> points = store.points();
                if (format.csv) {
                    java.io.Writer w = new java.io.OutputStreamWriter(parent.main.out(), java.nio.charset.StandardCharsets.UTF_8);
                    SampleCsv.write(store.series(), points, w);
                    return 0;
                }
                ArrayNode all = TrialExecutor.JSON.createArrayNode();
                for (HistoryStore.StoredSeries s : store.series()) {
                    for (HistoryStore.Point p : points.getOrDefault(s.id(), List.of())) {
                        double[] v = p.forkValues();
                        for (int f = 0; f < v.length; f++) {
                            ObjectNode o = all.addObject();
                            o.put("series", s.id());
                            o.set("key", TrialExecutor.JSON.valueToTree(s.key()));
                            o.put("unit", s.unit());
                            o.put("better", s.higherIsBetter() ? "higher" : "lower");
                            o.put("runStarted", p.created());
                            o.put("directory", p.dir());
                            o.put("fork", f + 1);
                            o.put("value", v[f]);
                        }
                    }
                }
                parent.main.out().println(TrialExecutor.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(all));
            } catch (SQLException e) {
                throw failed(e);
            }
            return 0;
        }
    }

    @Command(name = "check", mixinStandardHelpOptions = true,
            description = "Is a regression in effect at the newest run? Every trusted series judged on its forks since its"
                    + " accepted baseline; exits 0 no regression, 1 regression, 5 cannot tell.")
    static final class Check implements Callable<Integer> {
        @ParentCommand
        HistoryCommand parent;
        @Mixin
        HistoryOptions options;
        @Option(names = "--min-change", defaultValue = Threshold.DEFAULT, description = "Smallest relative change that counts (default: 0.05 = 5 %%).")
        double minChange;
        @Option(names = "--max-p", defaultValue = "0.001",
                description = "Largest p-value at which E-Divisive splits a series into levels (default: 0.001, Otava's).")
        double maxP;
        @Option(names = "--window", defaultValue = "50", description = "Sliding window length in runs (default: 50, Otava's).")
        int window;
        @Option(names = "--gate", defaultValue = "headline", paramLabel = "headline|all",
                description = "Which series decide the exit status: each workload's headline figures (default, as compare), "
                        + "or every judged series. The others are judged in a family of their own and shown.")
        CompareCommand.Gate gate;
        @Option(names = "--format", defaultValue = "text", paramLabel = "FORMAT", converter = FormatOption.class,
                completionCandidates = FormatOption.ForCheck.class,
                description = "How the answer is printed: ${COMPLETION-CANDIDATES}. text (default), markdown (a pull-request"
                        + " comment), json (schema jvmmark/history-check/1). The exit status is the same.")
        Format format;
        @Option(names = "--allow", paramLabel = "other-host", converter = CompareCommand.AllowConverter.class,
                description = "other-host: judge runs whose host class differs from the baseline's (CPU model, CPU count, the"
                        + " machine probe's single-core speed); by default such a series cannot be told (exit 5).")
        List<CompareCommand.Allow> allow = new ArrayList<>();

        @Override
        public Integer call() {
            if (minChange < 0 || maxP <= 0 || maxP > 1 || window < 2) {
                throw new UserException("--min-change must be >= 0, --max-p in (0, 1], --window >= 2");
            }
            HistoryStore store = open(options);
            try {
                List<HistoryStore.StoredSeries> series = store.series();
                Map<Long, List<HistoryStore.Point>> points = store.pointsWithFailures();
                java.util.function.Predicate<HistoryStore.StoredSeries> gating = gate == CompareCommand.Gate.all ? s -> true
                        : GatingSeries.withTails(GatingSeries.headlines(series, points), series);
                List<HistoryJudge.Verdict> verdicts = new HistoryJudge(new EDivisive(window, maxP, minChange), minChange)
                        .judge(series, points, store.acceptedFrom(), gating,
                                new ComparableRuns(allow.contains(CompareCommand.Allow.OTHER_HOST)));
                CheckAnswer answer = CheckText.answer(verdicts);
                parent.main.out().print(format.write(answer));
                return answer.exitStatus();
            } catch (SQLException e) {
                throw failed(e);
            } catch (IllegalArgumentException e) {
                throw new UserException("history check: " + e.getMessage());
            }
        }
    }

    @Command(name = "accept", mixinStandardHelpOptions = true,
            description = "Make a change the new baseline of a series: 'history check' judges it from that run on.")
    static final class Accept implements Callable<Integer> {
        @ParentCommand
        HistoryCommand parent;
        @Mixin
        HistoryOptions options;
        @Parameters(paramLabel = "SERIES@RUN", description = "The series' id or key (see 'history list'), '@', and the run:"
                + " its id (as 'history check' names it) or its start (ISO-8601, as 'history show' lists it).")
        String target;

        @Override
        public Integer call() {
            int at = target.lastIndexOf('@');
            if (at <= 0 || at == target.length() - 1) {
                throw new UserException("accept needs SERIES@RUN, e.g. 12@9 (series 12 from run 9), not '" + target + "'");
            }
            HistoryStore store = open(options);
            try {
                HistoryStore.StoredSeries s = find(store, target.substring(0, at));
                String run = target.substring(at + 1);
                List<HistoryStore.Point> ps = store.points().getOrDefault(s.id(), List.of());
                HistoryStore.Point point = ps.stream().filter(p -> String.valueOf(p.runId()).equals(run) || p.created().equals(run))
                        .findFirst().orElseThrow(() -> new UserException("series " + s.id() + " has no run '" + run + "'; its runs: "
                                + String.join(", ", ps.stream().map(p -> p.runId() + " (" + p.created() + ")").toList())));
                store.accept(s.id(), point.runId());
                parent.main.out().println("accepted: " + s.id() + ": " + CheckText.name(s) + " from run " + point.runId() + " ("
                        + point.created() + ") on; 'history check' judges it from there");
            } catch (SQLException e) {
                throw failed(e);
            }
            return 0;
        }
    }

    @Command(name = "report", mixinStandardHelpOptions = true,
            description = "Write the trend page: one table of series (sparkline, latest value, change since the baseline,"
                    + " change points and the check's verdict), grouped by workload; a click draws a series' chart.")
    static final class Report implements Callable<Integer> {
        @ParentCommand
        HistoryCommand parent;
        @Mixin
        HistoryOptions options;
        @Option(names = "--out", paramLabel = "FILE",
                description = "The page (default: history.html beside the history database, never the current directory).")
        Path out;
        @Option(names = "--min-change", defaultValue = Threshold.DEFAULT, description = "Smallest relative change that counts (default: 0.05 = 5 %%).")
        double minChange;

        @Override
        public Integer call() throws IOException {
            try {
                OutputFile.checkReplaceable(out);
            } catch (IOException e) {
                throw new UserException(e.getMessage());
            }
            HistoryStore store = open(options);
            try {
                if (out == null) {
                    out = defaultPage(options.target());
                }
                EDivisive detector = new EDivisive(50, 0.001, minChange);
                TrendPage.write(out, store.series(), store.pointsWithFailures(), store.acceptedFrom(),
                        new HistoryCheck(detector), new HistoryJudge(detector, minChange));
            } catch (SQLException e) {
                throw failed(e);
            } catch (IOException e) {
                throw new UserException("history report: " + Text.firstLine(e.getMessage()));
            }
            parent.main.out().println("history report: " + out.toAbsolutePath());
            return 0;
        }
    }

    /** Where the trend page goes without --out: beside a database file, else beside the default database. */
    static Path defaultPage(String target) {
        Path db = target == null || target.startsWith("jdbc:") ? HistoryDatabase.defaultFile() : Path.of(target);
        Path dir = db.toAbsolutePath().getParent();
        return dir.resolve("history.html");
    }

    static String percent(double relative) {
        return String.format(Locale.ROOT, "%+.1f %%", relative * 100);
    }

    static String pValue(double p) {
        return TrendPage.pValue(p);
    }
}
