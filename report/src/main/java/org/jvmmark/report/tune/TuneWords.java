package org.jvmmark.report.tune;

import java.util.ArrayList;
import java.util.List;
import org.jvmmark.report.model.Column;
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
            String leads = j.leader() == null ? "no point may win yet" : j.race().labelOf(j.leader()) + " leads so far";
            return "no confirmed answer: the race " + (j.race().stopped().isEmpty() ? "is under way" : "stopped ("
                    + j.race().stopped() + ")") + " before its confirmation round (" + leads + "; a leader's gain on the"
                    + " forks that chose it is biased upward, so none is stated)";
        }
        String figure = Words.figure(a.objective());
        Judgement g = c.vsDefault();
        if (c.candidate() == null) {
            return "the default leads on " + figure + "; no other point reached the confirmation round";
        }
        String best = j.race().labelOf(c.candidate());
        return switch (g.answer()) {
            case BETTER -> best + ": " + gain(a, g);
            case NO_DIFFERENCE -> "no point beats the default beyond noise: the best, " + best + ", against the default on"
                    + " the confirmation forks: " + versus(a, g);
            case WORSE -> "no point beats the default: the best of the race, " + best + ", is worse than it on the"
                    + " confirmation forks: " + versus(a, g);
            case CANNOT_TELL -> "cannot tell whether " + best + " beats the default on " + figure + ": on the confirmation"
                    + " forks, " + versus(a, g) + (c.pick().equals(c.candidate()) ? "; it leads on all its forks, the best guess" : "");
        };
    }

    /** The pick against the user's baseline: "against your baseline (…): better, 12 % faster (…), 3 forks each". */
    static String versusBaseline(TuneAnswer a, TuneAnswer.JdkAnswer j) {
        Confirmation c = j.confirmation();
        String baseline = "your baseline (" + j.race().labelOf(c.baseline()) + ")";
        if (c.vsBaseline() == null) {
            return "the pick is " + baseline + ": nothing the race tried beats it";
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
            rounds += " (the last the confirmation: " + last.forks() + " fresh forks each for " + String.join(", ", last.points()) + ")";
        }
        String stopped = race.stopped().isEmpty() ? "" : "; stopped: " + race.stopped();
        return race.points().size() + " points, " + rounds + ", " + j.trials() + " trials"
                + (parts.isEmpty() ? "" : ": " + String.join(", ", parts)) + stopped;
    }
}
