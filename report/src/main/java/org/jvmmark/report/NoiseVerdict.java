package org.jvmmark.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which latency percentiles can be trusted on the machine that produced the results, in plain words.
 *
 * <p>Two kinds of evidence. First the machine: with two CPUs or fewer, the spinning threads of a
 * latency workload share their cores with the OS and with each other, so every scheduler tick and
 * interrupt lands in the measurement; p99 and above then measure the scheduler, not the JVM
 * (observed on the 2-core machine this suite was built on: p50/p90 stable to a few percent across
 * JDKs, p99+ spread by orders of magnitude). Second the runs: per percentile, the median over all
 * rows and probes of the run-to-run coefficient of variation (stddev / mean of the per-run values).
 * Up to {@value #STABLE} the percentile is stable; up to {@value #NOISY} it is noisy (only large
 * differences stand out); beyond that it is untrusted. With single runs the spread is unknown: the
 * percentile is neither trusted nor ruled out, and the headline says so rather than promise anything. The jitter probe, when a workload sampled it, is quoted as further evidence.
 *
 * <p>Immutable, hence thread-safe.
 *
 * @param percentiles per percentile key, in order: its run-to-run variation and verdict
 * @param headline one sentence: which percentiles to trust
 * @param details the reasons, one sentence each
 */
public record NoiseVerdict(List<PercentileNoise> percentiles, String headline, List<String> details) {
    static final double STABLE = 0.10;
    static final double NOISY = 0.25;

    /** What the evidence says about one percentile. */
    public enum State {
        /** Runs agree to within {@value #STABLE}. */
        STABLE,
        /** Runs vary, but only by up to {@value #NOISY}: large differences still stand out. */
        NOISY,
        /** No row had two runs: nothing is known about the spread, so nothing is promised. */
        UNKNOWN,
        /** The machine or the runs rule it out: differences are not called. */
        UNTRUSTED
    }

    /** One percentile's evidence. {@code cv} is NaN when no row had two runs. */
    public record PercentileNoise(String key, double cv, int figures, State state, String reason) {
        /**
         * Whether differences may be called at all. An unknown spread does not forbid it: the per-cell
         * test then answers "not enough runs to tell" itself, which is the honest answer.
         */
        public boolean trusted() {
            return state != State.UNTRUSTED;
        }
    }

    public NoiseVerdict {
        percentiles = List.copyOf(percentiles);
        details = List.copyOf(details);
    }

    /** Whether differences at this percentile may be called; unknown keys are trusted. */
    public boolean trusted(String key) {
        return percentiles.stream().filter(p -> p.key.equals(key)).allMatch(PercentileNoise::trusted);
    }

    /**
     * @param cvs per percentile key, the run-to-run CVs of every row × probe with two or more runs
     * @param jitter lines describing the jitter probes, possibly empty
     */
    static NoiseVerdict of(Map<String, List<Double>> cvs, int cpus, String isolatedCpus, List<String> jitter) {
        TreeMap<String, List<Double>> ordered = new TreeMap<>(Percentiles.ORDER);
        ordered.putAll(cvs);
        boolean fewCores = cpus > 0 && cpus <= 2;
        List<PercentileNoise> list = new ArrayList<>();
        for (Map.Entry<String, List<Double>> e : ordered.entrySet()) {
            String key = e.getKey();
            double cv = Stats.median(e.getValue().stream().mapToDouble(Double::doubleValue).toArray());
            State state;
            String reason;
            if (fewCores && Percentiles.value(key) >= 99) {
                state = State.UNTRUSTED;
                reason = "scheduler noise on " + cpus + " CPUs";
            } else if (Double.isNaN(cv)) {
                state = State.UNKNOWN;
                reason = "spread unknown (single runs)";
            } else if (cv > NOISY) {
                state = State.UNTRUSTED;
                reason = "runs vary by " + Format.percent(cv);
            } else if (cv > STABLE) {
                state = State.NOISY;
                reason = "noisy: runs vary by " + Format.percent(cv) + ", only large differences show";
            } else {
                state = State.STABLE;
                reason = "stable: runs vary by " + Format.percent(cv);
            }
            list.add(new PercentileNoise(key, cv, e.getValue().size(), state, reason));
        }
        List<String> details = new ArrayList<>();
        String isolated = isolatedCpus == null || isolatedCpus.isBlank() ? "none isolated" : "CPUs " + isolatedCpus + " isolated";
        if (fewCores) {
            details.add("This machine has " + cpus + " CPUs (" + isolated + "): a latency workload's spinning threads share "
                    + "them with the OS and with each other, so p99 and above record the scheduler, not the JVM.");
        } else if (cpus > 0) {
            details.add("This machine has " + cpus + " CPUs (" + isolated + ").");
        }
        if (!list.isEmpty()) {
            StringBuilder sb = new StringBuilder("Run-to-run variation (median coefficient of variation of the per-run values): ");
            for (int i = 0; i < list.size(); i++) {
                PercentileNoise p = list.get(i);
                sb.append(i == 0 ? "" : ", ").append(Percentiles.title(p.key)).append(' ')
                        .append(Double.isNaN(p.cv) ? "unknown" : Format.percent(p.cv));
            }
            details.add(sb.append('.').toString());
        }
        details.addAll(jitter);
        return new NoiseVerdict(list, headline(list), details);
    }

    private static String headline(List<PercentileNoise> list) {
        if (list.isEmpty()) {
            return "No latency was measured; the scalar metrics show their own run-to-run spread (± in the tables).";
        }
        List<String> trusted = titles(list, State.STABLE, State.NOISY);
        List<String> unknown = titles(list, State.UNKNOWN);
        List<String> not = titles(list, State.UNTRUSTED);
        if (unknown.isEmpty() && not.isEmpty()) {
            return "Every measured percentile can be trusted on this machine (" + String.join(", ", trusted) + ").";
        }
        if (unknown.isEmpty() && trusted.isEmpty()) {
            return "No latency percentile can be trusted on this machine: do not rank JVMs on its latency.";
        }
        // Trust needs evidence: a percentile measured once is neither trusted nor ruled out, and says so.
        List<String> parts = new ArrayList<>();
        if (!trusted.isEmpty()) {
            parts.add("Trust " + String.join(", ", trusted) + " on this machine");
        }
        if (!unknown.isEmpty()) {
            parts.add((parts.isEmpty() ? "Run-to-run" : "run-to-run") + " spread unknown for " + String.join(", ", unknown)
                    + ": fewer than 2 runs; use more runs or --forks 3");
        }
        if (!not.isEmpty()) {
            parts.add(String.join(", ", not) + (not.size() == 1 ? " is" : " are")
                    + " noise here — differences there are not called");
        }
        return String.join("; ", parts) + ".";
    }

    private static List<String> titles(List<PercentileNoise> list, State... states) {
        List<State> wanted = List.of(states);
        return list.stream().filter(p -> wanted.contains(p.state)).map(p -> Percentiles.title(p.key)).toList();
    }
}
