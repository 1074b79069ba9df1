package org.jvmmark.harness;

/**
 * The benchmark could not produce a trustworthy result: the task threw, hung, or recorded a wrong
 * number of samples. The message is one line saying which run and iteration, and why. Immutable.
 */
public final class HarnessException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public HarnessException(String message) {
        super(message);
    }

    public HarnessException(String message, Throwable cause) {
        super(message, cause);
    }
}
