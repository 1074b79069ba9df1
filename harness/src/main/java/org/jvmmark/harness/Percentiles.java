package org.jvmmark.harness;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Arrays;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.jvmmark.api.Json;

/**
 * The percentiles jvmmark reports, keyed as in {@code results.json} ({@code "50"}, ...,
 * {@code "max"}). A percentile is reported only when the count supports it — when at least one
 * sample lies beyond it, i.e. {@code count × (1 − p/100) ≥ 1}: p99.99 of 5,000 samples would just be
 * the maximum under another name. {@code "max"} is always present.
 *
 * <p>Stateless and thread-safe.
 */
public final class Percentiles {
    /** The percentiles in report order. */
    public static final List<Double> LEVELS = Collections.unmodifiableList(Arrays.asList(50.0, 90.0, 99.0, 99.9, 99.99, 99.999));
    public static final String MAX = "max";

    private Percentiles() {
    }

    /** {@code "50"}, {@code "99.9"}, ... */
    public static String key(double level) {
        return Json.number(level);
    }

    public static boolean supported(double level, long count) {
        return count * (1 - level / 100) >= 1 - 1e-9;
    }

    /** Percentile values in nanoseconds, in report order, ending with {@code "max"}. */
    public static Map<String, Long> of(Histogram h) {
        Map<String, Long> m = new LinkedHashMap<>();
        long count = h.getTotalCount();
        for (double level : LEVELS) {
            if (supported(level, count)) {
                m.put(key(level), h.getValueAtPercentile(level));
            }
        }
        m.put(MAX, count == 0 ? 0 : h.getMaxValue());
        return Collections.unmodifiableMap(m);
    }
}
