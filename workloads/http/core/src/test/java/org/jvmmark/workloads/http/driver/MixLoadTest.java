package org.jvmmark.workloads.http.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.workloads.http.common.Handlers;

/**
 * A request mix through the engine against the JDK's own server: every scheduled request is one of the mix's entries,
 * by weight, each entry's outcomes and latency apart, the POST bodies arrive, and an entry answered with another
 * status counts as that entry's failures.
 */
class MixLoadTest {
    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    private static void answer(HttpExchange x, int status, String body) throws java.io.IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        x.sendResponseHeaders(status, b.length);
        x.getResponseBody().write(b);
        x.close();
    }

    @Test
    void shouldSendEveryEntryByWeightAndAccountForEachApart() throws Exception {
        AtomicLong posted = new AtomicLong();
        System.setProperty("sun.net.httpserver.nodelay", "true"); // else JDK 17's server waits for a delayed ACK per answer
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 100);
        server.createContext("/greeting", x -> answer(x, 200, "{\"hello\":\"jvm\"}"));
        server.createContext("/orders", x -> {
            String in = new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            if (in.equals("{\"item\":\"book\"}") && x.getRequestHeaders().getFirst("Content-Type").equals("application/json")) {
                posted.incrementAndGet();
            }
            answer(x, 201, "{\"id\":" + posted.get() + "}");
        });
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.start();
        Path f = dir.resolve("mix.json");
        Files.writeString(f, "{\"requests\": [{\"name\": \"greet\", \"path\": \"/greeting\", \"weight\": 5},"
                + " {\"name\": \"create\", \"method\": \"POST\", \"path\": \"/orders\", \"body\": {\"item\": \"book\"}, \"status\": 201,"
                + " \"weight\": 4}, {\"name\": \"gone\", \"path\": \"/missing\", \"weight\": 1}]}");
        InetSocketAddress target = new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getAddress().getPort());
        try (LoadEngine engine = new LoadEngine(target, List.of(InetAddress.getLoopbackAddress()), 4, 1, Handlers.BODY_BYTES, 10_000 * MS)) {
            engine.mix(RequestMix.read(f));
            assertEquals(4, engine.connect(10_000 * MS));
            Outcomes o = engine.startRate("/ignored", 1000, 200 * MS, 1000 * MS, 0);
            Thread.sleep((engine.windowEndNanos() - System.nanoTime()) / MS + 1);
            engine.finish(5_000 * MS);
            Histogram[][] byEndpoint = engine.endpointHistograms();
            assertNull(engine.failure());
            assertEquals(1000, o.scheduled);
            assertEquals(1000, o.total(), "every scheduled request ended once: " + o.failed.describe());
            long greet = o.endpoint(0).answered.sum();
            long create = o.endpoint(1).answered.sum();
            long gone = o.endpoint(2).failed.count("gone (GET /missing) answered with status 404 (expected 200)");
            assertEquals(1000, greet + create + gone, o.failed.describe());
            assertEquals(0, o.endpoint(2).answered.sum());
            assertEquals(500, greet, 60);
            assertEquals(400, create, 60);
            assertEquals(greet + create, o.answered.sum());
            assertEquals(greet, byEndpoint[1][0].getTotalCount(), "answered greetings timed from their sends");
            assertEquals(gone, byEndpoint[0][2].getTotalCount(), "failures are in the entry's corrected latency");
            assertEquals(1000, byEndpoint[0][0].getTotalCount() + byEndpoint[0][1].getTotalCount() + byEndpoint[0][2].getTotalCount());
            assertTrue(posted.get() >= create, "each POST carried its JSON body: " + posted.get());
        } finally {
            server.stop(0);
        }
    }
}
