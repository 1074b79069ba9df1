package org.jvmmark.report.words;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.jvmmark.report.judge.Judge;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.report.judge.RunSpread;
import org.jvmmark.results.ResultsReader;
import org.jvmmark.report.judge.Effect;
import org.jvmmark.report.model.Column;
import org.jvmmark.report.numbers.Format;
import org.jvmmark.report.model.Headline;
import org.jvmmark.report.model.Percentiles;

/**
 * How a difference is said in every rendering: "12 % slower", "8 % lower", "5 % more memory" — a
 * word for the direction, never a bare sign, since "+16 %" on a throughput is a loss and on a
 * latency a loss too. Stateless and thread-safe.
 */
public final class Words {
    private Words() {
    }

    /** The words for "more" and "less" of a column's figure: times are slower/faster, rates faster/slower, sizes more/less memory. */
    public static String[] moreLess(Column c) {
        return moreLess(c.unit());
    }

    /** The words for "more" and "less" of a figure in {@code unit}, as {@link #moreLess(Column)}. */
    public static String[] moreLess(String unit) {
        if (isTime(unit)) {
            return new String[] {"slower", "faster"};
        }
        if (unit.endsWith("/s")) {
            // A rate is a speed: more of it is faster.
            return new String[] {"faster", "slower"};
        }
        if (ResultsReader.isBytes(unit)) {
            return new String[] {"more memory", "less memory"};
        }
        return new String[] {"higher", "lower"};
    }

    /**
     * A cell that is worse than its column's best by {@code fractionWorse} (positive is worse, as
     * {@code Cell#delta()}): "12 % slower", "8.3 % lower"; "" when there is no finite difference.
     */
    public static String worse(Column c, double fractionWorse) {
        if (Double.isNaN(fractionWorse) || Double.isInfinite(fractionWorse)) {
            return "";
        }
        // Back from "worse by" to the ratio of the values: for higher-is-better, worse means lower.
        return change(c, c.higherIsBetter() ? 1 - fractionWorse : 1 + fractionWorse);
    }

    /**
     * A value against another as their ratio ({@code value ÷ reference}), in the column's words and the one
     * rounding of effects ({@link #magnitude}): "11 % slower", "2.8× more memory", "same"; "" when not finite.
     */
    public static String change(Column c, double ratio) {
        if (Double.isNaN(ratio) || Double.isInfinite(ratio)) {
            return "";
        }
        if (Math.abs(ratio - 1) < 0.0005) {
            return "same";
        }
        return magnitude(new Effect(ratio, Double.NaN, Double.NaN, 0.95,
                c.higherIsBetter()), moreLess(c));
    }

    /**
     * A value against an earlier one of the same figure in {@code unit}, in words: "12 % slower",
     * "2.7× faster", "same" (below 0.05 %); "" when the ratio is not a finite positive number.
     *
     * @param ratio the value ÷ the earlier one
     */
    public static String change(String unit, double ratio) {
        if (!(ratio > 0) || Double.isInfinite(ratio)) {
            return "";
        }
        if (Math.abs(ratio - 1) < 0.0005) {
            return "same";
        }
        return magnitude(new Effect(ratio, Double.NaN, Double.NaN, 0.95, true), moreLess(unit));
    }

    /** An effect with its interval in the words of a figure in {@code unit}: "12 % slower (95 % CI 8–16 %)". */
    public static String effect(String unit, Effect e) {
        return magnitude(e, moreLess(unit));
    }

    /** An effect with its interval in the column's words: "12 % slower (95 % CI 8–16 %)". */
    public static String effect(Column c, Effect e) {
        return magnitude(e, moreLess(c));
    }

    /**
     * An effect in the given words ({more, less}): as a factor when one side is at least twice the other and the
     * interval does not reach the other direction ("2.7× faster (95 % CI 2.4–3.1×)", never "173 % slower"), else in
     * percent ({@link #percentWords}), which says an interval reaching the other direction in words.
     */
    public static String magnitude(Effect e, String[] words) {
        double r = e.ratio();
        // From where the percent would round to 100 on: "2.0× slower", never "100 % slower".
        boolean crosses = e.low() < 1 && e.high() > 1;
        if ((r >= 1.995 || (r > 0 && r <= 1 / 1.995)) && !crosses) {
            boolean more = r > 1;
            double lo = more ? e.low() : 1 / e.high();
            double hi = more ? e.high() : 1 / e.low();
            String ci = Double.isFinite(lo) && Double.isFinite(hi) && lo > 0
                    ? String.format(java.util.Locale.ROOT, " (%s %% CI %s–%s×)", level(e.confidence()), times(lo), times(hi))
                    : "";
            return times(more ? r : 1 / r) + "× " + (more ? words[0] : words[1]) + ci;
        }
        return percentWords(e, words[0], words[1]);
    }

    /**
     * The difference in words, never as a bare sign: "12 % slower (95 % CI 8–16 %)" for a latency,
     * "8 % less (95 % CI 3–12 %)" for a throughput. {@code moreWord}/{@code lessWord} name the
     * direction for the figure ("slower"/"faster" for times, "more"/"less" for the rest).
     */
    private static String percentWords(Effect e, String moreWord, String lessWord) {
        double ratio = e.ratio();
        double low = e.low();
        double high = e.high();
        double confidence = e.confidence();
        double pct = Math.abs(ratio - 1) * 100;
        String word = ratio >= 1 ? moreWord : lessWord;
        if (!Double.isFinite(low) || !Double.isFinite(high)) {
            return String.format(java.util.Locale.ROOT, "%s %% %s", Format.effectPercent(pct), word);
        }
        // The interval in the same direction as the point estimate, as magnitudes.
        double a = (low - 1) * 100;
        double b = (high - 1) * 100;
        if (ratio < 1) {
            double t = -b;
            b = -a;
            a = t;
        }
        if (a < 0) {
            // An interval that reaches the other direction says so in words: "0.6 % slower (95 % CI 5 % faster to 6.5 %
            // slower)", never "(95 % CI -5.0–6.5 %)". Bounds are rounded outwards: the printed interval holds the computed one.
            return String.format(java.util.Locale.ROOT, "%s %% %s (%s %% CI %s %% %s to %s %% %s)", Format.effectPercent(pct), word, level(confidence),
                    Format.boundPercent(-a, true), ratio >= 1 ? lessWord : moreWord, Format.boundPercent(b, true), word);
        }
        return String.format(java.util.Locale.ROOT, "%s %% %s (%s %% CI %s–%s %%)", Format.effectPercent(pct), word, level(confidence),
                Format.boundPercent(a, false), Format.boundPercent(b, true));
    }

    /** "95", or "99.2" for a level a multiple-comparison correction widened. */
    public static String level(double confidence) {
        double pct = confidence * 100;
        return Math.abs(pct - Math.round(pct)) < 0.05 ? String.valueOf(Math.round(pct))
                : String.format(java.util.Locale.ROOT, "%.1f", Math.floor(pct * 10) / 10);
    }

    private static String times(double x) {
        return String.format(java.util.Locale.ROOT, x >= 10 ? "%.0f" : "%.1f", x);
    }

    /** A spread past this many percent is said to be large, and the README says why the workload varies so here. */
    static final double LARGE_SPREAD = 0.10;

    /**
     * "Fork to fork, p50 latency varies by 4.1 % here (the median row's standard deviation, 4 rows, 24 forks, within
     * the machine's two observed launch levels, the figure 2.40× on the upper one)."; empty when the spread is unknown.
     */
    public static String spread(Column col, double spread, int rows, int forks, double levelGap) {
        if (!Double.isFinite(spread)) {
            return "";
        }
        return "Fork to fork, " + figure(col) + " varies by " + Format.percent(spread) + " here (the median row's standard"
                + " deviation; " + rows + (rows == 1 ? " row, " : " rows, ") + forks + " forks"
                + (Double.isFinite(levelGap) ? ", " + withinLevels(levelGap) : "")
                + ")" + (spread > LARGE_SPREAD ? ": more than " + Format.percent(LARGE_SPREAD) + ", so a difference of a few"
                + " percent takes many forks to tell; the guide's workloads page (\"Fork-to-fork spread\") says why this"
                + " workload varies so on small machines." : ".");
    }

    /**
     * A latency percentile's name, the one wording every surface uses: "p50 latency" of the end-to-end probe, "p99
     * latency of append" of another.
     */
    public static String latency(String percentileTitle, String probe) {
        return percentileTitle + " latency" + ("endToEnd".equals(probe) ? "" : " of " + probe);
    }

    /**
     * How a person reads a figure's name: "hello.startupMs" → "hello startup time",
     * "serverRssPerHeldRequest" → "server RSS per held request", "endToEnd p50" → "p50 latency".
     */
    public static String label(String figure) {
        String[] percentile = Percentiles.parse(figure);
        if (percentile != null) {
            // As the tables and Words.figure say it: "p50 latency", "p99 latency of append", "max latency".
            return latency(Percentiles.title(percentile[1]), percentile[0]);
        }
        if (figure.contains(" ")) {
            return figure;
        }
        List<String> parts = new ArrayList<>();
        for (String piece : figure.split("\\.")) {
            // The unit is said beside the value: a name's unit suffix only says whether it is a time.
            java.util.regex.Matcher unit = UNIT_SUFFIX.matcher(piece);
            boolean time = false;
            if (unit.find() && unit.start() > 0 && !piece.substring(0, unit.start()).endsWith("Per")) {
                time = !unit.group(1).endsWith("iB") && !unit.group(1).equals("Bytes");
                piece = piece.substring(0, unit.start());
            }
            // "writeMsPerGiBPastLimit": a unit inside the name reads as words, "write time per GiB past limit".
            piece = piece.replace("MsPer", "TimePer").replace("GiB", "Gib").replace("MiB", "Mib");
            List<String> words = new ArrayList<>();
            for (String w : piece.split("(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")) {
                words.add(w.equals(w.toUpperCase(Locale.ROOT)) && w.length() > 1 ? w : w.toLowerCase(Locale.ROOT));
            }
            String last = words.get(words.size() - 1);
            if (time && !words.contains("latency") && !last.equals("time")) {
                words.add("time");
            }
            parts.add(String.join(" ", words).replace("rss", "RSS").replace("gib", "GiB").replace("mib", "MiB")
                    .replaceAll("\\bcpu\\b", "CPU").replaceAll("\\bio\\b", "I/O"));
        }
        return String.join(" ", parts);
    }


    private static final java.util.regex.Pattern UNIT_SUFFIX =
            java.util.regex.Pattern.compile("(Ms|Millis|Nanos|Ns|Seconds|MiB|GiB|KiB|Bytes)$");

    /** What the figure is, for a verdict line: "p50 latency", "p50 latency of append", "score (msg/s)". */
    public static String figure(Column c) {
        return switch (c.kind()) {
            case LATENCY -> latency(c.title(), c.probe());
            case UNCORRECTED -> "uncorrected " + latency(c.title(), c.probe());
            case RATE -> "achieved rate of " + c.probe();
            // A time or a size is shown rescaled ("1.07 s" of a figure recorded in ms): its recorded unit would mislead.
            case METRIC -> label(c.key())
                    + (c.unit().isEmpty() || rescaled(c.unit()) ? "" : " (" + c.unit() + ")");
        };
    }

    /** Whether {@link Format#value} shows a figure in {@code unit} in a unit of its own choosing (ms as s, bytes as MiB). */
    private static boolean rescaled(String unit) {
        return isTime(unit) && unit.indexOf('/') < 0 || ResultsReader.isBytes(unit);
    }

    /** A time, or a time per something (ms/GiB, ns/op): more of it is slower. */
    static boolean isTime(String unit) {
        int slash = unit.indexOf('/');
        return switch (slash > 0 ? unit.substring(0, slash) : unit) {
            case "ns", "us", "µs", "ms", "s" -> true;
            default -> false;
        };
    }

    /** A judgement's answer in a word or two: "worse", "better", "no difference", "cannot tell". */
    public static String answer(Judgement j) {
        return switch (j.answer()) {
            case WORSE -> "worse";
            case BETTER -> "better";
            case NO_DIFFERENCE -> "no difference";
            case CANNOT_TELL -> "cannot tell";
        };
    }

    /**
     * What a judgement rests on, in words, with the effect and its interval wherever one was estimated: "12 %
     * slower (99.7 % CI 8–16 %)", "0.6 % slower (99 % CI 2.1 % faster to 3.2 % slower), within ±5 %", "3.1 % slower
     * (98 % CI 8.1 % faster to 15 % slower): the interval reaches past ±5 %"; then how it was estimated ("within the
     * machine's two levels (2.5× apart)", "on its own spread"); an effect estimated within levels starts "level for level".
     */
    public static String why(Judgement j, String unit) {
        Effect e = j.effect();
        // Within levels the effect is not the ratio of the medians printed beside it (a side's forks may sit more on one
        // level): say so before the number, not only after the interval.
        String effect = Double.isNaN(e.low()) ? "" : (j.withinLevels() ? "level for level " : "") + effect(unit, e);
        String band = "±" + Format.percent(j.threshold());
        String base = switch (j.reason()) {
            case CALLED -> effect;
            case WITHIN_THRESHOLD -> effect + ", within " + band;
            case INTERVAL_WIDE -> effect + ": the interval reaches past " + band;
            case TOO_FEW_FORKS -> forks(Math.min(j.forksCandidate(), j.forksReference())) + " on a side, "
                    + Judge.MIN_FORKS + " a side needed";
            case RUNS_UNREPLICATED -> effect + ", within " + band + " on the forks, but from one run a side, and how much"
                    + " identical runs differ on this host is not known (" + Format.percent(RunSpread.ASSUMED_SIGMA)
                    + " assumed)";
            case FAILURES_UNCLEAR -> effect + (effect.isEmpty() ? "" : "; ") + forks(j.failedCandidate())
                    + " failed or timed out, more than before but not beyond chance";
            case MISSING -> "measured before, not now (or not trusted now)";
            case NOT_COMPARABLE -> "the sides are not the same measurement";
            case LEVEL_WITH_SIDE -> effect + (effect.isEmpty() ? "" : "; ") + "but the machine probe saw the two sides' forks on"
                    + " different levels, and no run had a row's forks on both, so the level's effect cannot be told from"
                    + " the JVMs'";
            case LEVELS_NOT_OBSERVED -> effect + "; but these forks land on two levels " + Format.sig(j.levelGap())
                    + "× apart that no machine probe observed, and the machine's share of launches on them moves from run"
                    + " to run: runs with the probe (jvmmark 0.5 or later) would tell";
            case FAILED -> forks(j.failedCandidate()) + " failed or timed out, more often than before beyond chance";
        };
        String how = (j.withinLevels() ? "; " + withinLevels(j.levelGap()) : "")
                + (j.ownSpread() ? "; a side judged on its own spread (it varies more than the other rows)" : "")
                + (j.acrossRuns() && j.estimated() ? "; " + runs(j) : "")
                + (j.leftOut() > 0 ? "; " + leftOut(j.leftOut()) : "");
        return base + how;
    }

    /**
     * "2 forks left out: the machine changed level while they ran, and this figure follows the level by more than its
     * fork noise" (DESIGN.md §3): such a fork blends two levels in a proportion nobody measured.
     */
    static String leftOut(int forks) {
        return forks(forks) + " left out: the machine changed level while " + (forks == 1 ? "it" : "they")
                + " ran, and this figure follows the level by more than its fork noise (or by an amount no fork has shown)";
    }

    /** "3 runs against 3", "1 run against 1, run-to-run spread from this host's history": what an interval across runs rests on. */
    private static String runs(Judgement j) {
        String counts = j.runsReference() + (j.runsReference() == 1 ? " run" : " runs") + " against " + j.runsCandidate();
        return counts + switch (j.runSpread()) {
            case MEASURED -> ", the run-to-run spread measured from them";
            case STORED -> ", the run-to-run spread from this host's earlier runs";
            case ASSUMED -> ", the run-to-run spread assumed";
            case CANCELS -> "";
        };
    }

    /**
     * The largest difference from the leader that the intervals rule out: "no other JVM is more than 18 % slower than
     * Temurin 21.0.8 · G1", "the other is no more than 49 % slower than …" of two rows ({@code worstRatio} the worst end
     * over the other rows' intervals, other ÷ leader).
     */
    public static String ruledOut(Column c, String leader, double worstRatio, boolean several) {
        String diff = change(c, worstRatio);
        if (diff.isEmpty() || diff.equals("same")) {
            return "";
        }
        // two rows: "the other is no more than 49 % slower" (it read "is more than": the opposite of what the interval says)
        return (several ? "no other JVM is" : "the other is no") + " more than " + diff + " than " + leader;
    }

    /**
     * " (about 3 min of trials)": what {@code forks} more forks in all cost at {@code secondsPerFork}; with {@code atLeast},
     * a floor (" (more than 7 min of trials)"); "" when unknown.
     */
    public static String minutes(int forks, double secondsPerFork, boolean atLeast) {
        if (forks <= 0 || !(secondsPerFork > 0)) {
            return "";
        }
        double s = forks * secondsPerFork;
        String about = atLeast ? " (more than " : " (about ";
        return s < 90 ? about + Math.round(s) + " s of trials)" : about + Math.round(s / 60) + " min of trials)";
    }

    /**
     * The note of a table whose columns were judged within the machine's observed launch levels: "Latency — endToEnd:
     * the machine probe saw launches on two levels 2.9× apart; p50 latency is shown at the lower level …".
     */
    public static String levelNote(String table, double gap, List<String> figures) {
        return table + ": the machine probe saw launches on two levels; " + String.join(", ", figures)
                + (figures.size() == 1 ? " is" : " are") + " shown at the lower level (a fork on the upper level, where the"
                + " figure is " + gap(gap) + "× what it is on the lower, counted ÷ " + gap(gap) + ") and rows are compared"
                + " within the levels";
    }

    /**
     * "within the machine's two observed launch levels, the figure 1.02× on the upper one": the gap is the figure's
     * ratio between the levels the probe observed (the probe's own round trips differ by 1.3× or more), fitted over
     * every row; near 1 the levels were seen but did not move this figure.
     */
    static String withinLevels(double gap) {
        return "within the machine's two observed launch levels, the figure " + gap(gap) + "× on the upper one";
    }

    private static String gap(double gap) {
        return String.format(java.util.Locale.ROOT, gap < 10 ? "%.2f" : "%.0f", gap);
    }

    /**
     * What would tell, for a judgement that cannot tell: "7 forks a side would tell"; "" otherwise. Where the forks are a
     * run's own and within reach, and a report of a run is being worded ({@link #withMoreCommand}), the command that buys
     * them follows: "7 forks a side would tell (./jvmmark run --resume --out runs/x --more 5m)".
     */
    public static String tell(Judgement j) {
        if (j.answer() != Judgement.Answer.CANNOT_TELL || j.forksToTell() <= 0) {
            return "";
        }
        boolean runs = j.acrossRuns() && j.reason() != Judgement.Reason.TOO_FEW_FORKS;
        String unit = runs ? " runs" : j.leftOut() > 0 ? " forks that stay on one level" : " forks";
        if (j.forksToTell() == Judgement.MORE_THAN_CAP) {
            return "more than " + Judgement.CAP + unit + " a side would tell";
        }
        String more = more(j);
        return j.forksToTell() + unit + " a side would tell" + (more == null ? "" : " (" + more + ")");
    }

    /** The command that buys a run's own forks in reach ({@link #withMoreCommand}), or null. */
    private static String more(Judgement j) {
        boolean runs = j.acrossRuns() && j.reason() != Judgement.Reason.TOO_FEW_FORKS;
        return runs || j.answer() != Judgement.Answer.CANNOT_TELL || j.forksToTell() <= 0
                || j.forksToTell() == Judgement.MORE_THAN_CAP ? null : MORE_COMMAND.get();
    }

    /** The time {@link #moreCommand} suggests buying. */
    public static final String MORE_TIME = "5m";
    /** The command that buys the forks {@link #tell} names, while one run's report is worded on this thread. */
    private static final ThreadLocal<String> MORE_COMMAND = new ThreadLocal<>();

    /**
     * The command that adds forks where the run in {@code dir} still cannot tell: {@code ./jvmmark run --resume --out DIR
     * --more 5m}.
     */
    public static String moreCommand(java.nio.file.Path dir) {
        String d = dir.toString();
        return "./jvmmark run --resume --out " + (d.matches("[A-Za-z0-9_./=:,@%+-]+") ? d : "'" + d.replace("'", "'\\''") + "'")
                + " --more " + MORE_TIME;
    }

    /**
     * Words a run's report with {@code command} ({@link #moreCommand}) after every "n forks a side would tell": the one
     * place that knows the report is a run's, and where it lies, says so here; every line {@link #tell} makes meanwhile,
     * on this thread, ends its count with it. Thread-confined: each thread words its own report.
     */
    public static <T> T withMoreCommand(String command, java.util.function.Supplier<T> wording) {
        String before = MORE_COMMAND.get();
        MORE_COMMAND.set(command);
        try {
            return wording.get();
        } finally {
            if (before == null) {
                MORE_COMMAND.remove();
            } else {
                MORE_COMMAND.set(before);
            }
        }
    }

    /**
     * A "Who won" line's second half, the one wording of a headline every rendering shows: "Temurin 21.0.8 · G1: 12 %
     * slower (95 % CI 8–16 %), 5 and 5 forks" for a winner; "… vs …: 0.6 % slower (…), within ±5 %, 5 and 5 forks" for no
     * difference; "… vs …: &lt;why&gt;; 9 forks a side would tell (about 2 min of trials); provisionally … leads, and no
     * other JVM is more than 6 % slower than it" when it cannot be told; the headline's own words (no
     * final period) where no judgement stands behind it.
     */
    public static String headline(Headline h) {
        Judgement j = h.judgement();
        if (j == null || h.runnerUp() == null || h.winner() == null || h.figure() == null) {
            String w = h.words();
            return w.endsWith(".") ? w.substring(0, w.length() - 1) : w;
        }
        String forks = forksEach(j.forksReference(), j.forksCandidate());
        return switch (h.outcome()) {
            case WINNER -> h.runnerUp().label() + ": " + effect(h.figure(), h.effect()) + ", " + forks;
            case NO_DIFFERENCE -> h.runnerUp().label() + " vs " + h.winner().label() + ": " + why(j, h.figure().unit())
                    + ", " + forks;
            default -> {
                // the command that buys the forks ends the line, after what they would cost
                String more = more(j);
                String tell = tell(j);
                tell = more == null ? tell : tell.substring(0, tell.length() - more.length() - 3);
                yield h.runnerUp().label() + " vs " + h.winner().label() + ": " + why(j, h.figure().unit())
                        + (tell.isEmpty() ? "" : "; " + tell) + h.close() + (more == null ? "" : "; " + more);
            }
        };
    }

    /** "5 forks each", or "5 and 3 forks" (the winner's first): how many forks stand behind a verdict. */
    public static String forksEach(int a, int b) {
        return a == b ? a + " forks each" : a + " and " + b + " forks";
    }

    private static String forks(int n) {
        return n + (n == 1 ? " fork" : " forks");
    }

    /** One sentence per exit status of a gate ({@code compare}, {@code history check}), as the Markdown and the JSON say them. */
    public static String exitMeaning(int status) {
        return switch (status) {
            case 0 -> "0: no regression — no gating figure could be worse by more than the threshold";
            case 1 -> "1: regression — a gating figure is worse beyond noise and the threshold, or a row failed";
            case 5 -> "5: cannot tell — nothing regressed, but some gating figure could be worse past the threshold; "
                    + "the conclusion says what would tell (usually more forks or runs)";
            default -> status + ": see ./jvmmark --help";
        };
    }
}
