package org.jvmmark.workloads.http.common;

import java.util.concurrent.atomic.AtomicLong;

/**
 * How many {@code /sleep} requests the server in this JVM is holding right now: its handlers call
 * {@link #enter()} when a sleeping request starts (the thread sleeps, or the timer is set) and {@link
 * #exit()} when it answers. The driver measures the footprint per held request only once this count
 * has reached the requests it sent — a platform pool holds only as many as it has threads, the rest
 * wait in its queue. Thread-safe (one atomic counter for the JVM).
 */
public final class HeldRequests {
    private static final AtomicLong HELD = new AtomicLong();
    private static volatile boolean counted;

    private HeldRequests() {
    }

    /** A sleeping request starts. */
    public static void enter() {
        counted = true;
        HELD.incrementAndGet();
    }

    /** A sleeping request is answered. */
    public static void exit() {
        HELD.decrementAndGet();
    }

    /** A blocking sleeping handler: counts itself held for {@code millis} of sleep (an interrupt ends it early). */
    public static void sleep(long millis) {
        enter();
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            exit();
        }
    }

    /** Requests held now; -1 when no handler in this JVM has ever counted (a server that does not). */
    public static long count() {
        return counted ? HELD.get() : -1;
    }
}
