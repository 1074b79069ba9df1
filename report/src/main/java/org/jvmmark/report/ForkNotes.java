package org.jvmmark.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jvmmark.results.Results;

/**
 * How many forks each row took and why, as the runner's adaptive forks ({@code --forks auto})
 * recorded it in the top-level {@code "forks"} object of {@code results.json}: "temurin-25.0.3/tomcat-virtual
 * 3 — decided", "… 10 — cap reached, cannot tell". Empty for runs with a fixed number of forks. Stateless
 * and thread-safe.
 */
public final class ForkNotes {
    /** The top-level key the runner writes. */
    public static final String KEY = "forks";

    private ForkNotes() {
    }

    /** One line per row of {@code workload}: its id without the workload, its forks and the reason. */
    public static List<String> of(Results results, String workload) {
        List<String> lines = new ArrayList<>();
        Object forks = results.more().get(KEY);
        if (!(forks instanceof Map<?, ?> f) || !(f.get("rows") instanceof Map<?, ?> rows)) {
            return lines;
        }
        String prefix = workload + "/";
        rows.forEach((row, value) -> {
            if (String.valueOf(row).startsWith(prefix) && value instanceof Map<?, ?> v) {
                Object n = v.get("forks");
                String count = n instanceof Number num ? Long.toString(num.longValue()) : String.valueOf(n);
                lines.add(String.valueOf(row).substring(prefix.length()) + " " + count + " — " + v.get("reason"));
            }
        });
        return lines;
    }

    /** The sentence a report shows under a workload's headline, or empty. */
    public static String sentence(Results results, String workload) {
        List<String> lines = of(results, workload);
        return lines.isEmpty() ? "" : "Forks per row (--forks auto: 3, then more only while the row's question is open): "
                + String.join("; ", lines) + ".";
    }
}
