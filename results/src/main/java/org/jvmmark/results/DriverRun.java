package org.jvmmark.results;

import java.util.List;
import java.util.Map;

/**
 * The load driver's side of a client/server trial ({@code "driver"} block): its own status, the
 * process the runner watched (on the host JDK, the same for every trial), and what its JVM said of
 * itself. Immutable, hence thread-safe.
 *
 * @param error one readable line when the driver's status is not ok, else null
 * @param command the driver's command line
 * @param stderrTail the last lines of its stderr, kept when it did not end ok
 * @param hsErr the path of its crash log, or null
 * @param jvm what the driver JVM said of itself, or null when it never said
 * @param info the driver's own facts (free-form JSON values)
 * @param more fields of the block this model does not name, kept as plain JSON values
 */
public record DriverRun(String status, String error, ProcessFacts process, List<String> command, List<String> stderrTail,
                        String hsErr, JvmInfo jvm, Map<String, Object> info, Map<String, Object> more) {
    public DriverRun {
        command = List.copyOf(command);
        stderrTail = List.copyOf(stderrTail);
        info = JsonValues.copy(info);
        more = JsonValues.copy(more);
    }
}
