package org.jvmmark.workloads.http.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RequestMixTest {
    @TempDir
    Path dir;

    private Path file(String json) throws Exception {
        Path f = dir.resolve("mix.json");
        Files.writeString(f, json);
        return f;
    }

    private String problem(String json) throws Exception {
        Path f = file(json);
        String m = assertThrows(IllegalArgumentException.class, () -> RequestMix.read(f)).getMessage();
        assertFalse(m.contains("\n"), "one line: " + m);
        assertTrue(m.startsWith("http: mix " + f), m);
        return m;
    }

    @Test
    void shouldReadEntriesWithTheirDefaultsAndBuildTheirRequests() throws Exception {
        RequestMix mix = RequestMix.read(file("{\"seed\": 7, \"requests\": ["
                + "{\"path\": \"/orders?id=1\"},"
                + "{\"name\": \"create\", \"method\": \"post\", \"path\": \"/orders\", \"body\": {\"item\": \"book\"}, \"status\": 201,"
                + " \"weight\": 3, \"headers\": {\"X-Trace\": \"1\"}}]}"));
        assertEquals(2, mix.entries().size());
        RequestMix.Entry get = mix.entries().get(0);
        assertEquals("get-orders", get.name());
        assertEquals(200, get.status);
        assertEquals(0.25, mix.share(0), 1e-9);
        String post = new String(mix.entries().get(1).bytes(new InetSocketAddress("127.0.0.1", 8080)), StandardCharsets.UTF_8);
        assertEquals("POST /orders HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nUser-Agent: jvmmark\r\nAccept: */*\r\nX-Trace: 1\r\n"
                + "Content-Type: application/json\r\nContent-Length: 15\r\n\r\n{\"item\":\"book\"}", post);
    }

    @Test
    void shouldPickEntriesByWeightTheSameWayEveryTime() throws Exception {
        RequestMix mix = RequestMix.read(file("{\"requests\": [{\"path\": \"/a\", \"weight\": 6}, {\"path\": \"/b\", \"weight\": 3},"
                + " {\"path\": \"/c\", \"weight\": 1}]}"));
        int[] n = new int[3];
        for (long j = 0; j < 100_000; j++) {
            n[mix.pick(j)]++;
            assertEquals(mix.pick(j), mix.pick(j), "deterministic");
        }
        assertEquals(60_000, n[0], 700);
        assertEquals(30_000, n[1], 700);
        assertEquals(10_000, n[2], 500);
    }

    @Test
    void shouldRefuseABadFileInOneLineNamingTheEntry() throws Exception {
        assertTrue(problem("{\"requests\": [ {\"path\": \"/a\" ").contains("is not JSON (line 1"));
        assertTrue(problem("{\"requests\": [{\"method\": \"GET\"}]}").contains("request 1: missing or bad \"path\""));
        assertTrue(problem("{\"requests\": [{\"path\": \"/a\"}, {\"path\": \"/b\", \"weight\": 0}]}")
                .contains("request 2 (get-b): weight must be a number above 0, not 0"));
        assertTrue(problem("{\"requests\": [{\"path\": \"/a\", \"weight\": -1}]}").contains("weight must be a number above 0"));
        assertTrue(problem("{\"requests\": [{\"path\": \"/a\", \"method\": \"FETCH\"}]}")
                .contains("unknown method 'FETCH'; valid: GET, POST, PUT, PATCH, DELETE, OPTIONS"));
        assertTrue(problem("{\"requests\": [{\"path\": \"/a\", \"wieght\": 2}]}").contains("unknown field 'wieght'"));
        assertTrue(problem("{\"requests\": []}").contains("has no \"requests\""));
        assertTrue(problem("{\"requests\": [{\"path\": \"/a\"}, {\"path\": \"/a\"}]}").contains("the name 'get-a' is used twice"));
    }

    @Test
    void shouldCheckTheFileForTheRunnerAndMakeItsPathAbsolute() throws Exception {
        Path f = file("{\"requests\": [{\"path\": \"/a\"}]}");
        assertEquals(f.toAbsolutePath().toString(), new RequestMixCheck().check(f.toString()));
        String m = assertThrows(IllegalArgumentException.class, () -> new RequestMixCheck().check(dir.resolve("no.json").toString()))
                .getMessage();
        assertTrue(m.endsWith("no.json does not exist"), m);
    }
}
