package org.jvmmark.results;

import java.nio.ByteBuffer;
import java.util.Locale;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Checks a compressed HdrHistogram's header against limits before HdrHistogram decodes it. The
 * header sizes the decoder's arrays (significant digits and highest trackable value give the counts
 * array; the payload length gives the inflate buffer), so a crafted file of a few bytes could ask for
 * tens of megabytes per histogram, and thousands of them for an {@link OutOfMemoryError}. Here the
 * header is read first (inflating only its 40 bytes) and refused as a "corrupt histogram" when the
 * encoding, word size, digits, range, payload or the counts it implies exceed what any histogram
 * jvmmark writes can hold.
 *
 * <p>Limits: the V2 encoding with LEB128 words (what HdrHistogram 2.x writes), 0–5 significant
 * digits, a lowest value of at least 1, a highest value of at least twice the lowest, a counts array
 * of at most {@value #MAX_COUNTS} entries (8 MiB; jvmmark's 3-digit histograms need at most about
 * 54,000 even over the whole long range), and a payload of at most 9 bytes per count.
 *
 * <p>Stateless and thread-safe.
 */
final class HistogramLimits {
    /** HdrHistogram's V2 cookie for a compressed histogram, word size nibble 0x10 (LEB128). */
    static final int COMPRESSED_COOKIE = 0x1c849304 | 0x10;
    /** HdrHistogram's V2 cookie for the inflated payload. */
    static final int PAYLOAD_COOKIE = 0x1c849303 | 0x10;
    static final int HEADER_BYTES = 40;
    static final int MAX_COUNTS = 1 << 20;
    /** A LEB128 (zig-zag) long takes at most 9 bytes in HdrHistogram's encoding. */
    static final int MAX_WORD_BYTES = 9;

    private HistogramLimits() {
    }

    /**
     * The length of the counts array this histogram will allocate when decoded.
     *
     * @throws IllegalArgumentException (a corrupt histogram) naming the first limit broken
     */
    static int check(byte[] compressed) {
        ByteBuffer in = ByteBuffer.wrap(compressed);
        if (in.remaining() < 8) {
            throw corrupt("%d bytes, shorter than the 8-byte header", compressed.length);
        }
        int cookie = in.getInt();
        if (cookie != COMPRESSED_COOKIE) {
            throw corrupt("cookie 0x%08x is not a compressed V2 HdrHistogram with LEB128 words", cookie);
        }
        int compressedLength = in.getInt();
        if (compressedLength <= 0 || compressedLength > in.remaining()) {
            throw corrupt("its header gives %d compressed bytes but %d follow", compressedLength, in.remaining());
        }
        byte[] header = new byte[HEADER_BYTES];
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(compressed, 8, compressedLength);
            int got = 0;
            while (got < HEADER_BYTES) {
                int n = inflater.inflate(header, got, HEADER_BYTES - got);
                if (n == 0 && (inflater.finished() || inflater.needsInput() || inflater.needsDictionary())) {
                    throw corrupt("the payload ends inside its 40-byte header");
                }
                got += n;
            }
        } catch (DataFormatException e) {
            throw corrupt("the payload does not inflate (%s)", e.getMessage());
        } finally {
            inflater.end();
        }
        ByteBuffer h = ByteBuffer.wrap(header);
        int payloadCookie = h.getInt();
        int payloadBytes = h.getInt();
        h.getInt(); // normalizing index offset: any value is safe
        int digits = h.getInt();
        long lowest = h.getLong();
        long highest = h.getLong();
        if (payloadCookie != PAYLOAD_COOKIE) {
            throw corrupt("payload cookie 0x%08x is not V2 with LEB128 words", payloadCookie);
        }
        if (digits < 0 || digits > 5) {
            throw corrupt("%d significant digits (0 to 5 are possible)", digits);
        }
        if (lowest < 1 || highest < 2 || highest / 2 < lowest) {
            throw corrupt("range %d to %d (the lowest must be at least 1 and the highest at least twice it)", lowest, highest);
        }
        long counts = countsLength(digits, lowest, highest);
        if (counts > MAX_COUNTS) {
            throw corrupt("%d significant digits over %d to %d need %,d counts, more than the %,d allowed",
                    digits, lowest, highest, counts, MAX_COUNTS);
        }
        if (payloadBytes < 0 || payloadBytes > counts * MAX_WORD_BYTES) {
            throw corrupt("a payload of %d bytes for %d counts", payloadBytes, counts);
        }
        return (int) counts;
    }

    /** HdrHistogram's counts array length for these settings (AbstractHistogram's own arithmetic). */
    static long countsLength(int digits, long lowest, long highest) {
        long largestValueWithSingleUnitResolution = 2 * (long) Math.pow(10, digits);
        int subBucketCountMagnitude = (int) Math.ceil(Math.log(largestValueWithSingleUnitResolution) / Math.log(2));
        int subBucketHalfCountMagnitude = Math.max(subBucketCountMagnitude, 1) - 1;
        long subBucketCount = 1L << (subBucketHalfCountMagnitude + 1);
        int unitMagnitude = 63 - Long.numberOfLeadingZeros(lowest);
        if (unitMagnitude + subBucketHalfCountMagnitude + 1 > 62) {
            return Long.MAX_VALUE;
        }
        long smallestUntrackable = subBucketCount << unitMagnitude;
        int buckets = 1;
        while (smallestUntrackable <= highest) {
            if (smallestUntrackable > Long.MAX_VALUE / 2) {
                buckets++;
                break;
            }
            smallestUntrackable <<= 1;
            buckets++;
        }
        return (buckets + 1) * (subBucketCount / 2);
    }

    private static IllegalArgumentException corrupt(String format, Object... args) {
        return new IllegalArgumentException(String.format(Locale.ROOT, format, args));
    }

    /**
     * Decodes a block's histogram (compressed HdrHistogram, base64), checking its header first.
     *
     * @param where what to call the block in messages ("trial queue-latency/3 probe endToEnd")
     * @return null for no histogram
     * @throws IllegalArgumentException naming {@code where} when the histogram is corrupt
     */
    static org.HdrHistogram.Histogram decode(String base64, String where) {
        if (base64 == null || base64.isEmpty()) {
            return null;
        }
        if (base64.length() > ResultsReader.MAX_HISTOGRAM_CHARS) {
            throw new IllegalArgumentException(where + ": corrupt histogram (" + base64.length() + " base64 characters, more than "
                    + ResultsReader.MAX_HISTOGRAM_CHARS + ")");
        }
        try {
            byte[] compressed = java.util.Base64.getDecoder().decode(base64);
            check(compressed); // before HdrHistogram sizes its arrays from the header
            return org.HdrHistogram.Histogram.decodeFromCompressedByteBuffer(java.nio.ByteBuffer.wrap(compressed), 0);
        } catch (java.util.zip.DataFormatException | RuntimeException e) {
            // HdrHistogram reports a truncated or mangled payload with whatever the decoder tripped on
            // (BufferUnderflowException, ArrayIndexOutOfBoundsException...): a user's file, not our bug.
            throw new IllegalArgumentException(where + ": corrupt histogram (not a base64 compressed HdrHistogram: "
                    + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : " " + e.getMessage()) + ")", e);
        }
    }

    /** {@code h} compressed and in base64, as a block holds it; null for null. */
    static String encode(org.HdrHistogram.Histogram h) {
        if (h == null) {
            return null;
        }
        java.nio.ByteBuffer buffer = java.nio.ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int length = h.encodeIntoCompressedByteBuffer(buffer);
        return java.util.Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
    }
}
