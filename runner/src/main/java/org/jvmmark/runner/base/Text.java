package org.jvmmark.runner.base;

import java.util.Locale;

/** Small text helpers for one-line messages and tables. Stateless and thread-safe. */
public final class Text {
    private Text() {
    }

    /** The first non-blank line of {@code text}, trimmed, or an empty string. */
    public static String firstLine(String text) {
        if (text == null) {
            return "";
        }
        for (String line : text.split("\\R")) {
            if (!line.isBlank()) {
                return line.trim();
            }
        }
        return "";
    }

    public static String bytes(double bytes) {
        if (bytes < 1024) {
            return String.format(Locale.ROOT, "%.0f B", bytes);
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = bytes;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }

    public static String seconds(double seconds) {
        if (seconds < 60) {
            return String.format(Locale.ROOT, "%.1f s", seconds);
        }
        long s = Math.round(seconds);
        return s < 3600 ? String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60)
                : String.format(Locale.ROOT, "%d h %02d min", s / 3600, (s % 3600) / 60);
    }

    public static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }
}
