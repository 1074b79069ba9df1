package org.jvmmark.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the harness recorded of the CPUs a trial had ({@code info.harness.cpus} of a trial): how many the JVM
 * could use, and which of its threads it pinned to one, each an object {@code {"requested": 1, "obtained": "1"}}
 * named after the thread. How deep a latency percentile can be trusted depends on it (the spinning threads
 * need their CPUs). Immutable, hence thread-safe.
 *
 * @param availableCpus the CPUs the trial's JVM could use; 0 when not recorded
 * @param pinnedThreads the threads the harness pinned, by name, in file order
 */
public record HarnessInfo(int availableCpus, List<String> pinnedThreads) {
    /** Nothing recorded (a workload without the harness, a file that predates it). */
    public static final HarnessInfo NONE = new HarnessInfo(0, List.of());

    public HarnessInfo {
        pinnedThreads = List.copyOf(pinnedThreads);
    }

    /** The record in a trial's {@code info} values, or {@link #NONE}. */
    static HarnessInfo of(Map<String, Object> info) {
        if (!(info.get("harness") instanceof Map<?, ?> harness) || !(harness.get("cpus") instanceof Map<?, ?> cpus)) {
            return NONE;
        }
        List<String> pinned = new ArrayList<>();
        cpus.forEach((name, v) -> {
            if (v instanceof Map<?, ?>) {
                pinned.add(String.valueOf(name));
            }
        });
        return new HarnessInfo(cpus.get("available") instanceof Number n ? n.intValue() : 0, pinned);
    }
}
