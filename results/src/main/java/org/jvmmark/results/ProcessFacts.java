package org.jvmmark.results;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.util.StdConverter;

/**
 * What the runner saw of the forked JVM from outside. A figure that could not be obtained is
 * {@code null} (written as JSON {@code null}), never a placeholder number a reader might average or
 * rank. Immutable, hence thread-safe.
 *
 * @param peakRssBytes the highest resident set size seen ({@code VmHWM}), or null where it could not be read
 * @param wallSeconds from start to exit; 0 when no process ran
 * @param cpuSeconds user + system CPU time, or null where it could not be read
 * @param exitCode null when no process ran or its exit code is unknown
 * @param pid null when no process ran
 * @param timedOut whether the runner killed it at the time limit; null when no process ran
 * @param cpusAllowed the CPUs the process was allowed to run on ({@code taskset} syntax), or null
 * @param cpusRequested the CPUs it was pinned to on request, or null when it was not pinned
 * @param disturbance what else ran on the machine during the process's window, or null when it was not
 *     measured (no {@code /proc}, a file that predates it, a driver's block)
 * @param more fields of the block this model does not name, kept as plain JSON values
 */
public record ProcessFacts(Long peakRssBytes, double wallSeconds, Double cpuSeconds, Integer exitCode, @JsonInclude(JsonInclude.Include.NON_NULL) Long pid,
                           @JsonInclude(JsonInclude.Include.NON_NULL) Boolean timedOut, @JsonInclude(JsonInclude.Include.NON_NULL) String cpusAllowed, @JsonInclude(JsonInclude.Include.NON_NULL) String cpusRequested,
                           @JsonInclude(JsonInclude.Include.NON_NULL) Disturbance disturbance, @JsonAnySetter @JsonAnyGetter Map<String, Object> more) {
    /** No process ran (an {@code unsupported} trial): every figure unknown. */
    public static final ProcessFacts NONE = new ProcessFacts(null, 0, null, null);

    public ProcessFacts {
        more = JsonValues.copy(more);
    }

    public ProcessFacts(Long peakRssBytes, double wallSeconds, Double cpuSeconds, Integer exitCode) {
        this(peakRssBytes, wallSeconds, cpuSeconds, exitCode, null, null, null, null, null, Map.of());
    }

    /** These facts with {@code d} as the machine's activity during the window. */
    public ProcessFacts withDisturbance(Disturbance d) {
        return new ProcessFacts(peakRssBytes, wallSeconds, cpuSeconds, exitCode, pid, timedOut, cpusAllowed, cpusRequested, d, more);
    }

    /**
     * A {@code process} block as the file has it: {@link #NONE} as every figure {@code null} (a file read back
     * gives {@code NONE} again), any other as it is. Put on a block's {@code process} field.
     */
    static final class AsWritten extends StdConverter<ProcessFacts, Object> {
        @Override
        public Object convert(ProcessFacts p) {
            return p.none() ? new Unknown(null, null, null, null, null) : p;
        }
    }

    /** The block of a process that did not run: every figure {@code null}. */
    private record Unknown(Long pid, Long peakRssBytes, Double wallSeconds, Double cpuSeconds, Integer exitCode) {
    }

    /** True for {@link #NONE} and its equals: nothing was measured because nothing ran. */
    public boolean none() {
        return equals(NONE);
    }
}
