package org.jvmmark.history;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code history check}'s output for a person in a 100-column terminal: the answer first (one line,
 * with what was and was not judged), then, per machine, workload and parameters (named once, above),
 * one line per series that regressed, cannot be told, or improved: its JVM · variant · figure, the
 * change with its interval, and the run where it began. No line is longer than {@value #WIDTH}
 * characters. Stateless and thread-safe.
 */
public final class CheckText {
    /** The widest line printed. */
    public static final int WIDTH = 100;

    private CheckText() {
    }

    /** The exit status of a check: 1 a regression in effect, else 5 something cannot be told, else 0. */
    public static int exitStatus(List<HistoryJudge.Verdict> verdicts) {
        boolean regression = verdicts.stream().anyMatch(v -> v.answer() == HistoryJudge.Answer.REGRESSION);
        boolean unsure = verdicts.stream().anyMatch(v -> v.answer() == HistoryJudge.Answer.CANNOT_TELL);
        return regression ? 1 : unsure ? 5 : 0;
    }

    public static String text(List<HistoryJudge.Verdict> verdicts) {
        Map<HistoryJudge.Answer, Integer> n = new LinkedHashMap<>();
        for (HistoryJudge.Answer a : HistoryJudge.Answer.values()) {
            n.put(a, 0);
        }
        verdicts.forEach(v -> n.merge(v.answer(), 1, Integer::sum));
        int judged = verdicts.size() - n.get(HistoryJudge.Answer.NOT_JUDGED);
        String head = n.get(HistoryJudge.Answer.REGRESSION) > 0 ? "REGRESSION"
                : n.get(HistoryJudge.Answer.CANNOT_TELL) > 0 ? "CANNOT TELL" : "No regression";
        List<String> out = new ArrayList<>();
        out.addAll(wrap(head + ": " + n.get(HistoryJudge.Answer.REGRESSION) + " regressed, "
                + n.get(HistoryJudge.Answer.CANNOT_TELL) + " cannot tell, " + n.get(HistoryJudge.Answer.IMPROVEMENT)
                + " improved, " + n.get(HistoryJudge.Answer.NO_CHANGE) + " unchanged of " + judged + " series judged at the"
                + " newest run; " + n.get(HistoryJudge.Answer.NOT_JUDGED) + " not judged (p99 and deeper, max, or fewer than"
                + " 2 runs).", ""));
        String group = null;
        for (HistoryJudge.Answer a : List.of(HistoryJudge.Answer.REGRESSION, HistoryJudge.Answer.CANNOT_TELL,
                HistoryJudge.Answer.IMPROVEMENT)) {
            for (HistoryJudge.Verdict v : verdicts) {
                if (v.answer() != a) {
                    continue;
                }
                SeriesKey k = v.series().key();
                String g = k.workload() + (k.params().isEmpty() ? "" : "  " + k.params().replace(",", ", ")) + "  (machine "
                        + k.machine() + ")";
                if (!g.equals(group)) {
                    out.add("");
                    out.addAll(wrap(g, "  "));
                    group = g;
                }
                out.addAll(wrap("  " + label(a) + "  " + name(v.series()), "      "));
                out.addAll(wrap("      " + detail(v), "        "));
            }
        }
        return String.join("\n", out) + "\n";
    }

    private static String label(HistoryJudge.Answer a) {
        return switch (a) {
            case REGRESSION -> "REGRESSION ";
            case CANNOT_TELL -> "cannot tell";
            case IMPROVEMENT -> "improvement";
            default -> "";
        };
    }

    /** "Temurin 25.0.1 · G1 · endToEnd p50": the series without the machine, workload and parameters. */
    public static String name(HistoryStore.StoredSeries s) {
        SeriesKey k = s.key();
        return k.jvm() + " · " + k.variant() + " · " + (k.probe().isEmpty() ? "" : k.probe() + " ") + k.figure();
    }

    private static String detail(HistoryJudge.Verdict v) {
        StringBuilder sb = new StringBuilder();
        if (v.effect() != null) {
            sb.append(HistoryJudge.percent(v.effect().ratio()));
            if (Double.isFinite(v.effect().low())) {
                sb.append(String.format(Locale.ROOT, " (95 %% CI %s to %s)", HistoryJudge.percent(v.effect().low()),
                        HistoryJudge.percent(v.effect().high())));
            }
        }
        if (v.since() != null && v.answer() != HistoryJudge.Answer.CANNOT_TELL) {
            sb.append(sb.length() == 0 ? "" : ", ").append("since run ").append(v.since().runId()).append(" (")
                    .append(v.since().created()).append(')');
        }
        if (!v.why().isEmpty()) {
            sb.append(sb.length() == 0 ? "" : "; ").append(v.why());
        }
        if (v.unstableRuns() > 0) {
            sb.append("; ").append(v.unstableRuns()).append(" of ").append(v.runs()).append(" runs unstable, not used");
        }
        return sb.toString();
    }

    /** Breaks a line at spaces so that none is wider than {@link #WIDTH}; continuation lines get {@code indent}. */
    static List<String> wrap(String line, String indent) {
        List<String> out = new ArrayList<>();
        String rest = line;
        String prefix = "";
        while ((prefix + rest).length() > WIDTH) {
            int room = WIDTH - prefix.length();
            int cut = rest.lastIndexOf(' ', room);
            if (cut <= 0) {
                cut = room;
            }
            out.add((prefix + rest.substring(0, cut)).stripTrailing());
            rest = rest.substring(cut).stripLeading();
            prefix = indent;
        }
        out.add(prefix + rest);
        return out;
    }
}
