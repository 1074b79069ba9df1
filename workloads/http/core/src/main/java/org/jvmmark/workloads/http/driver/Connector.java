package org.jvmmark.workloads.http.driver;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.List;

/**
 * Opens, re-opens and closes one I/O thread's connections: each from its own loopback source address,
 * non-blocking, at most {@link #MAX_PENDING_CONNECTS} connects in flight at once. Until {@link
 * EngineState#retrying} a failed connect is final; after it, the connection is opened again with
 * back-off (20 ms doubling to 1 s) until it connects. A connection that opens is handed to the
 * {@link Opened} callback, which starts its part of the load.
 *
 * <p>Threading: runs on its I/O thread only; {@link #open} and {@link #settled} are read by the
 * driver thread.
 */
final class Connector {
    /** What an I/O thread does with a connection that has just opened. */
    interface Opened {
        void opened(Conn c);
    }

    private static final long CONNECT_TIMEOUT_NANOS = 10_000_000_000L;
    private static final long RECONNECT_MIN_NANOS = 20_000_000L;
    private static final long RECONNECT_MAX_NANOS = 1_000_000_000L;
    /**
     * Connects an I/O thread has in flight at once. Thousands of SYNs at once overflow a server's
     * accept backlog (Linux then drops them and the client retries after 1 s, 3 s, ...), which
     * would measure the backlog rather than the server; a browser fleet does not connect in one
     * microsecond either.
     */
    private static final int MAX_PENDING_CONNECTS = 64;

    /** Connections whose first connect has ended, open or (before retrying) failed for good. */
    volatile int settled;
    /** Connections open now. */
    volatile int open;
    private final EngineState state;
    private final InetSocketAddress target;
    private final Selector selector;
    private final Opened onOpen;
    private int nextToOpen;
    private int pendingConnects;

    Connector(EngineState state, InetSocketAddress target, Selector selector, Opened onOpen) {
        this.state = state;
        this.target = target;
        this.selector = selector;
        this.onOpen = onOpen;
    }

    /** Starts the first connects of {@code conns} not started yet, as many as may be in flight. */
    void openMore(List<Conn> conns) {
        while (nextToOpen < conns.size() && pendingConnects < MAX_PENDING_CONNECTS && state.failure == null) {
            openConnection(conns.get(nextToOpen++));
        }
    }

    /** Connects that take too long, reconnects that are due. */
    void tick(Conn c, long now) {
        if (!c.connected && c.channel != null && now - c.connectStartNanos > CONNECT_TIMEOUT_NANOS) {
            pendingConnects--;
            connectFailed(c, ErrorCounts.CONNECT_TIMEOUT);
        } else if (c.retryPending && now - c.retryAtNanos >= 0) {
            c.retryPending = false;
            openConnection(c);
        }
    }

    void reopen(Conn c) {
        closeQuietly(c);
        if (!state.closed && state.failure == null) {
            openConnection(c);
        }
    }

    private void openConnection(Conn c) {
        try {
            c.channel = SocketChannel.open();
            c.channel.configureBlocking(false);
            c.channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            c.channel.bind(new InetSocketAddress(c.source, 0));
            c.connectStartNanos = System.nanoTime();
            c.writeInterest = false;
            c.inLen = 0;
            c.parser.reset();
            if (c.channel.connect(target)) {
                c.key = c.channel.register(selector, SelectionKey.OP_READ, c);
                connected(c);
            } else {
                c.key = c.channel.register(selector, SelectionKey.OP_CONNECT, c);
                pendingConnects++;
            }
        } catch (IOException e) {
            connectFailed(c, ErrorCounts.kindOf(e, true));
        }
    }

    void finishConnect(Conn c) {
        pendingConnects--;
        try {
            c.channel.finishConnect();
            c.key.interestOps(SelectionKey.OP_READ);
            connected(c);
        } catch (IOException e) {
            connectFailed(c, ErrorCounts.kindOf(e, true));
        }
    }

    /** Before {@code LoadEngine.connect} returns a failed connect is final; after it, retried with back-off. */
    private void connectFailed(Conn c, String kind) {
        state.errors.add(kind);
        closeQuietly(c);
        if (state.retrying && !state.closed && state.failure == null) {
            c.backoffNanos = c.backoffNanos == 0 ? RECONNECT_MIN_NANOS : Math.min(RECONNECT_MAX_NANOS, 2 * c.backoffNanos);
            c.retryAtNanos = System.nanoTime() + c.backoffNanos;
            c.retryPending = true;
        } else {
            settled++;
        }
    }

    private void connected(Conn c) {
        c.connected = true;
        c.backoffNanos = 0;
        open++;
        if (!state.retrying) {
            settled++;
        }
        onOpen.opened(c);
    }

    void closeQuietly(Conn c) {
        if (c.connected) {
            open--;
            c.connected = false;
        }
        if (c.channel != null) {
            try {
                c.channel.close();
            } catch (IOException e) {
                // already broken
            }
            c.channel = null;
        }
    }
}
