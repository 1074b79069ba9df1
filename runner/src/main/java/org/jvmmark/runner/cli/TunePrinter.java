package org.jvmmark.runner.cli;

import java.io.PrintStream;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jvmmark.report.Format;
import org.jvmmark.report.Words;
import org.jvmmark.report.tune.Standings;
import org.jvmmark.report.tune.TuneAnswer;
import org.jvmmark.report.tune.TuneRecord;
import org.jvmmark.runner.Text;
import org.jvmmark.runner.jdk.Jdk;
import org.jvmmark.runner.plan.Budget;
import org.jvmmark.runner.plan.CatalogEntry;
import org.jvmmark.runner.plan.PlannedTrial;
import org.jvmmark.runner.tune.Point;
import org.jvmmark.runner.tune.Race;
import org.jvmmark.runner.tune.SearchSpace;
import org.jvmmark.runner.tune.TuneOptions;

/** What a tune prints while it plans and races, before the report's answer. Stateless. */
final class TunePrinter {
    private TunePrinter() {
    }

    /**
     * "after round N: K points still in the race; best so far …": K counts the points of the round just run that the
     * judge has not put behind; a point left behind by an earlier halving is not in the race, whatever its state.
     */
    static void progress(PrintStream out, Jdk jdk, int number, TuneAnswer.Evaluation e, TuneRecord.JdkRace race,
                         double secondsLeft) {
        String best = "none yet";
        if (e != null && e.standings().leader() != null) {
            double c = e.standings().centres().get(e.standings().leader());
            best = race.labelOf(e.standings().leader()) + " (" + Words.figure(e.objective()) + " " + Format.value(c, e.objective().unit()) + ")";
        }
        Set<String> raced = new LinkedHashSet<>(race.rounds().isEmpty() ? List.of()
                : race.rounds().get(race.rounds().size() - 1).points());
        long left = e == null ? 0 : e.standings().states().entrySet().stream()
                .filter(s -> raced.contains(race.labelOf(s.getKey())))
                .map(Map.Entry::getValue)
                .filter(s -> s == Standings.State.LEADER || s == Standings.State.OPEN || s == Standings.State.TOO_FEW_FORKS)
                .count();
        out.printf("%s after round %d: %d points still in the race; best so far %s; %s of the budget left%n", jdk.label(), number,
                left, best, Text.seconds(Math.max(0, secondsLeft)));
    }

    /** {@code tune --dry-run}: the space, the valid points per JDK, and the rounds the budget would buy. */
    static void dryRun(PrintStream out, CatalogEntry entry, TuneOptions options, SearchSpace space, TuneTrials trials,
                       List<Jdk> jdks, Map<Jdk, List<Point>> valid, Map<Jdk, List<PlannedTrial>> refused) {
        out.println("tune " + entry.info().name() + ", profile " + options.profile() + ", objective " + options.objective()
                + (options.constraints().isEmpty() ? "" : ", constraints " + String.join("; ", options.constraints()))
                + ", budget " + options.budget());
        out.println("space:");
        space.describe().forEach(l -> out.println("  " + l));
        for (Jdk jdk : jdks) {
            List<Point> v = valid.get(jdk);
            out.printf("%s: %d of %d points valid%n", jdk.label(), v.size(), space.points().size());
            refused.get(jdk).forEach(t -> out.println("  invalid: " + t.variant() + ": " + t.unsupportedReason()));
            long each = trials.secondsEach(jdk);
            long share = Budget.parse(options.budget()).seconds() / jdks.size();
            List<Point> first = space.sample(v, TuneRounds.firstRoundSize(share, each));
            out.printf("  round 1: %d points × %d fork (about %s): %s%n", first.size(), Race.forksOfRound(1),
                    Text.seconds((double) first.size() * each), String.join("; ", first.stream().map(Point::label).toList()));
            for (int r = 2, left = first.size(); r <= 4 && left > 1; r++) {
                left = Math.max(2, (left + 1) / 2);
                out.printf("  round %d: the best %d (and up to %d neighbours) to %d forks each%n", r, left,
                        4, Race.forksOfRound(r));
            }
            out.printf("  about %s a trial; %s of the budget for this JDK%n", Text.seconds(each), Text.seconds(share));
        }
    }
}
