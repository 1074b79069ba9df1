package org.jvmmark.runner.fork;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.jvmmark.results.JvmFacts;
import org.jvmmark.results.TrialContainer;
import org.jvmmark.runner.jdk.Jdk;
import org.jvmmark.runner.jdk.JdkProbe;
import org.jvmmark.runner.jdk.JvmFactsProbe;

/**
 * What a JVM's ergonomics choose inside the user's container: the JDK started with a trial's flags inside the same
 * limits, in a cgroup of its own, to describe itself ({@link JdkProbe#describe}), read by {@link JvmFactsProbe} —
 * the collector, the maximum heap, and the processors and memory limit it saw. Asked once per JDK and set of flags
 * (the forks of a row share the answer). Thread-safe.
 */
public final class Ergonomics {
    private static final Duration LIMIT = Duration.ofSeconds(30);

    private final Container container;
    private final Map<String, Optional<JvmFacts>> answers = new ConcurrentHashMap<>();

    public Ergonomics(Container container) {
        this.container = container;
    }

    /**
     * The trial's {@code container} block: the limits, how they were applied, and what {@code jdk} with {@code flags}
     * chose inside them; null when the run has no limits.
     *
     * @param limited which process the limits are for ("the JVM under test")
     */
    public TrialContainer block(Jdk jdk, List<String> flags, String limited) {
        if (!container.limiting()) {
            return null;
        }
        ContainerLimits l = container.limits();
        return new TrialContainer(l.cpus(), l.memoryBytes(), container.cpuset(), container.how(), limited, chosen(jdk, flags));
    }

    /** What {@code jdk} with {@code flags} chooses inside the limits, or null when it would not say (it did not start). */
    JvmFacts chosen(Jdk jdk, List<String> flags) {
        return answers.computeIfAbsent(jdk.home() + "|" + flags, k -> ask(jdk, flags)).orElse(null);
    }

    private Optional<JvmFacts> ask(Jdk jdk, List<String> flags) {
        try (Confinement inside = container.confine()) {
            String printed = JdkProbe.describe(inside.prefix(), jdk.java(), flags, LIMIT);
            return Optional.of(JvmFactsProbe.read(jdk.home(), jdk.label(), printed));
        } catch (IOException e) {
            // a JVM that does not start inside the limits says so in its trial; there is no choice to record
            return Optional.empty();
        }
    }
}
