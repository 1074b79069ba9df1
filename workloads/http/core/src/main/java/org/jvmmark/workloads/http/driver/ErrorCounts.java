package org.jvmmark.workloads.http.driver;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Failed requests and connections by kind, each kind named the way a person debugging a server
 * would say it ("connections refused (nothing listening, or the accept backlog full)").
 * Thread-safe: every I/O thread counts into it.
 */
final class ErrorCounts {
    static final String REFUSED = "connections refused (nothing listening, or the accept backlog full)";
    static final String CONNECT_TIMEOUT = "connects timed out (the server did not accept in time: accept backlog full?)";
    static final String RESET = "connections reset by the server";
    static final String CLOSED = "connections closed by the server before it answered";
    static final String TIMEOUT = "responses timed out";
    static final String OTHER = "other I/O errors";
    static final String UNANSWERED_AT_END = "responses still outstanding when the run ended (timed out)";
    static final String NOT_SENT = "requests due but never sent (the connection was busy or down until the run ended)";

    /** The kind of an answer with a status other than 200. */
    static String status(int status) {
        return "answered with status " + status;
    }

    private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();

    void add(String kind) {
        add(kind, 1);
    }

    void add(String kind, long n) {
        counts.computeIfAbsent(kind, k -> new LongAdder()).add(n);
    }

    /** How many of one kind. */
    long count(String kind) {
        LongAdder a = counts.get(kind);
        return a == null ? 0 : a.sum();
    }

    /** The kind of a failed I/O operation. */
    static String kindOf(Exception e, boolean connecting) {
        String m = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        if (m.contains("refused")) {
            return REFUSED;
        }
        if (m.contains("reset")) {
            return RESET;
        }
        if (m.contains("broken pipe")) {
            return CLOSED;
        }
        return connecting ? OTHER + " while connecting" : OTHER;
    }

    long total() {
        long n = 0;
        for (LongAdder a : counts.values()) {
            n += a.sum();
        }
        return n;
    }

    /** Every kind seen, with its count. */
    Map<String, Long> snapshot() {
        Map<String, Long> m = new LinkedHashMap<>();
        counts.forEach((k, v) -> m.put(k, v.sum()));
        return m;
    }

    /** {@code 3,112 connections refused (...); 12 connections reset by the server}, or "" when none. */
    String describe() {
        StringBuilder b = new StringBuilder();
        snapshot().forEach((k, v) -> b.append(b.length() == 0 ? "" : "; ").append(String.format(Locale.ROOT, "%,d ", v)).append(k));
        return b.toString();
    }
}
