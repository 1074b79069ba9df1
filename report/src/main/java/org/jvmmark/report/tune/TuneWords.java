package org.jvmmark.report.tune;

import java.util.ArrayList;
import java.util.List;
import org.jvmmark.report.model.Column;
import org.jvmmark.report.numbers.Format;
import org.jvmmark.report.words.Words;
import org.jvmmark.report.judge.Judgement;

/**
 * A tuning run's answer in words, built from {@link Words}' sayings of a judgement (the one place that puts a judgement
 * into words): the lines the console, report.md and report.html print under "Which settings". Every gain it states is
 * the confirmation round's ({@link Confirmation}): fresh forks, not the forks that chose the pick. Stateless.
 */
final class TuneWords {
    /** The name the winner's flags are pasted under ({@link #paste}). */
    static final String PASTE_VARIABLE = "JVMMARK_JVM_ARGS";
    private TuneWords() {
    }

    /**
     * A tuning run's answer, per JDK: "temurin-25: -XX:+UseParallelGC -Xmx256m: p50 latency 30 % faster than the default
     * (99 % CI 22–37 %), 3 forks each, on the confirmation round's fresh forks"; "no point beats the default beyond
     * noise: …"; "cannot tell whether … beats the default: …; 9 forks a side would tell"; the pick against the user's
     * baseline; the winner's flags to paste; what the race did; then the JDKs' picks against each other.
     */
    static List<String> lines(TuneAnswer a) {
        List<String> out = new ArrayList<>();
        for (TuneAnswer.JdkAnswer j : a.jdks()) {
            out.add(j.race().jdk() + ": " + answer(a, j));
            Confirmation c = j.confirmation();
            if (c != null && c.baseline() != null) {
                out.add("  " + versusBaseline(a, j));
            }
            String paste = c != null && c.beatsReference() ? paste(j.race(), c.pick()) : null;
            if (paste != null) {
                out.add("  " + paste);
                String clash = collisions(j.race(), c.pick());
                if (clash != null) {
                    out.add("  " + clash);
                }
            }
            if (j.why() != null) {
                out.add("  " + j.why());
            }
            if (j.trials() > 0 || j.race().stopped().isEmpty()) {
                out.add("  " + tuneCounts(j));
            }
        }
        String leader = acrossLeader(a);
        if (leader != null) {
            out.add("Across JDKs, the pick of each on " + Words.figure(a.objective()) + ", on the confirmation forks: " + leader
                    + " leads; " + acrossOthers(a));
        }
        return out;
    }

    /**
     * The winner's flags as one line to paste, under jvmmark's own name: {@code JVMMARK_JVM_ARGS="-XX:+UseParallelGC
     * -Xmx256m"}, to put where the service's JVM takes its flags ({@code java $JVMMARK_JVM_ARGS -jar app.jar}, or
     * {@code --jvm-args "$JVMMARK_JVM_ARGS"} for the next run). Not {@code JAVA_TOOL_OPTIONS}: exported in a shell, that
     * would reach every JVM the shell starts; null when the point has no flags of its own.
     */
    static String paste(TuneRecord.JdkRace race, String row) {
        List<String> flags = race.points().stream().filter(p -> p.row().equals(row)).findFirst()
                .map(TuneRecord.PointRow::flags).orElse(List.of());
        return flags.isEmpty() ? null : PASTE_VARIABLE + "=\"" + String.join(" ", flags) + "\"";
    }

    /**
     * What the paste line's flags may collide with in the user's own launch, or null: a collector flag beside the one
     * the launch may already name stops the JVM ("multiple garbage collectors selected"); of a heap or stack size, or any
     * other flag, given twice the JVM takes the last on its command line, silently.
     */
    static String collisions(TuneRecord.JdkRace race, String row) {
        List<String> flags = race.points().stream().filter(p -> p.row().equals(row)).findFirst()
                .map(TuneRecord.PointRow::flags).orElse(List.of());
        List<String> said = new ArrayList<>();
        List<String> gc = flags.stream().filter(f -> f.matches("-XX:\\+Use\\w*GC")).toList();
        if (!gc.isEmpty()) {
            said.add("if your launch already names a collector (-XX:+Use…GC), replace it with " + String.join(" ", gc)
                    + ": a second collector stops the JVM (\"multiple garbage collectors selected\")");
        }
        List<String> overridden = flags.stream().filter(f -> !gc.contains(f)).map(f -> f.replaceFirst("^(-Xm[xsn]|-Xss|-XX:[+-]?\\w+).*", "$1"))
                .distinct().toList();
        if (!overridden.isEmpty()) {
            said.add("if your launch already gives " + String.join(", ", overridden) + ", keep one: the JVM takes the last"
                    + " on its command line");
        }
        return said.isEmpty() ? null : "warning: " + String.join("; ", said);
    }

    /** A JDK's answer in one sentence, without the JDK's name: the first line {@link #lines} says of it. */
    static String answer(TuneAnswer a, TuneAnswer.JdkAnswer j) {
        Confirmation c = j.confirmation();
        if (j.trials() == 0 && !j.race().stopped().isEmpty()) {
            return "nothing ran: " + j.race().stopped();
        }
        if (a.objective() == null || j.points().isEmpty() && c == null) {
            return "no point measured " + a.record().objective() + (j.notRun().isEmpty() ? "" : ": none ran ok");
        }
        if (c == null) {
            String leads = (j.leader() == null ? "no point may win yet" : j.race().labelOf(j.leader()) + " leads so far")
                    + "; a leader's gain on the forks that chose it is biased upward, so none is stated";
            TuneRecord.Round last = j.race().last();
            if (last != null && last.confirmation() && !j.race().stopped().isEmpty()) {
                // the stage ran, but the default has no fork there that measured (failed, or disturbed by other processes)
                return "no confirmed answer: none of the default's forks in the final stage is evidence (each failed or was"
                        + " disturbed by other processes), so no gain can be measured against it (" + leads + "); run it"
                        + " again on a quieter machine";
            }
            return "no confirmed answer: the race " + (j.race().stopped().isEmpty() ? "is under way" : "stopped ("
                    + j.race().stopped() + ")") + " before its confirmation round (" + leads + ")";
        }
        String figure = Words.figure(a.objective());
        Judgement g = c.vsDefault();
        if (c.candidate() == null) {
            boolean alone = j.race().last().points().stream().map(j.race()::rowOf)
                    .allMatch(r -> r.equals(j.race().defaultRow()) || r.equals(j.race().baselineRow()));
            return "cannot tell yet: no setting but the default reached the confirmation round, so nothing bounds what the"
                    + " others might gain" + (alone ? " (the race's trial cap of " + j.race().trialCap() + " was spent before"
                    + " one fitted beside it: a larger --budget gives it room)" : " (their forks there failed or were disturbed)");
        }
        String best = j.race().labelOf(c.candidate());
        return switch (c.form()) {
            case WINNER -> "use " + best + ": " + gain(a, g);
            case KEEP_DEFAULT -> "keep the default: no setting confirmed is more than " + Format.percent(Math.max(0, c.bound()))
                    + " better on " + figure + " (" + bound(c, j) + "); the best of the race, " + best
                    + ", against the default: " + versus(a, g);
            case CANNOT_TELL -> "cannot tell yet: " + (c.pick().equals(c.candidate()) ? best + " leads the default on the"
                    + " confirmation forks, " : "the best setting confirmed, " + best + ", trails the default on the confirmation"
                    + " forks: ")
                    + versus(a, g) + "; " + (Double.isNaN(c.bound()) ? "no simultaneous bound (too few forks)"
                    : "a setting confirmed may be up to " + Format.percent(c.bound()) + " better (" + bound(c, j) + ")");
        };
    }

    /** How the bound was taken: "95 % simultaneous bound (Dunnett), 3 settings against the default on the confirmation forks". */
    private static String bound(Confirmation c, TuneAnswer.JdkAnswer j) {
        int others = c.confirmed().size() - 1;
        return Format.percent(DefaultBound.CONFIDENCE) + " simultaneous bound (Dunnett), " + others
                + (others == 1 ? " setting" : " settings") + " against the default on the confirmation forks";
    }

    /** The pick against the user's baseline: "against your baseline (…): better, 12 % faster (…), 3 forks each". */
    static String versusBaseline(TuneAnswer a, TuneAnswer.JdkAnswer j) {
        Confirmation c = j.confirmation();
        String baseline = "your baseline (" + j.race().labelOf(c.baseline()) + ")";
        if (!c.confirmed().contains(c.baseline())) {
            return baseline + " has no confirmation forks (they failed, or it broke a constraint): the answer says nothing"
                    + " against it";
        }
        if (c.vsBaseline() == null) {
            return "the pick is " + baseline + " itself";
        }
        String pick = c.pick().equals(c.defaultPoint()) ? "the default" : j.race().labelOf(c.pick());
        return pick + " against " + baseline + ": " + Words.answer(c.vsBaseline()) + ", " + versus(a, c.vsBaseline());
    }

    /** A called gain: "p50 latency 30 % faster than the default (99 % CI 22–37 %), 3 forks each, on …". */
    static String gain(TuneAnswer a, Judgement g) {
        Column col = a.objective();
        String e = Words.effect(col, g.effect());
        int ci = e.indexOf(" (");
        return Words.figure(col) + " " + (ci < 0 ? e + " than the default" : e.substring(0, ci) + " than the default"
                + e.substring(ci)) + ", " + Words.forksEach(g.forksCandidate(), g.forksReference())
                + ", on the confirmation round's fresh forks";
    }

    /** A judgement's why, with the forks behind it, or what would tell. */
    static String versus(TuneAnswer a, Judgement g) {
        String why = Words.why(g, a.objective().unit());
        String tell = Words.tell(g);
        return why + (tell.isEmpty() ? ", " + Words.forksEach(g.forksCandidate(), g.forksReference()) : "; " + tell);
    }

    /** The JDKs' picks against each other: the leading JDK's pick, or null when the JDKs were not compared. */
    static String acrossLeader(TuneAnswer a) {
        return a.across().entrySet().stream().filter(e -> e.getValue() == null).map(e -> pointOf(a, e.getKey()))
                .findFirst().orElse(null);
    }

    /** The other JDKs' picks against the leader's, each with the judge's answer. */
    static String acrossOthers(TuneAnswer a) {
        List<String> others = new ArrayList<>();
        a.across().forEach((row, jd) -> {
            if (jd != null) {
                String more = Words.tell(jd);
                others.add(pointOf(a, row) + ": " + Words.answer(jd) + ", " + Words.why(jd, a.objective().unit())
                        + (more.isEmpty() ? "" : "; " + more));
            }
        });
        return String.join("; ", others);
    }

    private static String pointOf(TuneAnswer a, String row) {
        for (TuneAnswer.JdkAnswer j : a.jdks()) {
            String label = j.race().labelOf(row);
            if (label != null) {
                return j.race().jdk() + " " + label;
            }
        }
        return row;
    }

    /**
     * The final stage's rounds: "the last the confirmation: 3 fresh forks each for A, default, B", or where it grew (or
     * ran again forks the judge could not use) "the last 3 the final stage: the confirmation, 3 fresh forks each for A,
     * default, B; then 2 each for A, default; then 1 each for A, default".
     */
    static String stage(TuneRecord.JdkRace race) {
        List<TuneRecord.Round> stage = new ArrayList<>();
        for (int r = 1; r <= race.rounds().size(); r++) {
            if (race.confirming(r)) {
                stage.add(race.rounds().get(r - 1));
            }
        }
        TuneRecord.Round first = stage.get(0);
        String confirmation = first.forks() + " fresh forks each for " + String.join(", ", first.points());
        if (stage.size() == 1) {
            return "the last the confirmation: " + confirmation;
        }
        StringBuilder out = new StringBuilder("the last " + stage.size() + " the final stage: the confirmation, " + confirmation);
        for (TuneRecord.Round r : stage.subList(1, stage.size())) {
            out.append("; then ").append(r.forks()).append(" each for ").append(String.join(", ", r.points()));
        }
        return out.toString();
    }

    /**
     * "13 points, 4 rounds (the last the confirmation: 3 fresh forks each for …), 41 trials: 2 worse than the leader,
     * 5 left behind (never judged worse), 1 out (a fork failed, or it breaks a constraint), 1 unsupported; stopped:
     * confirmed".
     */
    static String tuneCounts(TuneAnswer.JdkAnswer j) {
        TuneRecord.JdkRace race = j.race();
        List<String> parts = new ArrayList<>();
        if (!race.dropped().isEmpty()) {
            parts.add(race.dropped().size() + " worse than the leader (dropped by the judge)");
        }
        if (!race.behind().isEmpty()) {
            parts.add(race.behind().size() + " left behind by the elite (never judged worse)");
        }
        long failed = j.notRun().values().stream().filter(v -> !v.startsWith("unsupported")).count();
        int out = race.excluded().size();
        if (out > 0) {
            String why = failed > 0 && !j.breaks().isEmpty() ? "a fork failed, or it breaks a constraint"
                    : j.breaks().isEmpty() ? "a fork failed" : "it breaks a constraint";
            parts.add(out + " out of the race (" + why + ")");
        }
        long unsupported = j.notRun().values().stream().filter(v -> v.startsWith("unsupported")).count();
        if (unsupported > 0) {
            parts.add(unsupported + " unsupported");
        }
        TuneRecord.Round last = race.last();
        int n = race.rounds().size();
        String rounds = n + (n == 1 ? " round" : " rounds");
        if (last != null && last.confirmation()) {
            rounds += " (" + stage(race) + ")";
        }
        String stopped = race.stopped().isEmpty() ? "" : "; stopped: " + race.stoppedWords();
        return race.points().size() + " points, " + rounds + ", " + j.trials() + " trials"
                + (parts.isEmpty() ? "" : ": " + String.join(", ", parts)) + stopped;
    }
}
