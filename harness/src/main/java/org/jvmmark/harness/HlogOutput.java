package org.jvmmark.harness;

import java.io.FileNotFoundException;
import java.nio.file.Path;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes each measured run's histograms as intervals of an HdrHistogram log ({@code .hlog}), one
 * interval per probe tagged with its name ({@code endToEnd}, {@code endToEnd-uncorrected}, probe
 * names, {@code jitter}), so HdrHistogram's own {@code HistogramLogReader}, HistogramLogAnalyzer
 * and {@code hdr-plot} can read them. Timestamps are seconds since the first measured run began.
 *
 * <p>Not thread-safe: written by the benchmark thread between runs.
 */
final class HlogOutput {
    private final HistogramLogWriter writer;
    private final long originNanos;

    HlogOutput(Path file, long originNanos) throws java.io.IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            java.nio.file.Files.createDirectories(parent);
        }
        try {
            this.writer = new HistogramLogWriter(file.toFile());
        } catch (FileNotFoundException e) {
            throw new java.io.IOException("cannot write " + file + ": " + e.getMessage(), e);
        }
        this.originNanos = originNanos;
        long now = System.currentTimeMillis();
        writer.outputComment("jvmmark harness: one interval per run and probe, values in nanoseconds");
        writer.outputLogFormatVersion();
        writer.outputStartTime(now);
        writer.setBaseTime(now);
        writer.outputLegend();
    }

    void write(long startNanos, long endNanos, Map<String, Histogram> tagged) {
        double start = (startNanos - originNanos) / 1e9;
        double end = (endNanos - originNanos) / 1e9;
        for (Map.Entry<String, Histogram> e : tagged.entrySet()) {
            Histogram h = e.getValue().copy();
            h.setTag(e.getKey().replaceAll("[\\s,]", "_"));
            writer.outputIntervalHistogram(start, end, h, 1e3);
        }
    }

    void close() {
        writer.close();
    }
}
