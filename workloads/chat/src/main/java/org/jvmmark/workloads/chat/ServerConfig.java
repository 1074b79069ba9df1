package org.jvmmark.workloads.chat;

/**
 * How a chat server is set up: where it listens, its name in replies, how many lines may wait
 * for a client that does not read before the server gives up on it, and how many channels one
 * connection may be in. Immutable.
 */
public final class ServerConfig {
    /** Lines queued for one client at most; a client this far behind is disconnected. */
    public static final int DEFAULT_MAX_QUEUED_LINES = 1000;
    /**
     * Channels one connection may be in at once (ngircd's {@code MaxJoins} default): without a
     * bound, one client could make the server hold any number of channels. Past it, JOIN gets 405.
     */
    public static final int DEFAULT_MAX_CHANNELS = 10;

    private final String host;
    private final int port;
    private final int maxQueuedLines;
    private final String serverName;
    private final int maxChannels;

    private ServerConfig(String host, int port, int maxQueuedLines, String serverName, int maxChannels) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be 0..65535, not " + port);
        }
        if (maxQueuedLines < 1) {
            throw new IllegalArgumentException("maxQueuedLines must be at least 1, not " + maxQueuedLines);
        }
        this.host = host;
        this.port = port;
        this.maxQueuedLines = maxQueuedLines;
        if (maxChannels < 1) {
            throw new IllegalArgumentException("maxChannels must be at least 1, not " + maxChannels);
        }
        this.serverName = serverName;
        this.maxChannels = maxChannels;
    }

    /** Loopback, an ephemeral port, the default queue bound. */
    public static ServerConfig loopback() {
        return new ServerConfig("127.0.0.1", 0, DEFAULT_MAX_QUEUED_LINES, "jvmmark.chat", DEFAULT_MAX_CHANNELS);
    }

    public ServerConfig withHost(String value) {
        return new ServerConfig(value, port, maxQueuedLines, serverName, maxChannels);
    }

    public ServerConfig withPort(int value) {
        return new ServerConfig(host, value, maxQueuedLines, serverName, maxChannels);
    }

    public ServerConfig withMaxQueuedLines(int value) {
        return new ServerConfig(host, port, value, serverName, maxChannels);
    }

    public ServerConfig withMaxChannels(int value) {
        return new ServerConfig(host, port, maxQueuedLines, serverName, value);
    }

    /** Channels one connection may be in at once. */
    public int maxChannels() {
        return maxChannels;
    }

    public String host() {
        return host;
    }

    /** 0 means an ephemeral port, chosen when the server binds. */
    public int port() {
        return port;
    }

    public int maxQueuedLines() {
        return maxQueuedLines;
    }

    public String serverName() {
        return serverName;
    }
}
