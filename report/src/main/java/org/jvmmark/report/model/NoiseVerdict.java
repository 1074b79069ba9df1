package org.jvmmark.report.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jvmmark.report.judge.Stats;
import org.jvmmark.report.numbers.Format;

/**
 * Which latency percentiles can be trusted, per workload, probe and percentile — never pooled:
 * a noisy queue says nothing about a quiet synthetic workload.
 *
 * <p>Each entry carries two kinds of evidence. Whether the percentile may be trusted at all follows
 * from {@link org.jvmmark.api.PercentileTrust} (samples per fork, CPUs the trials obtained against
 * the threads they spin): that decides whether the column is ranked. How much forks of one row
 * vary (the median, over the rows, of their fork-to-fork coefficient of variation) is shown beside
 * it; how a particular row compares is the judge's — and the summary follows the
 * rows: a percentile whose rows cannot be ranked (every row's forks disagree, or it was not corrected for
 * coordinated omission) is never called trusted beside a table that ranks none of them.
 *
 * <p>Immutable, hence thread-safe.
 *
 * @param percentiles one entry per workload, probe and percentile, in report order
 * @param headline one sentence: what to trust
 * @param details the reasons, one sentence each
 */
public record NoiseVerdict(List<PercentileNoise> percentiles, String headline, List<String> details) {
    static final double STABLE = 0.10;

    /** What the evidence says about one percentile. */
    public enum State {
        /** Trusted; forks agree to within {@value #STABLE}. */
        STABLE,
        /** Trusted; forks vary by more (rows whose forks disagree are marked unstable one by one). */
        NOISY,
        /** Trusted by samples and CPUs, but no row had two forks: the fork-to-fork spread is unknown. */
        UNKNOWN,
        /**
         * Trusted by samples and CPUs, but fewer than two of its rows can be ranked: their forks disagree
         * (too few forks), or the figure was timed from the actual start (closed loop, not corrected for
         * coordinated omission). The rows' own marks say the same.
         */
        NOT_RANKED,
        /** Not trusted on this machine (samples or CPUs): differences are not called. */
        UNTRUSTED
    }

    /**
     * One percentile's evidence.
     *
     * @param cv median fork-to-fork coefficient of variation over the rows with two forks or more, NaN when none
     * @param figures the rows that measured it
     */
    public record PercentileNoise(String workload, String probe, String key, double cv, int figures, State state,
                                  String reason) {
        public boolean trusted() {
            return state != State.UNTRUSTED;
        }

        /** Whether rows are ranked on it: trusted, and at least two rows the table ranks. */
        public boolean ranked() {
            return state == State.STABLE || state == State.NOISY;
        }

        /** "synthetic · endToEnd · p99.9". */
        public String where() {
            return workload + " · " + probe + " · " + Percentiles.title(key);
        }
    }

    public NoiseVerdict {
        percentiles = List.copyOf(percentiles);
        details = List.copyOf(details);
    }

    /**
     * @param distrust why the percentile is not trusted (null when it is)
     * @param forkCvs the fork-to-fork CVs of the rows with two forks or more
     */
    public static PercentileNoise entry(String workload, String probe, String key, String distrust, List<Double> forkCvs,
                                 int figures) {
        return entry(workload, probe, key, distrust, forkCvs, figures, null);
    }

    /**
     * @param notRanked why the table ranks fewer than two of its rows although the percentile is trusted (the
     *     same evidence as the rows' marks: "every row's forks disagree (4 of 4)"), or null when rows are ranked
     */
    public static PercentileNoise entry(String workload, String probe, String key, String distrust, List<Double> forkCvs,
                                 int figures, String notRanked) {
        double cv = Stats.median(forkCvs.stream().mapToDouble(Double::doubleValue).toArray());
        State state;
        String reason;
        if (distrust != null) {
            state = State.UNTRUSTED;
            reason = distrust;
        } else if (notRanked != null) {
            state = State.NOT_RANKED;
            reason = notRanked + ": no row ranked";
        } else if (Double.isNaN(cv)) {
            state = State.UNKNOWN;
            reason = "fork-to-fork spread unknown (one fork per row): no verdicts; use --forks 3";
        } else if (cv > STABLE) {
            state = State.NOISY;
            reason = "forks vary by " + Format.percent(cv) + "; rows whose forks disagree are not ranked";
        } else {
            state = State.STABLE;
            reason = "forks agree to " + Format.percent(cv);
        }
        return new PercentileNoise(workload, probe, key, cv, figures, state, reason);
    }

    public static NoiseVerdict of(List<PercentileNoise> list, int cpus, String isolatedCpus, List<String> jitter) {
        List<String> details = new ArrayList<>();
        String isolated = isolatedCpus == null || isolatedCpus.isBlank() ? "none isolated" : "CPUs " + isolatedCpus + " isolated";
        if (cpus > 0) {
            details.add("This machine has " + cpus + " CPUs (" + isolated + "). Each percentile is judged for its own "
                    + "workload and probe, from the samples each fork had and the CPUs each trial obtained for the threads "
                    + "it spins.");
        }
        details.addAll(jitter);
        return new NoiseVerdict(list, headline(list), details);
    }

    private static String headline(List<PercentileNoise> list) {
        if (list.isEmpty()) {
            return "No latency was measured; the scalar metrics are judged by their forks' spread.";
        }
        Map<String, List<String>> trusted = new LinkedHashMap<>();
        // Trusted by samples and CPUs but no row ranked, grouped by the reason (the rows' own words).
        Map<String, Map<String, List<String>> > unranked = new LinkedHashMap<>();
        List<String> not = new ArrayList<>();
        for (PercentileNoise p : list) {
            String scope = p.workload() + " " + p.probe();
            if (p.ranked()) {
                trusted.computeIfAbsent(scope, k -> new ArrayList<>()).add(Percentiles.title(p.key()));
            } else if (p.state() == State.NOT_RANKED) {
                String why = p.reason().replaceAll(" \\(\\d+ of \\d+\\)", "").replace(": no row ranked", "");
                unranked.computeIfAbsent(why, k -> new LinkedHashMap<>()).computeIfAbsent(scope, k -> new ArrayList<>())
                        .add(Percentiles.title(p.key()));
            } else if (p.state() == State.UNKNOWN) {
                // One fork a row: the rows are shown with "?", so the summary may not call the percentile ranked either.
                unranked.computeIfAbsent("one fork a row, no verdicts (--forks 3)", k -> new LinkedHashMap<>())
                        .computeIfAbsent(scope, k -> new ArrayList<>()).add(Percentiles.title(p.key()));
            } else {
                not.add(p.where());
            }
        }
        List<String> unrankedParts = new ArrayList<>();
        unranked.forEach((why, scopes) -> {
            List<String> where = new ArrayList<>();
            scopes.forEach((scope, keys) -> where.add(scope + " " + String.join(", ", keys)));
            unrankedParts.add(String.join(" and ", where) + " — " + why);
        });
        String unrankedWords = unrankedParts.isEmpty() ? "" : " Shown, not ranked: " + String.join("; ", unrankedParts) + ".";
        if (trusted.isEmpty()) {
            return unrankedParts.isEmpty()
                    ? "No latency percentile can be trusted here: do not rank JVMs on latency (see why below)."
                    : "No latency percentile ranks the JVMs here: " + String.join("; ", unrankedParts) + "."
                            + (!not.isEmpty() ? " The deeper percentiles are not trusted on this machine: shown, not ranked." : "");
        }
        List<String> parts = new ArrayList<>();
        trusted.forEach((scope, keys) -> parts.add(scope + " " + String.join(", ", keys)));
        return "Trusted here: " + String.join("; ", parts) + "." + unrankedWords
                + (!not.isEmpty() ? " The deeper percentiles are not trusted on this machine: shown, not ranked." : "");
    }
}
