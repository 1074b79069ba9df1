package org.jvmmark.report.tune;

import java.util.Locale;

/**
 * A bound a point must keep to win: {@code "peak RSS <= 512m"}, {@code "rate >= 99000"}. The value is in the unit
 * {@code results.json} records the figure in (ns, bytes, msg/s); a size may carry k, m or g (KiB, MiB, GiB). A point
 * breaks it when its forks' centre (their geometric mean, adjusted for the machine's launch levels like every
 * ranking) lies past the bound: a rule on where the point's figure sits, not a test, so a point near the bound may
 * fall on either side from one run to the next. Immutable.
 *
 * @param atMost {@code <=} (true) or {@code >=}
 */
public record Constraint(String spec, TuneFigure figure, boolean atMost, double bound) {
    /** @throws IllegalArgumentException naming the expected form */
    public static Constraint parse(String spec) {
        String s = spec.trim();
        int le = s.indexOf("<=");
        int ge = s.indexOf(">=");
        int at = le >= 0 ? le : ge;
        if (at <= 0 || le >= 0 && ge >= 0) {
            throw new IllegalArgumentException("--constraint '" + spec + "' needs FIGURE <= VALUE or FIGURE >= VALUE,"
                    + " e.g. \"peak RSS <= 512m\"");
        }
        return new Constraint(s, TuneFigure.parse(s.substring(0, at)), le >= 0, value(s.substring(at + 2), spec));
    }

    /** Whether a point whose centre is {@code centre} keeps to it (NaN: not measured, which keeps to nothing). */
    public boolean keeps(double centre) {
        return atMost ? centre <= bound : centre >= bound;
    }

    private static double value(String v, String spec) {
        String t = v.trim().toLowerCase(Locale.ROOT).replace("ib", "").replace(" ", "");
        double unit = 1;
        if (!t.isEmpty() && "kmg".indexOf(t.charAt(t.length() - 1)) >= 0) {
            unit = Math.pow(1024, "kmg".indexOf(t.charAt(t.length() - 1)) + 1);
            t = t.substring(0, t.length() - 1);
        }
        try {
            return Double.parseDouble(t) * unit;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--constraint '" + spec + "': '" + v.trim() + "' is not a number (sizes: 512m, 2g)");
        }
    }
}
