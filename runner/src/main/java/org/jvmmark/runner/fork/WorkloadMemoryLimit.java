package org.jvmmark.runner.fork;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.jvmmark.results.TrialContainer;
import org.jvmmark.runner.base.UserException;

/**
 * A workload's own memory limit (the parameter {@value #PARAM}, queue-large's: the queue must outgrow memory) given to
 * the JVM under test by the runner on a cgroup v2 host, through the very path {@code --memory} takes there ({@link
 * Container#prepare}: a cgroup of its own per launch, from the runner's cgroup or a leaf the runner moved into, else a
 * transient systemd scope with {@code MemoryMax=}). The JVM cannot do it itself on v2: its cgroup holds it, and cgroup
 * v2 gives no controller to the children of a cgroup with processes. On cgroup v1 (or without a memory controller)
 * nothing is done here: the workload makes its own child cgroup there, as it always did. With {@code --memory} as well,
 * the smaller limit holds. The trial's {@code container} block then says so, with what the JVM chose inside it. Where neither path works, the trial runs without and is told why in one line that ends with
 * the command to run; the workload then says what it could not do.
 *
 * <p>Thread-safe: the containers prepared are kept per limit in a concurrent map.
 */
final class WorkloadMemoryLimit {
    /** The workload parameter that is a memory limit for its JVM (a size, or {@code none}). */
    static final String PARAM = "memoryLimit";

    /** The container a trial runs in, and why its workload's limit is not there (null when it is, or none was asked). */
    record ForTrial(Container container, String refused) {
    }

    private final Container run;
    private final boolean memoryOnV2;
    private final Function<ContainerLimits, Container> prepare;
    private final Map<Long, Optional<Container>> prepared = new ConcurrentHashMap<>();
    private final Map<Long, String> refusals = new ConcurrentHashMap<>();

    /**
     * @param run the run's own container ({@code --cpus/--memory/--cpuset})
     * @param memoryOnV2 whether the memory controller here is cgroup v2's
     * @param prepare what makes limits into a container on this host ({@link Container#prepare(ContainerLimits)})
     */
    WorkloadMemoryLimit(Container run, boolean memoryOnV2, Function<ContainerLimits, Container> prepare) {
        this.run = run;
        this.memoryOnV2 = memoryOnV2;
        this.prepare = prepare;
    }

    /** On this machine. */
    static WorkloadMemoryLimit current(Container run) {
        CgroupHost.Controller memory = CgroupHost.current().memory();
        return new WorkloadMemoryLimit(run, memory != null && memory.v2(), Container::prepare);
    }

    /** The container for a trial with {@code params}: the run's, or the run's with the workload's memory limit. */
    ForTrial of(Map<String, String> params) {
        Long bytes = bytes(params.get(PARAM));
        if (!memoryOnV2 || bytes == null) {
            return new ForTrial(run, null);
        }
        Long asked = run.limits().memoryBytes();
        long limit = asked == null ? bytes : Math.min(asked, bytes);
        Optional<Container> c = prepared.computeIfAbsent(limit, l -> {
            try {
                return Optional.of(prepare.apply(new ContainerLimits(run.limits().cpus(), l, run.limits().cpuset())));
            } catch (UserException e) {
                // "--memory 384 MiB: cgroup v2 at ... cannot hand memory ...; run: ..." with the workload's name for it
                refusals.put(l, PARAM + "=" + TrialContainer.mib(bytes) + " is not applied by the runner: "
                        + e.getMessage().replaceFirst("^[^:]*: ", ""));
                return Optional.empty();
            }
        });
        return new ForTrial(c.orElse(run), refusals.get(limit));
    }

    /** The limit a value of {@value #PARAM} asks for in bytes; null for none, or for a value the workload reads itself. */
    static Long bytes(String value) {
        if (value == null || value.isBlank() || value.trim().equalsIgnoreCase("none")) {
            return null;
        }
        try {
            return ContainerLimits.memoryBytes(value.replace("_", ""));
        } catch (UserException e) {
            return null; // e.g. 0.5xram: the workload applies or refuses it
        }
    }
}
