package org.jvmmark.workloads.chat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Splits an IRC byte stream into lines. RFC 2812 allows 512 bytes per message including the
 * trailing CR LF; a longer line is dropped whole (counted, not answered), since a server that kept
 * buffering until a line end arrived would let one client make it allocate without bound. Lines end
 * at LF; a CR before it is removed, so clients that send bare LF (many do) work too. Bytes that are
 * not valid UTF-8 are replaced rather than rejected: the line is then answered like any other.
 *
 * <p>Not thread-safe: one decoder per connection, fed by the one thread reading it.
 */
public final class LineDecoder {
    /** The longest line RFC 2812 allows, CR LF included. */
    public static final int MAX_LINE_BYTES = 512;

    /** Receives decoded lines. */
    public interface Sink {
        /** @return false to stop decoding (the connection is closing); unread bytes are discarded */
        boolean line(String line);
    }

    private final byte[] line = new byte[MAX_LINE_BYTES];
    private int length;
    private boolean discarding;
    private long oversizeLines;

    /** Feeds {@code len} bytes; calls {@code sink} for each complete line. */
    public boolean feed(byte[] bytes, int off, int len, Sink sink) {
        for (int i = off, end = off + len; i < end; i++) {
            byte b = bytes[i];
            if (b == '\n') {
                if (discarding) {
                    discarding = false;
                    length = 0;
                    continue;
                }
                int n = length > 0 && line[length - 1] == '\r' ? length - 1 : length;
                length = 0;
                if (n > 0 && !sink.line(new String(line, 0, n, StandardCharsets.UTF_8))) {
                    return false;
                }
            } else if (!discarding) {
                // Room for the LF that must still come: content plus CR LF fits in 512 bytes.
                if (length == MAX_LINE_BYTES - 1) {
                    discarding = true;
                    oversizeLines++;
                    length = 0;
                } else {
                    line[length++] = b;
                }
            }
        }
        return true;
    }

    /** Feeds the remaining bytes of {@code buffer} (which must have an accessible array). */
    public boolean feed(ByteBuffer buffer, Sink sink) {
        boolean more = feed(buffer.array(), buffer.arrayOffset() + buffer.position(), buffer.remaining(), sink);
        buffer.position(buffer.limit());
        return more;
    }

    /** Lines dropped for exceeding {@link #MAX_LINE_BYTES}. */
    public long oversizeLines() {
        return oversizeLines;
    }
}
