package org.jvmmark.workloads.http.driver;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A keep-alive HTTP/1.1 server for the driver's tests, a thread per connection: answers every
 * request with {@code body}, and request number {@code stallAt} (counting from 1 over all
 * connections) only after {@code stallMillis}. Thread-safe; close it after the test.
 */
final class ScriptedServer implements AutoCloseable {
    private final ServerSocket socket;
    private final byte[] response;
    private final long stallAt;
    private final long stallMillis;
    private final AtomicLong requests = new AtomicLong();

    ScriptedServer(String body, long stallAt, long stallMillis) throws IOException {
        this.socket = new ServerSocket();
        socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1000);
        byte[] b = body.getBytes(StandardCharsets.US_ASCII);
        this.response = ("HTTP/1.1 200 OK\r\nContent-Length: " + b.length + "\r\nContent-Type: text/plain\r\n\r\n" + body)
                .getBytes(StandardCharsets.US_ASCII);
        this.stallAt = stallAt;
        this.stallMillis = stallMillis;
        Thread accept = new Thread(this::accept, "scripted-accept");
        accept.setDaemon(true);
        accept.start();
    }

    InetSocketAddress address() {
        return new InetSocketAddress(socket.getInetAddress(), socket.getLocalPort());
    }

    private void accept() {
        while (!socket.isClosed()) {
            try {
                Socket s = socket.accept();
                s.setTcpNoDelay(true);
                Thread t = new Thread(() -> serve(s), "scripted-conn");
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
                    if (requests.incrementAndGet() == stallAt) {
                        Thread.sleep(stallMillis);
                    }
                    out.write(response);
                    out.flush();
                }
            }
        } catch (IOException | InterruptedException e) {
            // the client went away
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
