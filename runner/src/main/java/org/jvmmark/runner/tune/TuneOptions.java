package org.jvmmark.runner.tune;

import java.util.List;
import java.util.Map;
import org.jvmmark.api.WorkloadInfo;
import org.jvmmark.results.Command;
import org.jvmmark.results.Results;
import org.jvmmark.runner.fork.ContainerLimits;

/**
 * What {@code jvmmark tune} was asked to do, as one immutable value: from the command line, or with {@code --resume}
 * from the results file's recorded {@code command} block, which {@link #command()} writes (its {@code tune} entry,
 * beside the keys every run records, so that {@code merge} and {@code history} read a tuning run as any run).
 *
 * @param shared the options {@code tune} shares with {@code run}, as the results file records them: the workload tuned
 *     (its one entry), the {@code --jdk} selectors and the homes they resolved to (empty until resolved), the
 *     {@code --param} values, the workload's own variant tuned (its one entry, or none), the container every trial's JVM
 *     under test runs inside ({@code --cpus}, {@code --memory}, {@code --cpuset}), {@code --inherit-java-env}, and the
 *     user's jars, classpath entries and {@code --task} classes
 * @param space the {@code --space} entries
 * @param objective the figure optimised, resolved ({@code "endToEnd p50"})
 * @param constraints the {@code --constraint} entries
 * @param baseline the user's own flags ({@code --baseline}), raced beside the default; null without
 * @param budget {@code --budget} as its label
 */
public record TuneOptions(Command.Shared shared, String profile, List<String> space, String objective, List<String> constraints,
                          String baseline, String budget, double threshold) {
    public TuneOptions {
        shared = shared == null ? Command.NONE.shared() : shared;
        space = List.copyOf(space);
        constraints = List.copyOf(constraints);
    }

    /**
     * The options from their parts: the shared ones one by one ({@code container} {@link ContainerLimits#NONE} or null
     * for the host, {@code workload} and {@code variant} null for none).
     */
    public TuneOptions(String workload, List<String> jdk, List<String> jdkHomes, String profile, List<String> params,
                       String variant, List<String> space, String objective, List<String> constraints, String baseline,
                       String budget, double threshold, List<String> workloadJars, List<String> workloadClasspath,
                       List<String> tasks, ContainerLimits container, boolean inheritJavaEnv) {
        this(new Command.Shared(workload == null ? List.of() : List.of(workload), jdk, jdkHomes, params,
                variant == null ? List.of() : List.of(variant), (container == null ? ContainerLimits.NONE : container).recorded(),
                inheritJavaEnv, workloadJars, workloadClasspath, tasks, null), profile, space, objective, constraints, baseline,
                budget, threshold);
    }

    /** The workload tuned, or null before it is known. */
    public String workload() {
        return shared.workloads().isEmpty() ? null : shared.workloads().get(0);
    }

    /** The workload's own variant tuned ({@code --variant}), or null. */
    public String variant() {
        return shared.variants().isEmpty() ? null : shared.variants().get(0);
    }

    /** The JDK homes the {@code --jdk} selectors resolved to (empty until resolved). */
    public List<String> jdkHomes() {
        return shared.jdkHomes();
    }

    /** The container every trial's JVM under test runs inside ({@link ContainerLimits#NONE} for the host). */
    public ContainerLimits container() {
        return ContainerLimits.of(shared.container());
    }

    /**
     * These options with the JDK homes and the objective resolved: the user's objective, else the workload's declared
     * one, else its headline figure; the user's constraints, else the workload's declared ones.
     */
    public TuneOptions resolved(List<String> homes, WorkloadInfo info, String headline) {
        String chosen = objective != null ? objective : info.tuneObjective() != null ? info.tuneObjective() : headline;
        List<String> bounds = constraints.isEmpty() ? info.tuneConstraints() : constraints;
        return new TuneOptions(shared.withJdkHomes(homes), profile, space, chosen, bounds, baseline, budget, threshold);
    }

    /** These options naming the workload tuned (a {@code --task} by its own name). */
    public TuneOptions withWorkload(String name) {
        return new TuneOptions(shared.withWorkloads(List.of(name)), profile, space, objective, constraints, baseline, budget,
                threshold);
    }

    /** The {@code --jdk} selectors that find the same JDKs: the recorded homes when there are some. */
    public List<String> jdkSelectors() {
        return shared.jdkHomes().isEmpty() ? shared.jdk() : shared.jdkHomes();
    }

    /** Whether {@code results} is a tuning run's. */
    public static boolean isTuning(Results results) {
        return results.command().tuning();
    }

    /** The {@code command} block of {@code results.json}. */
    public Command command() {
        return new Command(shared.withShard(null), null, new Command.Tune(space, objective, constraints, baseline, budget, threshold),
                Map.of());
    }

    /** The options a tuning run's {@code results.json} recorded. */
    public static TuneOptions recorded(Results results) {
        Command.Tune t = results.command().tune();
        return new TuneOptions(results.command().shared(), results.profile(), t.space(), t.objective(), t.constraints(),
                t.baseline(), t.budget(), t.threshold());
    }
}
