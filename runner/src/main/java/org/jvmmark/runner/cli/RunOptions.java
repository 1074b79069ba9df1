package org.jvmmark.runner.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jvmmark.results.Results;
import org.jvmmark.runner.base.ChildEnvironment;
import org.jvmmark.runner.fork.ContainerLimits;
import org.jvmmark.runner.plan.ForkPolicy;

/**
 * What {@code jvmmark run} was asked to do, as one immutable value: built from the command line by
 * {@link RunCommand}, or from a results file's recorded {@code command} by {@link #recorded} — as JMH's
 * {@code Options} is by {@code CommandLineOptions} and {@code OptionsBuilder}. The run reads only this;
 * {@code --resume} takes the recorded value whole (after refusing any option given again with another
 * value), and {@link #command()} is what the file records, so a resumed run records the same command.
 * Immutable, hence thread-safe.
 *
 * @param workloads the workloads named (empty: the standard set, or the user's own when given)
 * @param jdk the {@code --jdk} selectors as given
 * @param jdkHomes the JDK homes those selectors resolved to (empty until resolved, and in files that predate them)
 * @param params the {@code --param} values as given
 * @param gc the collectors asked for ({@code --gc})
 * @param jvmArgs one entry per {@code --jvm-args} variant
 * @param variants the workloads' own variants asked for ({@code --variant})
 * @param forks {@code --forks} as {@link ForkPolicy} reads it: a number, {@code auto}, or null for the profile's default
 * @param maxForks {@code --max-forks}, or null (the default cap; fixed forks have none)
 * @param budget {@code --budget} as its label, or null
 * @param allVariants {@code --all-variants}: every variant, not only each workload's default set
 * @param container the container the JVM under test runs inside ({@code --cpus} quota, {@code --memory} limit,
 *     {@code --cpuset} CPUs; {@link ContainerLimits#NONE} for the host)
 * @param shard the slice of the plan ("1/2", as its label), or null for the whole plan
 * @param workloadJars the user's workload jars ({@code --workload-jar})
 * @param workloadClasspath the user's classpath entries
 * @param tasks the user's bare {@code LatencyTask} classes ({@code --task})
 * @param instruments the titles of the instruments attached (recorded, not compared)
 * @param adaptiveBudgetSeconds the seconds adaptive forks may use in all, fixed when the run began (null until then, or
 *     when forks are fixed)
 * @param budgetRows the rows {@code --budget} kept when the run began (null without a budget): a resumed run keeps them
 * @param inheritJavaEnv {@code --inherit-java-env}: the JVMs under test get the caller's {@code JAVA_TOOL_OPTIONS} and the like
 */
public record RunOptions(List<String> workloads, List<String> jdk, List<String> jdkHomes, String profile, List<String> params,
                         List<String> gc, List<String> jvmArgs, List<String> variants, String forks, Integer maxForks, String budget,
                         boolean allVariants, ContainerLimits container, String shard, List<String> workloadJars,
                         List<String> workloadClasspath, List<String> tasks, List<String> instruments, Long adaptiveBudgetSeconds,
                         List<String> budgetRows, boolean inheritJavaEnv) {

    public RunOptions {
        container = container == null ? ContainerLimits.NONE : container;
        workloads = List.copyOf(workloads);
        jdk = List.copyOf(jdk);
        jdkHomes = List.copyOf(jdkHomes);
        params = List.copyOf(params);
        gc = List.copyOf(gc);
        jvmArgs = List.copyOf(jvmArgs);
        variants = List.copyOf(variants);
        workloadJars = List.copyOf(workloadJars);
        workloadClasspath = List.copyOf(workloadClasspath);
        tasks = List.copyOf(tasks);
        instruments = List.copyOf(instruments);
        budgetRows = budgetRows == null ? null : List.copyOf(budgetRows);
    }

    /** The command a results file records (its {@code command} block) with the file's {@code profile}. */
    public static RunOptions recorded(Results results) {
        Map<String, Object> c = results.command();
        ForkPolicy forks = ForkPolicy.recorded(c);
        Object shard = c.get("shard");
        Object adaptiveBudget = c.get("adaptiveBudgetSeconds");
        return new RunOptions(strings(c, "workloads"), strings(c, "jdk"), strings(c, "jdkHomes"), results.profile(),
                strings(c, "params"), strings(c, "gc"), strings(c, "jvmArgs"), strings(c, "variants"), forks.label(),
                forks.adaptive() ? forks.maxForks() : null, c.get("budget") instanceof String b ? b : null,
                Boolean.TRUE.equals(c.get("allVariants")), ContainerLimits.recorded(c),
                shard instanceof String s ? s : null, strings(c, "workloadJars"), strings(c, "workloadClasspath"),
                strings(c, "tasks"), strings(c, "instruments"), adaptiveBudget instanceof Number n ? n.longValue() : null,
                c.get("budgetRows") instanceof List<?> ? strings(c, "budgetRows") : null, ChildEnvironment.recorded(c));
    }

    /** The {@code --jdk} selectors that find the same JDKs: the recorded homes when there are some. */
    public List<String> jdkSelectors() {
        return jdkHomes.isEmpty() ? jdk : jdkHomes;
    }

    /**
     * These options with what the run resolved: the JDK homes, the fork policy, the slice's label, the
     * adaptive forks' budget and the rows a {@code --budget} kept.
     */
    public RunOptions resolved(List<String> homes, ForkPolicy policy, String shardLabel, Long adaptiveSeconds, List<String> rows) {
        return new RunOptions(workloads, jdk, homes, profile, params, gc, jvmArgs, variants, policy.label(),
                policy.adaptive() ? policy.maxForks() : null, budget, allVariants, container, shardLabel, workloadJars,
                workloadClasspath, tasks, instruments, adaptiveSeconds, rows, inheritJavaEnv);
    }

    /** These options with the instruments' titles, as the run attached them. */
    public RunOptions withInstruments(List<String> titles) {
        return new RunOptions(workloads, jdk, jdkHomes, profile, params, gc, jvmArgs, variants, forks, maxForks, budget,
                allVariants, container, shard, workloadJars, workloadClasspath, tasks, titles, adaptiveBudgetSeconds, budgetRows,
                inheritJavaEnv);
    }

    /** The fork policy these options ask for on their profile. */
    public ForkPolicy forkPolicy() {
        return ForkPolicy.parse(forks, maxForks, profile, budget != null || mainJob());
    }

    /** The main job, {@code ./jvmmark run} with no workload named and profile quick: it has a budget without --budget. */
    public boolean mainJob() {
        return workloads.isEmpty() && workloadJars.isEmpty() && workloadClasspath.isEmpty() && tasks.isEmpty() && shard == null
                && "quick".equals(profile);
    }

    /**
     * The {@code command} block of {@code results.json}, as plain values: what {@code --resume} reruns and
     * {@code merge} compares. The profile is the file's own field, not part of it.
     */
    public Map<String, Object> command() {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("workloads", workloads);
        c.put("jdk", jdk);
        c.put("params", params);
        c.put("gc", gc);
        c.put("jvmArgs", jvmArgs);
        c.put("variants", variants);
        c.put("jdkHomes", jdkHomes);
        forkPolicy().record(c);
        if (adaptiveBudgetSeconds != null) {
            c.put("adaptiveBudgetSeconds", adaptiveBudgetSeconds);
        }
        if (budget != null) {
            c.put("budget", budget);
            c.put("budgetRows", budgetRows == null ? List.of() : budgetRows);
        }
        if (allVariants) {
            c.put("allVariants", true);
        }
        container.record(c);
        ChildEnvironment.record(c, inheritJavaEnv);
        if (!instruments.isEmpty()) {
            c.put("instruments", instruments);
        }
        if (shard != null) {
            c.put("shard", shard);
        }
        c.put("workloadJars", workloadJars);
        c.put("workloadClasspath", workloadClasspath);
        c.put("tasks", tasks);
        return c;
    }

    private static List<String> strings(Map<String, Object> command, String key) {
        List<String> out = new ArrayList<>();
        if (command.get(key) instanceof List<?> l) {
            l.forEach(v -> out.add(String.valueOf(v)));
        }
        return out;
    }
}
