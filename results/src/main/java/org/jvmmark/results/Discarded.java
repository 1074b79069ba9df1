package org.jvmmark.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a trial that is not {@code ok} measured before it failed (a score before its validation
 * failed, say): kept for diagnosis, out of every table and comparison. Immutable, hence thread-safe.
 */
public record Discarded(Map<String, Metric> metrics, Map<String, Probe> latency, Map<String, Series> series) {
    public static final Discarded NONE = new Discarded(Map.of(), Map.of(), Map.of());

    public Discarded {
        metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
        latency = Collections.unmodifiableMap(new LinkedHashMap<>(latency));
        series = Collections.unmodifiableMap(new LinkedHashMap<>(series));
    }

    public boolean isEmpty() {
        return metrics.isEmpty() && latency.isEmpty() && series.isEmpty();
    }
}
