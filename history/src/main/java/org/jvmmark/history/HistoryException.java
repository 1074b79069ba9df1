package org.jvmmark.history;

/** A history database that cannot be used: unreachable, of a newer schema, or refused. The message is one line. */
public final class HistoryException extends Exception {
    private static final long serialVersionUID = 1L;

    public HistoryException(String message, Throwable cause) {
        super(message, cause);
    }

    public HistoryException(String message) {
        super(message);
    }
}
