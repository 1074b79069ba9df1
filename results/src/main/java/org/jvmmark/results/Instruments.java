package org.jvmmark.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A trial's {@code instruments} block: what each opt-in instrument ({@code --gc-log}, {@code --jfr},
 * {@code --async-profiler}) found, and what the trial's worst samples fell inside. Immutable, hence
 * thread-safe.
 *
 * @param instruments by key ({@code gcLog}, {@code jfr}, {@code asyncProfiler}), in file order; empty when none was on
 * @param outliers what the worst samples fell inside, or {@code null} when the workload measured no latency
 */
public record Instruments(Map<String, Instrument> instruments, Outliers outliers) {
    /** A trial without the block (no instrument on, no latency measured, or an older file). */
    public static final Instruments NONE = new Instruments(Map.of(), null);

    public Instruments {
        instruments = Collections.unmodifiableMap(new LinkedHashMap<>(instruments));
    }

    /**
     * One instrument on one trial.
     *
     * @param title how a person names it, with its setting: "JFR (profile)"
     * @param status {@code on}; {@code refused} (the JVM refused its flags: the trial ran without it);
     *     {@code no data} (it was on but left nothing readable)
     * @param reason why it is not {@code on}, in one line; "" when it is
     * @param figures its summary's numbers by path, e.g. {@code pauses}, {@code longestMillis},
     *     {@code safepoints.timeToSafepointLongestMillis}, {@code cpuLoad.jvmMean}
     * @param files files it left, relative to the results directory, by name ({@code file}, {@code flameGraph})
     */
    public record Instrument(String key, String title, String status, String reason, Map<String, Double> figures,
                             Map<String, String> files) {
        public Instrument {
            figures = Collections.unmodifiableMap(new LinkedHashMap<>(figures));
            files = Collections.unmodifiableMap(new LinkedHashMap<>(files));
        }

        public boolean on() {
            return "on".equals(status);
        }

        /** A figure by path, or {@code NaN} when the summary has none. */
        public double figure(String path) {
            return figures.getOrDefault(path, Double.NaN);
        }
    }

    /**
     * What the worst samples fell inside.
     *
     * @param source {@code jfr}, {@code gcLog} or {@code gcBeans}
     * @param gcPauses per kind of pause ("G1 young pause"), how many of the worst samples fell inside one
     *     (it covered at least half of their latency)
     * @param partlyInGcPause how many had a GC pause cover a quarter to a half of their latency
     * @param text the sentence the report shows: "of the 20 worst samples (≥ 2.1 ms), 14 fell inside ..."
     */
    public record Outliers(String source, int samples, Map<String, Integer> gcPauses, int partlyInGcPause, int inSafepoint,
                           int unexplained, String text) {
        public Outliers {
            gcPauses = Collections.unmodifiableMap(new LinkedHashMap<>(gcPauses));
        }
    }

    public boolean isEmpty() {
        return instruments.isEmpty() && outliers == null;
    }

    /** The instruments that were on, in file order. */
    public List<Instrument> on() {
        return instruments.values().stream().filter(Instrument::on).toList();
    }
}
