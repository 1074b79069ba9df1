package org.jvmmark.workloads.faults;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.jvmmark.api.Better;
import org.jvmmark.api.Driver;
import org.jvmmark.api.Name;
import org.jvmmark.api.ParamType;
import org.jvmmark.api.Parameter;
import org.jvmmark.api.Profile;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.Workload;

/**
 * The smallest client/server workload: a line echo server on loopback, driven by
 * {@link EchoDriver}. Its {@code mode} parameter makes it misbehave the ways a real server can, so
 * the runner's orchestration is tested against each: dying before it is ready, never becoming
 * ready, ignoring the stop request, or a driver that fails.
 *
 * <p>Thread-safe as used: one instance per trial; its connection threads share only an atomic counter.
 */
@Name("fault-echo-server")
@Summary("A line echo server driven by a second process; can misbehave on request")
@Driver(EchoDriver.class)
@Parameter(name = "mode", defaultValue = "ok", summary = "how to misbehave",
        choices = {"ok", "die-before-ready", "never-ready", "ignore-stop", "driver-fails"})
@Parameter(name = "messages", defaultValue = "200", summary = "lines the driver sends", type = ParamType.INTEGER)
@Profile(name = "smoke", timeoutSeconds = 5, estimatedSeconds = 2)
@Profile(name = "quick", timeoutSeconds = 5, estimatedSeconds = 2)
@Profile(name = "standard", timeoutSeconds = 5, estimatedSeconds = 2)
public final class EchoServerWorkload implements Workload {
    private final AtomicLong linesEchoed = new AtomicLong();

    @Override
    public void run(TrialContext context) throws Exception {
        String mode = context.param("mode");
        if (mode.equals("die-before-ready")) {
            context.log("dying before ready on purpose");
            System.exit(4);
        }
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> accept(server), "echo-acceptor");
            acceptor.setDaemon(true);
            acceptor.start();
            if (mode.equals("never-ready")) {
                sleepForever();
            }
            context.announce("server.host", server.getInetAddress().getHostAddress());
            context.announce("server.port", Integer.toString(server.getLocalPort()));
            context.ready();
            if (mode.equals("ignore-stop")) {
                sleepForever();
            }
            if (!context.awaitStop(10, TimeUnit.MINUTES)) {
                throw new IllegalStateException("not asked to stop within 10 minutes");
            }
        }
        context.result().metric("linesEchoed", linesEchoed.get(), "lines", Better.HIGHER);
    }

    private void accept(ServerSocket server) {
        while (!server.isClosed()) {
            try {
                Socket s = server.accept();
                Thread t = new Thread(() -> echo(s), "echo-connection");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return; // closed at the end of the trial
            }
        }
    }

    private void echo(Socket s) {
        try (s; BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
             Writer out = new OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8)) {
            for (String line; (line = in.readLine()) != null; ) {
                out.write(line + "\n");
                out.flush();
                linesEchoed.incrementAndGet();
            }
        } catch (IOException e) {
            // the client went away; nothing to report for an echo server
        }
    }

    private static void sleepForever() throws InterruptedException {
        while (true) {
            Thread.sleep(60_000);
        }
    }
}
