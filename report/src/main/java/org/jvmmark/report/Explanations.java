package org.jvmmark.report;

import java.util.List;
import org.jvmmark.results.Results;
import org.jvmmark.results.Trial;

/**
 * The words every rendering shares: the legend and the "How to read this" section, so the Markdown
 * and the HTML never explain the method differently. Thread-safe (constants).
 */
final class Explanations {
    static final String BEST = "★";
    static final String SIGNIFICANT = "▲";
    static final String WITHIN_NOISE = "≈";
    static final String TOO_FEW = "?";
    static final String UNTRUSTED = "†";

    static final String LEGEND = BEST + " best · " + SIGNIFICANT + " worse than the best, significant · " + WITHIN_NOISE
            + " within noise · " + TOO_FEW + " not enough runs to tell · " + UNTRUSTED
            + " percentile not trusted on this machine (no difference called) · ± run-to-run variation";

    static final List<String> HOW_TO_READ = List.of(
            "Rows are JVM variants: vendor, version, collector, tuning flags, workload variant (and parameters when "
                    + "they differ). A row aggregates its forks: latency percentiles come from the forks' merged "
                    + "histograms, scalar metrics are the mean of the forks' values.",
            "Latency is measured from each request's intended start time (corrected for coordinated omission); the "
                    + "uncorrected figures are kept in results.json and results.csv. A probe that could not be corrected "
                    + "(no fixed schedule, e.g. a call timed inside the server) is titled \"" + ModelBuilder.NOT_CORRECTED
                    + "\" and its columns are shown but neither ranked nor marked best: timing from the actual start "
                    + "hides the requests a stall delayed, which flatters a stalling JVM. \"worst\" is the single largest sample.",
            "Each figure is compared with the best in its column by Welch's two-sample t-test (unequal variances, "
                    + "two-sided) on the per-run values of both rows — every run of every fork counts as one "
                    + "measurement, as JMH does. p < " + Significance.ALPHA + " is called significant (" + SIGNIFICANT
                    + "), otherwise within noise (" + WITHIN_NOISE + "). With fewer than " + Significance.MIN_RUNS
                    + " runs on either side the spread cannot be estimated and the report says \"not enough runs to "
                    + "tell\" (" + TOO_FEW + "). Each cell is its own test: among 20 cells one false \"significant\" "
                    + "is expected by chance, so look for differences that repeat across percentiles and workloads.",
            "± is the run-to-run coefficient of variation (standard deviation / mean of the per-run values).",
            "The noise verdict rules out whole percentiles: on a machine with 2 CPUs or fewer p99 and above are "
                    + "scheduler noise, and any percentile whose runs vary by more than 25 % (median over all rows) is "
                    + "not trusted. Differences there are shown but never called (" + UNTRUSTED + ").",
            "Failed, timed-out and unsupported trials stay in the tables with their reason.");

    private Explanations() {
    }

    /** The marker and change text for a cell, e.g. "+12.3 % ▲"; "" when there is nothing to say. */
    static String markText(Cell cell) {
        return switch (cell.mark()) {
            case BEST -> BEST;
            case SIGNIFICANT -> delta(cell) + SIGNIFICANT;
            case WITHIN_NOISE -> delta(cell) + WITHIN_NOISE;
            case TOO_FEW_RUNS -> delta(cell) + TOO_FEW;
            case UNTRUSTED, NONE -> "";
        };
    }

    /** "+12.3 % ", or "" when there is no relative difference (the best is zero). */
    private static String delta(Cell cell) {
        return Double.isNaN(cell.delta()) || Double.isInfinite(cell.delta()) ? "" : Format.change(cell.delta()) + " ";
    }

    /** " ±3.1 %" for a metric whose runs vary, else "". */
    static String spread(Column column, Cell cell) {
        if (column.kind() != Column.Kind.METRIC || cell.figure() == null || Double.isNaN(cell.figure().cv())) {
            return "";
        }
        return " ±" + Format.percent(cell.figure().cv());
    }

    /** The row's notes: failures first, then a fell-behind flag. */
    static String notes(Table table, int row) {
        Row r = table.rows().get(row);
        StringBuilder sb = new StringBuilder(r.failureNote());
        for (int c = 0; c < table.columns().size(); c++) {
            Column col = table.columns().get(c);
            if (col.kind() == Column.Kind.RATE) {
                boolean behind = r.okTrials().stream().map(t -> t.latency().get(col.probe()))
                        .anyMatch(p -> p != null && p.fellBehind());
                if (behind) {
                    sb.append(sb.length() == 0 ? "" : "; ").append("fell behind the target rate");
                }
            }
        }
        return sb.toString();
    }

    /** "4 workloads (synthetic, chat, ...) on 2 JVMs (Temurin 25.0.1, ...)". */
    static String whatRan(Results r) {
        java.util.Set<String> workloads = new java.util.LinkedHashSet<>();
        java.util.Set<String> jvms = new java.util.TreeSet<>();
        for (Trial t : r.trials()) {
            workloads.add(t.workload());
            jvms.add(t.jvm().label());
        }
        if (workloads.isEmpty()) {
            return "Nothing ran";
        }
        return count(workloads.size(), "workload") + " (" + String.join(", ", workloads) + ") on " + count(jvms.size(), "JVM")
                + " (" + String.join(", ", jvms) + ")";
    }

    static String profile(Results r) {
        return r.profile().isEmpty() ? "unknown" : r.profile();
    }

    static String trials(Results r) {
        return count(r.trials().size(), "trial");
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** "14 min 5 s". */
    static String duration(double seconds) {
        long s = Math.round(seconds);
        if (s < 60) {
            return s + " s";
        }
        if (s < 3600) {
            return s / 60 + " min " + s % 60 + " s";
        }
        return s / 3600 + " h " + (s % 3600) / 60 + " min";
    }

    /** "started X, finished Y (14 min 5 s)", or "started X" alone. */
    static String when(Results r) {
        String s = "started " + (r.created().isEmpty() ? "at an unknown time" : r.created());
        if (r.finished() != null) {
            try {
                double secs = java.time.Duration.between(java.time.Instant.parse(r.created()),
                        java.time.Instant.parse(r.finished())).toMillis() / 1000.0;
                s += ", finished " + r.finished() + " (" + duration(secs) + ")";
            } catch (java.time.format.DateTimeParseException e) {
                s += ", finished " + r.finished();
            }
        }
        return s + "; the trials themselves took " + duration(r.trialSeconds());
    }

    /** The host line: "Intel ... · 2 CPUs (none isolated) · 3.84 GiB · Linux 6.1 · clock tsc · ...". */
    static String host(Results r) {
        java.util.Map<String, String> h = r.host();
        List<String> parts = new java.util.ArrayList<>();
        add(parts, h.get("cpuModel"), "");
        if (h.containsKey("cpus")) {
            String iso = h.getOrDefault("isolatedCpus", "");
            parts.add(h.get("cpus") + " CPUs (" + (iso.isBlank() ? "none isolated" : "isolated: " + iso) + ")");
        }
        String memory = h.get("memoryBytes");
        if (memory != null) {
            // Recorded as null means the runner could not read it: say so rather than print " memory".
            parts.add(memory.isBlank() ? "memory unknown" : memory(memory));
        }
        add(parts, (h.getOrDefault("os", "") + " " + h.getOrDefault("kernel", "")).strip(), "");
        add(parts, h.get("clockSource"), "clock source ");
        add(parts, h.get("governor"), "governor ");
        // The runner's key; "thp" is read too for files written before it was named so.
        add(parts, h.getOrDefault("transparentHugePages", h.get("thp")), "THP ");
        add(parts, h.get("virtualization"), "virtualization: ");
        return String.join(" · ", parts);
    }

    private static String memory(String bytes) {
        try {
            return Format.value(Double.parseDouble(bytes), "bytes") + " memory";
        } catch (NumberFormatException e) {
            return bytes + " memory";
        }
    }

    private static void add(List<String> parts, String value, String prefix) {
        if (value != null && !value.isBlank()) {
            parts.add(prefix + value);
        }
    }
}
