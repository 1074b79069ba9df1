package org.jvmmark.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jvmmark.api.WorkloadInfo;
import org.jvmmark.report.Report;
import org.jvmmark.runner.instruments.InstrumentSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code jvmmark run}: plans the trials, runs each in a fresh JVM, rewrites {@code results.json}
 * after every one, and renders the report at the end.
 *
 * <p>Ctrl-C: the JVM's shutdown hook marks the run interrupted and kills the child; the run loop
 * notices, records nothing for the half-done trial (so {@code --resume} reruns it) and lets the hook
 * finish. The file on disk is always a complete earlier version, since every write is an atomic
 * rename. Not thread-safe: one instance per invocation.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Run workloads on JDKs, a fresh JVM per trial, and write DIR/results.json and the report.")
final class RunCommand implements Callable<Integer> {
    @ParentCommand
    private Main main;

    @Parameters(paramLabel = "WORKLOAD", arity = "0..*", description = "Workloads to run (default: all listed by 'jvmmark list').")
    private List<String> workloads = new ArrayList<>();

    @Option(names = "--jdk", paramLabel = "all|FEATURE|PATH[,...]", description = "JDKs to run on (default: all).")
    private List<String> jdks = new ArrayList<>();

    @Option(names = "--profile", paramLabel = "smoke|quick|standard", defaultValue = "quick",
            description = "smoke: seconds (CI); quick: minutes (default); standard: the published sizes.")
    private String profile;

    @Option(names = {"--param", "-p"}, paramLabel = "KEY=VALUE", description = "Set a workload parameter (repeatable).")
    private List<String> params = new ArrayList<>();

    @Option(names = "--jvm-args", paramLabel = "\"FLAGS\"", description = "JVM flags forming one variant (repeatable: one variant each).")
    private List<String> jvmArgs = new ArrayList<>();

    @Option(names = "--gc", paramLabel = "G1,ZGC,...", split = ",",
            description = "Collectors to compare, each a variant: G1, Parallel, Serial, ZGC, GenZGC, Shenandoah, Epsilon.")
    private List<String> gcs = new ArrayList<>();

    @Option(names = "--forks", defaultValue = "1", description = "Fresh JVMs per combination (default: 1).")
    private int forks;

    @Option(names = "--cpus", paramLabel = "LIST", description = "Pin the JVM under test to these CPUs (taskset -c syntax, e.g. 1 or 2-3).")
    private String cpus;

    @Option(names = "--out", paramLabel = "DIR", description = "Results directory (default: results/<date-time>).")
    private Path out;

    @Option(names = "--resume", description = "Continue DIR/results.json: skip its ok and unsupported trials, run failed and missing ones again.")
    private boolean resume;

    @Option(names = "--dry-run", description = "Print the plan and its estimated duration; run nothing.")
    private boolean dryRun;

    @Mixin
    private InstrumentOptions instrumentOptions;
    private InstrumentSet instruments;

    @Override
    public Integer call() throws Exception {
        if (!WorkloadInfo.PROFILES.contains(profile)) {
            throw new UserException("unknown profile '" + profile + "'; valid: " + String.join(", ", WorkloadInfo.PROFILES));
        }
        if (forks < 1) {
            throw new UserException("--forks must be at least 1");
        }
        if (cpus != null) {
            checkCpus(cpus);
        }
        instruments = instrumentOptions.toSet(w -> main.err.println("jvmmark: warning: " + w));
        WorkloadCatalog catalog = WorkloadCatalog.load(WorkloadCatalog.distribution());
        catalog.problems().forEach(p -> main.err.println("jvmmark: warning: " + p));
        List<CatalogEntry> selected = new ArrayList<>();
        for (String name : workloads) {
            selected.add(catalog.get(name));
        }
        if (selected.isEmpty()) {
            selected = catalog.visible();
            if (selected.isEmpty()) {
                throw new UserException("no workloads built in " + WorkloadCatalog.distribution());
            }
        }
        Map<String, String> overrides = assignments(params);
        List<GarbageCollector> collectors = gcs.stream().map(GarbageCollector::parse).distinct().toList();
        List<List<String>> argSets = new ArrayList<>();
        for (String a : jvmArgs) {
            if (a.isBlank()) {
                throw new UserException("--jvm-args needs flags, e.g. --jvm-args \"-Xmx1g -XX:+AlwaysPreTouch\"");
            }
            argSets.add(Arrays.asList(a.trim().split("\\s+")));
        }
        List<CatalogEntry> chosen = selected;
        Planner planner = new Planner(new GcProbe());
        // parameters are checked before any JDK is started
        Planner.checkParams(chosen, profile, overrides);
        List<Jdk> jdkList = JdkSelection.select(jdks, () -> new JdkDiscovery().discover());
        List<PlannedTrial> plan = planner.plan(chosen, jdkList, collectors, argSets, forks, profile, overrides);
        if (dryRun) {
            printPlan(plan);
            return 0;
        }
        return execute(plan);
    }

    /** Pinning must be possible here: {@code taskset} present, every CPU asked for online. */
    private static void checkCpus(String list) {
        List<Integer> wanted = CpuList.parse(list);
        List<Integer> online = CpuList.parse(ClientServerTrial.onlineCpus());
        List<Integer> missing = wanted.stream().filter(c -> !online.contains(c)).toList();
        if (wanted.isEmpty() || !missing.isEmpty()) {
            throw new UserException("--cpus " + list + ": CPU " + (wanted.isEmpty() ? "list empty" : missing.get(0) + " is not online")
                    + "; online: " + CpuList.format(online));
        }
        if (!Files.isExecutable(Path.of("/usr/bin/taskset")) && !Files.isExecutable(Path.of("/bin/taskset"))) {
            throw new UserException("--cpus needs taskset (util-linux), which is not installed");
        }
    }

    private static Map<String, String> assignments(List<String> settings) {
        try {
            return WorkloadInfo.parseAssignments(settings.toArray(new String[0]));
        } catch (IllegalArgumentException e) {
            throw new UserException(e.getMessage());
        }
    }

    private void printPlan(List<PlannedTrial> plan) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"trial", "estimate", "JVM flags / note"});
        for (PlannedTrial t : plan) {
            rows.add(new String[] {t.id(), t.runnable() ? Text.seconds(t.estimatedSeconds()) : "-",
                t.runnable() ? String.join(" ", t.jvmArgs()) : "unsupported: " + t.unsupportedReason()});
        }
        Tables.print(main.out, rows);
        long runnable = plan.stream().filter(PlannedTrial::runnable).count();
        main.out.printf("%d trials (%d to run, %d unsupported), profile %s; estimated duration %s%n", plan.size(), runnable,
                plan.size() - runnable, profile, Text.seconds(Planner.estimatedSeconds(plan)));
    }

    private int execute(List<PlannedTrial> plan) throws IOException {
        Path dir = (out != null ? out : Path.of("results", LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))))
                .toAbsolutePath().normalize();
        ResultsFile results;
        if (resume) {
            results = ResultsFile.open(dir);
            if (!results.profile().equals(profile)) {
                throw new UserException(dir + " holds a '" + results.profile() + "' run; resume it with --profile " + results.profile());
            }
        } else {
            if (Files.exists(dir.resolve(ResultsFile.NAME))) {
                throw new UserException(dir.resolve(ResultsFile.NAME) + " exists; add --resume to continue it, or choose another --out");
            }
            Files.createDirectories(dir);
            results = ResultsFile.create(dir, profile, HostInfo.collect(), commandNode());
            results.write();
        }
        ResumePlan resumed = ResumePlan.of(plan, results.trials(), results.path());
        List<PlannedTrial> todo = resumed.todo();
        if (resumed.done() > 0 || resumed.rerun() > 0) {
            main.out.printf("resuming %s: %d of %d trials already recorded%s%n", dir, resumed.done(), plan.size(),
                    resumed.rerun() == 0 ? "" : "; " + resumed.rerun() + " failed or timed out, run again");
        }
        AtomicBoolean interrupted = new AtomicBoolean();
        CountDownLatch loopDone = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            interrupted.set(true);
            ChildProcess.killAll();
            try {
                loopDone.await(15, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "jvmmark-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        TrialExecutor executor = new TrialExecutor(dir, cpus, interrupted::get, instruments);
        int index = 0;
        try (Progress progress = Progress.create(main.out, todo.size(), Planner.estimatedSeconds(todo), Progress.isTerminal())) {
            for (PlannedTrial t : todo) {
                if (interrupted.get()) {
                    break;
                }
                progress.starting(++index, t);
                ObjectNode record = executor.run(t);
                if (record == null || interrupted.get()) {
                    break;
                }
                results.add(record);
                progress.finished(index, t, record.path("status").asText(), record.path("process").path("wallSeconds").asDouble(0));
            }
        } finally {
            TrialExecutor.deleteRecursively(dir.resolve("work"));
            if (interrupted.get()) {
                main.err.println("jvmmark: interrupted; " + results.recordedIds().size() + " trials kept in " + results.path()
                        + " (continue with --resume)");
            }
            loopDone.countDown();
        }
        if (interrupted.get()) {
            return Main.INTERRUPTED;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // shutdown already under way
        }
        ArrayNode trials = results.trials();
        main.out.println();
        SummaryTable.print(main.out, trials);
        renderReport(dir);
        main.out.println("results: " + results.path());
        return exitStatus(trials);
    }

    private void renderReport(Path dir) {
        try {
            Report.render(dir);
            main.out.println("report: " + dir.resolve("report.html"));
        } catch (IOException | RuntimeException e) {
            main.err.println("jvmmark: warning: report not rendered: " + Text.firstLine(String.valueOf(e.getMessage())));
        }
    }

    /** 1 when any trial failed or timed out; unsupported trials are an answer, not a failure. */
    static int exitStatus(Iterable<JsonNode> trials) {
        for (JsonNode t : trials) {
            String s = t.path("status").asText();
            if (s.equals("failed") || s.equals("timeout")) {
                return 1;
            }
        }
        return 0;
    }

    private ObjectNode commandNode() {
        ObjectNode c = TrialExecutor.JSON.createObjectNode();
        c.set("workloads", TrialExecutor.JSON.valueToTree(workloads));
        c.set("jdk", TrialExecutor.JSON.valueToTree(jdks));
        c.set("params", TrialExecutor.JSON.valueToTree(params));
        c.set("gc", TrialExecutor.JSON.valueToTree(gcs));
        c.set("jvmArgs", TrialExecutor.JSON.valueToTree(jvmArgs));
        c.put("forks", forks);
        c.put("cpus", cpus);
        if (!instruments.instruments().isEmpty()) {
            c.set("instruments", TrialExecutor.JSON.valueToTree(instruments.instruments().stream().map(i -> i.title()).toList()));
        }
        return c;
    }
}
