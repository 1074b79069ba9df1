package org.jvmmark.workloads.chat;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The classic Java chat server, as VolanoChat was: blocking sockets and a thread per connection
 * reading lines, plus a writer thread per connection draining that connection's bounded outbound
 * queue. The writer is what keeps a client that stops reading from stalling everyone: the relaying
 * thread only ever offers to a queue, and when the queue is full the connection is closed. With
 * {@link ThreadStarter#virtual()} the same code runs on virtual threads — exactly the comparison the
 * {@code platform} and {@code virtual} variants make.
 *
 * <p>Thread-safe.
 */
final class ThreadPerConnectionServer implements ChatServer {
    /** Connect requests the kernel may queue; 200 clients connecting at once must not wait for SYN retries. */
    static final int BACKLOG = 1024;

    private final ServerSocket listener;
    private final ThreadStarter threads;
    private final ChatState state;
    private final ServerStats stats = new ServerStats();
    private final Set<Connection> connections = ConcurrentHashMap.newKeySet();
    private final AtomicLong ids = new AtomicLong();
    private volatile boolean closed;

    private ThreadPerConnectionServer(ServerSocket listener, ThreadStarter threads, ServerConfig config) {
        this.listener = listener;
        this.threads = threads;
        this.state = new ChatState(config, stats);
    }

    static ThreadPerConnectionServer start(ServerConfig config, ThreadStarter threads) throws IOException {
        ServerSocket listener = new ServerSocket();
        try {
            listener.setReuseAddress(true);
            listener.bind(new InetSocketAddress(InetAddress.getByName(config.host()), config.port()), BACKLOG);
        } catch (IOException e) {
            listener.close();
            throw e;
        }
        ThreadPerConnectionServer server = new ThreadPerConnectionServer(listener, threads, config);
        threads.start("chat-accept", server::acceptLoop);
        return server;
    }

    private void acceptLoop() {
        while (!closed) {
            Socket socket;
            try {
                socket = listener.accept();
            } catch (IOException e) {
                if (closed) {
                    return;
                }
                pause(); // e.g. EMFILE: keep serving those already connected, without spinning
                continue;
            }
            Connection c = null;
            try {
                socket.setTcpNoDelay(true);
                c = new Connection(socket, ids.incrementAndGet());
                connections.add(c);
                stats.connectionOpened();
                c.start();
            } catch (IOException | RuntimeException | OutOfMemoryError e) {
                // OutOfMemoryError: "unable to create native thread" — the platform variant's
                // capacity limit. This client is turned away; the others keep being served.
                if (c != null) {
                    c.close();
                    connections.remove(c);
                    stats.connectionClosed(0);
                } else {
                    closeQuietly(socket);
                }
            }
        }
    }

    private static void pause() {
        try {
            Thread.sleep(10);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public int port() {
        return listener.getLocalPort();
    }

    @Override
    public ServerStats stats() {
        return stats;
    }

    @Override
    public void close() {
        closed = true;
        closeQuietly(listener);
        for (Connection c : new ArrayList<>(connections)) {
            c.close();
        }
    }

    private static void closeQuietly(java.io.Closeable c) {
        try {
            c.close();
        } catch (IOException e) {
            // closing anyway
        }
    }

    /** One client: its socket, session, outbound queue, reader and writer. */
    private final class Connection implements Outbound {
        /** Tells the writer to flush what it has and close. */
        private final byte[] endOfStream = new byte[0];
        private final Socket socket;
        private final long id;
        private final String host;
        private final BlockingQueue<byte[]> queue;
        private final IrcSession session;
        private final LineDecoder decoder = new LineDecoder();
        private volatile boolean closed;

        Connection(Socket socket, long id) {
            this.socket = socket;
            this.id = id;
            this.host = socket.getInetAddress().getHostAddress();
            this.queue = new LinkedBlockingQueue<>(state.config().maxQueuedLines());
            this.session = new IrcSession(state, this);
        }

        /** Writer first: if the reader cannot be started, nothing is left that would clean up twice. */
        void start() {
            threads.start("chat-write-" + id, this::writeLoop);
            threads.start("chat-read-" + id, this::readLoop);
        }

        @Override
        public String host() {
            return host;
        }

        @Override
        public boolean send(byte[] line) {
            if (closed) {
                return false;
            }
            if (queue.offer(line)) {
                return true;
            }
            stats.slowClientDropped();
            close();
            return false;
        }

        private void readLoop() {
            String reason = "Connection closed";
            // Not try-with-resources: closing a socket's stream closes the socket, and after QUIT the
            // writer must still send the ERROR line.
            try {
                InputStream in = socket.getInputStream();
                byte[] buffer = new byte[4096];
                boolean more = true;
                while (more && !closed) {
                    int n = in.read(buffer);
                    if (n < 0) {
                        break;
                    }
                    more = decoder.feed(buffer, 0, n, session::onLine);
                }
                if (!more) {
                    reason = "Quit";
                    finishWriting();
                }
            } catch (IOException e) {
                reason = closed ? "Send queue exceeded" : "Read error: " + e.getMessage();
            } catch (RuntimeException | OutOfMemoryError e) {
                reason = "Server error";
            } finally {
                session.onClose(reason);
                stats.connectionClosed(decoder.oversizeLines());
                connections.remove(this);
                if (!queue.offer(endOfStream)) {
                    close();
                }
            }
        }

        /** After QUIT: let the writer send the ERROR line, then close. */
        private void finishWriting() {
            if (!queue.offer(endOfStream)) {
                close();
            }
        }

        private void writeLoop() {
            List<byte[]> batch = new ArrayList<>();
            try {
                OutputStream out = new BufferedOutputStream(socket.getOutputStream(), 8192);
                while (true) {
                    batch.add(queue.take());
                    queue.drainTo(batch);
                    for (byte[] line : batch) {
                        if (line == endOfStream) {
                            out.flush();
                            return;
                        }
                        out.write(line);
                    }
                    out.flush();
                    batch.clear();
                }
            } catch (IOException | InterruptedException e) {
                // the reader notices the closed socket and cleans up
            } finally {
                close();
            }
        }

        void close() {
            if (closed) {
                return;
            }
            closed = true;
            closeQuietly(socket);
            queue.clear();
            queue.offer(endOfStream);
        }
    }
}
