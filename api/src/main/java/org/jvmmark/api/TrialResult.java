package org.jvmmark.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one trial measured, as it travels from the JVM under test to the runner: scalar metrics with
 * unit and direction, one latency block per probe (as produced by the harness, in the
 * {@code results.json} layout), free-form facts ({@code info}: CPUs obtained, transport, ...) and
 * warnings the report must show (e.g. "tail percentiles are scheduler noise on this machine").
 *
 * <p>Thread-safe: every method is synchronized, since a server may record from several threads.
 */
public final class TrialResult {
    private final Map<String, Object> metrics = new LinkedHashMap<>();
    private final Map<String, Object> latency = new LinkedHashMap<>();
    private final Map<String, Object> info = new LinkedHashMap<>();
    private final Map<String, Object> series = new LinkedHashMap<>();
    private final List<String> warnings = new ArrayList<>();

    /** Records a scalar metric. */
    public synchronized TrialResult metric(String name, double value, String unit, Better better) {
        return metric(name, value, unit, better, null);
    }

    /**
     * Records a scalar metric with the individual measurements it summarises (one per run or
     * launch), from which the report derives its spread.
     */
    public synchronized TrialResult metric(String name, double value, String unit, Better better, double[] samples) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("value", value);
        m.put("unit", unit);
        m.put("better", better.json());
        if (samples != null) {
            m.put("samples", samples.clone());
        }
        metrics.put(name, m);
        return this;
    }

    /** Records the latency block of one probe ({@code endToEnd} for the end-to-end figure). */
    public synchronized TrialResult latency(String probe, Map<String, Object> block) {
        latency.put(probe, block);
        return this;
    }

    /**
     * Records a figure measured as the trial went on, against a growing x: {@code block} holds
     * {@code "x": {"name", "unit", "values": double[]}}, {@code "y": [{"name", "unit", "better", "values"}, ...]}
     * (each {@code values} as long as x's) and optionally {@code "markers": [{"at", "label"}, ...]}. The
     * report draws it as one line per JVM (see {@code org.jvmmark.results.Series}).
     */
    public synchronized TrialResult series(String name, Map<String, Object> block) {
        series.put(name, block);
        return this;
    }

    /** Records a fact about how the trial ran. The value must be JSON-writable (see {@link Json}). */
    public synchronized TrialResult info(String key, Object value) {
        info.put(key, value);
        return this;
    }

    /** A line the report shows beside this trial's figures. */
    public synchronized TrialResult warning(String line) {
        warnings.add(line);
        return this;
    }

    /** The result as a JSON-writable tree, without status (see {@link ForkMain}). */
    public synchronized Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("metrics", new LinkedHashMap<>(metrics));
        m.put("latency", new LinkedHashMap<>(latency));
        m.put("info", new LinkedHashMap<>(info));
        if (!series.isEmpty()) {
            m.put("series", new LinkedHashMap<>(series));
        }
        m.put("warnings", new ArrayList<>(warnings));
        return m;
    }
}
