package org.jvmmark.api;

import java.lang.reflect.Array;
import java.util.Map;

/**
 * A minimal JSON <em>writer</em> for the trial result. The JVM under test carries no JSON library
 * on purpose: footprint and startup figures depend on its classpath, and writing JSON is a few
 * dozen lines (reading it is not, and the runner uses Jackson for that).
 *
 * <p>Writes {@link Map} (keys via {@code toString}), {@link Iterable}, arrays, {@link Number}
 * (NaN and infinities as {@code null}), {@link Boolean}, {@link CharSequence}, enums (by name) and
 * {@code null}. Stateless and thread-safe.
 */
public final class Json {
    private Json() {
    }

    /**
     * A finite number as a file and a person write it: an integral one as an integer ({@code 310}, not
     * {@code 310.0}), any other as Java prints a double ({@code 0.5}). The one rule for {@code results.json}, the
     * child's result file, CSV and percentile keys ({@code "99.9"}).
     */
    public static String number(double d) {
        return integral(d) ? Long.toString((long) d) : Double.toString(d);
    }

    /** Whether {@link #number} writes {@code d} as an integer. */
    public static boolean integral(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15;
    }

    public static String write(Object value) {
        StringBuilder out = new StringBuilder(1024);
        write(value, out, 0);
        return out.append('\n').toString();
    }

    private static void write(Object v, StringBuilder out, int depth) {
        if (v == null) {
            out.append("null");
        } else if (v instanceof CharSequence || v instanceof Enum || v instanceof Character) {
            string(v.toString(), out);
        } else if (v instanceof Boolean) {
            out.append(v);
        } else if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                out.append("null");
            } else {
                out.append(number(d));
            }
        } else if (v instanceof Number) {
            out.append(v);
        } else if (v instanceof Map) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                first = separator(out, first, depth + 1);
                string(String.valueOf(e.getKey()), out);
                out.append(": ");
                write(e.getValue(), out, depth + 1);
            }
            close(out, first, depth, '}');
        } else if (v instanceof Iterable) {
            out.append('[');
            boolean first = true;
            for (Object item : (Iterable<?>) v) {
                first = separator(out, first, depth + 1);
                write(item, out, depth + 1);
            }
            close(out, first, depth, ']');
        } else if (v.getClass().isArray()) {
            out.append('[');
            int n = Array.getLength(v);
            for (int i = 0; i < n; i++) {
                if (i > 0) {
                    out.append(", ");
                }
                write(Array.get(v, i), out, depth + 1);
            }
            out.append(']');
        } else {
            throw new IllegalArgumentException("cannot write " + v.getClass().getName() + " as JSON");
        }
    }

    private static boolean separator(StringBuilder out, boolean first, int depth) {
        if (!first) {
            out.append(',');
        }
        out.append('\n');
        for (int i = 0; i < depth; i++) {
            out.append("  ");
        }
        return false;
    }

    private static void close(StringBuilder out, boolean empty, int depth, char bracket) {
        if (!empty) {
            out.append('\n');
            for (int i = 0; i < depth; i++) {
                out.append("  ");
            }
        }
        out.append(bracket);
    }

    private static void string(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': out.append("\\\""); break;
                case '\\': out.append("\\\\"); break;
                case '\n': out.append("\\n"); break;
                case '\r': out.append("\\r"); break;
                case '\t': out.append("\\t"); break;
                default:
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append('"');
    }
}
