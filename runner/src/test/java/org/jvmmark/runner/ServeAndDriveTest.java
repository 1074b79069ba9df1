package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code serve} runs a server in the foreground until Ctrl-C; {@code drive} drives any server. */
class ServeAndDriveTest {

    @TempDir
    Path tmp;

    @Test
    void shouldServeUntilSigintAndBeDrivableMeanwhile() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(Cli.forkedCommand("serve", "fault-echo-server", "--profile", "smoke"))
                .redirectErrorStream(true);
        pb.environment().put("JAVA_TOOL_OPTIONS", "-Djava.io.tmpdir=" + tmp);
        Process serve = pb.start();
        try {
            BufferedReader lines = new BufferedReader(new InputStreamReader(serve.getInputStream(), StandardCharsets.UTF_8));
            String port = null;
            Pattern announced = Pattern.compile("serving on .*server\\.port=(\\d+)");
            for (String line; port == null && (line = lines.readLine()) != null; ) {
                Matcher m = announced.matcher(line);
                if (m.find()) {
                    port = m.group(1);
                }
            }
            assertNotNull(port, "serve printed its endpoint");
            Cli.Result drive = Cli.run("drive", "fault-echo-server", "--port", port, "-p", "messages=20");
            assertEquals(0, drive.status(), drive.out() + drive.err());
            assertTrue(drive.out().contains("fault-echo-server driver against 127.0.0.1:" + port + ": ok"), drive.out());
            assertTrue(drive.out().matches("(?s).*latency endToEnd\\s+p50 [0-9.]+ (ns|µs|ms|s), .*"), "readable units: " + drive.out());

            new ProcessBuilder("kill", "-INT", Long.toString(serve.pid())).start().waitFor();
            assertTrue(serve.waitFor(20, TimeUnit.SECONDS), "serve stops on Ctrl-C");
            String rest = new String(serve.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(rest.contains("server stopped: ok"), "stopped in order through the stop file: " + rest);
            try (var left = Files.list(tmp)) {
                assertEquals(List.of(), left.map(p -> p.getFileName().toString()).toList(), "serve leaves no scratch directory");
            }
        } finally {
            serve.descendants().forEach(ProcessHandle::destroyForcibly);
            serve.destroyForcibly();
        }
    }

    @Test
    void shouldTakeImplAndPortAsShorthandForTheirParameters() {
        Cli.Result badImpl = Cli.run("serve", "chat", "--impl", "fibers");
        assertEquals(2, badImpl.status(), badImpl.err());
        assertEquals(1, badImpl.errLines().size(), badImpl.err());
        assertTrue(badImpl.err().contains("bad value 'fibers' for impl (valid: platform, virtual, nio)"), badImpl.err());
        Cli.Result badPort = Cli.run("serve", "chat", "--port", "70000");
        assertEquals(2, badPort.status(), badPort.err());
        assertEquals("jvmmark: --port must be 0..65535, not 70000", badPort.err().strip());
    }

    @Test
    void shouldDriveAServerItDidNotStart() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            Thread echo = new Thread(() -> {
                try (Socket s = server.accept();
                     BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
                     Writer out = new OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8)) {
                    for (String line; (line = in.readLine()) != null; ) {
                        out.write(line + "\n");
                        out.flush();
                    }
                } catch (Exception e) {
                    // the driver hung up
                }
            });
            echo.setDaemon(true);
            echo.start();
            Cli.Result r = Cli.run("drive", "fault-echo-server", "--host", "127.0.0.1", "--port",
                    Integer.toString(server.getLocalPort()), "-p", "messages=30", "--json");
            assertEquals(0, r.status(), r.out() + r.err());
            assertTrue(r.out().contains("\"status\" : \"ok\""), r.out());
        }
    }

    @Test
    void shouldReportADriverThatCannotConnect() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        Cli.Result r = Cli.run("drive", "fault-echo-server", "--port", Integer.toString(closedPort));
        assertEquals(1, r.status());
        assertTrue(r.out().contains(": failed (ConnectException: Connection refused"), r.out());
    }

    @Test
    void shouldSayInOneLineThatTheDriverCannotConnect() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        // a CLI of its own: the driver JVM's stderr is that process's, not this test's captured stream
        Process drive = new ProcessBuilder(Cli.forkedCommand("drive", "chat", "--profile", "smoke", "--port",
                Integer.toString(closedPort))).redirectErrorStream(true).start();
        String output = new String(drive.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(drive.waitFor(60, TimeUnit.SECONDS));
        assertEquals(1, drive.exitValue(), output);
        assertEquals(1, output.strip().lines().count(), "one line, no stack trace: " + output);
        assertTrue(output.contains("chat driver against 127.0.0.1:" + closedPort + ": failed (") && output.contains("Connection refused"),
                output);
    }

    @Test
    void shouldLeaveNoScratchDirectoryWhenADriveIsInterrupted() throws Exception {
        List<Socket> held = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        held.add(silent.accept()); // accepts, never answers: the driver waits
                    }
                } catch (Exception e) {
                    // closed
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            ProcessBuilder pb = new ProcessBuilder(Cli.forkedCommand("drive", "fault-echo-server", "--profile", "smoke",
                    "--port", Integer.toString(silent.getLocalPort()))).redirectErrorStream(true)
                    .redirectOutput(tmp.resolveSibling(tmp.getFileName() + "-drive.log").toFile());
            pb.environment().put("JAVA_TOOL_OPTIONS", "-Djava.io.tmpdir=" + tmp);
            Process drive = pb.start();
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (held.isEmpty() && System.nanoTime() < deadline) {
                    Thread.sleep(50);
                }
                assertTrue(!held.isEmpty(), "the driver connected");
                try (var scratch = Files.list(tmp)) {
                    assertTrue(scratch.anyMatch(p -> p.getFileName().toString().startsWith("jvmmark-drive-")), "scratch in use");
                }
                new ProcessBuilder("kill", "-INT", Long.toString(drive.pid())).start().waitFor();
                assertTrue(drive.waitFor(30, TimeUnit.SECONDS), "drive stops on Ctrl-C");
                try (var left = Files.list(tmp)) {
                    assertEquals(List.of(), left.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("jvmmark-"))
                            .toList(), "drive leaves no scratch directory");
                }
            } finally {
                drive.descendants().forEach(ProcessHandle::destroyForcibly);
                drive.destroyForcibly();
                for (Socket s : held) {
                    s.close();
                }
            }
        }
    }
}
