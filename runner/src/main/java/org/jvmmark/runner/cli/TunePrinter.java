package org.jvmmark.runner.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import org.jvmmark.report.numbers.Format;
import org.jvmmark.report.tune.TuneRecord;
import org.jvmmark.runner.base.Text;
import org.jvmmark.runner.jdk.Jdk;
import org.jvmmark.runner.plan.Budget;
import org.jvmmark.runner.plan.CatalogEntry;
import org.jvmmark.runner.plan.PlannedTrial;
import org.jvmmark.runner.tune.Point;
import org.jvmmark.runner.tune.EliteRace;
import org.jvmmark.runner.tune.SearchSpace;
import org.jvmmark.runner.tune.TuneOptions;

/** What a tune prints while it plans and races, before the report's answer. Stateless. */
final class TunePrinter {
    private TunePrinter() {
    }

    /**
     * "after round N: K points still in the race; best so far …": K counts the points the next round races (the elite,
     * the default, the baseline and the neighbours that join), not the ones dropped, left behind or out; before the
     * confirmation it names the points confirmed instead.
     */
    static void progress(PrintStream out, TuneRecord.JdkRace race, int number, EliteRace elite, EliteRace.Round next,
                         double threshold) {
        if (next == null) {
            out.printf("%s after round %d: the race has ended; the answer below is judged on its last round's forks%n", race.jdk(),
                    number);
            return;
        }
        String best = elite.leader() == null ? "none yet" : elite.leader();
        String what = next.confirmation() ? "next, the confirmation: " + next.forksEach() + " fresh forks each for "
                + String.join(", ", next.points()) : next.points().size() + " points still in the race";
        out.printf("%s after round %d: %s; best so far %s (%d dropped as worse beyond ±%s, %d left behind, %d out)%n",
                race.jdk(), number, what, best, elite.dropped().size(), Format.percent(threshold), elite.behind().size(),
                elite.excluded().size());
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
            Point baseline = v.stream().filter(Point::isBaseline).findFirst().orElse(null);
            boolean inSpace = baseline != null && space.points().stream().anyMatch(p -> p.sameFlags(baseline));
            out.printf("%s: %d of %d points valid%s%n", jdk.label(), v.stream().filter(p -> !p.isBaseline()).count() + (inSpace ? 1 : 0),
                    space.points().size(), baseline == null ? "" : inSpace ? ", your baseline one of them" : ", and your baseline");
            refused.get(jdk).forEach(t -> out.println("  invalid: " + t.variant() + ": " + t.unsupportedReason()));
            long each = trials.secondsEach(jdk);
            double share = TuneRounds.share(options.budget(), jdks.size());
            int cap = TuneRounds.trialCap(share, each);
            EliteRace.Settings settings = EliteRace.Settings.standard(cap, options.threshold(), false);
            List<Point> first = TuneRounds.first(space, v.stream().filter(p -> !p.isBaseline()).toList(), baseline, cap);
            out.printf("  round 1: %d points × %d fresh forks (about %s): %s%n", first.size(), settings.forksPerRound(),
                    Text.seconds((double) first.size() * settings.forksPerRound() * each),
                    String.join("; ", first.stream().map(Point::label).toList()));
            out.printf("  then up to %d rounds, each a batch of its own: the best %d, the default%s and up to %d neighbours,"
                    + " %d fresh forks each; a point is dropped only when the judge calls it worse than the leader%n",
                    settings.maxRounds() - 1, settings.keep(), first.stream().anyMatch(Point::isBaseline) ? ", the baseline" : "",
                    settings.neighboursPerRound(), settings.forksPerRound());
            out.printf("  last, the confirmation: %d fresh forks each for the leader, the default%s and a close runner-up;"
                    + " the gain is judged on those alone%n", settings.confirmForks(),
                    first.stream().anyMatch(Point::isBaseline) ? ", the baseline" : "");
            out.printf("  at most %d trials: %s of the budget for this JDK at about %s a trial%n", cap, Text.seconds(share),
                    Text.seconds(each));
            int least = settings.leastTrials(first.size());
            if (cap < least) {
                out.printf("  budget too small: the race needs %d trials at the least (round one and the confirmation), about %s"
                        + " for this JDK; nothing would run%n", least, Text.seconds((double) least * each));
            }
        }
    }
}
