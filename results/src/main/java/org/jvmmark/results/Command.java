package org.jvmmark.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a {@code run} or a {@code tune} was asked to do, as its {@code results.json} records it (the {@code command}
 * block): {@code --resume} reruns it, {@code merge} compares it, {@code history} names the machine from it. One typed
 * value, read and written here alone: the part both commands share ({@link Shared}), and the part of the one that wrote
 * it — {@link Run} or {@link Tune} (the block's {@value #TUNE} entry; a tuning run writes no run part, only the empty
 * {@code gc} and {@code jvmArgs} every run records). Immutable, hence thread-safe.
 *
 * <p>The block's form is kept: a file written before a field existed reads as "not given" (an empty list, no limit),
 * and a list that is empty is written only where every version wrote it. The CPU list to pin to, recorded before
 * {@code --cpus} meant a quota as a string {@code cpus}, is read as the {@code cpuset}.
 *
 * @param run {@code run}'s own options, or null for a tuning run's command (or none recorded)
 * @param tune {@code tune}'s own options, or null for a run's
 * @param more the block's entries this model does not name, in file order
 */
public record Command(Shared shared, Run run, Tune tune, Map<String, Object> more) {
    /** The entry that holds {@code tune}'s own options, and marks a tuning run. */
    public static final String TUNE = "tune";
    /** No command recorded (a result set built in code, or a file that has no block): written as none. */
    public static final Command NONE = new Command(Shared.NONE, null, null, Map.of());

    public Command {
        shared = shared == null ? Shared.NONE : shared;
        more = JsonValues.copy(more);
    }

    /** The CPU and memory limits the JVMs under test ran inside ({@code --cpus}, {@code --memory}, {@code --cpuset}). */
    public record Container(Double cpus, Long memoryBytes, String cpuset) {
        /** No limit: the host. */
        public static final Container NONE = new Container(null, null, null);
    }

    /**
     * The options {@code run} and {@code tune} share.
     *
     * @param workloads the workloads named ({@code tune}: the one tuned)
     * @param jdk the {@code --jdk} selectors as given
     * @param jdkHomes the homes they resolved to (empty in files that predate them)
     * @param variants the workloads' own variants ({@code --variant})
     * @param inheritJavaEnv {@code --inherit-java-env}
     * @param workloadJars {@code --workload-jar}, as given
     * @param workloadClasspath {@code --workload-classpath}, as given
     * @param tasks {@code --task} classes
     * @param shard the slice of the plan ("1/2"), or null for the whole plan
     */
    public record Shared(List<String> workloads, List<String> jdk, List<String> jdkHomes, List<String> params,
                         List<String> variants, Container container, boolean inheritJavaEnv, List<String> workloadJars,
                         List<String> workloadClasspath, List<String> tasks, String shard) {
        static final Shared NONE = new Shared(List.of(), List.of(), List.of(), List.of(), List.of(), Container.NONE, false,
                List.of(), List.of(), List.of(), null);

        public Shared {
            workloads = List.copyOf(workloads);
            jdk = List.copyOf(jdk);
            jdkHomes = List.copyOf(jdkHomes);
            params = List.copyOf(params);
            variants = List.copyOf(variants);
            container = container == null ? Container.NONE : container;
            workloadJars = List.copyOf(workloadJars);
            workloadClasspath = List.copyOf(workloadClasspath);
            tasks = List.copyOf(tasks);
        }

        /** This part naming {@code names} the workloads. */
        public Shared withWorkloads(List<String> names) {
            return new Shared(names, jdk, jdkHomes, params, variants, container, inheritJavaEnv, workloadJars,
                    workloadClasspath, tasks, shard);
        }

        /** This part with the JDK homes its {@code --jdk} selectors resolved to. */
        public Shared withJdkHomes(List<String> homes) {
            return new Shared(workloads, jdk, homes, params, variants, container, inheritJavaEnv, workloadJars,
                    workloadClasspath, tasks, shard);
        }

        /** This part as the slice {@code label} of its plan (null: the whole plan). */
        public Shared withShard(String label) {
            return new Shared(workloads, jdk, jdkHomes, params, variants, container, inheritJavaEnv, workloadJars,
                    workloadClasspath, tasks, label);
        }
    }

    /**
     * {@code run}'s own options.
     *
     * @param forks the forks a row starts with, or null when not recorded
     * @param forksAuto {@code --forks auto}: more forks only where a question is open, up to {@code maxForks}
     * @param adaptiveBudgetSeconds the seconds adaptive forks may use in all, fixed when the run began, or null
     * @param budget {@code --budget} as its label, or null
     * @param budgetRows the rows that budget kept (null without a budget)
     * @param instruments the instruments' titles (recorded, not compared)
     */
    public record Run(List<String> gc, List<String> jvmArgs, Integer forks, boolean forksAuto, Integer maxForks,
                      Long adaptiveBudgetSeconds, String budget, List<String> budgetRows, boolean allVariants,
                      List<String> instruments) {
        /** Nothing recorded: one fixed fork, as files before {@code forks} was recorded read. */
        public static final Run NONE = new Run(List.of(), List.of(), null, false, null, null, null, null, false, List.of());

        public Run {
            gc = List.copyOf(gc);
            jvmArgs = List.copyOf(jvmArgs);
            budgetRows = budgetRows == null ? null : List.copyOf(budgetRows);
            instruments = List.copyOf(instruments);
        }
    }

    /**
     * {@code tune}'s own options (the {@value #TUNE} entry).
     *
     * @param objective the figure optimised, resolved
     * @param baseline the user's own flags raced beside the default, or null
     * @param budget the race's budget as its label
     * @param threshold the practical threshold of the judgements, as a fraction
     */
    public record Tune(List<String> space, String objective, List<String> constraints, String baseline, String budget,
                       double threshold) {
        public Tune {
            space = List.copyOf(space);
            constraints = List.copyOf(constraints);
        }
    }

    /** Whether a {@code tune} wrote it. */
    public boolean tuning() {
        return tune != null;
    }

    /** This command as the slice {@code label} of its plan (null: the whole plan, as {@code merge} records it). */
    public Command withShard(String label) {
        return new Command(shared.withShard(label), run, tune, more);
    }

    /**
     * The command a block holds (plain JSON values, as read); an empty or missing block is {@link #NONE}.
     *
     * @param block the {@code command} object, or null
     */
    public static Command of(Map<String, Object> block) {
        if (block == null || block.isEmpty()) {
            return NONE;
        }
        Map<String, Object> more = new LinkedHashMap<>(block);
        Object cpus = more.remove("cpus");
        Object memory = more.remove("memoryBytes");
        Object cpuset = more.remove("cpuset");
        Container container = new Container(cpus instanceof Number n ? n.doubleValue() : null,
                memory instanceof Number n ? n.longValue() : null,
                cpuset instanceof String s ? s : cpus instanceof String s ? s : null);
        Shared shared = new Shared(strings(more.remove("workloads")), strings(more.remove("jdk")),
                strings(more.remove("jdkHomes")), strings(more.remove("params")), strings(more.remove("variants")), container,
                Boolean.TRUE.equals(more.remove("inheritJavaEnv")), strings(more.remove("workloadJars")),
                strings(more.remove("workloadClasspath")), strings(more.remove("tasks")),
                more.remove("shard") instanceof String s ? s : null);
        List<String> gc = strings(more.remove("gc"));
        List<String> jvmArgs = strings(more.remove("jvmArgs"));
        if (more.get(TUNE) instanceof Map<?, ?> t) {
            more.remove(TUNE);
            Tune tune = new Tune(strings(t.get("space")), t.get("objective") == null ? null : String.valueOf(t.get("objective")),
                    strings(t.get("constraints")), t.get("baseline") instanceof String b ? b : null,
                    t.get("budget") == null ? null : String.valueOf(t.get("budget")),
                    t.get("threshold") instanceof Number n ? n.doubleValue() : DEFAULT_THRESHOLD);
            return new Command(shared, null, tune, more);
        }
        Object budget = more.remove("budget");
        Object rows = more.remove("budgetRows");
        Run run = new Run(gc, jvmArgs, more.remove("forks") instanceof Number n ? n.intValue() : null,
                Boolean.TRUE.equals(more.remove("forksAuto")), more.remove("maxForks") instanceof Number n ? n.intValue() : null,
                more.remove("adaptiveBudgetSeconds") instanceof Number n ? n.longValue() : null,
                budget instanceof String b ? b : null, rows instanceof List<?> ? strings(rows) : null,
                Boolean.TRUE.equals(more.remove("allVariants")), strings(more.remove("instruments")));
        return new Command(shared, run, null, more);
    }

    /** The threshold a tuning run's block without one was judged at (5 %). */
    static final double DEFAULT_THRESHOLD = 0.05;

    /** The {@code command} block of the file, as plain JSON values; empty for {@link #NONE}. */
    public Map<String, Object> toJson() {
        Map<String, Object> c = new LinkedHashMap<>();
        if (equals(NONE)) {
            return c;
        }
        Shared s = shared;
        c.put("workloads", s.workloads());
        c.put("jdk", s.jdk());
        c.put("params", s.params());
        c.put("gc", run == null ? List.of() : run.gc());
        c.put("jvmArgs", run == null ? List.of() : run.jvmArgs());
        putUnlessEmpty(c, "variants", s.variants());
        putUnlessEmpty(c, "jdkHomes", s.jdkHomes());
        if (run != null) {
            putUnlessNull(c, "forks", run.forks());
            if (run.forksAuto()) {
                c.put("forksAuto", true);
                c.put("maxForks", run.maxForks());
            }
            putUnlessNull(c, "adaptiveBudgetSeconds", run.adaptiveBudgetSeconds());
            if (run.budget() != null) {
                c.put("budget", run.budget());
                c.put("budgetRows", run.budgetRows() == null ? List.of() : run.budgetRows());
            }
            if (run.allVariants()) {
                c.put("allVariants", true);
            }
        }
        c.put("cpus", s.container().cpus());
        putUnlessNull(c, "memoryBytes", s.container().memoryBytes());
        putUnlessNull(c, "cpuset", s.container().cpuset());
        if (s.inheritJavaEnv()) {
            c.put("inheritJavaEnv", true);
        }
        if (run != null) {
            putUnlessEmpty(c, "instruments", run.instruments());
        }
        putUnlessNull(c, "shard", s.shard());
        putUnlessEmpty(c, "workloadJars", s.workloadJars());
        putUnlessEmpty(c, "workloadClasspath", s.workloadClasspath());
        putUnlessEmpty(c, "tasks", s.tasks());
        if (tune != null) {
            Map<String, Object> t = new LinkedHashMap<>();
            t.put("space", tune.space());
            t.put("objective", tune.objective());
            t.put("constraints", tune.constraints());
            putUnlessNull(t, "baseline", tune.baseline());
            t.put("budget", tune.budget());
            t.put("threshold", tune.threshold());
            c.put(TUNE, t);
        }
        c.putAll(more);
        return c;
    }

    private static void putUnlessNull(Map<String, Object> c, String key, Object value) {
        if (value != null) {
            c.put(key, value);
        }
    }

    private static void putUnlessEmpty(Map<String, Object> c, String key, List<String> value) {
        if (!value.isEmpty()) {
            c.put(key, value);
        }
    }

    private static List<String> strings(Object o) {
        List<String> out = new ArrayList<>();
        if (o instanceof List<?> l) {
            l.forEach(v -> out.add(String.valueOf(v)));
        }
        return out;
    }
}
