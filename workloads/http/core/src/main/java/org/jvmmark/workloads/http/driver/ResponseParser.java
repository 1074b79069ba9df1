package org.jvmmark.workloads.http.driver;

import java.nio.charset.StandardCharsets;

/**
 * Reads one HTTP/1.x response at a time from a connection's bytes and checks it against the answer
 * its request must get: status 200 and exactly the expected body, or a mix entry's status (and body, if given). Understands {@code
 * Content-Length} and {@code Transfer-Encoding: chunked} bodies, skips interim {@code 1xx}
 * responses, and reads {@code Connection} as a list of tokens ({@code close}, {@code keep-alive}).
 * The status line, the header lines and the CRLF after every chunk are checked; anything else is
 * not an HTTP response and stops the run.
 *
 * <p>The parser keeps its place between calls, so a response that arrives in many small reads is
 * scanned once, not once per read; the body is compared as it arrives. Allocation-free for a
 * {@code Content-Length} or chunked body.
 *
 * <p>Not thread-safe: one per connection, used by its I/O thread.
 */
final class ResponseParser {
    private static final int PREVIEW = 60;

    /** The answer the request now outstanding must get: its status and, unless null, exactly this body. */
    private byte[] expectedBody;
    private int expectedStatus = 200;
    private final byte[] preview = new byte[PREVIEW];
    /** Where the response being read starts (after any 1xx), and where the header scan resumes. */
    private int start;
    private int scan;
    /** -1 until the header is read. */
    private int bodyStart = -1;
    private long contentLength;
    private boolean chunked;
    private int chunkPos;
    private long bodyLength;
    private int status;
    private boolean close;
    private boolean bodyOk;

    ResponseParser(byte[] expectedBody) {
        this.expectedBody = expectedBody;
    }

    /** The answer the next request must get: {@code status}, and exactly {@code body} unless it is null. */
    void expect(int status, byte[] body) {
        expectedStatus = status;
        expectedBody = body;
    }

    /** The status the outstanding request must be answered with. */
    int expectedStatus() {
        return expectedStatus;
    }

    /** Forgets a partly read response (the connection was opened again). */
    void reset() {
        start = 0;
        scan = 0;
        bodyStart = -1;
    }

    /**
     * Parses the response at the start of {@code buf[0..len)}; call again with the same bytes and
     * more appended until it is complete, then drop the bytes it took.
     *
     * @return the bytes it took (any 1xx responses before it included), or {@code -1} when the
     *         response is not complete yet
     * @throws IllegalStateException when the bytes are not an HTTP/1.x response
     */
    int parse(byte[] buf, int len) {
        while (bodyStart < 0) {
            int end = indexOfCrlfCrlf(buf, len, Math.max(start, scan - 3));
            if (end < 0) {
                scan = len;
                return -1;
            }
            head(buf, start, end);
            if (status >= 100 && status < 200) {
                start = end + 4; // an interim response: the real one follows
                scan = start;
                continue;
            }
            bodyStart = end + 4;
            chunkPos = bodyStart;
            bodyLength = 0;
            bodyOk = true;
        }
        int used = chunked ? chunks(buf, len) : contentLengthBody(buf, len);
        if (used > 0) {
            reset();
        }
        return used;
    }

    private int contentLengthBody(byte[] buf, int len) {
        if (len - bodyStart < contentLength) {
            return -1;
        }
        compare(buf, bodyStart, (int) contentLength);
        return bodyStart + (int) contentLength;
    }

    private int chunks(byte[] buf, int len) {
        while (true) {
            int eol = indexOfCrlf(buf, chunkPos, len);
            if (eol < 0) {
                return -1;
            }
            long size = chunkSize(buf, chunkPos, eol);
            if (size == 0) {
                int end;
                if (eol + 3 < len && buf[eol + 2] == '\r' && buf[eol + 3] == '\n') {
                    end = eol + 2; // no trailers
                } else {
                    end = indexOfCrlfCrlf(buf, len, eol);
                    if (end < 0) {
                        return -1;
                    }
                    end += 2;
                }
                return end + 2;
            }
            int data = eol + 2;
            if (len - data < size + 2) {
                return -1;
            }
            int n = (int) size;
            if (buf[data + n] != '\r' || buf[data + n + 1] != '\n') {
                throw new IllegalStateException("a chunk of " + n + " bytes is not followed by CRLF (got '"
                        + text(buf, data + n, Math.min(len, data + n + 2)) + "')");
            }
            compare(buf, data, n);
            chunkPos = data + n + 2;
        }
    }

    private static long chunkSize(byte[] buf, int from, int eol) {
        long size = 0;
        int i = from;
        for (; i < eol && buf[i] != ';' && buf[i] != ' ' && buf[i] != '\t'; i++) {
            int d = Character.digit(buf[i], 16);
            if (d < 0 || size > (Integer.MAX_VALUE >> 4)) {
                throw new IllegalStateException("bad chunk size line '" + text(buf, from, eol) + "'");
            }
            size = size * 16 + d;
        }
        if (i == from) {
            throw new IllegalStateException("bad chunk size line '" + text(buf, from, eol) + "'");
        }
        return size;
    }

    /** Compares the next {@code n} body bytes with the expected body, keeping a preview for the message. */
    private void compare(byte[] buf, int from, int n) {
        for (int i = 0; i < n; i++) {
            long at = bodyLength + i;
            if (at < PREVIEW) {
                preview[(int) at] = buf[from + i];
            }
            if (bodyOk && expectedBody != null && (at >= expectedBody.length || buf[from + i] != expectedBody[(int) at])) {
                bodyOk = false;
            }
        }
        bodyLength += n;
    }

    /** The status line and the header fields of {@code buf[from..end)}. */
    private void head(byte[] buf, int from, int end) {
        int eol = indexOfCrlf(buf, from, end + 2);
        // HTTP/1.x SP 3DIGIT [SP reason]
        boolean valid = eol - from >= 12 && buf[from] == 'H' && buf[from + 1] == 'T' && buf[from + 2] == 'T' && buf[from + 3] == 'P'
                && buf[from + 4] == '/' && buf[from + 5] == '1' && buf[from + 6] == '.' && (buf[from + 7] == '0' || buf[from + 7] == '1')
                && buf[from + 8] == ' ' && isDigit(buf[from + 9]) && isDigit(buf[from + 10]) && isDigit(buf[from + 11])
                && (eol - from == 12 || buf[from + 12] == ' ');
        if (!valid) {
            throw new IllegalStateException("not an HTTP/1.x status line: '" + text(buf, from, Math.min(eol, from + 40)) + "'");
        }
        status = (buf[from + 9] - '0') * 100 + (buf[from + 10] - '0') * 10 + (buf[from + 11] - '0');
        close = buf[from + 7] == '0'; // HTTP/1.0 closes unless told otherwise
        contentLength = -1;
        chunked = false;
        int line = eol + 2;
        while (line < end + 2) {
            int lineEnd = indexOfCrlf(buf, line, end + 2);
            int colon = indexOf(buf, (byte) ':', line, lineEnd);
            if (colon <= line) {
                throw new IllegalStateException("bad header line '" + text(buf, line, Math.min(lineEnd, line + 40)) + "'");
            }
            if (nameIs(buf, line, colon, "content-length")) {
                contentLength = decimal(buf, colon + 1, lineEnd);
            } else if (nameIs(buf, line, colon, "transfer-encoding")) {
                int comma = lastIndexOf(buf, (byte) ',', colon + 1, lineEnd);
                chunked = tokenIs(buf, comma < 0 ? colon + 1 : comma + 1, lineEnd, "chunked");
            } else if (nameIs(buf, line, colon, "connection")) {
                for (int t = colon + 1; t <= lineEnd; ) {
                    int comma = indexOf(buf, (byte) ',', t, lineEnd);
                    int tokenEnd = comma < 0 ? lineEnd : comma;
                    if (tokenIs(buf, t, tokenEnd, "close")) {
                        close = true;
                    } else if (tokenIs(buf, t, tokenEnd, "keep-alive")) {
                        close = false;
                    }
                    t = tokenEnd + 1;
                }
            }
            line = lineEnd + 2;
        }
        if (status >= 100 && status < 200 || status == 204 || status == 304) {
            contentLength = 0;
            chunked = false;
        } else if (!chunked && contentLength < 0) {
            throw new IllegalStateException("response without Content-Length or chunked body (status " + status + ")");
        }
        if (contentLength > Integer.MAX_VALUE - 64) {
            throw new IllegalStateException("Content-Length " + contentLength + " is too large for a test response");
        }
    }

    /** A header value of decimal digits (around it optional white space), without allocating. */
    private static long decimal(byte[] buf, int from, int to) {
        int a = trimStart(buf, from, to);
        int b = trimEnd(buf, a, to);
        boolean ok = b > a && b - a <= 18;
        long v = 0;
        for (int i = a; ok && i < b; i++) {
            ok = isDigit(buf[i]);
            v = v * 10 + (buf[i] - '0');
        }
        if (!ok) {
            throw new IllegalStateException("bad Content-Length '" + text(buf, a, b) + "'");
        }
        return v;
    }

    /** Whether {@code buf[from..to)}, white space around it ignored, is {@code lower} in any case. */
    private static boolean tokenIs(byte[] buf, int from, int to, String lower) {
        int a = trimStart(buf, from, to);
        return nameIs(buf, a, trimEnd(buf, a, to), lower);
    }

    private static int trimStart(byte[] buf, int from, int to) {
        int a = from;
        while (a < to && (buf[a] & 0xff) <= ' ') {
            a++;
        }
        return a;
    }

    private static int trimEnd(byte[] buf, int from, int to) {
        int b = to;
        while (b > from && (buf[b - 1] & 0xff) <= ' ') {
            b--;
        }
        return b;
    }

    private static int lastIndexOf(byte[] buf, byte b, int from, int to) {
        for (int i = to - 1; i >= from; i--) {
            if (buf[i] == b) {
                return i;
            }
        }
        return -1;
    }

    /** The last response's status. */
    int status() {
        return status;
    }

    /** Whether the last response had the expected status and, where one is expected, exactly the expected body. */
    boolean ok() {
        return status == expectedStatus && (expectedBody == null || bodyOk && bodyLength == expectedBody.length);
    }

    /** Whether the server will close the connection after the last response. */
    boolean close() {
        return close;
    }

    /** What was wrong with the last response, in one line. */
    String problem(String request) {
        String expected = expectedBody == null ? Integer.toString(expectedStatus) : expectedStatus + " with the " + expectedBody.length
                + "-byte body '" + new String(expectedBody, StandardCharsets.UTF_8) + "'";
        if (status != expectedStatus) {
            return request + " answered " + status + " (expected " + expected + ")";
        }
        int shown = (int) Math.min(bodyLength, PREVIEW);
        return request + " answered " + status + " with a " + bodyLength + "-byte body '" + text(preview, 0, shown)
                + (bodyLength > PREVIEW ? "…" : "") + "' (expected " + expected + ")";
    }

    private static boolean isDigit(byte b) {
        return b >= '0' && b <= '9';
    }

    private static boolean nameIs(byte[] buf, int from, int to, String lower) {
        if (to - from != lower.length()) {
            return false;
        }
        for (int i = 0; i < lower.length(); i++) {
            int c = buf[from + i];
            if (c >= 'A' && c <= 'Z') {
                c += 32;
            }
            if (c != lower.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static int indexOfCrlfCrlf(byte[] buf, int len, int from) {
        for (int i = Math.max(0, from); i + 3 < len; i++) {
            if (buf[i] == '\r' && buf[i + 1] == '\n' && buf[i + 2] == '\r' && buf[i + 3] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private static int indexOfCrlf(byte[] buf, int from, int to) {
        for (int i = from; i + 1 < to; i++) {
            if (buf[i] == '\r' && buf[i + 1] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private static int indexOf(byte[] buf, byte b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (buf[i] == b) {
                return i;
            }
        }
        return -1;
    }

    private static String text(byte[] buf, int from, int to) {
        return new String(buf, from, Math.max(0, to - from), StandardCharsets.ISO_8859_1);
    }
}
