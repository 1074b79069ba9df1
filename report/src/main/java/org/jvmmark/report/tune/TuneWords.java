package org.jvmmark.report.tune;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jvmmark.report.Column;
import org.jvmmark.report.Words;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.report.judge.Judgement;

/**
 * A tuning run's answer in words, built from {@link Words}' sayings of a judgement (the one place that puts a judgement
 * into words): the lines the console, report.md and report.html print under "Which settings". Stateless.
 */
final class TuneWords {
    private TuneWords() {
    }

    /**
     * A tuning run's answer ({@link TuneAnswer}), one line per JDK and what stands behind it:
     * "temurin-25: -XX:+UseParallelGC -Xmx256m: p50 latency 30 % faster than the default (99 % CI 22–37 %), 6 and 6
     * forks"; "no point beats the default beyond noise"; "cannot tell whether … beats the default: …; 9 forks a side
     * would tell"; the points that cannot be told apart from the best; what the race did with the rest; the JDKs' bests
     * against each other.
     */
    static List<String> lines(TuneAnswer a) {
        List<String> out = new ArrayList<>();
        Column col = a.objective();
        for (TuneAnswer.JdkAnswer j : a.jdks()) {
            Standings s = j.standings();
            out.add(j.race().jdk() + ": " + answer(a, j));
            if (s == null || s.leader() == null) {
                out.add("  " + tuneCounts(j));
                continue;
            }
            Judgement g = s.gain();
            String paste = paste(j.race(), s.leader());
            if (g != null && g.answer() == Judgement.Answer.BETTER && paste != null) {
                out.add("  " + paste);
            }
            List<String> tied = new ArrayList<>();
            for (String row : s.tiedWithLeader()) {
                Judgement t = row.equals(s.defaultRow()) ? g : s.vsLeader().get(row);
                String told = row.equals(s.defaultRow()) ? "the best against it: " : "";
                String more = Words.tell(t);
                tied.add(j.race().labelOf(row) + " (" + Words.answer(t) + ": " + told + Words.why(t, col.unit()) + (more.isEmpty() ? "" : "; " + more) + ")");
            }
            if (!tied.isEmpty()) {
                out.add("  cannot be told apart from the best: " + String.join("; ", tied));
            }
            out.add("  " + tuneCounts(j));
        }
        String leader = acrossLeader(a);
        if (leader != null) {
            out.add("Across JDKs, the best of each on " + Words.figure(col) + ": " + leader + " leads; " + acrossOthers(a));
        }
        return out;
    }

    /**
     * The winner's flags as one line to paste into the environment of the JVM it is for:
     * {@code JAVA_TOOL_OPTIONS="-XX:+UseParallelGC -Xmx256m"}; null when the point has no flags of its own.
     */
    static String paste(TuneRecord.JdkRace race, String row) {
        List<String> flags = race.points().stream().filter(p -> p.row().equals(row)).findFirst()
                .map(TuneRecord.PointRow::flags).orElse(List.of());
        return flags.isEmpty() ? null : "JAVA_TOOL_OPTIONS=\"" + String.join(" ", flags) + "\"";
    }

    /** A JDK's answer in one sentence, without the JDK's name: the first line {@link #lines} says of it. */
    static String answer(TuneAnswer a, TuneAnswer.JdkAnswer j) {
        Standings s = j.standings();
        if (s == null || s.leader() == null) {
            return s == null ? "no point measured " + a.record().objective() : "no point may win: "
                    + (!j.breaks().isEmpty() ? "every point that ran breaks a constraint"
                    : j.trials() > 0 && j.notRun().isEmpty() ? "every fork that ran ok was disturbed (other processes used its"
                    + " CPUs), so none is evidence; run on a quieter machine, or --disturbed ignore to judge them anyway"
                    : "none ran ok");
        }
        String best = j.race().labelOf(s.leader());
        String figure = Words.figure(a.objective());
        Judgement g = s.gain();
        if (s.leader().equals(s.defaultRow())) {
            return (s.states().containsValue(Standings.State.OPEN) ? "cannot tell: " : "") + defaultLeads(a, j);
        }
        if (g == null) {
            return best + " leads on " + figure + "; the default has no forks to compare it with";
        }
        return switch (g.answer()) {
            case BETTER -> best + ": " + gain(a, g);
            case NO_DIFFERENCE -> "no point beats the default beyond noise: the best, " + best + ", against the default: "
                    + versusDefault(a, g);
            default -> "cannot tell whether " + best + " beats the default on " + figure + ": " + versusDefault(a, g);
        };
    }

    /** The default leads: "no point beats the default beyond noise; the default leads on p50 latency", or cannot tell. */
    static String defaultLeads(TuneAnswer a, TuneAnswer.JdkAnswer j) {
        String figure = Words.figure(a.objective());
        return j.standings().states().containsValue(Standings.State.OPEN)
                ? "the default leads on " + figure + ", but points below cannot be told from it yet"
                : "no point beats the default beyond noise; the default leads on " + figure;
    }

    /** A called gain: "p50 latency 30 % faster than the default (99 % CI 22–37 %), 6 and 6 forks". */
    static String gain(TuneAnswer a, Judgement g) {
        Column col = a.objective();
        String e = Words.effect(col, g.effect());
        int ci = e.indexOf(" (");
        return Words.figure(col) + " " + (ci < 0 ? e + " than the default" : e.substring(0, ci) + " than the default"
                + e.substring(ci)) + ", " + Words.forksEach(g.forksCandidate(), g.forksReference());
    }

    /** The best against the default when no gain is called: the judge's why, and what would tell or the forks. */
    static String versusDefault(TuneAnswer a, Judgement g) {
        String why = Words.why(g, a.objective().unit());
        if (g.answer() == Judgement.Answer.NO_DIFFERENCE) {
            return why + ", " + Words.forksEach(g.forksCandidate(), g.forksReference());
        }
        String tell = Words.tell(g);
        return why + (tell.isEmpty() ? "" : "; " + tell);
    }

    /** The JDKs' bests against each other: the leading JDK's best point, or null when the JDKs were not compared. */
    static String acrossLeader(TuneAnswer a) {
        return a.across().entrySet().stream().filter(e -> e.getValue() == null).map(e -> pointOf(a, e.getKey()))
                .findFirst().orElse(null);
    }

    /** The other JDKs' bests against the leader's, each with the judge's answer. */
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

    /** "13 points, 2 rounds, 31 trials: 4 worse than the best, 3 not raced further (fewer than 3 forks), …; stopped: decided". */
    private static String tuneCounts(TuneAnswer.JdkAnswer j) {
        Map<String, Integer> n = new java.util.LinkedHashMap<>();
        if (j.standings() != null) {
            j.standings().states().forEach((row, st) -> {
                String what = switch (st) {
                    case WORSE -> "worse than the best";
                    case TOO_FEW_FORKS -> "not raced further (fewer than " + Judge.MIN_FORKS + " forks, never judged)";
                    case CANNOT_WIN -> "break a constraint";
                    case FAILED -> "failed";
                    default -> null;
                };
                if (what != null) {
                    n.merge(what, 1, Integer::sum);
                }
            });
        }
        j.notRun().values().stream().filter(v -> v.startsWith("unsupported")).forEach(v -> n.merge("unsupported", 1, Integer::sum));
        List<String> parts = new ArrayList<>();
        n.forEach((k, v) -> parts.add(v + " " + k));
        String stopped = j.race().stopped().isEmpty() ? "" : "; stopped: " + j.race().stopped();
        return j.race().points().size() + " points, " + j.race().rounds().size() + (j.race().rounds().size() == 1 ? " round, " : " rounds, ")
                + j.trials() + " trials" + (parts.isEmpty() ? "" : ": " + String.join(", ", parts)) + stopped;
    }
}
