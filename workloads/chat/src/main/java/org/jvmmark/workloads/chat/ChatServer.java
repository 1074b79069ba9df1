package org.jvmmark.workloads.chat;

import java.io.Closeable;

/**
 * A running chat server: one of the {@link #IMPLEMENTATIONS}, started by {@link #start}. Thread-safe.
 */
public interface ChatServer extends Closeable {
    /** The selectable implementations, as the {@code impl} parameter spells them. */
    String[] IMPLEMENTATIONS = {"platform", "virtual", "nio"};

    /**
     * Binds and starts serving.
     *
     * @param impl {@code platform} (a platform thread per connection, plus one per connection for
     *     its outbound queue), {@code virtual} (the same on virtual threads) or {@code nio} (one
     *     selector thread for every connection)
     * @throws UnsupportedOperationException for {@code virtual} on a JDK without virtual threads
     * @throws IllegalArgumentException for an unknown implementation
     */
    static ChatServer start(String impl, ServerConfig config) throws java.io.IOException {
        switch (impl) {
            case "platform":
                return ThreadPerConnectionServer.start(config, ThreadStarter.platform());
            case "virtual":
                return ThreadPerConnectionServer.start(config, ThreadStarter.virtual());
            case "nio":
                return NioChatServer.start(config);
            default:
                throw new IllegalArgumentException("unknown chat server '" + impl + "'; valid: " + String.join(", ", IMPLEMENTATIONS));
        }
    }

    /** The port it listens on (the ephemeral one when configured with 0). */
    int port();

    ServerStats stats();

    /** Stops accepting, closes every connection; idempotent. */
    @Override
    void close();
}
