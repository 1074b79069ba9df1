package org.jvmmark.runner.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jvmmark.report.tune.TuneAnswer;
import org.jvmmark.results.JvmFacts;
import org.jvmmark.results.Trial;
import org.jvmmark.results.TrialContainer;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.fork.Container;
import org.jvmmark.runner.fork.Ergonomics;
import org.jvmmark.runner.fork.TrialExecutor;
import org.jvmmark.runner.jdk.GarbageCollector;
import org.jvmmark.runner.jdk.GcProbe;
import org.jvmmark.runner.jdk.Jdk;
import org.jvmmark.runner.output.ResultsFile;
import org.jvmmark.runner.plan.CatalogEntry;
import org.jvmmark.runner.plan.DurationEstimates;
import org.jvmmark.runner.plan.PlannedTrial;
import org.jvmmark.runner.plan.Planner;
import org.jvmmark.runner.plan.Sweep;
import org.jvmmark.runner.tune.Dimension;
import org.jvmmark.runner.tune.Point;
import org.jvmmark.runner.tune.SearchSpace;
import org.jvmmark.runner.tune.TuneOptions;
import org.jvmmark.api.Variant;

/**
 * A race's forks as ordinary trials: which points of the space a JDK accepts, each point's fork planned as any run's
 * trial ({@link Sweep}, {@link Planner}), and the trials that give a round's points their fresh forks, which {@code run}'s
 * {@link TrialLoop} runs and records. Knows nothing of rounds or judging. Not thread-safe.
 */
final class TuneTrials {
    private final PrintStream out;
    private final CatalogEntry entry;
    private final Sweep sweep;
    private final Planner planner;
    private final DurationEstimates durations;
    private final TuneOptions options;
    private final SearchSpace space;
    private final GcProbe probe;

    TuneTrials(PrintStream out, CatalogEntry entry, Sweep sweep, Planner planner, DurationEstimates durations, TuneOptions options,
               SearchSpace space, GcProbe probe) {
        this.out = out;
        this.entry = entry;
        this.sweep = sweep;
        this.planner = planner;
        this.durations = durations;
        this.options = options;
        this.space = space;
        this.probe = probe;
    }

    /** The estimated wall seconds of one fork of the JDK's default configuration, at least 1. */
    long secondsEach(Jdk jdk) {
        return Math.max(1, plan(jdk, Point.DEFAULT, 1).estimatedSeconds());
    }

    DurationEstimates durations() {
        return durations;
    }

    /** The valid points of the space on {@code jdk}; each refused setting becomes one unsupported trial in {@code refused}. */
    List<Point> validPoints(Jdk jdk, List<PlannedTrial> refused) {
        Map<String, String> refusal = new LinkedHashMap<>();
        for (Dimension d : space.dimensions()) {
            for (String v : d.values()) {
                Point one = new Point(List.of(new Point.Setting(d, v)));
                Long limit = options.container().memoryBytes();
                String why = limit == null ? null : d.pastMemoryLimit(v, limit);
                if (why == null) {
                    why = d.kind() == Dimension.Kind.COLLECTOR ? probe.unsupportedReason(jdk, GarbageCollector.parse(v))
                            : probe.refusal(jdk, d.flags(v));
                }
                if (why != null) {
                    refusal.put(one.label(), why);
                    PlannedTrial t = plan(jdk, one, 1);
                    refused.add(new PlannedTrial(t.id(), t.workload(), t.jdk(), t.variant(), t.gc(), t.workloadVariant(),
                            t.variantJvmArgs(), t.params(), 1, t.profile(), t.timeoutSeconds(), 0, why));
                }
            }
        }
        List<Point> valid = space.points().stream().filter(p -> p.settings().stream()
                .noneMatch(s -> refusal.containsKey(new Point(List.of(s)).label()))).toList();
        return withoutTwins(jdk, valid);
    }

    /**
     * {@code points} without those that restate the default inside the user's container: there the JVM picks its
     * collector and heap from the limits (inside 1 CPU / 512 MiB, Serial and a 128 MiB heap), so {@code -XX:+UseSerialGC
     * -Xmx128m} is the default itself, and racing it beside the default would spend forks on a difference of nothing
     * and let the twin be "picked". Asked of the JVM inside the limits ({@link Ergonomics}); without limits, or where it
     * does not say, nothing is removed.
     */
    private List<Point> withoutTwins(Jdk jdk, List<Point> points) {
        Container container = Container.prepare(options.container());
        if (!container.limiting()) {
            return points;
        }
        Ergonomics ergonomics = new Ergonomics(container);
        TrialContainer def = ergonomics.block(jdk, List.of(), "the JVM under test");
        List<Point> kept = new ArrayList<>();
        for (Point p : points) {
            boolean restatable = !p.isDefault() && p.settings().stream().allMatch(s -> s.dimension().kind() == Dimension.Kind.COLLECTOR
                    || s.dimension().name().equals("Xmx"));
            TrialContainer mine = restatable ? ergonomics.block(jdk, p.flags(), "the JVM under test") : null;
            if (mine != null && twin(def.chosen(), mine.chosen())) {
                out.println(jdk.label() + ": skipped " + p.label() + ": the default itself inside the container ("
                        + def.chosen().gc() + ", " + (def.chosen().maxHeapBytes() >> 20) + " MiB heap)");
            } else {
                kept.add(p);
            }
        }
        return kept;
    }

    /** Whether a point's choices inside the limits are the default's: the same collector and the same maximum heap. */
    static boolean twin(JvmFacts defaults, JvmFacts point) {
        return defaults != null && point != null && !defaults.gc().isEmpty() && defaults.gc().equals(point.gc())
                && defaults.maxHeapBytes() != null && defaults.maxHeapBytes().equals(point.maxHeapBytes());
    }

    /** Fork {@code fork} of a point's row on {@code jdk}, planned as any run's trial. */
    PlannedTrial plan(Jdk jdk, Point p, int fork) {
        List<GarbageCollector> gcs = p.gc() == null ? List.of() : List.of(p.gc());
        List<List<String>> args = p.otherFlags().isEmpty() ? List.of() : List.of(p.otherFlags());
        List<String> variants = options.variant() == null ? List.of() : List.of(options.variant());
        List<PlannedTrial> planned = durations == null ? sweep.plan(planner, List.of(entry), List.of(jdk), gcs, args, 1,
                options.profile(), variants) : durations.apply(sweep.plan(planner, List.of(entry), List.of(jdk), gcs, args, 1,
                options.profile(), variants));
        long rows = planned.stream().map(PlannedTrial::rowId).distinct().count();
        if (rows != 1) {
            throw new UserException("tune races one variant of " + entry.info().name() + ": add --variant NAME (one of "
                    + String.join(", ", entry.info().variants().stream().map(Variant::name).toList()) + ")");
        }
        return fork == 1 ? planned.get(0) : planned.get(0).asFork(fork);
    }

    String rowOf(Jdk jdk, Point p) {
        return plan(jdk, p, 1).rowId();
    }

    /**
     * The trials that give each point of a round its {@code forks} fresh forks of evidence (ok and undisturbed), counted
     * from the point's first fork of the round ({@code firstForks}, parallel to {@code round}); a disturbed fork is run
     * again under the next number. Fork by fork across the points, never one point's back to back; none for a point
     * that failed (more forks of a failing point answer nothing) or is not runnable.
     */
    List<PlannedTrial> trialsFor(Jdk jdk, List<Point> round, int forks, List<Integer> firstForks, List<Trial> recorded) {
        Map<Point, int[]> needFrom = new LinkedHashMap<>();
        for (int i = 0; i < round.size(); i++) {
            Point p = round.get(i);
            int from = i < firstForks.size() ? firstForks.get(i) : 1;
            PlannedTrial first = plan(jdk, p, 1);
            List<Trial> row = recorded.stream().filter(r -> TuneAnswer.rowOf(r.id()).equals(first.rowId())).toList();
            if (!first.runnable() || row.stream().anyMatch(r -> r.outcome().trialStatus().failure())) {
                continue;
            }
            List<Trial> mine = row.stream().filter(r -> r.identity().fork() >= from).toList();
            int have = (int) mine.stream().filter(r -> r.ok() && !r.disturbed()).count();
            int highest = Math.max(from - 1, mine.stream().mapToInt(r -> r.identity().fork()).max().orElse(0));
            needFrom.put(p, new int[] {forks - have, highest});
        }
        List<PlannedTrial> todo = new ArrayList<>();
        for (int f = 1; f <= forks; f++) {
            for (Map.Entry<Point, int[]> e : needFrom.entrySet()) {
                if (f <= e.getValue()[0]) {
                    todo.add(plan(jdk, e.getKey(), e.getValue()[1] + f));
                }
            }
        }
        return todo;
    }

    /** Records the unsupported row of each setting {@code jdk} refused, once (nothing runs). */
    void recordRefused(Jdk jdk, List<PlannedTrial> refused, ResultsFile results, TrialExecutor executor) throws IOException {
        Set<String> recordedIds = results.recordedIds();
        for (PlannedTrial t : refused) {
            if (!recordedIds.contains(t.id())) {
                Trial r = executor.run(t);
                if (r != null) {
                    results.add(r);
                }
                out.println(jdk.label() + ": skipped " + t.variant() + ": " + t.unsupportedReason());
            }
        }
    }
}
