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
 * @param shared the options {@code run} shares with {@code tune}, as the results file records them: the workloads named
 *     (empty: the standard set, or the user's own when given), the {@code --jdk} selectors and the homes they resolved to
 *     (empty until resolved, and in files that predate them), the {@code --param} values, the workloads' own variants
 *     ({@code --variant}), the container ({@code --cpus}, {@code --memory}, {@code --cpuset}), {@code --inherit-java-env},
 *     the user's jars, classpath entries and {@code --task} classes, and the slice of the plan ("1/2", or null)
 * @param gc the collectors asked for ({@code --gc})
 * @param jvmArgs one entry per {@code --jvm-args} variant
 * @param forks {@code --forks} as {@link ForkPolicy} reads it: a number, {@code auto}, or null for the profile's default
 * @param maxForks {@code --max-forks}, or null (the default cap; fixed forks have none)
 * @param budget {@code --budget} as its label, or null
 * @param allVariants {@code --all-variants}: every variant, not only each workload's default set
 * @param instruments the titles of the instruments attached (recorded, not compared)
 * @param adaptiveBudgetSeconds the seconds adaptive forks may use in all, fixed when the run began (null until then, or
 *     when forks are fixed)
 * @param budgetRows the rows {@code --budget} kept when the run began (null without a budget): a resumed run keeps them
 */
public record RunOptions(Command.Shared shared, String profile, List<String> gc, List<String> jvmArgs, String forks,
                         Integer maxForks, String budget, boolean allVariants, List<String> instruments,
                         Long adaptiveBudgetSeconds, List<String> budgetRows) {

    public RunOptions {
        shared = shared == null ? Command.NONE.shared() : shared;
        gc = List.copyOf(gc);
        jvmArgs = List.copyOf(jvmArgs);
        instruments = List.copyOf(instruments);
        budgetRows = budgetRows == null ? null : List.copyOf(budgetRows);
    }

    /** The command a results file records (its {@code command} block) with the file's {@code profile}. */
    public static RunOptions recorded(Results results) {
        Command c = results.command();
        Command.Run run = c.run() == null ? Command.Run.NONE : c.run();
        ForkPolicy forks = ForkPolicy.recorded(run);
        return new RunOptions(c.shared(), results.profile(), run.gc(), run.jvmArgs(), forks.label(),
                forks.adaptive() ? forks.maxForks() : null, run.budget(), run.allVariants(), run.instruments(),
                run.adaptiveBudgetSeconds(), run.budgetRows());
    }

    /** The container the JVM under test runs inside ({@link ContainerLimits#NONE} for the host). */
    public ContainerLimits container() {
        return ContainerLimits.of(shared.container());
    }

    /** The {@code --jdk} selectors that find the same JDKs: the recorded homes when there are some. */
    public List<String> jdkSelectors() {
        return shared.jdkHomes().isEmpty() ? shared.jdk() : shared.jdkHomes();
    }

    /**
     * These options with what the run resolved: the JDK homes, the fork policy, the slice's label, the
     * adaptive forks' budget and the rows a {@code --budget} kept.
     */
    public RunOptions resolved(List<String> homes, ForkPolicy policy, String shardLabel, Long adaptiveSeconds, List<String> rows) {
        return new RunOptions(shared.withJdkHomes(homes).withShard(shardLabel), profile, gc, jvmArgs, policy.label(),
                policy.adaptive() ? policy.maxForks() : null, budget, allVariants, instruments, adaptiveSeconds, rows);
    }

    /** These options with the instruments' titles, as the run attached them. */
    public RunOptions withInstruments(List<String> titles) {
        return new RunOptions(shared, profile, gc, jvmArgs, forks, maxForks, budget, allVariants, titles, adaptiveBudgetSeconds,
                budgetRows);
    }

    /** The fork policy these options ask for on their profile. */
    public ForkPolicy forkPolicy() {
        return ForkPolicy.parse(forks, maxForks, profile, budget != null || mainJob());
    }

    /** The main job, {@code ./jvmmark run} with no workload named and profile quick: it has a budget without --budget. */
    public boolean mainJob() {
        return shared.workloads().isEmpty() && shared.workloadJars().isEmpty() && shared.workloadClasspath().isEmpty()
                && shared.tasks().isEmpty() && shared.shard() == null && "quick".equals(profile);
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
        return new Command(shared, run, null, Map.of());
    }
}
