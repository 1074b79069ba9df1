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
 * @param workload the workload tuned
 * @param jdk the {@code --jdk} selectors as given
 * @param jdkHomes the homes they resolved to (empty until resolved)
 * @param variant the workload's own variant tuned ({@code --variant}), or null
 * @param space the {@code --space} entries
 * @param objective the figure optimised, resolved ({@code "endToEnd p50"})
 * @param constraints the {@code --constraint} entries
 * @param baseline the user's own flags ({@code --baseline}), raced beside the default; null without
 * @param budget {@code --budget} as its label
 * @param container the container every trial's JVM under test runs inside ({@code --cpus}, {@code --memory},
 *     {@code --cpuset}; {@link ContainerLimits#NONE} for the host)
 * @param inheritJavaEnv {@code --inherit-java-env}: the JVMs under test get the caller's {@code JAVA_TOOL_OPTIONS} and the like
 */
public record TuneOptions(String workload, List<String> jdk, List<String> jdkHomes, String profile, List<String> params,
                          String variant, List<String> space, String objective, List<String> constraints, String baseline, String budget,
                          double threshold, List<String> workloadJars, List<String> workloadClasspath, List<String> tasks,
                          ContainerLimits container, boolean inheritJavaEnv) {
    public TuneOptions {
        jdk = List.copyOf(jdk);
        jdkHomes = List.copyOf(jdkHomes);
        params = List.copyOf(params);
        space = List.copyOf(space);
        constraints = List.copyOf(constraints);
        workloadJars = List.copyOf(workloadJars);
        workloadClasspath = List.copyOf(workloadClasspath);
        tasks = List.copyOf(tasks);
        container = container == null ? ContainerLimits.NONE : container;
    }

    /**
     * These options with the JDK homes and the objective resolved: the user's objective, else the workload's declared
     * one, else its headline figure; the user's constraints, else the workload's declared ones.
     */
    public TuneOptions resolved(List<String> homes, WorkloadInfo info, String headline) {
        String chosen = objective != null ? objective : info.tuneObjective() != null ? info.tuneObjective() : headline;
        List<String> bounds = constraints.isEmpty() ? info.tuneConstraints() : constraints;
        return new TuneOptions(workload, jdk, homes, profile, params, variant, space, chosen, bounds, baseline, budget,
                threshold, workloadJars, workloadClasspath, tasks, container, inheritJavaEnv);
    }

    /** These options naming the workload tuned (a {@code --task} by its own name). */
    public TuneOptions withWorkload(String name) {
        return new TuneOptions(name, jdk, jdkHomes, profile, params, variant, space, objective, constraints, baseline, budget,
                threshold, workloadJars, workloadClasspath, tasks, container, inheritJavaEnv);
    }

    /** The {@code --jdk} selectors that find the same JDKs: the recorded homes when there are some. */
    public List<String> jdkSelectors() {
        return jdkHomes.isEmpty() ? jdk : jdkHomes;
    }

    /** Whether {@code results} is a tuning run's. */
    public static boolean isTuning(Results results) {
        return results.command().tuning();
    }

    /** The {@code command} block of {@code results.json}. */
    public Command command() {
        return new Command(new Command.Shared(List.of(workload), jdk, jdkHomes, params, variant == null ? List.of() : List.of(variant),
                container.recorded(), inheritJavaEnv, workloadJars, workloadClasspath, tasks, null), null,
                new Command.Tune(space, objective, constraints, baseline, budget, threshold), Map.of());
    }

    /** The options a tuning run's {@code results.json} recorded. */
    public static TuneOptions recorded(Results results) {
        Command.Shared s = results.command().shared();
        Command.Tune t = results.command().tune();
        return new TuneOptions(s.workloads().isEmpty() ? null : s.workloads().get(0), s.jdk(), s.jdkHomes(), results.profile(),
                s.params(), s.variants().isEmpty() ? null : s.variants().get(0), t.space(), t.objective(), t.constraints(),
                t.baseline(), t.budget(), t.threshold(), s.workloadJars(), s.workloadClasspath(), s.tasks(),
                ContainerLimits.of(s.container()), s.inheritJavaEnv());
    }
}
