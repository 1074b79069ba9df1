package org.jvmmark.workloads.http.common;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
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
    private static volatile boolean lastOnVirtualThread;
    /** {@code Thread.isVirtual()} (JDK 21+), or null before 21. */
    private static final MethodHandle IS_VIRTUAL = isVirtual();

    private HeldRequests() {
    }

    private static MethodHandle isVirtual() {
        try {
            return MethodHandles.publicLookup().findVirtual(Thread.class, "isVirtual", MethodType.methodType(boolean.class));
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }

    /** A sleeping request starts (on the thread that runs its handler). */
    public static void enter() {
        counted = true;
        try {
            lastOnVirtualThread = IS_VIRTUAL != null && (boolean) IS_VIRTUAL.invokeExact(Thread.currentThread());
        } catch (Throwable t) {
            lastOnVirtualThread = false;
        }
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

    /** Whether the last sleeping request's handler ran on a virtual thread. */
    public static boolean lastOnVirtualThread() {
        return lastOnVirtualThread;
    }

    /** Requests held now; -1 when no handler in this JVM has ever counted (a server that does not). */
    public static long count() {
        return counted ? HELD.get() : -1;
    }
}
