package org.jvmmark.runner;

/**
 * A mistake in what the user asked for (unknown workload, bad {@code --param}, a path that is not a
 * JDK). {@link Main} prints its message as one line and exits with status 2, without a stack trace.
 * Immutable.
 */
public final class UserException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UserException(String message) {
        super(message, null, false, false);
    }
}
