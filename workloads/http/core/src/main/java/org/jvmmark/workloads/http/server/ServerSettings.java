package org.jvmmark.workloads.http.server;

import java.nio.file.Path;
import org.jvmmark.workloads.http.common.Handlers;

/**
 * What every server under test is told: where to listen, its thread model, the size of a platform
 * pool and how long {@code /sleep} sleeps. The handlers themselves are in {@link Handlers}. Immutable.
 */
public final class ServerSettings {
    /**
     * The accept backlog every server is given: Linux's default {@code net.core.somaxconn} (4,096),
     * which caps any larger value. Servers' own defaults differ (50, 100, 1,024, SOMAXCONN), and a
     * short queue measures the backlog instead of the server while thousands of connections open.
     */
    public static final int ACCEPT_BACKLOG = 4096;
    /**
     * The idle timeout every server is given, milliseconds: one day, longer than any run, so no
     * server closes an idle keep-alive connection between phases (defaults are 30 s to 5 min).
     */
    public static final long IDLE_TIMEOUT_MILLIS = 86_400_000L;

    private final String host;
    private final int port;
    private final String threads;
    private final int poolThreads;
    private final long sleepMillis;
    private final Path workDir;

    public ServerSettings(String host, int port, String threads, int poolThreads, long sleepMillis, Path workDir) {
        this.host = host;
        this.port = port;
        this.threads = threads;
        this.poolThreads = poolThreads;
        this.sleepMillis = sleepMillis;
        this.workDir = workDir;
    }

    public String host() {
        return host;
    }

    /** The port to listen on; 0 for any free one. */
    public int port() {
        return port;
    }

    /** {@code platform} (a pool of {@link #poolThreads()}), {@code virtual} or {@code eventloop}. */
    public String threads() {
        return threads;
    }

    public boolean virtual() {
        return threads.equals("virtual");
    }

    public int poolThreads() {
        return poolThreads;
    }

    public long sleepMillis() {
        return sleepMillis;
    }

    /** A scratch directory the server may write to (Tomcat's base directory). */
    public Path workDir() {
        return workDir;
    }
}
