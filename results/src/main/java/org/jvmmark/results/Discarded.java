package org.jvmmark.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What a trial that is not {@code ok} measured before it failed (a score before its validation
 * failed, say): kept for diagnosis, out of every table and comparison. Immutable, hence thread-safe.
 */
public record Discarded(@JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Metric> metrics, @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Probe> latency,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Series> series) {
    public static final Discarded NONE = new Discarded(Map.of(), Map.of(), Map.of());

    public Discarded {
        metrics = metrics == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
        latency = latency == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(latency));
        series = series == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(series));
    }

    @JsonIgnore
    public boolean isEmpty() {
        return metrics.isEmpty() && latency.isEmpty() && series.isEmpty();
    }
}
