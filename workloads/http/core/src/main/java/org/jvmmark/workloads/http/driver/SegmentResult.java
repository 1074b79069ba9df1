package org.jvmmark.workloads.http.driver;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * What one driver process measured in its slice of a rate phase, as it crosses from a {@link
 * SegmentMain} process to the driver that merges it: the full histograms (HdrHistogram's compressed
 * form, so the merge is exact), the outcome counts by kind, and when its last measured request ended
 * relative to the window's start. Immutable; read and written as a properties file.
 */
final class SegmentResult {
    final Histogram corrected;
    final Histogram uncorrected;
    final Histogram sendLag;
    final long answered;
    final Map<String, Long> failed;
    /** Nanoseconds from the window's start to the last measured request's end; -1 when none ended. */
    final long lastEndAfterStartNanos;
    /** A one-line failure, or null. */
    final String error;

    SegmentResult(Histogram corrected, Histogram uncorrected, Histogram sendLag, long answered, Map<String, Long> failed,
                  long lastEndAfterStartNanos, String error) {
        this.corrected = corrected;
        this.uncorrected = uncorrected;
        this.sendLag = sendLag;
        this.answered = answered;
        this.failed = failed;
        this.lastEndAfterStartNanos = lastEndAfterStartNanos;
        this.error = error;
    }

    static SegmentResult failed(String error) {
        return new SegmentResult(new Histogram(3), new Histogram(3), new Histogram(3), 0, Map.of(), -1, error);
    }

    void write(Path file) throws IOException {
        Properties p = new Properties();
        p.setProperty("corrected", encode(corrected));
        p.setProperty("uncorrected", encode(uncorrected));
        p.setProperty("sendLag", encode(sendLag));
        p.setProperty("answered", Long.toString(answered));
        p.setProperty("lastEndAfterStartNanos", Long.toString(lastEndAfterStartNanos));
        if (error != null) {
            p.setProperty("error", error);
        }
        failed.forEach((k, v) -> p.setProperty("failed." + k, Long.toString(v)));
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            p.store(w, "jvmmark http driver segment");
        }
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    static SegmentResult read(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        Map<String, Long> failed = new LinkedHashMap<>();
        for (String k : p.stringPropertyNames()) {
            if (k.startsWith("failed.")) {
                failed.put(k.substring("failed.".length()), Long.parseLong(p.getProperty(k)));
            }
        }
        return new SegmentResult(decode(p.getProperty("corrected")), decode(p.getProperty("uncorrected")),
                decode(p.getProperty("sendLag")), Long.parseLong(p.getProperty("answered")), failed,
                Long.parseLong(p.getProperty("lastEndAfterStartNanos")), p.getProperty("error"));
    }

    private static String encode(Histogram h) {
        ByteBuffer b = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(b);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(b.array(), n));
    }

    private static Histogram decode(String base64) throws IOException {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (DataFormatException | RuntimeException e) {
            throw new IOException("a driver segment's histogram cannot be read: " + e.getMessage(), e);
        }
    }
}
