package org.jvmmark.workloads.chat;

import java.util.Map;

/**
 * The driver's settings, read from the trial parameters (see {@link ChatWorkload} for their
 * meaning). The server's endpoint comes from {@code server.host}/{@code server.port}, which the
 * runner passes on from the server's announcement (or {@code jvmmark drive --host/--port}).
 * Immutable.
 */
final class DriverConfig {
    final String host;
    final int port;
    final String mode;
    final int rooms;
    final int users;
    final int count;
    final int messageChars;
    final long pauseMillis;
    final int connections;
    final int stallSeconds;
    /**
     * Volano mode: rounds of {@code count} messages a user, run first and discarded (JIT warm-up), then {@link #rounds}
     * measured ones, all on the same connections.
     */
    final int warmupRounds;
    final int rounds;

    private DriverConfig(Map<String, String> p) {
        host = p.getOrDefault("server.host", p.getOrDefault("host", "127.0.0.1"));
        String portText = p.get("server.port");
        if (portText == null) {
            throw new IllegalArgumentException("chat driver: no server.port given (the port of the IRC server to drive)");
        }
        port = (int) number(p, "server.port", portText, 1, 65535);
        mode = p.getOrDefault("mode", "volano");
        if (!mode.equals("volano") && !mode.equals("capacity")) {
            throw new IllegalArgumentException("chat driver: bad mode '" + mode + "'; valid: volano, capacity");
        }
        rooms = (int) number(p, "rooms", null, 1, 100_000);
        users = (int) number(p, "users", null, 2, 10_000);
        count = (int) number(p, "count", null, 1, 10_000_000);
        messageChars = (int) number(p, "messageChars", null, MessageText.MIN_CHARS, 400);
        pauseMillis = number(p, "pause", null, 0, 3_600_000);
        connections = (int) number(p, "connections", null, 1, 10_000_000);
        stallSeconds = (int) number(p, "stallSeconds", null, 1, 86_400);
        // absent from settings that predate them: one measured round, no warm-up, as the driver did then
        warmupRounds = p.containsKey("warmupRounds") ? (int) number(p, "warmupRounds", null, 0, 1000) : 0;
        rounds = p.containsKey("rounds") ? (int) number(p, "rounds", null, 1, 1000) : 1;
    }

    static DriverConfig from(Map<String, String> params) {
        return new DriverConfig(params);
    }

    private static long number(Map<String, String> p, String key, String text, long min, long max) {
        String value = text != null ? text : p.get(key);
        if (value == null) {
            throw new IllegalArgumentException("chat driver: parameter '" + key + "' is missing");
        }
        long n;
        try {
            n = Long.parseLong(value.trim().replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("chat driver: " + key + " must be a whole number, not '" + value + "'");
        }
        if (n < min || n > max) {
            throw new IllegalArgumentException("chat driver: " + key + " must be between " + min + " and " + max + ", not " + n);
        }
        return n;
    }

    /** Messages each user sends over every round, warm-up included. */
    int messagesPerUser() {
        return count * (warmupRounds + rounds);
    }

    /** Messages every room's members receive in total: {@code rooms × users × messagesPerUser × (users − 1)}. */
    long expectedReceived() {
        return (long) rooms * users * messagesPerUser() * (users - 1);
    }

    long expectedSent() {
        return (long) rooms * users * messagesPerUser();
    }
}
