package org.jvmmark.runner.instruments;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.jvmmark.results.Instruments;

/**
 * Says what a trial's worst samples fell inside: "of the 20 worst samples (≥ 2.1 ms), 14 fell inside
 * a G1 young pause (longest 4.1 ms), 3 inside a safepoint (longest 0.3 ms), 3 unexplained".
 *
 * <p>A sample is the interval from its due time to its end (its CO-corrected latency); it is charged
 * to a GC pause that covers at least half of that interval, else to such a safepoint, else "partly"
 * to a GC pause that covers a quarter of it or more, else it is unexplained (the OS took the CPU
 * away, another process, the JIT, the workload itself). Shares, not "any overlap": a 240 ms sample
 * on a busy machine overlaps some 5 ms young pause by chance, and the pause did not cause it. A sample that waited in the queue behind a pause that ended before
 * it was due is not charged to it either; with CO correction such samples are the short ones.
 * Stateless and thread-safe.
 */
public final class Outliers {
    /** Share of a sample's latency a pause must cover for the sample to have fallen inside it. */
    static final double INSIDE = 0.5;
    /** Share for "partly inside" a GC pause: the pause was a large part of the wait, not all of it. */
    static final double PARTLY = 0.25;

    private Outliers() {
    }

    /**
     * @param sourceKey {@code jfr}, {@code gcLog} or {@code gcBeans}
     * @param sourceTitle how the text names the source: "JFR", "the GC log", "the GC beans"
     * @param slackNanos the source's time resolution: pauses are widened by it on each side
     */
    public static Instruments.Outliers attribute(WorstSamples worst, List<Pause> pauses, String sourceKey, String sourceTitle,
                                                long slackNanos) {
        Map<String, long[]> byCause = new LinkedHashMap<>(); // label → {inside, partly, longest pause ns}
        long[] safepoint = new long[2];
        int unexplained = 0;
        List<Instruments.Outliers.Sample> samples = new ArrayList<>();
        for (WorstSamples.Sample s : worst.samples()) {
            Pause gc = mostCovering(pauses, s, Pause.Kind.GC, slackNanos);
            double gcShare = share(gc, s, slackNanos);
            Pause sp = gcShare >= INSIDE ? null : mostCovering(pauses, s, Pause.Kind.SAFEPOINT, slackNanos);
            double spShare = share(sp, s, slackNanos);
            if (gcShare >= INSIDE || spShare < INSIDE && gcShare >= PARTLY) {
                long[] c = byCause.computeIfAbsent(gc.label(), k -> new long[3]);
                c[gcShare >= INSIDE ? 0 : 1]++;
                c[2] = Math.max(c[2], gc.durationNanos());
                samples.add(new Instruments.Outliers.Sample(s.run(), s.latencyNanos(), gc.label(),
                        Math.round(gcShare * 100) / 100.0, gc.durationNanos()));
            } else if (spShare >= INSIDE) {
                safepoint[0]++;
                safepoint[1] = Math.max(safepoint[1], sp.durationNanos());
                samples.add(new Instruments.Outliers.Sample(s.run(), s.latencyNanos(), sp.label(),
                        Math.round(spShare * 100) / 100.0, sp.durationNanos()));
            } else {
                unexplained++;
                samples.add(Instruments.Outliers.Sample.unexplained(s.run(), s.latencyNanos()));
            }
        }
        Map<String, Instruments.Outliers.Cause> causes = byCause.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey,
                e -> new Instruments.Outliers.Cause((int) e.getValue()[0], (int) e.getValue()[1], millis(e.getValue()[2])),
                (a, b) -> a, LinkedHashMap::new));
        return new Instruments.Outliers(sourceKey, worst.samples().size(), causes, (int) safepoint[0], millis(safepoint[1]),
                unexplained, text(worst, byCause, safepoint, unexplained, sourceTitle), samples);
    }

    /** The pause of that kind that covers most of the sample, or {@code null} if none touches it. */
    private static Pause mostCovering(List<Pause> pauses, WorstSamples.Sample s, Pause.Kind kind, long slackNanos) {
        Pause best = null;
        long bestOverlap = 0;
        for (Pause p : pauses) {
            long overlap = p.overlapNanos(s.dueNanos(), s.endNanos(), slackNanos);
            if (p.kind() == kind && overlap > bestOverlap) {
                best = p;
                bestOverlap = overlap;
            }
        }
        return best;
    }

    /** The share of the sample's latency the pause covers, 0 for none. */
    private static double share(Pause p, WorstSamples.Sample s, long slackNanos) {
        return p == null ? 0 : p.overlapNanos(s.dueNanos(), s.endNanos(), slackNanos) / (double) Math.max(1, s.latencyNanos());
    }

    static String text(WorstSamples worst, Map<String, long[]> byCause, long[] safepoint, int unexplained, String source) {
        int n = worst.samples().size();
        if (n == 0) {
            return "no samples to attribute";
        }
        long shortest = worst.samples().get(n - 1).latencyNanos();
        List<String> parts = new ArrayList<>();
        byCause.forEach((label, c) -> {
            String what = article(label) + " " + label + " (longest " + duration(c[2]) + ")";
            if (c[0] > 0) {
                parts.add(c[0] + (parts.isEmpty() ? " fell inside " : " inside ") + what);
            }
            if (c[1] > 0) {
                parts.add(c[1] + " partly inside " + (c[0] > 0 ? "one" : what));
            }
        });
        if (safepoint[0] > 0) {
            parts.add(safepoint[0] + (parts.isEmpty() ? " fell inside " : " inside ") + "a safepoint (longest " + duration(safepoint[1]) + ")");
        }
        if (unexplained > 0) {
            parts.add(unexplained + " unexplained");
        }
        return "of the " + n + " worst samples (≥ " + duration(shortest) + "), " + String.join(", ", parts) + " — from " + source;
    }

    private static String article(String label) {
        return "aeiouAEIOU".indexOf(label.charAt(0)) >= 0 ? "an" : "a";
    }

    /** A duration as a person reads it: "850 µs", "4.1 ms", "1.23 s". */
    static String duration(long nanos) {
        if (nanos < 1_000_000) {
            return String.format(Locale.ROOT, "%.0f µs", nanos / 1e3);
        }
        if (nanos < 1_000_000_000) {
            return String.format(Locale.ROOT, nanos < 10_000_000 ? "%.2f ms" : nanos < 100_000_000 ? "%.1f ms" : "%.0f ms", nanos / 1e6);
        }
        return String.format(Locale.ROOT, "%.2f s", nanos / 1e9);
    }

    static double millis(long nanos) {
        return Math.round(nanos / 1e3) / 1e3;
    }
}
