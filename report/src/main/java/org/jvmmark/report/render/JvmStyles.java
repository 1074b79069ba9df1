package org.jvmmark.report.render;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How each JVM is drawn, the same in every chart of one report: a colour and a marker per JVM
 * (vendor and version), and a line dash per variant of that JVM within a workload (G1 solid, ZGC
 * dashed, ...). Colours are the Okabe–Ito palette, which stays distinguishable for the common
 * colour-vision deficiencies; past eight JVMs colours repeat but marker and colour together do not
 * until 64. Not thread-safe: one instance styles one page.
 */
public final class JvmStyles {
    static final List<String> COLOURS = List.of("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9",
            "#000000", "#8C6D00");
    /** Chart.js point styles; {@link #markerSvg} draws the same shapes for the HTML legends. */
    static final List<String> MARKERS = List.of("circle", "triangle", "rect", "rectRot", "star", "crossRot",
            "rectRounded", "cross");
    static final List<String> DASHES = List.of("", "6 3", "2 2", "10 3 2 3");

    private final Map<String, Integer> jvms = new LinkedHashMap<>();

    /** A style: indexes into the lists above. */
    public record Style(int jvm, int dash) {
        public String colour() {
            return COLOURS.get(jvm % COLOURS.size());
        }

        public String marker() {
            return MARKERS.get((jvm + jvm / COLOURS.size()) % MARKERS.size());
        }

        String dashPattern() {
            return DASHES.get(dash % DASHES.size());
        }
    }

    /** The JVM's index, assigned on first sight in report order. */
    int jvm(String jvmLabel) {
        return jvms.computeIfAbsent(jvmLabel, k -> jvms.size());
    }

    /** Styles for the lines of one section: key → style, the dash counting up per JVM in key order. */
    Map<String, Style> section(List<Map.Entry<String, String>> keyAndJvm) {
        Map<String, Style> out = new LinkedHashMap<>();
        Map<Integer, Integer> dashes = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : keyAndJvm) {
            if (!out.containsKey(e.getKey())) {
                int j = jvm(e.getValue());
                out.put(e.getKey(), new Style(j, dashes.merge(j, 1, Integer::sum) - 1));
            }
        }
        return out;
    }

    /** The JVMs for report.js: label, colour and marker, by index. */
    List<Map<String, Object>> legend() {
        List<Map<String, Object>> out = new ArrayList<>();
        jvms.forEach((label, i) -> {
            Style s = new Style(i, 0);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("label", label);
            m.put("colour", s.colour());
            m.put("marker", s.marker());
            out.add(m);
        });
        return out;
    }

    /** A 34 × 14 px swatch: the line with its dash and the marker in the middle, as the charts draw them. */
    static String markerSvg(Style s) {
        String c = s.colour();
        String dash = s.dashPattern().isEmpty() ? "" : " stroke-dasharray=\"" + s.dashPattern() + "\"";
        String shape = switch (s.marker()) {
            case "circle" -> "<circle cx=\"17\" cy=\"7\" r=\"4\" fill=\"" + c + "\"/>";
            case "triangle" -> "<polygon points=\"17,2 22,11 12,11\" fill=\"" + c + "\"/>";
            case "rect" -> "<rect x=\"13\" y=\"3\" width=\"8\" height=\"8\" fill=\"" + c + "\"/>";
            case "rectRot" -> "<polygon points=\"17,2 22,7 17,12 12,7\" fill=\"" + c + "\"/>";
            case "star" -> "<path d=\"M17 1.5l1.6 3.6 3.9.4-2.9 2.6.8 3.8-3.4-2-3.4 2 .8-3.8-2.9-2.6 3.9-.4z\" fill=\"" + c + "\"/>";
            case "crossRot" -> "<path d=\"M13 3l8 8M21 3l-8 8\" stroke=\"" + c + "\" stroke-width=\"2.2\"/>";
            case "rectRounded" -> "<rect x=\"13\" y=\"3\" width=\"8\" height=\"8\" rx=\"2.5\" fill=\"" + c + "\"/>";
            default -> "<path d=\"M17 2v10M12 7h10\" stroke=\"" + c + "\" stroke-width=\"2.2\"/>";
        };
        return "<svg class=\"swatch\" width=\"34\" height=\"14\" viewBox=\"0 0 34 14\" aria-hidden=\"true\">"
                + "<line x1=\"1\" y1=\"7\" x2=\"33\" y2=\"7\" stroke=\"" + c + "\" stroke-width=\"2\"" + dash + "/>" + shape + "</svg>";
    }
}
