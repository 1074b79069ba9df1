package org.jvmmark.harness;

import java.nio.ByteBuffer;
import java.util.Base64;
import org.HdrHistogram.Histogram;

/**
 * Histogram conventions of the harness: 3 significant digits, auto-resizing, and the encoding
 * {@code results.json} stores. Public for workloads that build a latency block of their own (the
 * chat driver, whose deliveries are not one sample per iteration). Stateless.
 */
public final class Histograms {
    static final int DIGITS = 3;

    private Histograms() {
    }

    /**
     * Auto-resizing, so that a multi-second stall cannot throw out of a recording thread; the
     * resize check sits on the exception path of {@code recordValue}, not on its fast path.
     */
    static Histogram create() {
        return new Histogram(DIGITS);
    }

    /** HdrHistogram's compressed encoding, base64 — what {@code results.json} stores. */
    public static String encode(Histogram h) {
        ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int length = h.encodeIntoCompressedByteBuffer(buffer);
        byte[] bytes = new byte[length];
        buffer.flip();
        buffer.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    static Histogram decode(String base64) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (java.util.zip.DataFormatException e) {
            throw new IllegalArgumentException("not an HdrHistogram compressed histogram: " + e.getMessage(), e);
        }
    }
}
