package org.jvmmark.workloads.http.driver;

import java.io.FileNotFoundException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Merges the {@code driver.hlog} files of the slices of one schedule ({@code segment=I/N} on several
 * hosts) into the whole: every interval histogram of each tag added up — exact, as HdrHistogram's
 * {@code add} is — and printed as counts and percentiles per tag, in milliseconds.
 *
 * <pre>
 * java -cp 'target/jvmmark/workloads/http/*' org.jvmmark.workloads.http.driver.HlogMerge a/driver.hlog b/driver.hlog
 * </pre>
 *
 * A file that does not exist or is not an HdrHistogram log: one line, exit 2. Not thread-safe; a
 * command-line program.
 */
public final class HlogMerge {
    private HlogMerge() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.err.println("usage: HlogMerge FILE.hlog...");
            System.exit(2);
        }
        try {
            merge(args).forEach((tag, h) -> System.out.println(describe(tag, h)));
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
        }
    }

    /** Every tag's intervals of every file, added up. */
    static Map<String, Histogram> merge(String... files) throws FileNotFoundException {
        Map<String, Histogram> byTag = new TreeMap<>();
        for (String f : files) {
            if (!Files.isRegularFile(Paths.get(f))) {
                throw new IllegalArgumentException("HlogMerge: " + f + " does not exist");
            }
            HistogramLogReader reader = new HistogramLogReader(f);
            EncodableHistogram h;
            try {
                while ((h = reader.nextIntervalHistogram()) != null) {
                    String tag = h.getTag() == null ? "(untagged)" : h.getTag();
                    byTag.computeIfAbsent(tag, t -> new Histogram(3)).add((Histogram) h);
                }
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("HlogMerge: " + f + " is not an HdrHistogram log: " + e.getMessage());
            } finally {
                reader.close();
            }
        }
        return byTag;
    }

    static String describe(String tag, Histogram h) {
        return String.format(Locale.ROOT, "%s: %,d requests, p50 %.3f ms, p90 %.3f ms, p99 %.3f ms, p99.9 %.3f ms, max %.3f ms", tag,
                h.getTotalCount(), h.getValueAtPercentile(50) / 1e6, h.getValueAtPercentile(90) / 1e6, h.getValueAtPercentile(99) / 1e6,
                h.getValueAtPercentile(99.9) / 1e6, h.getMaxValue() / 1e6);
    }
}
