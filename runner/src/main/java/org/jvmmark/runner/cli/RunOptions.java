package org.jvmmark.runner.cli;

import java.util.List;
import java.util.Map;
import org.jvmmark.results.Command;
import org.jvmmark.results.Results;
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
        Command c = results.command();
        Command.Shared s = c.shared();
        Command.Run run = c.run() == null ? Command.Run.NONE : c.run();
        ForkPolicy forks = ForkPolicy.recorded(run);
        return new RunOptions(s.workloads(), s.jdk(), s.jdkHomes(), results.profile(), s.params(), run.gc(), run.jvmArgs(),
                s.variants(), forks.label(), forks.adaptive() ? forks.maxForks() : null, run.budget(), run.allVariants(),
                ContainerLimits.of(s.container()), s.shard(), s.workloadJars(), s.workloadClasspath(), s.tasks(),
                run.instruments(), run.adaptiveBudgetSeconds(), run.budgetRows(),
                s.inheritJavaEnv());
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
     * The {@code command} block of {@code results.json}: what {@code --resume} reruns and {@code merge} compares. The
     * profile is the file's own field, not part of it.
     */
    public Command command() {
        ForkPolicy policy = forkPolicy();
        Command.Run run = new Command.Run(gc, jvmArgs, policy.base(), policy.adaptive(), policy.adaptive() ? policy.maxForks() : null,
                adaptiveBudgetSeconds, budget, budget == null ? null : budgetRows == null ? List.of() : budgetRows, allVariants,
                instruments);
        return new Command(new Command.Shared(workloads, jdk, jdkHomes, params, variants, container.recorded(), inheritJavaEnv,
                workloadJars, workloadClasspath, tasks, shard), run, null, Map.of());
    }
}
