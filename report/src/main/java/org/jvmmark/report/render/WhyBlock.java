package org.jvmmark.report.render;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jvmmark.report.numbers.Format;
import org.jvmmark.report.model.Row;
import org.jvmmark.report.model.Section;
import org.jvmmark.results.Instruments;
import org.jvmmark.results.Trial;

/**
 * The "Why" block of a workload's section: per fork of every row with an {@code instruments} block,
 * a line of figures — GC pauses and safepoints (from JFR when it was on, else from the GC log), JIT
 * compilations during the measured runs, allocation rate, heap after GC, CPU load, links to the
 * files (GC log, {@code .jfr}, flame graph) — and a sentence: which instruments were on (or refused
 * by the JVM, in its words) and what the worst samples fell inside. Absent when no trial of the
 * section has the block. The same cells in HTML and Markdown. Stateless and thread-safe.
 */
public final class WhyBlock {
    /** TTSP: time to safepoint; heap after GC: mean / largest; CPU: the JVM's share and the machine's. */
    static final List<String> HEADER = List.of("JVM", "GC pauses", "GC total", "GC max", "GC p99", "safepoints",
            "safepoint max", "TTSP max", "JIT in runs", "alloc", "heap after GC", "CPU JVM/all", "files");

    private WhyBlock() {
    }

    /** A file link: its text and its path relative to the results directory. */
    record Link(String text, String href) {
    }

    /** One fork's cells, in {@link #HEADER} order but for the last, its links, and its sentence. */
    record Line(List<String> cells, List<Link> links, String sentence) {
    }

    public static String html(Section s) {
        List<Line> lines = lines(s);
        if (lines.isEmpty()) {
            return "";
        }
        StringBuilder h = new StringBuilder("<h3>Why: instruments and worst samples</h3>\n<table>\n<tr>");
        HEADER.forEach(c -> h.append("<th class=\"label\">").append(HtmlRenderer.esc(c)).append("</th>"));
        h.append("</tr>\n");
        for (Line l : lines) {
            h.append("<tr>");
            for (int c = 0; c < l.cells().size(); c++) {
                h.append(c == 0 ? "<td class=\"label\">" : "<td>").append(HtmlRenderer.esc(l.cells().get(c))).append("</td>");
            }
            h.append("<td class=\"label\">");
            for (Link k : l.links()) {
                if (PageScripts.isLinkable(k.href())) {
                    h.append("<a href=\"").append(HtmlRenderer.esc(k.href().replace(" ", "%20"))).append("\">")
                            .append(HtmlRenderer.esc(k.text())).append("</a> ");
                } else {
                    // not a path inside the run directory (a scheme, "..", an absolute path): shown, never followed
                    h.append(HtmlRenderer.esc(k.text() + " (" + k.href() + ")")).append(' ');
                }
            }
            h.append("</td></tr>\n<tr><td class=\"notes\" style=\"max-width:none;border-top:none\" colspan=\"").append(HEADER.size())
                    .append("\">").append(HtmlRenderer.esc(l.sentence())).append("</td></tr>\n");
        }
        return h.append("</table>\n").toString();
    }

    public static String markdown(Section s) {
        List<Line> lines = lines(s);
        if (lines.isEmpty()) {
            return "";
        }
        StringBuilder md = new StringBuilder("### Why: instruments and worst samples\n\n|");
        HEADER.forEach(c -> md.append(' ').append(c).append(" |"));
        md.append("\n|---|").append("---:|".repeat(HEADER.size() - 2)).append("---|\n");
        for (Line l : lines) {
            md.append('|');
            l.cells().forEach(c -> md.append(' ').append(MarkdownRenderer.esc(c)).append(" |"));
            List<String> links = new ArrayList<>();
            l.links().forEach(k -> links.add(PageScripts.isLinkable(k.href())
                    ? "[" + MarkdownRenderer.esc(k.text()) + "](" + k.href().replace(" ", "%20") + ")"
                    : MarkdownRenderer.esc(k.text() + " (" + k.href() + ")")));
            md.append(' ').append(String.join(" ", links)).append(" |\n");
        }
        md.append('\n');
        for (Line l : lines) {
            md.append("- ").append(MarkdownRenderer.esc(l.cells().get(0))).append(": ").append(MarkdownRenderer.esc(l.sentence())).append('\n');
        }
        return md.append('\n').toString();
    }

    static List<Line> lines(Section s) {
        List<Line> out = new ArrayList<>();
        for (Row r : s.rows()) {
            List<Trial> forks = r.trials();
            for (int f = 0; f < forks.size(); f++) {
                Instruments in = forks.get(f).provenance().instruments();
                if (!in.isEmpty()) {
                    out.add(line(forks.size() > 1 ? r.label() + " · fork " + (f + 1) : r.label(), in));
                }
            }
        }
        return out;
    }

    private static Line line(String label, Instruments in) {
        Instruments.Instrument jfr = in.instruments().get("jfr");
        Instruments.Instrument log = in.instruments().get("gcLog");
        // JFR's GC figures sit under gcPauses, the GC log's at the top of its block
        Instruments.Instrument gc = jfr != null && jfr.on() ? jfr : log != null && log.on() ? log : null;
        String gcPrefix = gc == jfr ? "gcPauses." : "";
        List<String> cells = new ArrayList<>();
        cells.add(label);
        boolean g = gc != null;
        cells.add(g ? count(gc.figure(gcPrefix + "pauses")) : "—");
        cells.add(g ? ms(gc.figure(gcPrefix + "totalMillis")) : "—");
        cells.add(g ? ms(gc.figure(gcPrefix + "longestMillis")) : "—");
        cells.add(g ? ms(gc.figure(gcPrefix + "p99Millis")) : "—");
        cells.add(g ? count(gc.figure("safepoints.pauses")) : "—");
        cells.add(g ? ms(gc.figure("safepoints.longestMillis")) : "—");
        cells.add(g ? ms(gc.figure("safepoints.timeToSafepointLongestMillis")) : "—");
        cells.add(jfr == null || !jfr.on() ? "—" : count(jfr.figure("jitCompilationsDuringMeasurement")));
        cells.add(g ? Format.value(gc.figure("allocationMiBPerSecond"), "MiB/s") : "—");
        cells.add(g ? Format.sig(gc.figure("heapAfterGcMiB.mean")) + " / " + Format.value(gc.figure("heapAfterGcMiB.max"), "MiB") : "—");
        cells.add(jfr == null || !jfr.on() ? "—" : Format.sig(jfr.figure("cpuLoad.jvmMean")) + " % / "
                + Format.sig(jfr.figure("cpuLoad.machineMean")) + " %");
        List<Link> links = new ArrayList<>();
        for (Instruments.Instrument i : in.instruments().values()) {
            i.files().forEach((name, path) -> links.add(new Link(name.equals("flameGraph") ? "flame graph" : fileName(path), path)));
        }
        String sentence = "instruments: " + instrumentsOn(in) + (in.outliers() == null ? "" : ". Worst samples: " + in.outliers().text());
        return new Line(cells, links, sentence);
    }

    /** "GC log, JFR (profile); async-profiler (cpu) refused: reason", or "none (worst samples from the GC beans)". */
    static String instrumentsOn(Instruments in) {
        List<String> on = new ArrayList<>();
        List<String> off = new ArrayList<>();
        for (Instruments.Instrument i : in.instruments().values()) {
            if (i.on()) {
                on.add(i.title());
            } else {
                off.add(i.title() + " " + i.status() + ": " + i.reason());
            }
        }
        String s = on.isEmpty() ? "none (worst samples from the GC beans)" : String.join(", ", on);
        return off.isEmpty() ? s : s + "; " + String.join("; ", off);
    }

    private static String ms(double millis) {
        return Format.value(millis, "ms");
    }

    private static String count(double v) {
        return Double.isNaN(v) ? "—" : String.format(Locale.ROOT, "%,.0f", v);
    }

    private static String fileName(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? path : path.substring(slash + 1);
    }
}
