package org.jvmmark.report.render;

import java.util.ArrayList;
import java.util.List;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.report.model.CheckAnswer;

/**
 * {@code history check}'s output for a person in a 100-column terminal: the answer first (one line, with what was and
 * was not judged), then, per machine, workload and parameters (named once, above), one line per series that
 * regressed, cannot be told, or improved: its JVM · variant · figure, then the judgement as the history worded it
 * ({@link CheckAnswer.Series#detail}). No line is longer than {@value #WIDTH} characters. Stateless and thread-safe.
 */
public final class CheckRenderer {
    /** The widest line printed. */
    public static final int WIDTH = 100;

    private CheckRenderer() {
    }

    public static String text(CheckAnswer check) {
        List<String> out = new ArrayList<>(wrap(check.conclusion(), ""));
        String group = null;
        for (CheckAnswer.Series v : check.listed()) {
            String g = v.workload() + (v.params().isEmpty() ? "" : "  " + v.params().replace(",", ", ")) + "  (machine "
                    + v.machine() + ")";
            if (!g.equals(group)) {
                out.add("");
                out.addAll(wrap(g, "  "));
                group = g;
            }
            out.addAll(wrap("  " + label(v.answer()) + "  " + v.name() + (v.gating() ? "" : " (not gating)"), "      "));
            out.addAll(wrap("      " + v.detail(), "        "));
        }
        return String.join("\n", out) + "\n";
    }

    private static String label(Judgement.Answer a) {
        return switch (a) {
            case WORSE -> "REGRESSION ";
            case CANNOT_TELL -> "cannot tell";
            case BETTER -> "improvement";
            case NO_DIFFERENCE -> "";
        };
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
