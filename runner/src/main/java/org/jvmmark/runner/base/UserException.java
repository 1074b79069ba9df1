package org.jvmmark.runner.base;

/**
 * A mistake in what the user asked for (unknown workload, bad {@code --param}, a path that is not a
 * JDK). {@link Main} prints its message as one line and exits with status 2, without a stack trace.
 * Immutable.
 */
public final class UserException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message one line; a line break in it (a value the user gave, quoted back) becomes a space */
    public UserException(String message) {
        super(message == null ? null : message.replaceAll("[\\r\\n\\u2028\\u2029]+", " "), null, false, false);
    }
}
