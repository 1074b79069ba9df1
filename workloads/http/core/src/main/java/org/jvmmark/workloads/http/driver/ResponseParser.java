package org.jvmmark.workloads.http.driver;

import java.nio.charset.StandardCharsets;

/**
 * Reads one HTTP/1.1 response at a time from a connection's bytes and checks it against the one
 * answer every request must get: status 200 and exactly the expected body. Understands
 * {@code Content-Length} and {@code Transfer-Encoding: chunked} bodies and {@code Connection: close}.
 * Allocation-free for the common case (a {@code Content-Length} body).
 *
 * <p>Not thread-safe: one per connection, used by its I/O thread.
 */
final class ResponseParser {
    private final byte[] expectedBody;
    private int status;
    private boolean close;
    private boolean bodyOk;
    private String bodyText;

    ResponseParser(byte[] expectedBody) {
        this.expectedBody = expectedBody;
    }

    /**
     * Parses the response at the start of {@code buf[0..len)}.
     *
     * @return the bytes it took, or {@code -1} when the response is not complete yet
     * @throws IllegalStateException when the bytes are not an HTTP/1.1 response
     */
    int parse(byte[] buf, int len) {
        int headerEnd = indexOfCrlfCrlf(buf, len);
        if (headerEnd < 0) {
            return -1;
        }
        if (len < 12 || buf[0] != 'H' || buf[4] != '/' || buf[8] != ' ') {
            throw new IllegalStateException("not an HTTP response: '" + text(buf, 0, Math.min(len, 40)) + "'");
        }
        status = (buf[9] - '0') * 100 + (buf[10] - '0') * 10 + (buf[11] - '0');
        long contentLength = -1;
        boolean chunked = false;
        close = buf[7] == '0'; // HTTP/1.0 closes unless told otherwise
        int line = indexOfCrlf(buf, 0, headerEnd) + 2;
        while (line < headerEnd) {
            int eol = indexOfCrlf(buf, line, headerEnd + 2);
            int colon = indexOf(buf, (byte) ':', line, eol);
            if (colon > 0) {
                if (nameIs(buf, line, colon, "content-length")) {
                    contentLength = Long.parseLong(text(buf, colon + 1, eol).trim());
                } else if (nameIs(buf, line, colon, "transfer-encoding")) {
                    chunked = text(buf, colon + 1, eol).toLowerCase(java.util.Locale.ROOT).contains("chunked");
                } else if (nameIs(buf, line, colon, "connection")) {
                    String v = text(buf, colon + 1, eol).trim().toLowerCase(java.util.Locale.ROOT);
                    close = v.equals("close") || (close && !v.equals("keep-alive"));
                }
            }
            line = eol + 2;
        }
        int bodyStart = headerEnd + 4;
        if (chunked) {
            return chunked(buf, len, bodyStart);
        }
        if (contentLength < 0) {
            throw new IllegalStateException("response without Content-Length or chunked body (status " + status + ")");
        }
        if (len - bodyStart < contentLength) {
            return -1;
        }
        checkBody(buf, bodyStart, (int) contentLength);
        return bodyStart + (int) contentLength;
    }

    private int chunked(byte[] buf, int len, int at) {
        java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
        int p = at;
        while (true) {
            int eol = indexOfCrlf(buf, p, len);
            if (eol < 0) {
                return -1;
            }
            String size = text(buf, p, eol);
            int semicolon = size.indexOf(';');
            int n = Integer.parseInt((semicolon < 0 ? size : size.substring(0, semicolon)).trim(), 16);
            p = eol + 2;
            if (n == 0) {
                int end = indexOfCrlfCrlf(buf, len, p - 2);
                if (end < 0) {
                    return -1;
                }
                byte[] b = body.toByteArray();
                checkBody(b, 0, b.length);
                return end + 4;
            }
            if (len < p + n + 2) {
                return -1;
            }
            body.write(buf, p, n);
            p += n + 2;
        }
    }

    private void checkBody(byte[] buf, int from, int length) {
        bodyOk = length == expectedBody.length;
        for (int i = 0; bodyOk && i < length; i++) {
            bodyOk = buf[from + i] == expectedBody[i];
        }
        bodyText = bodyOk ? null : text(buf, from, from + Math.min(length, 60)) + (length > 60 ? "…" : "");
        lastBodyLength = length;
    }

    private int lastBodyLength;

    /** Whether the last response was status 200 with exactly the expected body. */
    boolean ok() {
        return status == 200 && bodyOk;
    }

    /** Whether the server will close the connection after the last response. */
    boolean close() {
        return close;
    }

    /** What was wrong with the last response, in one line. */
    String problem(String request) {
        String expected = "200 with the " + expectedBody.length + "-byte body '" + new String(expectedBody, StandardCharsets.UTF_8) + "'";
        if (status != 200) {
            return request + " answered " + status + " (expected " + expected + ")";
        }
        return request + " answered 200 with a " + lastBodyLength + "-byte body '" + bodyText + "' (expected " + expected + ")";
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

    private static int indexOfCrlfCrlf(byte[] buf, int len) {
        return indexOfCrlfCrlf(buf, len, 0);
    }

    private static int indexOfCrlfCrlf(byte[] buf, int len, int from) {
        for (int i = from; i + 3 < len; i++) {
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
