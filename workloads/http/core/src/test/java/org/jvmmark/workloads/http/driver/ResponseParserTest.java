package org.jvmmark.workloads.http.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.jvmmark.workloads.http.common.Handlers;

class ResponseParserTest {
    private final ResponseParser parser = new ResponseParser(Handlers.BODY_BYTES);

    private int parse(String response) {
        byte[] b = response.getBytes(StandardCharsets.ISO_8859_1);
        return parser.parse(b, b.length);
    }

    @Test
    void shouldReadAContentLengthBodyAndWaitForAnIncompleteOne() {
        String r = "HTTP/1.1 200 OK\r\ncontent-length: 13\r\n\r\nHello, World!";
        assertEquals(r.length(), parse(r));
        assertTrue(parser.ok());
        assertFalse(parser.close());
        assertEquals(-1, parse(r.substring(0, r.length() - 1)));
    }

    @Test
    void shouldReadAChunkedBodyAndConnectionClose() {
        String r = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n7\r\nHello, \r\n6\r\nWorld!\r\n0\r\n\r\n";
        assertEquals(r.length(), parse(r));
        assertTrue(parser.ok());
        assertTrue(parser.close());
    }

    @Test
    void shouldSayWhatWasWrongWithAStatus() {
        parse("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n");
        assertFalse(parser.ok());
        assertEquals("GET /helo answered 404 (expected 200 with the 13-byte body 'Hello, World!')", parser.problem("GET /helo"));
    }
    @Test
    void shouldSkipInterimResponses() {
        String r = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Length: 13\r\n\r\nHello, World!";
        assertEquals(r.length(), parse(r));
        assertEquals(200, parser.status());
        assertTrue(parser.ok());
    }

    @Test
    void shouldReadAResponseThatArrivesOneByteAtATime() {
        String r = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n7\r\nHello, \r\n6;ext=1\r\nWorld!\r\n0\r\nX-Trailer: 1\r\n\r\n";
        byte[] b = r.getBytes(StandardCharsets.ISO_8859_1);
        for (int len = 1; len < b.length; len++) {
            assertEquals(-1, parser.parse(b, len), "incomplete at " + len);
        }
        assertEquals(b.length, parser.parse(b, b.length));
        assertTrue(parser.ok());
    }

    @Test
    void shouldReadConnectionAsAListOfTokens() {
        parse("HTTP/1.1 200 OK\r\nConnection: keep-alive, Close\r\nContent-Length: 13\r\n\r\nHello, World!");
        assertTrue(parser.close());
        parse("HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 13\r\n\r\nHello, World!");
        assertFalse(parser.close());
        parse("HTTP/1.0 200 OK\r\nContent-Length: 13\r\n\r\nHello, World!");
        assertTrue(parser.close(), "HTTP/1.0 closes unless told otherwise");
    }

    @Test
    void shouldRejectABadStatusLine() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> parse("HTTP/1.1 2OO OK\r\nContent-Length: 0\r\n\r\n"));
        assertEquals("not an HTTP/1.x status line: 'HTTP/1.1 2OO OK'", e.getMessage());
        parser.reset();
        assertThrows(IllegalStateException.class, () -> parse("HTTP/2.0 200 OK\r\nContent-Length: 0\r\n\r\n"));
    }

    @Test
    void shouldRejectAChunkWithoutItsCrlf() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n7\r\nHello, XX6\r\nWorld!\r\n0\r\n\r\n"));
        assertEquals("a chunk of 7 bytes is not followed by CRLF (got 'XX')", e.getMessage());
    }

    @Test
    void shouldSeeABodyLongerThanExpectedAsWrong() {
        parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nd\r\nHello, World!\r\n1\r\n!\r\n0\r\n\r\n");
        assertFalse(parser.ok());
        assertEquals("GET /hello answered 200 with a 14-byte body 'Hello, World!!' (expected 200 with the 13-byte body 'Hello, World!')",
                parser.problem("GET /hello"));
    }

    @Test
    void shouldReadHeaderValuesWithWhiteSpaceAndRejectABadContentLength() {
        assertEquals(-1, parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip,\tChunked \r\n\r\nd\r\nHello, World!\r\n"));
        parser.reset();
        String spaced = "HTTP/1.1 200 OK\r\nContent-Length:\t 13 \r\n\r\nHello, World!";
        assertEquals(spaced.length(), parse(spaced));
        assertTrue(parser.ok());
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> parse("HTTP/1.1 200 OK\r\nContent-Length: 1 3\r\n\r\nHello, World!"));
        assertEquals("bad Content-Length '1 3'", e.getMessage());
    }

    @Test
    void shouldParseKeepAliveResponsesWithoutAllocating() {
        byte[] b = ("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nConnection: keep-alive\r\nContent-Length: 13\r\n\r\n"
                + "Hello, World!").getBytes(StandardCharsets.ISO_8859_1);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(id);
        int sum = 0;
        for (int i = 0; i < 10_000; i++) {
            sum += parser.parse(b, b.length);
        }
        long allocated = threads.getThreadAllocatedBytes(id) - before;
        assertEquals(10_000 * b.length, sum);
        assertTrue(parser.ok() && !parser.close());
        assertTrue(allocated < 10_000, "10,000 responses parsed with " + allocated + " bytes allocated");
    }
}
