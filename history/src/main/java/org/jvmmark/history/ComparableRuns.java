package org.jvmmark.history;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jvmmark.api.PercentileTrust;
import org.jvmmark.report.builders.SameMeasurement;
import org.jvmmark.results.Metric;
import org.jvmmark.results.Probe;
import org.jvmmark.results.Results;
import org.jvmmark.results.ResultsReader;
import org.jvmmark.results.Trial;

/**
 * What {@code history check} reads from each run's own results.json before it judges a series: whether the runs it
 * contrasts are the same measurement, and whether a tail is trusted where they ran — the checks {@code compare} makes
 * ({@link SameMeasurement}, the report's trust rule), applied to the runs of one series (issue 48).
 *
 * <p>A series' key fixes its workload parameters, JVM and variant, and its machine label defaults to the host name and
 * CPU model — but {@code --machine ci} puts every hosted runner's run in one series, and the unit, direction and
 * coordinated-omission correction are not in the key at all (the unit is the one the series was first stored with). So
 * the baseline's runs and the newest level's runs are compared here as {@code compare} compares its sides: the host
 * class (CPU model, CPU count, the probe's single-core speed beyond its spread), the direction, the correction, and the
 * unit — a run in another unit one scale apart (ms against s) is brought to the series' unit; any other difference
 * makes the series "cannot tell", the reason named, never "no difference". A run whose directory or results.json is
 * gone says nothing either way (what the database holds is all there is). {@code allowOtherHost} is {@code --allow
 * other-host}: the user means to compare across host classes.
 *
 * <p>Reads each results.json at most once. Not thread-safe (its cache); one instance per check.
 */
public final class ComparableRuns {
    private final boolean allowOtherHost;
    private final Map<String, Optional<Results>> read = new HashMap<>();

    /** @param allowOtherHost whether runs of another host class may be judged against each other */
    public ComparableRuns(boolean allowOtherHost) {
        this.allowOtherHost = allowOtherHost;
    }

    /** A series' runs brought to its unit, or why they cannot be. */
    record Normalised(List<HistoryStore.Point> points, String why) {
    }

    /**
     * The runs with their values in the series' unit (a run that recorded ms where the series is in s, scaled by 1000),
     * or the reason a run's figure is not one scale from it.
     */
    Normalised normalise(HistoryStore.StoredSeries s, List<HistoryStore.Point> ps) {
        List<HistoryStore.Point> out = new ArrayList<>();
        for (HistoryStore.Point p : ps) {
            String unit = facts(s, p).stream().map(Fact::unit).filter(u -> u != null).findFirst().orElse(s.unit());
            double k = SameMeasurement.scale(unit, s.unit());
            if (Double.isNaN(k)) {
                return new Normalised(ps, "run " + p.runId() + " is in " + unit + " and the series in " + s.unit()
                        + ", not one scale apart");
            }
            out.add(k == 1 ? p : new HistoryStore.Point(p.runId(), p.created(), p.dir(),
                    Arrays.stream(p.forkValues()).map(v -> v * k).toArray(), p.failed()));
        }
        return new Normalised(out, null);
    }

    /**
     * Why the newest runs are not the same measurement as the baseline runs, null when they are (or cannot be told
     * apart: their results are gone).
     */
    String why(HistoryStore.StoredSeries s, List<HistoryStore.Point> baseline, List<HistoryStore.Point> newest) {
        return why(s, baseline, newest, "the newest runs", "newest", " (--allow other-host to judge it anyway)");
    }

    /**
     * Why one run is not the same measurement as the baseline run, null when it is or cannot be told: what the trend
     * page marks on a run it draws (issue 48), in the words {@code history check} uses for its refusal.
     */
    String apart(HistoryStore.StoredSeries s, HistoryStore.Point baseline, HistoryStore.Point run) {
        String name = "run " + run.runId();
        return why(s, List.of(baseline), List.of(run), name, name, "");
    }

    private String why(HistoryStore.StoredSeries s, List<HistoryStore.Point> baseline, List<HistoryStore.Point> newest,
                       String newestName, String newestLabel, String hint) {
        Set<Boolean> dirA = new LinkedHashSet<>();
        Set<Boolean> dirB = new LinkedHashSet<>();
        Set<Boolean> coA = new LinkedHashSet<>();
        Set<Boolean> coB = new LinkedHashSet<>();
        for (HistoryStore.Point p : baseline) {
            facts(s, p).forEach(f -> {
                dirA.add(f.higherIsBetter());
                coA.add(f.coCorrected());
            });
        }
        for (HistoryStore.Point p : newest) {
            facts(s, p).forEach(f -> {
                dirB.add(f.higherIsBetter());
                coB.add(f.coCorrected());
            });
        }
        if (!dirA.isEmpty() && !dirB.isEmpty() && !dirA.equals(dirB)) {
            return "not the same measurement: higher is better in " + (dirA.contains(true) ? "the baseline" : newestName)
                    + ", lower in " + (dirA.contains(true) ? newestName : "the baseline");
        }
        if (!s.key().probe().isEmpty() && !coA.isEmpty() && !coB.isEmpty() && !coA.equals(coB)) {
            return "not the same measurement: corrected for coordinated omission in " + (coA.contains(true) ? "the baseline"
                    : newestName) + " only";
        }
        if (allowOtherHost) {
            return null;
        }
        List<Results> a = results(baseline);
        List<Results> b = results(newest);
        if (a.isEmpty() || b.isEmpty()) {
            return null; // no file on one side: nothing to say of its host
        }
        List<String> host = SameMeasurement.hostDifferences(a, b);
        return host.isEmpty() ? null : "another host: " + String.join("; ", host).replace("(A: ", "(baseline: ")
                .replace(", B: ", ", " + newestLabel + ": ") + hint;
    }

    /**
     * Whether a tail (p99 and deeper, short of the maximum) is trusted in every one of these runs by the report's rule
     * ({@link PercentileTrust}: the samples each fork had and the CPUs its spinning threads had); false where any run's
     * results are gone, which is what the database alone can say.
     */
    boolean tailTrusted(HistoryStore.StoredSeries s, List<HistoryStore.Point> ps) {
        String f = s.key().figure();
        if (s.key().probe().isEmpty() || "max".equals(f) || !f.startsWith("p") || ps.isEmpty()) {
            return false;
        }
        double percentile;
        try {
            percentile = Double.parseDouble(f.substring(1));
        } catch (NumberFormatException e) {
            return false;
        }
        for (HistoryStore.Point p : ps) {
            List<Fact> facts = facts(s, p);
            if (facts.isEmpty() || facts.stream().anyMatch(x -> PercentileTrust.distrust(percentile, x.samples(), x.cpus(),
                    x.spinning()) != null)) {
                return false;
            }
        }
        return true;
    }

    /** What one ok trial of a run says about the series' figure. */
    private record Fact(String unit, boolean higherIsBetter, boolean coCorrected, long samples, int cpus, int spinning) {
    }

    private List<Fact> facts(HistoryStore.StoredSeries s, HistoryStore.Point p) {
        Optional<Results> r = results(p);
        if (r.isEmpty()) {
            return List.of();
        }
        List<Fact> out = new ArrayList<>();
        SeriesKey k = s.key();
        for (Trial t : r.get().trials()) {
            if (!t.ok() || !SeriesKey.of(k.machine(), t, k.probe(), k.figure()).equals(k)) {
                continue;
            }
            int cpus = t.measured().harness().availableCpus();
            int spinning = t.measured().harness().pinnedThreads().size();
            if (k.probe().isEmpty()) {
                Metric m = t.measured().metrics().get(k.figure());
                if (m != null) {
                    out.add(new Fact(m.unit(), m.higherIsBetter(), false, -1, cpus, spinning));
                }
            } else {
                Probe pr = t.measured().latency().get(k.probe());
                if (pr != null) {
                    out.add(new Fact(pr.unit(), false, pr.coCorrected(), pr.count() > 0 ? pr.count() : -1, cpus, spinning));
                }
            }
        }
        return out;
    }

    private List<Results> results(List<HistoryStore.Point> ps) {
        return ps.stream().map(this::results).flatMap(Optional::stream).toList();
    }

    private Optional<Results> results(HistoryStore.Point p) {
        if (p.dir() == null) {
            return Optional.empty();
        }
        return read.computeIfAbsent(p.dir(), d -> {
            Path dir = Path.of(d);
            if (!Files.isRegularFile(dir.resolve("results.json"))) {
                return Optional.empty();
            }
            try {
                return Optional.of(ResultsReader.readDir(dir));
            } catch (IOException | RuntimeException e) {
                return Optional.empty(); // an unreadable run says nothing of its measurement
            }
        });
    }
}
