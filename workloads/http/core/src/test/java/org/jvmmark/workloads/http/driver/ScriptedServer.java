package org.jvmmark.workloads.http.driver;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A keep-alive HTTP/1.1 server for the driver's tests, a thread per connection, with faults on cue.
 * Requests are numbered from 1 over all connections. It answers every request with {@code body}
 * (status {@link #status}), after {@link #sleepMillis}; request {@code stallAt} only after {@code
 * stallMillis}; request {@link #closeAt} (and every multiple of it) is not answered: the connection
 * is closed instead; at request {@link #outageAt} every connection is closed and nothing is accepted
 * for {@link #outageMillis}. Thread-safe; close it after the test.
 */
final class ScriptedServer implements AutoCloseable {
    private final int port;
    private final byte[] body;
    private final long stallAt;
    private final long stallMillis;
    private final AtomicLong requests = new AtomicLong();
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile ServerSocket socket;
    private volatile boolean closed;
    volatile int status = 200;
    volatile long sleepMillis;
    volatile long closeAt;
    volatile long outageAt;
    volatile long outageMillis;

    ScriptedServer(String body, long stallAt, long stallMillis) throws IOException {
        this.body = body.getBytes(StandardCharsets.US_ASCII);
        this.stallAt = stallAt;
        this.stallMillis = stallMillis;
        this.socket = listen(0);
        this.port = socket.getLocalPort();
        startAccepting(socket);
    }

    private static ServerSocket listen(int port) throws IOException {
        ServerSocket s = new ServerSocket();
        s.setReuseAddress(true);
        s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1000);
        return s;
    }

    InetSocketAddress address() {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
    }

    long requests() {
        return requests.get();
    }

    private void startAccepting(ServerSocket s) {
        Thread accept = new Thread(() -> accept(s), "scripted-accept");
        accept.setDaemon(true);
        accept.start();
    }

    private void accept(ServerSocket s) {
        while (!s.isClosed()) {
            try {
                Socket c = s.accept();
                c.setTcpNoDelay(true);
                open.add(c);
                Thread t = new Thread(() -> serve(c), "scripted-conn");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket s) {
        try (Socket c = s; InputStream in = c.getInputStream(); OutputStream out = c.getOutputStream()) {
            int matched = 0;
            for (int b; (b = in.read()) >= 0; ) {
                matched = (b == '\r' && (matched == 0 || matched == 2)) || (b == '\n' && (matched == 1 || matched == 3)) ? matched + 1 : 0;
                if (matched == 4) {
                    matched = 0;
                    long n = requests.incrementAndGet();
                    if (n == outageAt) {
                        outage();
                        return;
                    }
                    if (closeAt > 0 && n % closeAt == 0) {
                        return;
                    }
                    if (n == stallAt) {
                        Thread.sleep(stallMillis);
                    }
                    if (sleepMillis > 0) {
                        Thread.sleep(sleepMillis);
                    }
                    int st = status;
                    out.write(("HTTP/1.1 " + st + (st == 200 ? " OK" : " Error") + "\r\nContent-Length: " + body.length
                            + "\r\nContent-Type: text/plain\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                    out.write(body);
                    out.flush();
                }
            }
        } catch (IOException | InterruptedException e) {
            // the client went away
        } finally {
            open.remove(s);
        }
    }

    /** Closes the listener and every connection; listens again on the same port after {@link #outageMillis}. */
    private void outage() throws IOException, InterruptedException {
        socket.close();
        for (Socket c : open) {
            c.close();
        }
        Thread back = new Thread(() -> {
            try {
                Thread.sleep(outageMillis);
                if (!closed) {
                    socket = listen(port);
                    startAccepting(socket);
                }
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException("cannot listen again on " + port, e);
            }
        }, "scripted-back");
        back.setDaemon(true);
        back.start();
    }

    @Override
    public void close() throws IOException {
        closed = true;
        socket.close();
        for (Socket c : open) {
            c.close();
        }
    }
}
