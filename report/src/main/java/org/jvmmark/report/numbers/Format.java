package org.jvmmark.report.numbers;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;
import org.jvmmark.api.Json;

/**
 * Number formatting shared by every rendering: three significant figures with a scaled unit, the
 * same in every locale (golden files must not change with the machine's language). Thread-safe.
 */
public final class Format {
    private static final double[] TIMES = {1, 1e3, 1e6, 1e9};
    private static final String[] TIME_NAMES = {"ns", "µs", "ms", "s"};
    private static final double[] SIZES = {1, 1024, 1024 * 1024, 1024.0 * 1024 * 1024};
    private static final String[] SIZE_NAMES = {"B", "KiB", "MiB", "GiB"};

    private Format() {
    }

    /** A value in its unit, scaled for reading: "312 ns", "12.3 µs", "48.2 MiB", "99.9 k msg/s". */
    public static String value(double v, String unit) {
        if (Double.isNaN(v)) {
            return "—";
        }
        return scale(v, unit).format(v);
    }

    /**
     * How values in a unit are shown: multiplied by {@code toBase} (µs, ms and s to ns), divided by
     * {@code factor}, then followed by {@code suffix} — " ms", " MiB", " k msg/s", "/s". A chart's axis
     * uses the scale of its largest value, so every tick reads in one unit ("550 ms", not "550,000,000").
     *
     * @param suffix what follows the number, with its leading space where one belongs
     */
    public record Scale(double toBase, double factor, String suffix) {
        /** {@code v} (in the scale's unit) as a number in the display unit. */
        public double apply(double v) {
            return v * toBase / factor;
        }

        /** {@code v} (in the scale's unit) with three significant figures and the display unit: "391 ms". */
        public String format(double v) {
            return sig(apply(v)) + suffix;
        }

        /** The display unit alone, for an axis title: "ms", "k msg/s", "" for a bare number. */
        public String name() {
            return suffix.strip();
        }
    }

    /** The scale {@link #value} shows {@code v} in: the largest display unit {@code v} is at least one of. */
    public static Scale scale(double v, String unit) {
        switch (unit) {
            case "ns":
                return scaled(1, v, TIMES, TIME_NAMES, 1000);
            case "us":
            case "µs":
                return scaled(1e3, v * 1e3, TIMES, TIME_NAMES, 1000);
            case "ms":
                return scaled(1e6, v * 1e6, TIMES, TIME_NAMES, 1000);
            case "s":
                return scaled(1e9, v * 1e9, TIMES, TIME_NAMES, 1000);
            case "bytes":
            case "B":
                return scaled(1, v, SIZES, SIZE_NAMES, 1024);
            default:
                String u = unit.isEmpty() || unit.startsWith("/") ? unit : " " + unit;
                if (unit.indexOf('/') > 0 && !unit.endsWith("/s")) {
                    // A compound unit (ms/GiB, ns/op) takes no prefix, as in the report's charts: "k ms/GiB" reads as nothing.
                    return new Scale(1, 1, u);
                }
                // The scale is chosen on the value as printed: 9,999.6/s is "10 k/s", as 10,000.4/s is, never "10000/s".
                double shown = v == 0 || !Double.isFinite(v) ? v
                        : new BigDecimal(v).round(new MathContext(3, RoundingMode.HALF_EVEN)).doubleValue();
                if (Math.abs(shown) >= 1e6) {
                    return new Scale(1, 1e6, " M" + u);
                } else if (Math.abs(shown) >= 1e4) {
                    return new Scale(1, 1e3, " k" + u);
                }
                return new Scale(1, 1, u);
        }
    }

    private static Scale scaled(double toBase, double base, double[] factors, String[] names, double step) {
        int i = 0;
        while (i + 1 < factors.length && Math.abs(base) >= factors[i] * step * 0.9995) {
            i++;
        }
        return new Scale(toBase, factors[i], " " + names[i]);
    }

    /** Three significant figures, no exponent, no grouping. */
    public static String sig(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "—";
        }
        if (Math.abs(v) >= 1000) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        return new BigDecimal(v).round(new MathContext(3, RoundingMode.HALF_EVEN)).stripTrailingZeros().toPlainString();
    }

    /** 0.123 → "12.3 %"; NaN → "—". */
    public static String percent(double fraction) {
        if (Double.isNaN(fraction)) {
            return "—";
        }
        return pct(fraction * 100) + " %";
    }

    /** Percentages to one decimal at most; tiny ones as "<0.1" rather than a string of zeros. */
    private static String pct(double p) {
        double a = Math.abs(p);
        if (a > 0 && a < 0.1) {
            return "<0.1";
        }
        return a >= 10 ? sig(a) : new BigDecimal(a).setScale(1, RoundingMode.HALF_EVEN).stripTrailingZeros().toPlainString();
    }

    /**
     * The size of an effect in percent, the one rounding every view uses for a difference ("11 % slower" in the
     * verdict table, the rows, the console and {@code compare} alike): whole percents from 10 on, one decimal
     * below. An interval's bounds use it too, so they may be negative.
     */
    public static String effectPercent(double pct) {
        String oneDecimal = String.format(Locale.ROOT, "%.1f", pct);
        return Math.abs(Double.parseDouble(oneDecimal)) >= 10 ? String.valueOf(Math.round(pct)) : oneDecimal;
    }

    /**
     * An interval's bound as {@link #effectPercent} says it, rounded away from the point estimate's side of it so the
     * printed interval always holds the computed one: {@code up} rounds up ("5.04" → "5.1"), else down ("3.97" →
     * "3.9"). Never negative.
     */
    public static String boundPercent(double pct, boolean up) {
        double x = Math.max(0, pct);
        double step = x >= 9.95 ? 1 : 0.1;
        double r = (up ? Math.ceil(x / step - 1e-9) : Math.floor(x / step + 1e-9)) * step;
        return effectPercent(r);
    }

    /** A plain number for CSV and JSON: no grouping, no exponent for ordinary magnitudes. */
    public static String plain(double v) {
        if (Double.isNaN(v)) {
            return "";
        }
        return Double.isInfinite(v) ? Double.toString(v) : Json.number(v);
    }

    /** A p-value: "p=0.003", "p<0.001". */
    public static String p(double p) {
        if (Double.isNaN(p)) {
            return "";
        }
        return p < 0.001 ? "p<0.001" : String.format(Locale.ROOT, "p=%.3f", p);
    }
}
