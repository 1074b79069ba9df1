package org.jvmmark.results;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import com.fasterxml.jackson.core.type.TypeReference;

/**
 * The container a trial's JVM under test ran inside ({@code run --cpus N --memory SIZE --cpuset LIST}), and what the
 * JVM chose by itself there: the trial's {@value #KEY} block. The JVM's choices come from the same JVM with the same
 * flags started inside the same limits to describe itself ({@code -XshowSettings:all -XX:+PrintFlagsFinal -version}),
 * so they are known even for a trial that failed. Immutable, hence thread-safe.
 *
 * @param cpus the CPU quota asked for, in CPUs, or null
 * @param memoryBytes the memory limit asked for, or null
 * @param cpuset the CPUs the JVM under test was pinned to (asked for, or a whole {@code --cpus} where there is no
 *     quota), or null
 * @param how how the machine applied the limits ("CPU quota of 1 (cgroup v1 cpu at /sys/fs/cgroup/cpu), ...")
 * @param limited which process ran inside them ("the JVM under test", or for a client/server workload the server)
 * @param chosen what the JVM's ergonomics chose inside them (collector, heap, the processors and memory it saw), or
 *     null when it could not be asked
 */
@JsonInclude(Include.NON_NULL)
public record TrialContainer(Double cpus, Long memoryBytes, String cpuset, String how, String limited, JvmFacts chosen) {
    /** The key of the trial's block. */
    public static final String KEY = "container";

    /** "1 CPU / 512 MiB", "1.5 CPUs", "2 CPUs on CPUs 0-1", "CPUs 1": the limits in a reader's words. */
    public String label() {
        StringBuilder sb = new StringBuilder();
        if (cpus != null) {
            sb.append(cpus(cpus)).append(cpus == 1.0 ? " CPU" : " CPUs");
        }
        if (memoryBytes != null) {
            sb.append(sb.length() > 0 ? " / " : "").append(mib(memoryBytes));
        }
        if (cpuset != null) {
            sb.append(sb.length() > 0 ? " on " : "").append("CPUs ").append(cpuset);
        }
        return sb.toString();
    }

    /** The processors the JVM counted inside the limits ({@code Effective CPU Count}), or null when it did not say. */
    public Integer processors() {
        return chosen == null || chosen.container() == null ? null : chosen.container().effectiveCpus();
    }

    /** The block as plain JSON values, as the file has it. */
    public Map<String, Object> toJson() {
        return ResultsMapper.MAPPER.convertValue(this, new TypeReference<LinkedHashMap<String, Object>>() { });
    }

    /** A trial's block as {@link #toJson()} wrote it, or null when {@code block} is not one. */
    public static TrialContainer fromJson(Object block) {
        return block instanceof Map<?, ?> m ? ResultsMapper.MAPPER.convertValue(m, TrialContainer.class) : null;
    }

    /** The block of {@code trial}, or null when it ran without limits. */
    public static TrialContainer of(Trial trial) {
        return fromJson(trial.more().get(KEY));
    }

    /** {@code 536870912} → "512 MiB". */
    public static String mib(long bytes) {
        return bytes >= 1L << 30 && bytes % (1L << 30) == 0 ? bytes / (1L << 30) + " GiB"
                : String.format(Locale.ROOT, "%,d MiB", bytes >> 20);
    }

    /** A CPU count as the user wrote it: 1.0 → "1", 1.5 → "1.5", 0.333 → "0.33". */
    public static String cpus(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.2f", v).replaceAll("0+$", "");
    }
}
