package org.jvmmark.runner.cli;

import java.nio.file.Path;
import org.jvmmark.results.TrialContainer;
import org.jvmmark.runner.fork.ContainerLimits;
import org.jvmmark.runner.plan.ResumeSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;

/**
 * The container options {@code run} and {@code tune} share ({@code --cpus}, {@code --memory}, {@code --cpuset}), a
 * picocli mixin read into one {@link ContainerLimits}. Not thread-safe: one instance per command line.
 */
public final class ContainerOptions {
    @Option(names = "--cpus", paramLabel = "N", description = "Run the JVM under test (a client/server workload's server) inside"
            + " a CPU quota of N CPUs, as docker run --cpus (e.g. 1, 1.5): a cgroup per trial; where there is no cgroup cpu"
            + " controller, a whole N pins it to N CPUs instead.")
    private String cpus;

    @Option(names = "--memory", paramLabel = "SIZE", description = "Run the JVM under test inside a memory limit, as docker run"
            + " --memory (e.g. 512m, 2g): a cgroup per trial.")
    private String memory;

    @Option(names = "--cpuset", paramLabel = "LIST", description = "Pin the JVM under test to these CPUs (taskset -c syntax, e.g. 1"
            + " or 2-3); a client/server workload's driver gets the others.")
    private String cpuset;

    /** The limits given, checked into one-line errors. */
    public ContainerLimits limits() {
        return ContainerLimits.parse(cpus, memory, cpuset);
    }

    /** With {@code --resume}: each of these options given again must repeat what {@code file} recorded. */
    void refuseOther(ParseResult given, Path file, ContainerLimits recorded) {
        ContainerLimits now = limits();
        if (given.hasMatchedOption("--cpus")) {
            ResumeSpec.refuseOther(file, "--cpus", now.cpus() == null ? null : TrialContainer.cpus(now.cpus()),
                    recorded.cpus() == null ? null : TrialContainer.cpus(recorded.cpus()));
        }
        if (given.hasMatchedOption("--memory")) {
            ResumeSpec.refuseOther(file, "--memory", now.memoryBytes() == null ? null : TrialContainer.mib(now.memoryBytes()),
                    recorded.memoryBytes() == null ? null : TrialContainer.mib(recorded.memoryBytes()));
        }
        if (given.hasMatchedOption("--cpuset")) {
            ResumeSpec.refuseOther(file, "--cpuset", now.cpuset(), recorded.cpuset());
        }
    }
}
