package org.jvmmark.runner.cli;

import java.io.PrintStream;
import java.util.List;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.function.ToLongFunction;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.report.tune.Confirmation;
import org.jvmmark.report.tune.TuneAnswer;
import org.jvmmark.report.numbers.Format;
import org.jvmmark.report.tune.TuneRecord;
import org.jvmmark.runner.base.Text;
import org.jvmmark.runner.jdk.Jdk;
import org.jvmmark.runner.plan.Budget;
import org.jvmmark.runner.plan.CatalogEntry;
import org.jvmmark.runner.plan.PlannedTrial;
import org.jvmmark.runner.tune.Point;
import org.jvmmark.runner.tune.EliteRace;
import org.jvmmark.runner.tune.LostForks;
import org.jvmmark.runner.tune.SearchSpace;
import org.jvmmark.runner.tune.TuneOptions;

/** What a tune prints while it plans and races, before the report's answer. Stateless. */
final class TunePrinter {
    private TunePrinter() {
    }

    /**
     * "after round N: 6 points raced so far: 2 race on, 3 left behind, 0 dropped as worse beyond ±5 %, 0 out, the
     * default waits for the final stage; next, 6 points: those 2 and 4 new; best so far …": the points raced so far
     * add up (each races on, is left behind, dropped, out, or is the default waiting), and the next round's are those
     * that race on and the new ones (the model's proposals and neighbours; a point left behind that comes back races on).
     * Before a round of the final stage it names the points it confirms instead.
     */
    static void progress(PrintStream out, TuneRecord.JdkRace race, int number, EliteRace elite, EliteRace.Round next,
                         double threshold) {
        boolean staged = race.last() != null && race.last().confirmation();
        if (next == null) {
            out.printf("%s after round %d: the race has ended; the answer below is judged on its %s forks%n", race.jdk(),
                    number, staged ? "confirmation rounds'" : "last round's");
            return;
        }
        Set<String> tried = elite.tried();
        long on = next.points().stream().filter(tried::contains).count();
        boolean waits = tried.contains(Point.DEFAULT.label()) && !next.points().contains(Point.DEFAULT.label());
        String where = String.format("%d %s raced so far: %d race on, %d left behind, %d dropped as worse beyond ±%s, %d out%s",
                tried.size(), tried.size() == 1 ? "point" : "points", on, elite.behind().size(), elite.dropped().size(),
                Format.percent(threshold), elite.excluded().size(), waits ? ", the default waits for the final stage" : "");
        String what = !next.confirmation() ? "next, " + next.points().size() + " points: " + (on == 1 ? "that 1" : "those " + on)
                + " and " + (next.points().size() - on) + " new"
                : (elite.replacing() ? "forks the judge cannot use run again: " : staged
                        ? "the answer is still open, the confirmation grows: " : "next, the confirmation: ") + next.forksEach()
                        + " fresh " + (next.forksEach() == 1 ? "fork" : "forks") + " each for " + String.join(", ", next.points());
        out.printf("%s after round %d: %s; %s; best so far %s%n", race.jdk(), number, where, what,
                elite.leader() == null ? "none yet" : elite.leader());
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
            int firstForks = settings.strategy().firstForks(settings.forksPerRound());
            out.printf("  round 1: %d points × %d fresh %s (about %s): %s%n", first.size(), firstForks,
                    firstForks == 1 ? "fork" : "forks", Text.seconds((double) first.size() * firstForks * each),
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

    /** How many untried points a line names before it counts the rest. */
    static final int NAMED = 5;

    /**
     * What the answer's "no setting tried" covers, per JDK: "temurin-25: 6 of 17 valid points tried; not tried:
     * -XX:+UseZGC -Xmx1g, … and 7 more". A bound over the points tried says nothing of the others.
     */
    static void untried(PrintStream out, TuneRecord record, Map<Jdk, List<Point>> valid) {
        for (Map.Entry<Jdk, List<Point>> e : valid.entrySet()) {
            TuneRecord.JdkRace race = record.jdks().stream().filter(r -> r.jdk().equals(e.getKey().label())).findFirst().orElse(null);
            if (race == null) {
                continue;
            }
            List<String> not = e.getValue().stream().map(Point::label).filter(l -> race.rowOf(l) == null).toList();
            out.println(untriedLine(race.jdk(), e.getValue().size() - not.size(), e.getValue().size(), not));
        }
    }

    /** One JDK's line of {@link #untried}. */
    static String untriedLine(String jdk, int tried, int of, List<String> not) {
        String named = String.join(", ", not.subList(0, Math.min(NAMED, not.size())))
                + (not.size() > NAMED ? " and " + (not.size() - NAMED) + " more" : "");
        return jdk + ": " + tried + " of " + of + " valid points tried" + (not.isEmpty() ? " (all of them)" : "; not tried: " + named);
    }

    /**
     * For every JDK whose answer cannot tell yet, what would tell and the command that buys it: "temurin-25: cannot tell
     * yet; 9 more forks a side would tell (about 4 min 30 s of trials): jvmmark tune --resume --out DIR --more-forks 9".
     * The forks are the judge's ({@link Judgement#toTell}) less those the confirmation ran; where the machine's level took
     * some away, as many more as keep the lacking ones on one level with 90 % chance ({@link LostForks#toAsk}).
     */
    static void moreForks(PrintStream out, TuneAnswer answer, Path dir, ToLongFunction<Jdk> secondsEach, List<Jdk> jdks) {
        if (answer == null) {
            return;
        }
        for (TuneAnswer.JdkAnswer j : answer.jdks()) {
            Confirmation c = j.confirmation();
            Jdk jdk = jdks.stream().filter(k -> k.label().equals(j.race().jdk())).findFirst().orElse(null);
            if (c == null || jdk == null || c.form() != Confirmation.Form.CANNOT_TELL || c.vsDefault() == null) {
                continue;
            }
            out.println(moreForksLine(j.race().jdk(), c.vsDefault(), c.confirmed().size(), secondsEach.applyAsLong(jdk), dir));
        }
    }

    /** One JDK's line of {@link #moreForks}. */
    static String moreForksLine(String jdk, Judgement vsDefault, int points, long secondsEach, Path dir) {
        int toTell = vsDefault.toTell();
        if (toTell <= 0 || toTell == Judgement.MORE_THAN_CAP) {
            // not "the difference is within the noise": the interval above may reach well past the threshold
            return jdk + ": cannot tell yet, and more than " + Judgement.CAP + " forks a side would be needed to tell on"
                    + " this machine's fork noise: the bound above is how far apart the settings may be";
        }
        int more = Math.max(1, toTell - Math.min(vsDefault.forksCandidate(), vsDefault.forksReference()));
        if (vsDefault.leftOut() > 0) {
            // forks the machine's level took away are lost again at their rate: ask for enough that the lacking ones
            // stay on one level with 90 % chance (1 asked for on the AMD host, 2026-11-29, was lost again)
            int ran = vsDefault.forksCandidate() + vsDefault.forksReference() + vsDefault.leftOut();
            more = LostForks.toAsk(more, (double) vsDefault.leftOut() / ran);
        }
        return jdk + ": cannot tell yet; " + more + (more == 1 ? " more fork" : " more forks") + " a side would tell (about "
                + Text.seconds((double) more * points * secondsEach) + " of trials): jvmmark tune --resume --out " + dir
                + " --more-forks " + more;
    }
}
