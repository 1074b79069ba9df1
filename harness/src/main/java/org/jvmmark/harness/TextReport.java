package org.jvmmark.harness;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The human rendering of a {@link LatencyResult}, in JLBH's layout: per run one line per probe,
 * {@code 50/90 99/99.9 99.99 - worst}, in microseconds; then a summary table per probe with each
 * run's value of each percentile and its coefficient of variation. Stateless.
 */
final class TextReport {
    private static final String RULE = "-".repeat(100);

    private TextReport() {
    }

    static String render(LatencyResult r) {
        StringBuilder out = new StringBuilder();
        HarnessOptions o = r.options();
        out.append(String.format(Locale.ROOT, "Warm-up complete (%,d iterations took %.3f s)%n",
                o.warmupIterations(), r.warmupNanos() / 1e9));
        ProbeResult e2e = r.endToEnd();
        for (int i = 0; i < e2e.runs().size(); i++) {
            RunResult run = e2e.runs().get(i);
            out.append(title("BENCHMARK RESULTS (RUN " + run.run() + ") us"));
            out.append(String.format(Locale.ROOT, "Run time: %.3f s%n", run.durationNanos() / 1e9));
            out.append("Correcting for coordinated omission: ").append(e2e.coCorrected()).append('\n');
            if (o.isClosedLoop()) {
                out.append(String.format(Locale.ROOT, "Closed loop: achieved %,.0f/s%n", run.achievedRate()));
            } else {
                out.append(String.format(Locale.ROOT, "Target throughput: %,.0f/s = 1 iteration every %s us (%s); achieved %,.0f/s%s%n",
                        o.ratePerSecond(), us(Math.round(o.intervalNanos())), o.toMap().get("arrivals"), run.achievedRate(),
                        run.fellBehind() ? " — FELL BEHIND" : ""));
            }
            out.append(line("End to End", run.count(), run.percentiles()));
            if (e2e.coCorrected()) {
                out.append(line("End to End (uncorrected)", run.count(), run.uncorrectedPercentiles()));
            }
            for (ProbeResult p : r.probes().subList(1, r.probes().size())) {
                RunResult pr = p.runs().get(i);
                out.append(line(p.name(), pr.count(), pr.percentiles()));
            }
            if (r.jitter() != null) {
                RunResult jr = r.jitter().runs().get(i);
                out.append(line("OS Jitter", jr.count(), jr.percentiles()));
            }
            if (!run.gcEvents().isEmpty()) {
                long ms = run.gcEvents().stream().mapToLong(GcEvent::durationMillis).sum();
                out.append(String.format(Locale.ROOT, "GC: %d collections, %d ms (%s)%n", run.gcEvents().size(), ms,
                        run.gcEvents().get(0).collector()));
            }
            out.append(RULE).append('\n');
        }
        for (ProbeResult p : r.probes()) {
            summary(out, p.name().equals(Harness.END_TO_END) ? "end to end" : p.name(), p);
        }
        if (r.jitter() != null) {
            summary(out, "OS jitter", r.jitter());
        }
        out.append("CPUs: process ").append(r.processCpus());
        r.cpus().forEach((thread, pin) -> out.append("; ").append(thread).append(' ').append(pin));
        out.append('\n');
        for (String w : r.warnings()) {
            out.append("WARNING: ").append(w).append('\n');
        }
        return out.toString();
    }

    private static void summary(StringBuilder out, String name, ProbeResult p) {
        out.append(title("SUMMARY (" + name + ") us"));
        StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "%-12s", "Percentile"));
        for (RunResult run : p.runs()) {
            header.append(String.format(Locale.ROOT, "%12s", "run" + run.run()));
        }
        out.append(header).append(String.format(Locale.ROOT, "%12s%n", "cv %"));
        Map<String, Variation> variation = p.variation();
        for (String key : variation.keySet()) {
            out.append(String.format(Locale.ROOT, "%-12s", key.equals(Percentiles.MAX) ? "worst:" : key + ":"));
            for (RunResult run : p.runs()) {
                out.append(String.format(Locale.ROOT, "%12s", us(run.percentiles().get(key))));
            }
            double cv = variation.get(key).cvPercent();
            out.append(String.format(Locale.ROOT, "%12s%n", Double.isNaN(cv) ? "-" : String.format(Locale.ROOT, "%.2f", cv)));
        }
        out.append(RULE).append('\n');
    }

    private static String title(String text) {
        String t = "-".repeat(32) + " " + text + " ";
        return t + "-".repeat(Math.max(0, RULE.length() - t.length())) + '\n';
    }

    private static String line(String name, long count, Map<String, Long> p) {
        return String.format(Locale.ROOT, "%-40s 50/90 99/99.9 99.99 - worst was %s / %s  %s / %s  %s - %s%n",
                name + String.format(Locale.ROOT, " (%,d)", count), us(p.get("50")), us(p.get("90")), us(p.get("99")),
                us(p.get("99.9")), us(p.get("99.99")), us(p.get(Percentiles.MAX)));
    }

    /** Nanoseconds as microseconds with about three significant digits; "-" where not supported. */
    static String us(Long nanos) {
        if (nanos == null) {
            return "-";
        }
        double v = nanos / 1e3;
        if (v < 10) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        if (v < 100) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        return String.format(Locale.ROOT, "%,.0f", v);
    }

    static List<String> lines(String report) {
        return List.of(report.split("\n"));
    }
}
