package org.jvmmark.workloads.chat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.jvmmark.testkit.OutsideTool;

/**
 * Debian's {@code ii} — an IRC client we did not write, driven through its FIFO files — joins a
 * channel on our server and exchanges messages with a second {@code ii}.
 */
class IiClientTest {
    private static final Path II = Paths.get("/usr/bin/ii");

    @ParameterizedTest
    @ValueSource(strings = {"platform", "virtual", "nio"})
    void shouldLetTwoIiClientsTalkInAChannel(String impl, @TempDir Path dir) throws Exception {
        Path ii = OutsideTool.require("ii", II);
        try (ServerUnderTest server = ServerUnderTest.start(impl)) {
            Process alice = ii(ii, server.port(), "alice", dir.resolve("a"));
            Process bob = ii(ii, server.port(), "bob", dir.resolve("b"));
            try {
                Path a = dir.resolve("a/127.0.0.1");
                Path b = dir.resolve("b/127.0.0.1");
                join(a, "#jvmmark");
                // ii creates the channel directory on "/j" already; her own JOIN coming back means the
                // server has her in the room, so she will see bob's JOIN (not just a NAMES list).
                await(() -> contains(a.resolve("#jvmmark/out"), "alice(alice@127.0.0.1) has joined"), "alice to be in the room");
                join(b, "#jvmmark");
                await(() -> contains(a.resolve("#jvmmark/out"), "bob"), "alice to see bob join");

                write(a.resolve("#jvmmark/in"), "hello from alice");
                await(() -> contains(b.resolve("#jvmmark/out"), "<alice> hello from alice"), "bob to get alice's message");
                write(b.resolve("#jvmmark/in"), "hello back from bob");
                await(() -> contains(a.resolve("#jvmmark/out"), "<bob> hello back from bob"), "alice to get bob's answer");
            } finally {
                alice.destroy();
                bob.destroy();
                alice.waitFor(5, TimeUnit.SECONDS);
                bob.waitFor(5, TimeUnit.SECONDS);
            }
        }
    }

    private static Process ii(Path ii, int port, String nick, Path dir) throws IOException {
        Files.createDirectories(dir);
        return new ProcessBuilder(ii.toString(), "-s", "127.0.0.1", "-p", Integer.toString(port), "-n", nick, "-i", dir.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("ii.log").toFile()).start();
    }

    private static void join(Path server, String channel) throws Exception {
        await(() -> Files.exists(server.resolve("in")), "ii to connect");
        write(server.resolve("in"), "/j " + channel);
        await(() -> Files.exists(server.resolve(channel).resolve("in")), "ii to join " + channel);
    }

    /** ii reads commands from its {@code in} FIFO; opening it for writing waits for ii to read. */
    private static void write(Path fifo, String line) throws IOException {
        Files.write(fifo, (line + "\n").getBytes(StandardCharsets.UTF_8), StandardOpenOption.WRITE);
    }

    private static boolean contains(Path file, String text) {
        try {
            return Files.exists(file) && new String(Files.readAllBytes(file), StandardCharsets.UTF_8).contains(text);
        } catch (IOException e) {
            return false;
        }
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(20);
        }
    }
}
