package org.jvmmark.workloads.chat;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.Predicate;

/** A bare IRC client for tests: blocking socket, raw lines, waits with time limits. Not thread-safe. */
final class RawClient implements Closeable {
    private final Socket socket;
    private final BufferedReader in;
    private final OutputStream out;
    final StringBuilder transcript = new StringBuilder();

    private RawClient(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
        this.out = socket.getOutputStream();
    }

    static RawClient connect(int port) throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        return new RawClient(s);
    }

    /** Connects with a tiny receive buffer, so a client that does not read fills up fast. */
    static RawClient connectSmallBuffer(int port) throws IOException {
        Socket s = new Socket();
        s.setReceiveBufferSize(4096);
        s.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        return new RawClient(s);
    }

    /** Registers and waits for 001. */
    static RawClient registered(int port, String nick) throws IOException {
        RawClient c = connect(port);
        c.send("NICK " + nick, "USER " + nick + " 0 * :" + nick);
        c.expect(" 001 ");
        return c;
    }

    Socket socket() {
        return socket;
    }

    void send(String... lines) throws IOException {
        StringBuilder b = new StringBuilder();
        for (String line : lines) {
            b.append(line).append("\r\n");
        }
        raw(b.toString().getBytes(StandardCharsets.UTF_8));
    }

    void raw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** Joins and waits for the end of the names list. */
    void join(String channel) throws IOException {
        send("JOIN " + channel);
        expect(" 366 ");
    }

    /** Reads lines until one contains {@code text}; fails after 10 s. */
    String expect(String text) throws IOException {
        return expect(line -> line.contains(text), "a line containing '" + text + "'", Duration.ofSeconds(10));
    }

    String expect(Predicate<String> wanted, String what, Duration limit) throws IOException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("timed out waiting for " + what + "; got:\n" + transcript);
            }
            socket.setSoTimeout((int) Math.max(1, left / 1_000_000));
            String line;
            try {
                line = in.readLine();
            } catch (SocketTimeoutException e) {
                continue;
            }
            if (line == null) {
                throw new AssertionError("connection closed while waiting for " + what + "; got:\n" + transcript);
            }
            transcript.append(line).append('\n');
            if (wanted.test(line)) {
                return line;
            }
        }
    }

    /** Reads (and discards) until the server closes the connection; false if it did not within {@code limit}. */
    boolean drainUntilClosed(Duration limit) throws IOException {
        long deadline = System.nanoTime() + limit.toNanos();
        char[] buffer = new char[64 * 1024];
        while (System.nanoTime() < deadline) {
            socket.setSoTimeout(200);
            try {
                if (in.read(buffer) < 0) {
                    return true;
                }
            } catch (SocketTimeoutException e) {
                // keep waiting
            } catch (IOException e) {
                return true; // reset by the server
            }
        }
        return false;
    }

    /** Asserts that nothing matching {@code unwanted} arrives before a PING round trip completes. */
    void expectNothingBeforePong(Predicate<String> unwanted, String what) throws IOException {
        send("PING :fence");
        expect(line -> {
            if (unwanted.test(line)) {
                throw new AssertionError("unexpected " + what + ": " + line);
            }
            return line.contains("PONG") && line.endsWith("fence");
        }, "PONG fence", Duration.ofSeconds(10));
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
