package org.jvmmark.workloads.chat;

import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.jvmmark.api.ValidationException;

/**
 * The driver's event loop: every simulated user's connection on one selector thread. One thread
 * keeps the driver's own cost low and predictable — on a small machine the driver shares the CPUs
 * with the server it measures — and makes the bookkeeping (turns, sequence checks, latency) free
 * of locks. Connects are blocking (on loopback they complete at once), everything after is not.
 *
 * <p>Not thread-safe: one thread opens, polls and closes.
 */
final class ClientLoop implements Closeable {

    /** What the driver does with each line a connection receives. */
    interface Handler {
        void onLine(ClientConnection c, String line, long nowNanos) throws IOException, ValidationException;

        /** The server closed {@code c}. */
        void onClosed(ClientConnection c) throws ValidationException;
    }

    private final Selector selector;
    private final InetSocketAddress address;
    private final List<ClientConnection> connections = new ArrayList<>();
    private final ByteBuffer readBuffer = ByteBuffer.allocate(64 * 1024);

    ClientLoop(InetSocketAddress address) throws IOException {
        this.selector = Selector.open();
        this.address = address;
    }

    ClientConnection open() throws IOException {
        SocketChannel channel = SocketChannel.open();
        try {
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            channel.connect(address);
            channel.configureBlocking(false);
            ClientConnection c = new ClientConnection(channel);
            c.key = channel.register(selector, SelectionKey.OP_READ, c);
            connections.add(c);
            return c;
        } catch (IOException e) {
            channel.close();
            throw e;
        }
    }

    List<ClientConnection> connections() {
        return connections;
    }

    /**
     * Waits up to {@code timeoutNanos} (0: do not wait) for input and hands every complete line to
     * {@code handler}.
     *
     * @return the number of lines handled
     */
    int poll(long timeoutNanos, Handler handler) throws IOException, ValidationException {
        int ready;
        if (timeoutNanos <= 0) {
            ready = selector.selectNow();
        } else {
            ready = selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(timeoutNanos)));
        }
        if (ready == 0) {
            return 0;
        }
        int[] lines = new int[1];
        Iterator<SelectionKey> keys = selector.selectedKeys().iterator();
        while (keys.hasNext()) {
            SelectionKey key = keys.next();
            keys.remove();
            ClientConnection c = (ClientConnection) key.attachment();
            if (!key.isValid()) {
                continue;
            }
            if (key.isWritable()) {
                c.flush();
            }
            if (key.isReadable()) {
                readBuffer.clear();
                int n;
                try {
                    n = c.channel.read(readBuffer);
                } catch (IOException e) {
                    n = -1;
                }
                if (n < 0) {
                    close(c);
                    handler.onClosed(c);
                    continue;
                }
                long now = System.nanoTime();
                readBuffer.flip();
                IOException[] ioFailure = new IOException[1];
                ValidationException[] invalid = new ValidationException[1];
                c.decoder.feed(readBuffer, line -> {
                    lines[0]++;
                    try {
                        handler.onLine(c, line, now);
                        return true;
                    } catch (IOException e) {
                        ioFailure[0] = e;
                    } catch (ValidationException e) {
                        invalid[0] = e;
                    }
                    return false;
                });
                if (ioFailure[0] != null) {
                    throw ioFailure[0];
                }
                if (invalid[0] != null) {
                    throw invalid[0];
                }
            }
        }
        return lines[0];
    }

    void close(ClientConnection c) {
        c.closed = true;
        c.key.cancel();
        try {
            c.channel.close();
        } catch (IOException e) {
            // closed anyway
        }
    }

    @Override
    public void close() {
        for (ClientConnection c : connections) {
            if (!c.closed) {
                close(c);
            }
        }
        try {
            selector.close();
        } catch (IOException e) {
            // closing anyway
        }
    }
}
