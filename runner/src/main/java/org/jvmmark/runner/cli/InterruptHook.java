package org.jvmmark.runner.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jvmmark.runner.fork.ChildProcess;

/**
 * Ctrl-C for a session that runs trials ({@code run}, {@code tune}, a {@code tune} slice): the JVM's shutdown hook marks
 * the session interrupted, kills the running children and waits (up to 15 s) for the trial loop to say it has
 * {@link #stopped}, so that the loop's last words — what was kept, how to continue — are printed before the JVM exits.
 * Thread-safe: the hook and the loop share it.
 */
final class InterruptHook {
    private final AtomicBoolean interrupted = new AtomicBoolean();
    private final CountDownLatch loopDone = new CountDownLatch(1);
    private final Thread hook;

    private InterruptHook() {
        hook = new Thread(() -> {
            interrupted.set(true);
            ChildProcess.killAll();
            try {
                loopDone.await(15, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "jvmmark-interrupt");
    }

    /** A hook installed for the trials to come. */
    static InterruptHook install() {
        InterruptHook h = new InterruptHook();
        Runtime.getRuntime().addShutdownHook(h.hook);
        return h;
    }

    /** Whether Ctrl-C (or another shutdown) has come. */
    boolean interrupted() {
        return interrupted.get();
    }

    /** The flag the hook sets, for loops that take one. */
    AtomicBoolean flag() {
        return interrupted;
    }

    /** Whether the loop has not yet said it stopped. */
    boolean running() {
        return loopDone.getCount() > 0;
    }

    /** The loop has stopped and said its last words: the hook may let the JVM exit. */
    void stopped() {
        loopDone.countDown();
    }

    /** The trials are over without an interruption: the hook is removed (unless the JVM is shutting down already). */
    void release() {
        stopped();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // shutdown under way
        }
    }
}
