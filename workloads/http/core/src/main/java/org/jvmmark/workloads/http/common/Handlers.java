package org.jvmmark.workloads.http.common;

import java.nio.charset.StandardCharsets;

/**
 * The two handlers every server under test answers, as both sides know them: {@code GET /hello}
 * answers {@link #BODY}, {@code GET /sleep} the same after the trial's {@code sleepMillis}; any
 * other path is 404. Constants only; stateless.
 */
public final class Handlers {
    /** The body of both handlers: 13 bytes, as in the seed experiment. */
    public static final String BODY = "Hello, World!";
    /** {@link #BODY} in US-ASCII. Do not modify the array. */
    public static final byte[] BODY_BYTES = BODY.getBytes(StandardCharsets.US_ASCII);
    public static final String HELLO_PATH = "/hello";
    public static final String SLEEP_PATH = "/sleep";

    private Handlers() {
    }

    /** True for the sleeping handler's path. */
    public static boolean isSleep(String path) {
        return SLEEP_PATH.equals(path);
    }

    /** True for either handler's path. */
    public static boolean isKnown(String path) {
        return HELLO_PATH.equals(path) || SLEEP_PATH.equals(path);
    }
}
