package org.jvmmark.api;

/** The workload's own check of its work failed: the trial is {@code failed}, never a number. */
public class ValidationException extends Exception {
    private static final long serialVersionUID = 1L;

    public ValidationException(String message) {
        super(message);
    }
}
