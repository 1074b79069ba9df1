package org.jvmmark.workloads.http.server;

import java.lang.management.ManagementFactory;
import java.net.BindException;
import java.util.concurrent.TimeUnit;

import org.jvmmark.api.Better;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.TrialResult;
import org.jvmmark.api.UnsupportedWorkloadException;
import org.jvmmark.workloads.http.common.Footprint;

/**
 * The server side of one http trial, in the JVM under test: starts the server its variant names
 * (Tomcat, Jetty, Vert.x, Helidon, Netty, the JDK's own; the user's jar; the native axum
 * reference), announces {@code server.host}/{@code server.port}/{@code server.pid}, watches the
 * server's footprint for the driver ({@link FootprintMonitor}) and serves until the runner stops it.
 *
 * <p>Not thread-safe: one instance serves one trial.
 */
public final class ServerTrial {

    /** Serves one trial until the runner stops it. */
    public void run(TrialContext context) throws Exception {
        ServerConfig config = new ServerConfig(context);
        int asked = config.settings.port();
        if (asked > 0 && ExternalServer.accepts(config.settings.host(), asked)) {
            throw new IllegalArgumentException("http: " + config.settings.host() + ":" + asked
                    + " is already in use by another process; use port=0 for any free port");
        }
        Footprint bare = Footprint.measure(ProcessHandle.current().pid(), true, true);
        try (ServerUnderTest server = Servers.create(config.server, config)) {
            int port;
            try {
                port = server.start(config.settings);
            } catch (BindException e) {
                throw new IllegalArgumentException("http: cannot listen on " + config.settings.host() + ":" + config.settings.port()
                        + " (" + e.getMessage() + "): the port is in use; use port=0 for any free port");
            } catch (UnsupportedOperationException e) {
                throw new UnsupportedWorkloadException(e.getMessage(), e);
            }
            String host = config.url != null ? config.url.host() : config.settings.host();
            context.announce("server.host", host);
            context.announce("server.port", Integer.toString(port));
            context.announce("server.pid", Long.toString(server.pid()));
            if (config.url != null) {
                context.announce("server.path", config.url.path());
            }
            try (FootprintMonitor monitor = new FootprintMonitor(context.spec().controlDir(), server.pid(), server.inThisJvm())) {
                context.ready();
                context.log("http server: " + server.describe() + " on " + host + ":" + port);
                awaitStop(context, server);
                record(context.result(), server, config.server.equals("axum"), bare, monitor.peak());
            }
        }
    }

    /** Waits for the runner's stop; an external server that dies ends the trial at once. */
    private static void awaitStop(TrialContext context, ServerUnderTest server) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.DAYS.toNanos(7);
        while (!context.awaitStop(100, TimeUnit.MILLISECONDS)) {
            if (server instanceof ExternalServer && ((ExternalServer) server).exitReason() != null) {
                throw new IllegalStateException(((ExternalServer) server).exitReason());
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("the runner never asked the server to stop");
            }
        }
    }

    static void record(TrialResult result, ServerUnderTest server, boolean nativeReference, Footprint bare, Footprint peak) {
        result.info("server", server.describe());
        if (nativeReference) {
            result.info("notAJvm", true);
            result.warning("not a JVM: the native reference (axum 0.8, Rust); the JDK of this row only started it");
        }
        result.metric("serverPeakRss", peak.rssBytes, "bytes", Better.LOWER);
        result.metric("serverPeakThreads", peak.threads, "threads", Better.NONE);
        if (server.inThisJvm()) {
            result.metric("serverPeakHeapUsed", peak.heapUsedBytes, "bytes", Better.LOWER);
            result.metric("serverPeakHeapCommitted", peak.heapCommittedBytes, "bytes", Better.LOWER);
            result.info("jvmBeforeServerStarted", bare.toProperties());
            result.info("peakJvmThreadsStarted", ManagementFactory.getThreadMXBean().getPeakThreadCount());
        } else {
            result.info("serverPid", server.pid());
            result.info("serverProcessNote", "the server is a process of its own (" + server.describe() + "): the server* figures"
                    + " are its own, and so is the trial's peak RSS (the runner watches its process tree); the rest of the"
                    + " trial's process block is the JVM that started it");
        }
        result.info("threadsNote", "threads are OS threads of the server process (/proc): virtual threads are not among them");
    }
}
