package org.jvmmark.workloads.chat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * A chat server on one NIO selector thread: every connection's reads, protocol work and writes
 * happen on that thread, so the protocol code needs no locks and a relayed line costs an enqueue
 * plus (usually) one non-blocking write per recipient. A connection costs no thread at all — the
 * point of comparison with the thread-per-connection variants in capacity mode.
 *
 * <p>Lines for a connection wait in its bounded deque; the loop writes them after each batch of
 * reads, and leaves what the socket did not take for {@code OP_WRITE}. A full deque dooms the
 * connection; doomed connections are closed between events, never in the middle of a broadcast, so
 * the QUIT their closing relays cannot recurse into the broadcast that overflowed them.
 *
 * <p>Thread-safe to {@link #close()} from any thread; everything else runs on the loop thread.
 */
final class NioChatServer implements ChatServer {
    private final Selector selector;
    private final ServerSocketChannel listener;
    private final ChatState state;
    private final ServerStats stats = new ServerStats();
    private final ByteBuffer readBuffer = ByteBuffer.allocate(16 * 1024);
    private final List<NioConnection> dirty = new ArrayList<>();
    private final ArrayDeque<NioConnection> doomed = new ArrayDeque<>();
    private final int port;
    private volatile boolean closed;

    private NioChatServer(Selector selector, ServerSocketChannel listener, ServerConfig config) throws IOException {
        this.selector = selector;
        this.listener = listener;
        this.state = new ChatState(config, stats);
        this.port = ((InetSocketAddress) listener.getLocalAddress()).getPort();
    }

    static NioChatServer start(ServerConfig config) throws IOException {
        Selector selector = Selector.open();
        ServerSocketChannel listener = ServerSocketChannel.open();
        try {
            listener.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            listener.bind(new InetSocketAddress(InetAddress.getByName(config.host()), config.port()),
                    ThreadPerConnectionServer.BACKLOG);
            listener.configureBlocking(false);
            listener.register(selector, SelectionKey.OP_ACCEPT);
        } catch (IOException e) {
            listener.close();
            selector.close();
            throw e;
        }
        NioChatServer server = new NioChatServer(selector, listener, config);
        Thread loop = new Thread(server::loop, "chat-nio");
        loop.setDaemon(true);
        loop.start();
        return server;
    }

    private void loop() {
        try {
            while (!closed) {
                selector.select();
                Iterator<SelectionKey> keys = selector.selectedKeys().iterator();
                while (keys.hasNext()) {
                    SelectionKey key = keys.next();
                    keys.remove();
                    if (!key.isValid()) {
                        continue;
                    }
                    if (key.isAcceptable()) {
                        accept();
                        continue;
                    }
                    NioConnection c = (NioConnection) key.attachment();
                    if (key.isReadable()) {
                        read(c);
                    }
                    if (key.isValid() && key.isWritable()) {
                        c.flush();
                    }
                }
                flushDirty();
                closeDoomed();
            }
        } catch (IOException | ClosedSelectorException e) {
            // closing
        } finally {
            shutdown();
        }
    }

    private void accept() {
        while (true) {
            SocketChannel channel;
            try {
                channel = listener.accept();
            } catch (IOException e) {
                return; // e.g. EMFILE: keep serving those already connected
            }
            if (channel == null) {
                return;
            }
            try {
                channel.configureBlocking(false);
                channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
                NioConnection c = new NioConnection(channel);
                c.key = channel.register(selector, SelectionKey.OP_READ, c);
                stats.connectionOpened();
            } catch (IOException e) {
                try {
                    channel.close();
                } catch (IOException ignored) {
                    // already failing
                }
            }
        }
    }

    private void read(NioConnection c) {
        readBuffer.clear();
        int n;
        try {
            n = c.channel.read(readBuffer);
        } catch (IOException e) {
            c.doom("Read error: " + e.getMessage());
            return;
        }
        if (n < 0) {
            c.doom("Connection closed");
            return;
        }
        readBuffer.flip();
        c.decoder.feed(readBuffer, line -> {
            if (!c.session.onLine(line)) {
                c.quitting = true;
                return false;
            }
            return c.doomReason == null;
        });
        if (c.quitting) {
            c.flush();
            c.doom("Quit");
        }
    }

    private void flushDirty() {
        for (NioConnection c : dirty) {
            c.dirty = false;
            if (c.doomReason == null) {
                c.flush();
            }
        }
        dirty.clear();
    }

    private void closeDoomed() {
        NioConnection c;
        while ((c = doomed.poll()) != null) {
            c.closeNow();
        }
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public ServerStats stats() {
        return stats;
    }

    @Override
    public void close() {
        closed = true;
        selector.wakeup();
    }

    private void shutdown() {
        try {
            for (SelectionKey key : new ArrayList<>(selector.keys())) {
                if (key.attachment() instanceof NioConnection) {
                    ((NioConnection) key.attachment()).doom("Server shutting down");
                }
            }
        } catch (ClosedSelectorException e) {
            // nothing left
        }
        closeDoomed();
        try {
            listener.close();
            selector.close();
        } catch (IOException e) {
            // closing anyway
        }
    }

    /** One client. Only the loop thread touches it. */
    private final class NioConnection implements Outbound {
        final SocketChannel channel;
        final LineDecoder decoder = new LineDecoder();
        final IrcSession session;
        final ArrayDeque<ByteBuffer> queue = new ArrayDeque<>(4);
        final String host;
        SelectionKey key;
        boolean dirty;
        boolean quitting;
        String doomReason;

        NioConnection(SocketChannel channel) throws IOException {
            this.channel = channel;
            this.host = ((InetSocketAddress) channel.getRemoteAddress()).getAddress().getHostAddress();
            this.session = new IrcSession(state, this);
        }

        @Override
        public String host() {
            return host;
        }

        @Override
        public boolean send(byte[] line) {
            if (doomReason != null) {
                return false;
            }
            if (queue.size() >= state.config().maxQueuedLines()) {
                stats.slowClientDropped();
                doom("Send queue exceeded");
                return false;
            }
            queue.add(ByteBuffer.wrap(line));
            if (!dirty) {
                dirty = true;
                NioChatServer.this.dirty.add(this);
            }
            return true;
        }

        void flush() {
            try {
                while (!queue.isEmpty()) {
                    long written = queue.size() == 1 ? channel.write(queue.peek())
                            : channel.write(queue.toArray(new ByteBuffer[0]));
                    while (!queue.isEmpty() && !queue.peek().hasRemaining()) {
                        queue.poll();
                    }
                    if (written == 0) {
                        break;
                    }
                }
                int ops = queue.isEmpty() ? SelectionKey.OP_READ : SelectionKey.OP_READ | SelectionKey.OP_WRITE;
                if (key.interestOps() != ops) {
                    key.interestOps(ops);
                }
            } catch (IOException e) {
                doom("Write error: " + e.getMessage());
            }
        }

        void doom(String reason) {
            if (doomReason == null) {
                doomReason = reason;
                doomed.add(this);
            }
        }

        void closeNow() {
            key.cancel();
            try {
                channel.close();
            } catch (IOException e) {
                // closed anyway
            }
            queue.clear();
            session.onClose(doomReason);
            stats.connectionClosed(decoder.oversizeLines());
        }
    }
}
