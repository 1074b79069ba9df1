package org.jvmmark.report.words;

import java.util.ArrayList;
import java.util.List;
import org.jvmmark.report.model.Headline;
import org.jvmmark.report.model.NotRun;
import org.jvmmark.report.model.ReportModel;
import org.jvmmark.report.model.Section;

/**
 * The first screen of every rendering — the HTML page, report.md and the console at the end of
 * {@code run}: one line per workload (or variant family) saying who won, the runner-up and by how
 * much, or that there is no difference beyond noise, and what did not run. It only lays out the
 * {@link Headline}s the verdict code put into each {@link Section}; a section without any gets one
 * line saying it was not judged. Immutable, hence thread-safe.
 */
public record VerdictTable(List<Line> lines) {
    public static final List<String> HEADER = List.of("workload", "figure", "winner", "runner-up, by how much", "not run or failed");

    public VerdictTable {
        lines = List.copyOf(lines);
    }

    /**
     * One verdict line.
     *
     * @param anchor the id of the workload's section in the HTML page
     * @param winner the winner's label, or what stands in for one ("no difference beyond noise")
     * @param runnerUp the runner-up and how much worse it is, or why there is no ranking
     * @param notRun one line per row that did not end ok: "label: status (reason)"
     */
    public record Line(String workload, String anchor, String figure, Headline.Outcome outcome, String winner,
                String runnerUp, List<NotRun> notRun) {
        public Line {
            notRun = List.copyOf(notRun);
        }

        /** "queue-latency", or "http · virtual" for a variant family. */
        public String name() {
            return workload;
        }

        /** The not-run rows counted by status, "1 failed, 2 unsupported": for a text cell (the rows are listed below). */
        String notRunCounts() {
            java.util.Map<String, Integer> counts = new java.util.LinkedHashMap<>();
            notRun.forEach(n -> counts.merge(n.status(), 1, Integer::sum));
            StringBuilder sb = new StringBuilder();
            counts.forEach((status, k) -> sb.append(sb.length() == 0 ? "" : ", ").append(k).append(' ').append(status));
            return sb.toString();
        }
    }

    public static VerdictTable of(ReportModel model) {
        List<Line> lines = new ArrayList<>();
        for (Section s : model.sections()) {
            lines.addAll(linesOf(s));
        }
        return new VerdictTable(lines);
    }

    /** A section's lines: one per headline, or one saying it was not judged. */
    public static List<Line> linesOf(Section s) {
        if (s.headlines().isEmpty()) {
            return List.of(new Line(s.workload(), s.workload(), "", null, "not judged",
                    "no verdict was computed for this workload", NotRun.of(s.rows())));
        }
        List<Line> lines = new ArrayList<>();
        for (Headline h : s.headlines()) {
            String name = h.family().isEmpty() ? h.workload() : h.workload() + " · " + h.family();
            lines.add(new Line(name, s.workload(), h.figure() == null ? "" : Words.figure(h.figure()), h.outcome(),
                    winner(h), runnerUp(h), h.notRun()));
        }
        return lines;
    }

    private static String winner(Headline h) {
        return switch (h.outcome()) {
            case WINNER -> h.winner() == null ? "" : h.winner().label();
            case NO_DIFFERENCE -> "no difference";
            case CANNOT_TELL -> "cannot tell";
            case TOO_FEW_FORKS -> "too few forks to tell";
            case NOT_TRUSTED -> "not trusted on this machine";
            case ONE_ROW -> h.winner() == null ? "only one JVM ran" : h.winner().label() + " (the only one that ran)";
            case NOTHING_RAN -> "nothing ran";
        };
    }

    /** The runner-up and by how much, or why there is no ranking: {@link Words#headline}. */
    private static String runnerUp(Headline h) {
        return Words.headline(h);
    }

    /** Whether any line has rows that did not run, to be listed under a text table. */
    public boolean hasReasons() {
        return lines.stream().anyMatch(l -> !l.notRun().isEmpty());
    }

    /** The cells of one line, in {@link #HEADER} order, for the text renderings. */
    public static List<String> cells(Line l) {
        return List.of(l.name(), l.figure(), l.winner(), l.runnerUp(), l.notRunCounts());
    }

    /** Widest a text column may be before its cells wrap, per {@link #HEADER} column: the table stays near 160 columns. */
    static final int[] MAX_TEXT_WIDTH = {20, 24, 30, 70, 24};

    /**
     * The table as plain text for a terminal: aligned columns, long cells wrapped onto further lines,
     * then each not-run row with its reason. What {@code ./jvmmark run} prints last.
     */
    public String text() {
        List<List<String>> rows = new ArrayList<>();
        rows.add(HEADER);
        lines.forEach(l -> rows.add(cells(l).stream().map(c -> c.isEmpty() ? "-" : c).toList()));
        int[] width = new int[HEADER.size()];
        List<List<List<String>>> wrapped = new ArrayList<>();
        for (List<String> r : rows) {
            List<List<String>> cells = new ArrayList<>();
            for (int c = 0; c < r.size(); c++) {
                List<String> parts = wrap(r.get(c), MAX_TEXT_WIDTH[c]);
                cells.add(parts);
                for (String p : parts) {
                    width[c] = Math.max(width[c], length(p));
                }
            }
            wrapped.add(cells);
        }
        StringBuilder sb = new StringBuilder("Who won\n");
        for (List<List<String>> cells : wrapped) {
            int height = cells.stream().mapToInt(List::size).max().orElse(1);
            for (int i = 0; i < height; i++) {
                StringBuilder line = new StringBuilder();
                for (int c = 0; c < cells.size(); c++) {
                    String part = i < cells.get(c).size() ? cells.get(c).get(i) : "";
                    line.append(part);
                    if (c < cells.size() - 1) {
                        line.append(" ".repeat(width[c] - length(part) + 2));
                    }
                }
                sb.append(line.toString().stripTrailing()).append('\n');
            }
        }
        appendReasons(sb, "", "  ");
        return sb.toString();
    }

    /** The text cut at spaces into lines of at most {@code max} characters (a longer word stays whole). */
    static List<String> wrap(String text, int max) {
        List<String> out = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        // A number keeps its unit ("12 %"), an option its value ("--forks 3"): never split over two lines.
        for (String glued : text.replace(" %", "\u00a0%").replaceAll("(--[a-z-]+) ", "$1\u00a0").split(" ")) {
            String word = glued.replace('\u00a0', ' ');
            if (line.length() > 0 && length(line) + 1 + length(word) > max) {
                out.add(line.toString());
                line.setLength(0);
            }
            line.append(line.length() == 0 ? "" : " ").append(word);
        }
        out.add(line.toString());
        return out;
    }

    private static int length(CharSequence s) {
        return Character.codePointCount(s, 0, s.length());
    }

    /** "Not run or failed:" and one line per not-run row with its reason, or nothing. */
    void appendReasons(StringBuilder sb, String heading, String bullet) {
        if (!hasReasons()) {
            return;
        }
        sb.append(heading).append("Not run or failed:\n");
        for (Line l : lines) {
            for (NotRun n : l.notRun()) {
                sb.append(bullet).append(l.name()).append(" — ").append(n.text()).append('\n');
            }
        }
    }
}
