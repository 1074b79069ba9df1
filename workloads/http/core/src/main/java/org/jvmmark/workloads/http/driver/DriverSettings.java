package org.jvmmark.workloads.http.driver;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.jvmmark.api.TrialContext;
import org.jvmmark.workloads.http.common.AppUrl;
import org.jvmmark.workloads.http.common.Handlers;

/**
 * One trial's driver parameters, read and checked once: where the server is, the load's mode and sizes,
 * how the schedule is split over driver processes, and the hold phase's sleep. A bad combination is one
 * {@link IllegalArgumentException} naming what would be right. Immutable.
 */
final class DriverSettings {
    final String host;
    final InetSocketAddress target;
    /** The server's process, -1 when not known (a server started without jvmmark). */
    final long serverPid;
    /** The path max, rate and sweep drive. */
    final String path;
    /** The path the hold phase holds, or null (a user's server without {@code sleepUrl}). */
    final String sleepPath;
    final byte[] body;
    /** The request mix max, rate and sweep send ({@code mix=FILE}), or null: GET of {@link #path}. */
    final RequestMix mix;
    final String mode;
    final int connections;
    final long sleepNanos;
    final long responseTimeoutNanos;
    final Sla sla;
    final int sources;
    final int driverThreads;
    final int driverProcesses;
    final Segment segment;
    /** Wall-clock start of the rate schedule, epoch ms; -1: now. */
    final long startAtMillis;
    /** The connections of this process: all of them, or its share when there are several driver processes. */
    final int ownConnections;
    final long warmupNanos;
    final long measureNanos;
    /** Whether the hold phase runs (before the mode). */
    final boolean hold;
    /** How long each hold level may take to settle before its footprint is taken as it is. */
    final long holdSettleNanos;
    final Path workDir;
    final Path controlDir;
    /** Where the trial keeps its files ({@code driver.hlog}); null: the work directory, not reported. */
    final String logDir;

    DriverSettings(TrialContext context) {
        Map<String, String> p = context.params();
        host = context.param("server.host");
        target = new InetSocketAddress(host, context.intParam("server.port"));
        serverPid = Long.parseLong(p.getOrDefault("server.pid", "-1"));
        boolean app = context.param("server").equals("app");
        path = p.containsKey("server.path") ? p.get("server.path")
                : context.param("handler").equals("sleep") ? Handlers.SLEEP_PATH : Handlers.HELLO_PATH;
        sleepPath = app ? (context.param("sleepUrl").isEmpty() ? null : AppUrl.parse(context.param("sleepUrl")).path())
                : Handlers.SLEEP_PATH;
        body = (app ? context.param("body") : Handlers.BODY).getBytes(StandardCharsets.UTF_8);
        mode = context.param("mode");
        String mixFile = p.getOrDefault("mix", "").trim();
        mix = mixFile.isEmpty() ? null : RequestMix.read(java.nio.file.Paths.get(mixFile));
        connections = context.intParam("connections");
        sleepNanos = context.longParam("sleepMillis") * 1_000_000L;
        responseTimeoutNanos = context.longParam("responseTimeoutMillis") * 1_000_000L;
        if (connections < 1) {
            throw new IllegalArgumentException("http: connections must be at least 1, not " + connections);
        }
        sla = Sla.parse(context.param("sla"));
        if (mode.equals("rate") && context.longParam("rate") <= 0) {
            throw new IllegalArgumentException("http: mode=rate needs --param rate=REQUESTS_PER_SECOND (over all connections)");
        }
        sources = Math.max(1, context.intParam("sourceAddresses"));
        int threads = context.intParam("driverThreads");
        if (threads < 0) {
            throw new IllegalArgumentException("http: driverThreads must be 0 (chosen from the CPUs) or more, not " + threads);
        }
        driverThreads = threads > 0 ? threads : autoThreads(mode, Runtime.getRuntime().availableProcessors());
        driverProcesses = context.intParam("driverProcesses");
        segment = Segment.parse(context.param("segment"));
        startAtMillis = parseStartAt(context.param("startAt"));
        hold = context.booleanParam("hold") || mode.equals("hold");
        if (driverProcesses < 1 || driverProcesses > connections) {
            throw new IllegalArgumentException("http: driverProcesses must be 1.." + connections + " (at most one per connection), not "
                    + driverProcesses);
        }
        if ((driverProcesses > 1 || segment.count > 1 || startAtMillis > 0) && !mode.equals("rate") && !mode.equals("sweep")) {
            throw new IllegalArgumentException("http: driverProcesses, segment and startAt split an open-model schedule: they need"
                    + " mode=rate or mode=sweep, not mode=" + mode);
        }
        if (driverProcesses > 1 && hold) {
            throw new IllegalArgumentException("http: driverProcesses=" + driverProcesses + " splits the rate schedule only; the hold phase"
                    + " would hold the first process's share of the connections: add -p hold=false");
        }
        if (driverProcesses > 1 && mix != null) {
            throw new IllegalArgumentException("http: a request mix runs in one driver process: use driverProcesses=1 (or segment=I/N"
                    + " per host), not driverProcesses=" + driverProcesses);
        }
        if (driverProcesses > 1 && segment.count > 1) {
            throw new IllegalArgumentException("http: use driverProcesses=N on one host or segment=I/N per host, not both");
        }
        long settleSeconds = context.longParam("holdSettleSeconds");
        if (settleSeconds < 1) {
            throw new IllegalArgumentException("http: holdSettleSeconds must be at least 1, not " + settleSeconds);
        }
        holdSettleNanos = settleSeconds * 1_000_000_000L;
        ownConnections = share(connections, driverProcesses, 0);
        warmupNanos = context.longParam("warmupSeconds") * 1_000_000_000L;
        measureNanos = context.longParam("seconds") * 1_000_000_000L;
        workDir = context.workDir();
        controlDir = context.spec().controlDir();
        logDir = p.get("trial.logDir");
    }

    /**
     * I/O threads when the user leaves {@code driverThreads} at 0: a quarter of the CPUs the driver
     * sees — it shares them with the server unless the runner pinned them apart —, at least 1 for
     * the closed loop and 2 for the open model and hold. Measured on 2 CPUs against Netty (load
     * under 1 before each run): in max mode at 1,000 connections one thread did 134-138 k req/s at
     * 6.0-6.2 µs of driver CPU per request and blocked about 250 times a second, two threads did
     * 100-121 k at 7.7-9.3 µs and blocked about 9,000 times a second each, every block a wake-up
     * the server pays for; at 100 connections one thread did 121-123 k, two 100-124 k. In rate mode
     * at 5,000/s it is the other way round: two senders took 31-33 µs per request, one 36-38 µs (one
     * sender was preempted by the server it had just woken on 40 % of its sends).
     */
    static int autoThreads(String mode, int cpus) {
        return Math.max(mode.equals("max") ? 1 : 2, cpus / 4);
    }

    /** Connections of driver process {@code i} of {@code n}: an even share, the first ones one more. */
    static int share(int connections, int n, int i) {
        return connections / n + (i < connections % n ? 1 : 0);
    }

    /** {@code startAt}: empty, epoch milliseconds, or an ISO-8601 instant such as 2026-11-24T07:00:00Z. */
    static long parseStartAt(String text) {
        String t = text.trim();
        if (t.isEmpty()) {
            return -1;
        }
        try {
            return t.chars().allMatch(Character::isDigit) ? Long.parseLong(t) : java.time.Instant.parse(t).toEpochMilli();
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("http: bad startAt '" + text + "': expected epoch milliseconds or an ISO-8601 instant"
                    + " such as 2026-11-24T07:00:00Z");
        }
    }

    /** 127.0.0.1 … 127.0.0.N when the server is on 127.0.0.x; the server's own address otherwise. */
    static List<InetAddress> sourceAddresses(InetAddress server, int n) throws IOException {
        List<InetAddress> list = new ArrayList<>();
        byte[] a = server.getAddress();
        if (a.length != 4 || a[0] != 127) {
            list.add(server);
            return list;
        }
        for (int i = 1; i <= Math.min(n, 254); i++) {
            list.add(InetAddress.getByAddress(new byte[] {127, 0, 0, (byte) i}));
        }
        return list;
    }
}
