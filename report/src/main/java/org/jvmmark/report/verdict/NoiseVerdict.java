package org.jvmmark.report.verdict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jvmmark.report.Format;
import org.jvmmark.report.Percentiles;

/**
 * Which latency percentiles can be trusted, per workload, probe and percentile — never pooled:
 * a noisy queue says nothing about a quiet synthetic workload.
 *
 * <p>Each entry carries two kinds of evidence. Whether the percentile may be trusted at all follows
 * from {@link org.jvmmark.api.PercentileTrust} (samples per fork, CPUs the trials obtained against
 * the threads they spin): that decides whether the column is ranked. How much forks of one row
 * vary (the median, over the rows, of their fork-to-fork coefficient of variation) is shown beside
 * it; whether a particular row may be ranked is its own {@link Stability}.
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
        double cv = Stats.median(forkCvs.stream().mapToDouble(Double::doubleValue).toArray());
        State state;
        String reason;
        if (distrust != null) {
            state = State.UNTRUSTED;
            reason = distrust;
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
        List<String> not = new ArrayList<>();
        for (PercentileNoise p : list) {
            String scope = p.workload() + " " + p.probe();
            if (p.trusted()) {
                trusted.computeIfAbsent(scope, k -> new ArrayList<>()).add(Percentiles.title(p.key()));
            } else {
                not.add(p.where());
            }
        }
        if (trusted.isEmpty()) {
            return "No latency percentile can be trusted here: do not rank JVMs on latency (see why below).";
        }
        List<String> parts = new ArrayList<>();
        trusted.forEach((scope, keys) -> parts.add(scope + " " + String.join(", ", keys)));
        return "Trusted here: " + String.join("; ", parts) + (not.isEmpty() ? ". The deeper percentiles are shown, not ranked." : ".");
    }
}
