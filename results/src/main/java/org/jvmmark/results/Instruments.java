package org.jvmmark.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A trial's {@code instruments} block: what each opt-in instrument ({@code --gc-log}, {@code --jfr},
 * {@code --async-profiler}) found, and what the trial's worst samples fell inside. The runner's instruments
 * build it typed, {@link ResultsReader} reads it from the file and {@link ResultsWriter} writes it; nothing
 * else sees the block as JSON. Immutable, hence thread-safe.
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

    /** The block of these instruments, keyed by their keys in the order given. */
    public static Instruments of(List<Instrument> instruments, Outliers outliers) {
        return new Instruments(instruments.stream().collect(java.util.stream.Collectors.toMap(Instrument::key, i -> i,
                (a, b) -> {
                    throw new IllegalArgumentException("two instruments with key " + a.key());
                }, LinkedHashMap::new)), outliers);
    }

    public boolean isEmpty() {
        return instruments.isEmpty() && outliers == null;
    }

    /** The instruments that were on, in file order. */
    public List<Instrument> on() {
        return instruments.values().stream().filter(Instrument::on).toList();
    }

    /** Whether an instrument could do its work on a trial. */
    public enum Status {
        /** It ran and its summary is there. */
        ON("on"),
        /** The JVM refused its flags: the trial ran without it. */
        REFUSED("refused"),
        /** It was on but left nothing readable. */
        NO_DATA("no data");

        private final String word;

        Status(String word) {
            this.word = word;
        }

        /** As the file and the report say it: {@code on}, {@code refused}, {@code no data}. */
        @Override
        public String toString() {
            return word;
        }

        /** The status this word names, or empty for any word other than the three. */
        public static java.util.Optional<Status> of(String word) {
            for (Status s : values()) {
                if (s.word.equals(word)) {
                    return java.util.Optional.of(s);
                }
            }
            return java.util.Optional.empty();
        }
    }

    /**
     * One instrument on one trial. Its summary is kept by dotted path as the block nests it
     * ({@code safepoints.longestMillis}), so that a figure an instrument adds later needs no change here:
     * numbers in {@code figures}, the files it left in {@code files}, any other text in {@code labels}.
     *
     * @param title how a person names it, with its setting: "JFR (profile)"
     * @param reason why it is not {@link Status#ON}, in one line; "" when it is
     * @param labels text fields by path: {@code settings}, {@code event}, {@code collector}, {@code cpuLoad.unit}
     * @param figures its summary's numbers by path, e.g. {@code pauses}, {@code longestMillis},
     *     {@code safepoints.timeToSafepointLongestMillis}, {@code cpuLoad.jvmMean}
     * @param files files it left, relative to the results directory, by path ({@code file}, {@code flameGraph})
     */
    public record Instrument(String key, String title, Status status, String reason, Map<String, String> labels,
                             Map<String, Double> figures, Map<String, String> files) {
        public Instrument {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(status, "status");
            title = title == null ? key : title;
            reason = reason == null ? "" : reason;
            labels = Collections.unmodifiableMap(new LinkedHashMap<>(labels));
            figures = Collections.unmodifiableMap(new LinkedHashMap<>(figures));
            files = Collections.unmodifiableMap(new LinkedHashMap<>(files));
        }

        /** An instrument whose flags the JVM refused, with the JVM's words. */
        public static Instrument refused(String key, String title, String reason) {
            return new Instrument(key, title, Status.REFUSED, reason, Map.of(), Map.of(), Map.of());
        }

        /** A summary to fill in, for an instrument that was on. */
        public static Builder on(String key, String title) {
            return new Builder(key, title);
        }

        public boolean on() {
            return status == Status.ON;
        }

        /** A figure by path, or {@code NaN} when the summary has none. */
        public double figure(String path) {
            return figures.getOrDefault(path, Double.NaN);
        }

        /** The summary of an instrument that was on, filled in as it is read. Not thread-safe; one per trial. */
        public static final class Builder {
            private final String key;
            private final String title;
            private Status status = Status.ON;
            private String reason = "";
            private final Map<String, String> labels = new LinkedHashMap<>();
            private final Map<String, Double> figures = new LinkedHashMap<>();
            private final Map<String, String> files = new LinkedHashMap<>();

            private Builder(String key, String title) {
                this.key = key;
                this.title = title;
            }

            /** A text field: {@code settings}, {@code collector}, {@code cpuLoad.unit}. */
            public Builder label(String path, String value) {
                labels.put(path, value);
                return this;
            }

            /** A number; a non-finite one is left out (the summary has no such figure). */
            public Builder figure(String path, double value) {
                if (Double.isFinite(value)) {
                    figures.put(path, value);
                }
                return this;
            }

            /** A file it left, relative to the results directory. */
            public Builder file(String path, String relative) {
                files.put(path, relative);
                return this;
            }

            /** It was on but left nothing to summarise, and why; what was filled in so far is kept. */
            public Builder noData(String why) {
                status = Status.NO_DATA;
                reason = why;
                return this;
            }

            public Instrument build() {
                return new Instrument(key, title, status, reason, labels, figures, files);
            }
        }
    }

    /**
     * What the worst samples fell inside.
     *
     * @param source {@code jfr}, {@code gcLog} or {@code gcBeans}
     * @param samples how many worst samples were attributed
     * @param gcPauses per kind of pause ("G1 young pause"), in the order first met
     * @param inSafepoint how many fell inside a safepoint (that was not a GC pause)
     * @param longestSafepointMillis the longest such safepoint, 0 when none
     * @param unexplained how many nothing the source saw covered
     * @param text the sentence the report shows: "of the 20 worst samples (≥ 2.1 ms), 14 fell inside ..."
     * @param worst each worst sample with what it fell inside, longest first
     */
    public record Outliers(String source, int samples, Map<String, Cause> gcPauses, int inSafepoint,
                           double longestSafepointMillis, int unexplained, String text, List<Sample> worst) {
        public Outliers {
            source = source == null ? "" : source;
            gcPauses = gcPauses == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(gcPauses));
            text = text == null ? "" : text;
            worst = worst == null ? List.of() : List.copyOf(worst);
        }

        /** How many had a GC pause cover a quarter to a half of their latency. */
        @JsonIgnore
        public int partlyInGcPause() {
            return gcPauses.values().stream().mapToInt(Cause::partly).sum();
        }

        /**
         * One kind of GC pause among the causes.
         *
         * @param samples how many worst samples fell inside one (it covered at least half of their latency)
         * @param partly how many had one cover a quarter to a half of their latency
         * @param longestPauseMillis the longest such pause
         */
        public record Cause(int samples, int partly, double longestPauseMillis) {
        }

        /**
         * One worst sample and its attribution.
         *
         * @param run the measured run it was taken in, from 1
         * @param latencyNanos its CO-corrected latency
         * @param fellInside the pause it is charged to ("G1 young pause", "safepoint: ..."), or {@code null}
         *     when it is unexplained
         * @param share how much of its latency that pause covered, 0..1; 0 when unexplained
         * @param pauseNanos that pause's duration; 0 when unexplained
         */
        public record Sample(int run, long latencyNanos, String fellInside,
                             @JsonInclude(JsonInclude.Include.NON_DEFAULT) double share,
                             @JsonInclude(JsonInclude.Include.NON_DEFAULT) long pauseNanos) {
            public static Sample unexplained(int run, long latencyNanos) {
                return new Sample(run, latencyNanos, null, 0, 0);
            }

            @JsonIgnore
            public boolean explained() {
                return fellInside != null;
            }
        }
    }
}
