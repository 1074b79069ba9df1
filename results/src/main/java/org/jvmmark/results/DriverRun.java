package org.jvmmark.results;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;

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
public record DriverRun(String status, String error,
                        @JsonSerialize(converter = ProcessFacts.AsWritten.class) ProcessFacts process,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> command, @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> stderrTail, @JsonInclude(JsonInclude.Include.NON_NULL) String hsErr, @JsonInclude(JsonInclude.Include.NON_NULL) JvmInfo jvm,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Object> info, @JsonAnySetter @JsonAnyGetter Map<String, Object> more) {
    public DriverRun {
        status = status == null ? "" : status;
        process = process == null ? ProcessFacts.NONE : process;
        command = command == null ? List.of() : List.copyOf(command);
        stderrTail = stderrTail == null ? List.of() : List.copyOf(stderrTail);
        info = JsonValues.copy(info);
        more = JsonValues.copy(more);
    }
}
