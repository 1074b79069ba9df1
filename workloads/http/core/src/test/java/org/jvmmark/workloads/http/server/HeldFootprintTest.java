package org.jvmmark.workloads.http.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.TrialSpec;
import org.jvmmark.api.WorkloadInfo;
import org.jvmmark.workloads.http.HttpWorkload;
import org.jvmmark.workloads.http.driver.HttpDriver;

/**
 * The driver's footprint per held request is the server's: against {@link HeldBufferServer}, whose handler keeps
 * 256 KiB per held request, the reported {@code serverRssPerHeldRequest} lies within ±35 % of 256 KiB (the issue's
 * tolerance against an outside measurement), and so does NMT's committed memory per held request, the
 * cross-check of what grew; read after a full collection at both plateaus, the buffers are still in RSS and not in the
 * live heap, and with the buffers on the heap the live heap per held request is theirs. The server runs in a JVM of its own (its RSS is its own) with NMT on; the driver in
 * this one, as the runner's driver JVM would. What is not the requests' is kept flat: the server's heap is resident
 * from the start ({@code -XX:+AlwaysPreTouch}: else the first garbage of the held requests makes 20 MiB of a fresh
 * eden resident, 200 KiB per held request that NMT does not see), and its JIT stops at C1 (with C2, compiling the
 * sleeping handler's path during the hold grew NMT's "Arena Chunk", the compiler's memory, by 164 KiB per held
 * request).
 */
class HeldFootprintTest {
    private static final int BUFFER_BYTES = 256 * 1024;

    @Test
    void shouldReportTheMemoryAHeldRequestKeepsWithin35Percent(@TempDir Path dir) throws Exception {
        Map<String, Object> result = hold(dir, "direct");
        assertEquals(true, info(result, "holdSteady"), () -> "the levels settled: " + result);
        double perHeld = metric(result, "serverRssPerHeldRequest");
        assertTrue(Math.abs(perHeld / BUFFER_BYTES - 1) <= 0.35,
                () -> String.format("RSS per held request %.0f B, not 256 KiB ± 35 %%: %s", perHeld, result));
        double nmt = metric(result, "serverNmtPerHeldRequest");
        assertTrue(Math.abs(nmt / BUFFER_BYTES - 1) <= 0.35,
                () -> String.format("NMT committed per held request %.0f B, not 256 KiB ± 35 %%: %s", nmt, result));
        // after a full collection at both plateaus: the buffers outside the heap are still resident, and not on the heap
        double collected = metric(result, "serverRssAfterCollectionPerHeldRequest");
        assertTrue(Math.abs(collected / BUFFER_BYTES - 1) <= 0.35,
                () -> String.format("RSS after a collection per held request %.0f B, not 256 KiB ± 35 %%: %s", collected, result));
        double live = metric(result, "serverLiveHeapPerHeldRequest");
        // what is live per held request is the JDK server's own exchange (its streams' buffers: about 42 KiB, 2026-11-28)
        assertTrue(live < 0.35 * BUFFER_BYTES, () -> String.format("live heap per held request %.0f B: the buffers are not on the heap: %s",
                live, result));
        // -Xms = -Xmx: the collector cannot resize the heap, so what it commits per held request is none
        assertEquals(0.0, metric(result, "serverCommittedHeapPerHeldRequest"), () -> "committed heap per held request: " + result);
    }

    @Test
    void shouldReportTheLiveHeapAHeldRequestKeepsAfterAFullCollection(@TempDir Path dir) throws Exception {
        // the buffers on the heap: the heap is resident from the start (-XX:+AlwaysPreTouch), so RSS cannot see them,
        // and only the reading after a full collection at each plateau does
        Map<String, Object> result = hold(dir, "heap");
        double live = metric(result, "serverLiveHeapPerHeldRequest");
        // the buffer, plus the JDK server's own exchange (about 42 KiB live per held request without the buffer)
        assertTrue(live >= 0.95 * BUFFER_BYTES && live <= 1.35 * BUFFER_BYTES,
                () -> String.format("live heap per held request %.0f B, not 256 KiB and the server's own exchange: %s", live, result));
        assertTrue(((Map<?, ?>) info(result, "holdCollected")).containsKey("held"), () -> "the readings are kept: " + result);
    }

    /** One hold phase of the driver against a {@link HeldBufferServer} keeping its buffers {@code where} ("direct", "heap"). */
    private static Map<String, Object> hold(Path dir, String where) throws Exception {
        Path control = Files.createDirectories(dir.resolve("control"));
        Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
        Process server = new ProcessBuilder(java.toString(), "-XX:+UseSerialGC", "-Xms64m", "-Xmx64m", "-XX:+AlwaysPreTouch", "-XX:NativeMemoryTracking=summary",
                "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path"), HeldBufferServer.class.getName(), control.toString(),
                Integer.toString(BUFFER_BYTES), "300", "120", where)
                .redirectErrorStream(true).redirectOutput(dir.resolve("server.log").toFile()).start();
        try {
            Map<String, String> params = new HashMap<>(WorkloadInfo.of(HttpWorkload.class).resolveParams("smoke",
                    Map.of("connections", "100", "sleepMillis", "300", "holdSettleSeconds", "8")));
            params.putAll(endpoint(control, server));
            TrialContext context = new TrialContext(new TrialSpec("t", HttpDriver.class.getName(), "smoke", params,
                    dir.resolve("work"), control));
            new HttpDriver().run(context);
            return context.result().toMap();
        } finally {
            Files.writeString(control.resolve(TrialContext.STOP_FILE), "stop\n");
            if (!server.waitFor(10, TimeUnit.SECONDS)) {
                server.destroyForcibly().waitFor();
            }
        }
    }

    private static Map<String, String> endpoint(Path control, Process server) throws Exception {
        Path ready = control.resolve(TrialContext.READY_FILE);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!Files.exists(ready)) {
            assertTrue(server.isAlive(), "the server ended before it was ready");
            assertTrue(System.nanoTime() < deadline, "the server was not ready within 30 s");
            Thread.sleep(20);
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(ready)) {
            p.load(r);
        }
        Map<String, String> m = new HashMap<>();
        for (String k : List.of("server.host", "server.port", "server.pid")) {
            m.put(k, p.getProperty(k));
        }
        return m;
    }

    @SuppressWarnings("unchecked")
    private static double metric(Map<String, Object> result, String name) {
        Map<String, Object> metrics = (Map<String, Object>) result.get("metrics");
        Object m = metrics.get(name);
        assertTrue(m != null, () -> "no " + name + " in " + result);
        return ((Number) ((Map<String, Object>) m).get("value")).doubleValue();
    }

    @SuppressWarnings("unchecked")
    private static Object info(Map<String, Object> result, String key) {
        return ((Map<String, Object>) result.get("info")).get(key);
    }
}
