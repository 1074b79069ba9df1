package org.jvmmark.report.builders;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import org.jvmmark.results.MachineState;
import org.jvmmark.results.Results;
import org.jvmmark.results.Trial;
import org.jvmmark.results.TrialContainer;
import org.jvmmark.report.model.Column;
import org.jvmmark.report.model.Figure;

/**
 * Whether the two sides of a gate ({@code compare}) are the same measurement, before anything is judged: a gate that
 * judges two different measurements as one answers a question nobody asked, and its "no regression" is then the
 * default rather than a finding. Issue 48 found four ways this went wrong, each answered here:
 *
 * <ul>
 *   <li><b>Another host class.</b> The CPU model and the CPU count (the host block of every run of a side), and the
 *       machine probe's single-core speed ({@link MachineState.Reading#singleCoreNsPerOp()}, a fixed dependent
 *       arithmetic loop, beside every fork): hosted CI runners change CPU models from run to run, and a faster runner
 *       hides a slowdown. The speeds differ when the sides' medians are further apart than {@value #SPEED_SPREADS}
 *       robust standard deviations of the readings about their own side's median (the readings' own spread, pooled;
 *       not a standard error, which would call the same host's 1 % frequency wander a different host with enough
 *       readings), and at least {@value #SPEED_FLOOR_PERCENT} % apart.</li>
 *   <li><b>Units.</b> A figure in ms on one side and s on the other is one scale apart ({@link #scale}): B's values
 *       are brought to A's unit. Units that are not one scale apart ("ops/s" against "MB") cannot be compared.</li>
 *   <li><b>Direction</b> and <b>coordinated-omission correction</b>: opposite directions, or a latency corrected on
 *       one side only, are different measures.</li>
 * </ul>
 *
 * Workload parameters and the set of rows are checked where the rows are matched ({@link ComparisonBuilder}): a row
 * of A that B lacks (renamed, other parameters, missing from one of a side's runs) cannot be told.
 *
 * <p>Stateless and thread-safe.
 */
public final class SameMeasurement {
    /** How many robust standard deviations of the probe's single-core readings two hosts' medians must be apart. */
    static final double SPEED_SPREADS = 4;
    /** And at least this far apart, in %: a host's own speed wanders by about 1 % between runs (Intel Xeon, 2026-11-27). */
    static final double SPEED_FLOOR_PERCENT = 3;
    /** Fewest probe readings a side for the single-core speed to be compared. */
    static final int MIN_READINGS = 3;

    private SameMeasurement() {
    }

    /**
     * Why the hosts of the two sides are not one host class, one sentence each; empty when they are (or cannot be told
     * apart: no host block, too few probe readings).
     */
    public static List<String> hostDifferences(List<Results> a, List<Results> b) {
        List<String> out = new ArrayList<>();
        for (String key : List.of("cpuModel", "cpus")) {
            TreeSet<String> va = hostValues(a, key);
            TreeSet<String> vb = hostValues(b, key);
            if (!va.equals(vb)) {
                out.add((key.equals("cpus") ? "the CPU count" : "the CPU model") + " differs (A: " + words(va) + ", B: "
                        + words(vb) + ")");
            }
        }
        String speed = speedDifference(singleCore(a), singleCore(b));
        if (speed != null) {
            out.add(speed);
        }
        return out;
    }

    /**
     * Why two sides' single-core speeds (the probe's ns per op, as logs) say two host classes, null when they do not
     * or too few readings were taken: the medians further apart than {@value #SPEED_SPREADS} robust standard deviations
     * of the readings and at least {@value #SPEED_FLOOR_PERCENT} %.
     */
    public static String speedDifference(double[] logNsPerOpA, double[] logNsPerOpB) {
        double[] sa = logNsPerOpA;
        double[] sb = logNsPerOpB;
        if (sa.length < MIN_READINGS || sb.length < MIN_READINGS) {
            return null;
        }
        double ma = median(sa);
        double mb = median(sb);
        double spread = Math.sqrt((sa.length * Math.pow(mad(sa, ma), 2) + sb.length * Math.pow(mad(sb, mb), 2))
                / (sa.length + sb.length));
        double d = Math.abs(ma - mb);
        if (d > SPEED_SPREADS * spread && d > Math.log1p(SPEED_FLOOR_PERCENT / 100)) {
            return String.format(Locale.ROOT, "the machine probe's single-core speed differs (A: %.3g ns/op, B: %.3g"
                    + " ns/op, %.0f %% apart; the readings of one side spread by %.1f %%)", Math.exp(ma), Math.exp(mb),
                    100 * Math.expm1(d), 100 * Math.expm1(spread));
        }
        return null;
    }

    /**
     * The factor that brings a value in {@code from} to {@code to} (1000 from "s" to "ms"), NaN when the two units are
     * not one scale apart. Time units (ns, µs/us, ms, s, min) and rates over them ("ops/s", "/ms") scale; any other pair
     * of distinct units does not.
     */
    public static double scale(String from, String to) {
        if (Objects.equals(from, to)) {
            return 1;
        }
        if (from == null || to == null) {
            return Double.NaN;
        }
        int sf = from.lastIndexOf('/');
        int st = to.lastIndexOf('/');
        if (sf >= 0 && st >= 0 && from.substring(0, sf).strip().equals(to.substring(0, st).strip())) {
            double f = seconds(from.substring(sf + 1).strip());
            double t = seconds(to.substring(st + 1).strip());
            return t / f; // per second to per millisecond: ÷ 1000
        }
        if (sf < 0 && st < 0) {
            return seconds(from.strip()) / seconds(to.strip());
        }
        return Double.NaN;
    }

    private static double seconds(String unit) {
        return switch (unit) {
            case "ns" -> 1e-9;
            case "us", "µs", "μs" -> 1e-6;
            case "ms" -> 1e-3;
            case "s" -> 1;
            case "min" -> 60;
            default -> Double.NaN;
        };
    }

    /**
     * Why a figure's two columns are not the same measure, null when they are (units one scale apart are: see {@link
     * #scale}).
     */
    static String figureDifference(Column a, Column b) {
        if (a.higherIsBetter() != b.higherIsBetter()) {
            return "higher is better in " + (a.higherIsBetter() ? "A" : "B") + ", lower in " + (a.higherIsBetter() ? "B" : "A");
        }
        if (a.kind() == Column.Kind.LATENCY && a.coCorrected() != b.coCorrected()) {
            return "corrected for coordinated omission in " + (a.coCorrected() ? "A" : "B") + " only";
        }
        if (Double.isNaN(scale(b.unit(), a.unit()))) {
            return "in " + a.unit() + " in A and " + b.unit() + " in B, not one scale apart";
        }
        return null;
    }

    /** {@code f}'s values (in {@code from}) brought to {@code to}. */
    static Figure rescaled(Figure f, String from, String to) {
        double k = scale(from, to);
        if (k == 1) {
            return f;
        }
        return new Figure(f.value() * k, Arrays.stream(f.forks()).map(v -> v * k).toArray(),
                f.runs().stream().map(r -> Arrays.stream(r).map(v -> v * k).toArray()).toList(), f.machine(),
                f.machineChanged());
    }

    private static TreeSet<String> hostValues(List<Results> side, String key) {
        TreeSet<String> out = new TreeSet<>();
        for (Results r : side) {
            Map<String, String> host = r.host();
            String v = host == null ? null : host.get(key);
            if (v != null && !v.isBlank()) {
                out.add(v);
            }
        }
        return out;
    }

    private static String words(TreeSet<String> values) {
        return values.isEmpty() ? "not recorded" : String.join(" and ", values);
    }

    /** Every single-core reading of a side's forks, as logs. */
    private static double[] singleCore(List<Results> side) {
        List<Double> out = new ArrayList<>();
        for (Results r : side) {
            for (Trial t : r.trials()) {
                MachineState m = t.outcome().machineState();
                for (MachineState.Reading x : new MachineState.Reading[] {m.before(), m.after()}) {
                    if (x != null && x.singleCoreNsPerOp() != null && x.singleCoreNsPerOp() > 0) {
                        out.add(Math.log(x.singleCoreNsPerOp()));
                    }
                }
            }
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    /** The median absolute deviation about {@code m}, scaled to a normal standard deviation. */
    private static double mad(double[] v, double m) {
        return 1.4826 * median(Arrays.stream(v).map(x -> Math.abs(x - m)).toArray());
    }

    /**
     * What differs between the sides short of another host class, one sentence each (the kernel, the isolated CPUs, the
     * profile, the container limits): said beside the comparison, judged anyway.
     */
    static List<String> notes(Results a, Results b) {
        List<String> notes = new ArrayList<>();
        // The CPU model and count are the host class: refused or allowed by hostDifferences, said once there.
        for (String key : List.of("kernel", "isolatedCpus")) {
            String va = a.host().getOrDefault(key, "");
            String vb = b.host().getOrDefault(key, "");
            if (!Objects.equals(va, vb)) {
                notes.add("The hosts differ in " + key + " (A: " + (va.isEmpty() ? "none" : va) + ", B: "
                        + (vb.isEmpty() ? "none" : vb) + "): differences may come from the machine, not the JVM.");
            }
        }
        if (!a.profile().equals(b.profile())) {
            notes.add("The profiles differ (A: " + a.profile() + ", B: " + b.profile() + "): run lengths are not the same.");
        }
        String ca = containers(a);
        String cb = containers(b);
        if (!ca.equals(cb)) {
            notes.add("The JVMs ran inside different limits (A: " + (ca.isEmpty() ? "the host, no limits" : ca) + ", B: "
                    + (cb.isEmpty() ? "the host, no limits" : cb) + "): a JVM's defaults (heap, collector, processors) follow"
                    + " its limits, so differences may come from them, not the JVM.");
        }
        return notes;
    }

    /** The container limits a run's trials ran inside ("1 CPU / 512 MiB"), distinct, or "" when none had any. */
    private static String containers(Results r) {
        return String.join(", ", r.trials().stream().map(TrialContainer::of).filter(Objects::nonNull)
                .map(TrialContainer::label).distinct().sorted().toList());
    }
}
