package org.jvmmark.runner.base;

import java.io.IOException;
import java.nio.file.FileSystemException;

/**
 * jvmmark's exit statuses, one meaning each, so a script can tell "a JVM failed its trial" from
 * "jvmmark itself could not go on". Stateless.
 *
 * <pre>
 *   0   every trial ok or unsupported (compare: no regression)
 *   1   some trial failed or timed out (compare: a regression)
 *   2   bad input: one line says what and what would be right; nothing was run
 *   3   internal error in jvmmark (a bug: the line says so; JVMMARK_DEBUG=true gives the stack trace; in the
 *       middle of a run the trials already measured are kept and reported, and the trace is in DIR/error.log)
 *   4   no space left on the device (or quota exceeded) while writing, or a report that cannot be
 *       written; finished trials are kept
 *   5   compare, history check: cannot tell (no regression found, but the evidence cannot decide)
 * 130   interrupted (Ctrl-C); finished trials are kept
 * </pre>
 */
public final class ExitStatus {
    static final int OK = 0;
    public static final int TRIAL_FAILED = 1;
    public static final int USAGE = 2;
    public static final int INTERNAL_ERROR = 3;
    /** A full disk (or quota) while writing, or a report that cannot be written: the trials are kept. */
    public static final int NO_SPACE = 4;
    /** {@code compare} and {@code history check}: no regression found, but some figure cannot be told. */
    public static final int CANNOT_TELL = 5;
    public static final int INTERRUPTED = 130;

    private ExitStatus() {
    }

    /**
     * The I/O failure in {@code t}'s cause chain that means the disk (or the user's quota) is full,
     * or {@code null}. The JDK reports {@code ENOSPC} and {@code EDQUOT} only as text: in a
     * {@link FileSystemException}'s reason or an {@link IOException}'s message.
     */
    public static IOException noSpace(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof IOException io) {
                String text = io instanceof FileSystemException f && f.getReason() != null ? f.getReason() : io.getMessage();
                if (text != null && (text.contains("No space left on device") || text.contains("Disk quota exceeded"))) {
                    return io;
                }
            }
        }
        return null;
    }
}
