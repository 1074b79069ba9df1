package org.jvmmark.workloads.http.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
}
