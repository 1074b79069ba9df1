package org.jvmmark.workloads.http.server;

import java.nio.file.Path;
import org.jvmmark.workloads.http.common.Handlers;

/**
 * What every server under test is told: where to listen, its thread model, the size of a platform
 * pool and how long {@code /sleep} sleeps. The handlers themselves are in {@link Handlers}. Immutable.
 */
public final class ServerSettings {
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
