package org.jvmmark.workloads.chat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

import org.jvmmark.api.ValidationException;

/**
 * Capacity mode: opens {@code connections} idle users (registered, in rooms as idle chat users
 * would be), checks that every one of them is still served (each
 * answers a PING), and asks the server — through the {@code FOOTPRINT} extension on a separate
 * control connection — for its memory before and after, so the cost of a connection is measured
 * inside the JVM under test rather than guessed from outside. A server without the extension (any
 * other IRC server) still gets its connections counted.
 *
 * <p>The idle users fill rooms of {@code users} members (VolanoMark's room size), so joining costs
 * the server a JOIN relay per existing member — linear in {@code connections}, as in a real chat
 * service, rather than the quadratic cost of everyone in one room.
 *
 * <p>Not thread-safe: one run, on the calling thread.
 */
final class CapacityRun implements ClientLoop.Handler {
    /** File descriptors a JVM needs besides its sockets: jars, selectors, pipes, stdio. */
    static final int RESERVED_FILES = 64;

    private final DriverConfig config;
    private Map<String, Long> footprint;
    private boolean footprintUnsupported;
    private int joined;
    private int answered;

    private CapacityRun(DriverConfig config) {
        this.config = config;
    }

    /** The outcome. Immutable after construction. */
    static final class Result {
        final int connections;
        final long openNanos;
        /** Server figures before and after, or {@code null} when the server does not report them. */
        final Map<String, Long> before;
        final Map<String, Long> after;

        Result(int connections, long openNanos, Map<String, Long> before, Map<String, Long> after) {
            this.connections = connections;
            this.openNanos = openNanos;
            this.before = before;
            this.after = after;
        }

        /** {@code (after − before) / connections} of a footprint figure, or NaN when unknown. */
        double perConnection(String key) {
            if (before == null || after == null || !before.containsKey(key) || !after.containsKey(key)
                    || before.get(key) < 0 || after.get(key) < 0) {
                return Double.NaN;
            }
            return (after.get(key) - before.get(key)) / (double) connections;
        }
    }

    static Result run(DriverConfig config, Consumer<String> log) throws IOException, ValidationException {
        long driverLimit = Footprint.currentOpenFileLimit();
        if (driverLimit > 0 && config.connections + RESERVED_FILES > driverLimit) {
            throw new IllegalArgumentException(fileLimitMessage(config.connections, "the driver", driverLimit));
        }
        return new CapacityRun(config).execute(log);
    }

    static String fileLimitMessage(int connections, String who, long limit) {
        return "capacity: connections=" + connections + " needs about " + (connections + RESERVED_FILES)
                + " open files, but " + who + " may open only " + limit
                + "; raise the limit with `ulimit -n` in the shell that starts jvmmark, or lower connections";
    }

    private Result execute(Consumer<String> log) throws IOException, ValidationException {
        String tag = DriverSupport.runTag();
        try (ClientLoop loop = new ClientLoop(new InetSocketAddress(config.host, config.port))) {
            ClientConnection control = loop.open();
            DriverSupport.register(control, tag + "ctl", null);
            DriverSupport.await(loop, this, () -> control.registered, config.stallSeconds, "registration", () -> "none");
            Map<String, Long> before = footprint(loop, control);
            if (before != null && before.getOrDefault("openFileLimit", -1L) > 0
                    && config.connections + RESERVED_FILES > before.get("openFileLimit")) {
                throw new IllegalArgumentException(fileLimitMessage(config.connections, "the server", before.get("openFileLimit")));
            }

            long start = System.nanoTime();
            for (int i = 0; i < config.connections; i++) {
                ClientConnection c;
                try {
                    c = loop.open();
                } catch (IOException e) {
                    throw new ValidationException("the server accepted only " + i + " of " + config.connections
                            + " connections: " + e.getMessage());
                }
                DriverSupport.register(c, tag + "c" + i, "#" + tag + "-idle" + (i / config.users));
                if (i % 64 == 63) {
                    loop.poll(0, this);
                }
            }
            int total = config.connections;
            DriverSupport.await(loop, this, () -> joined == total, config.stallSeconds, "every connection to join",
                    () -> joined + " of " + total + " joined");
            long openNanos = System.nanoTime() - start;
            log.accept(total + " idle connections open in " + Math.round(openNanos / 1e6) + " ms");

            Map<String, Long> after = footprint(loop, control);
            for (ClientConnection c : loop.connections()) {
                if (c != control) {
                    c.send("PING :held");
                }
            }
            DriverSupport.await(loop, this, () -> answered == total, config.stallSeconds, "every connection to answer PING",
                    () -> answered + " of " + total + " answered");
            return new Result(total, openNanos, before, after);
        }
    }

    /** Asks for the server's footprint; {@code null} if the server does not know the command. */
    private Map<String, Long> footprint(ClientLoop loop, ClientConnection control) throws IOException, ValidationException {
        if (footprintUnsupported) {
            return null;
        }
        footprint = null;
        control.send("FOOTPRINT");
        DriverSupport.await(loop, this, () -> footprint != null || footprintUnsupported, config.stallSeconds,
                "the server's FOOTPRINT reply", () -> "no reply");
        return footprint;
    }

    @Override
    public void onLine(ClientConnection c, String text, long now) throws IOException {
        boolean wasJoined = c.joined;
        IrcLine line = DriverSupport.common(c, text);
        if (line == null) {
            return;
        }
        if (c.joined && !wasJoined) {
            joined++;
        } else if (line.command().equals("PONG") && "held".equals(line.param(line.params().size() - 1)) && !c.answered) {
            c.answered = true;
            answered++;
        } else if (line.command().equals("FOOTPRINT")) {
            footprint = parse(line.param(line.params().size() - 1));
        } else if (line.command().equals("421") && "FOOTPRINT".equalsIgnoreCase(line.param(1))) {
            footprintUnsupported = true;
        }
    }

    private static Map<String, Long> parse(String text) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (String pair : text.trim().split(" ")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                try {
                    m.put(pair.substring(0, eq), Long.parseLong(pair.substring(eq + 1)));
                } catch (NumberFormatException e) {
                    // an unknown figure: left out
                }
            }
        }
        return m;
    }

    @Override
    public void onClosed(ClientConnection c) throws ValidationException {
        throw new ValidationException("the server closed " + c + " while holding " + joined + " of " + config.connections
                + " idle connections");
    }
}
