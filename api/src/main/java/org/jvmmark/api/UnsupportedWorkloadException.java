package org.jvmmark.api;

/** This JVM cannot run the workload (or this variant of it); the trial is {@code unsupported}. */
public class UnsupportedWorkloadException extends Exception {
    private static final long serialVersionUID = 1L;

    public UnsupportedWorkloadException(String message) {
        super(message);
    }

    public UnsupportedWorkloadException(String message, Throwable cause) {
        super(message, cause);
    }
}
