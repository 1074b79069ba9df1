package org.jvmmark.workloads.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.TrialSpec;
import org.jvmmark.api.UnsupportedWorkloadException;
import org.jvmmark.api.Variant;
import org.jvmmark.api.WorkloadInfo;

/** The server workload and its driver through the api, as the runner uses them. */
class ChatWorkloadTest {

    @Test
    void shouldDeclareVariantsProfilesAndItsDriver() {
        WorkloadInfo info = WorkloadInfo.of(ChatWorkload.class);
        assertEquals("chat", info.name());
        assertEquals(ChatDriver.class.getName(), info.driverClass());
        assertEquals(List.of("platform:0", "virtual:21", "nio:0"),
                info.variants().stream().map(v -> v.name() + ":" + v.since()).collect(Collectors.toList()));
        Map<String, String> smoke = info.resolveParams("smoke", Map.of());
        assertEquals(List.of("2", "5", "20"), List.of(smoke.get("rooms"), smoke.get("users"), smoke.get("count")));
        Map<String, String> standard = info.resolveParams("standard", Map.of());
        assertEquals(List.of("10", "20", "100", "60"),
                List.of(standard.get("rooms"), standard.get("users"), standard.get("count"), standard.get("messageChars")));
        for (Variant v : info.variants()) {
            info.resolveParams("quick", WorkloadInfo.parseAssignments(v.params()));
        }
    }

    @Test
    void shouldBeListedInTheWorkloadRegistry() throws Exception {
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(WorkloadInfo.REGISTRY)) {
            String registry = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(registry.lines().anyMatch(ChatWorkload.class.getName()::equals), registry);
        }
    }

    @Test
    void shouldServeTheDriverThenRecordTheServerFootprint(@TempDir Path dir) throws Exception {
        Map<String, String> params = new HashMap<>(WorkloadInfo.of(ChatWorkload.class).resolveParams("smoke", Map.of("impl", "nio")));
        Path control = Files.createDirectories(dir.resolve("control"));
        TrialContext server = new TrialContext(new TrialSpec("t", ChatWorkload.class.getName(), "smoke", params, dir, control));
        CompletableFuture<Void> serving = CompletableFuture.runAsync(() -> {
            try {
                new ChatWorkload().run(server);
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        Path ready = control.resolve(TrialContext.READY_FILE);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!Files.exists(ready) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        Properties announced = new Properties();
        try (Reader r = Files.newBufferedReader(ready)) {
            announced.load(r);
        }
        assertEquals("127.0.0.1", announced.getProperty("server.host"));

        Map<String, Object> driven = Drive.run(Integer.parseInt(announced.getProperty("server.port")));
        // smoke: 1 warm-up and 2 measured rounds of 2 rooms × 5 users × 20 messages, each sent once and received 4 times
        assertEquals(2 * 2 * 5 * 20 * (1 + 4), Drive.metric(driven, "messagesSent") + Drive.metric(driven, "messagesReceived"));

        Files.createFile(control.resolve(TrialContext.STOP_FILE));
        serving.get(10, TimeUnit.SECONDS);
        Map<String, Object> served = server.result().toMap();
        assertEquals(10, Drive.metric(served, "connectionsServed"));
        assertTrue(Drive.metric(served, "serverRss") > 0);
        assertTrue(Drive.metric(served, "serverHeapUsed") > 0);
    }

    @Test
    void shouldReportVirtualThreadsUnsupportedBeforeJdk21(@TempDir Path dir) {
        assumeTrue(Runtime.version().feature() < 21, "this JDK has virtual threads");
        Map<String, String> params = WorkloadInfo.of(ChatWorkload.class).resolveParams("smoke", Map.of("impl", "virtual"));
        TrialContext context = new TrialContext(new TrialSpec("t", ChatWorkload.class.getName(), "smoke", params, dir, dir));
        UnsupportedWorkloadException e = assertThrows(UnsupportedWorkloadException.class, () -> new ChatWorkload().run(context));
        assertTrue(e.getMessage().startsWith("virtual threads need JDK 21 or later"), e.getMessage());
    }

    @Test
    void shouldListenOnLoopbackOnly() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ChatWorkload.config("192.0.2.1", 0, 10));
        assertTrue(e.getMessage().contains("loopback"), e.getMessage());
    }
}
