package org.jvmmark.workloads.chat;

import java.io.Closeable;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;
import org.jvmmark.testkit.OutsideTool;

/**
 * Debian's ngircd (a C server we did not write) for tests: our own config in a temp directory,
 * foreground ({@code -n}), loopback, a free port, no PID file. Limits are relaxed for a load
 * driver: no per-IP connection cap, long nicks, no penalty time. Not thread-safe.
 */
final class NgircdServer implements Closeable {
    static final Path NGIRCD = Paths.get("/usr/sbin/ngircd");

    private final Process process;
    private final int port;

    private NgircdServer(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    static NgircdServer start(Path dir) throws IOException, InterruptedException {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        Path conf = dir.resolve("ngircd.conf");
        Files.write(conf, String.join("\n",
                "[Global]",
                "Name = jvmmark.test",
                "Info = jvmmark test server",
                "AdminInfo1 = jvmmark tests",
                "AdminInfo2 = loopback only",
                "AdminEMail = nobody@localhost",
                "Listen = 127.0.0.1",
                "Ports = " + port,
                "MotdPhrase = jvmmark test server",
                "[Limits]",
                "MaxConnections = 0",
                "MaxConnectionsIP = 0",
                "MaxJoins = 0",
                "MaxNickLength = 30",
                "MaxPenaltyTime = 0",
                "PingTimeout = 300",
                "PongTimeout = 300",
                "[Options]",
                "DNS = no",
                "Ident = no",
                "PAM = no",
                "").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        Path ngircd = OutsideTool.require("ngircd", NGIRCD);
        Process p = new ProcessBuilder(ngircd.toString(), "-n", "-f", conf.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("ngircd.log").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            try {
                new Socket("127.0.0.1", port).close();
                break;
            } catch (IOException e) {
                if (!p.isAlive() || System.nanoTime() > deadline) {
                    p.destroyForcibly();
                    throw new IOException("ngircd did not start; its log:\n" + new String(Files.readAllBytes(dir.resolve("ngircd.log"))));
                }
                Thread.sleep(20);
            }
        }
        return new NgircdServer(p, port);
    }

    int port() {
        return port;
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
