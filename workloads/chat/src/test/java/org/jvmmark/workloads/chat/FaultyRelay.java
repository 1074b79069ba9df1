package org.jvmmark.workloads.chat;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP proxy in front of a chat server that corrupts the stream towards the clients on purpose —
 * sends one chat message twice, or swallows one — so the driver's validation can be seen to fail.
 * Thread-safe.
 */
final class FaultyRelay implements Closeable {
    enum Fault { DUPLICATE, DROP }

    private final ServerSocket listener;
    private final int upstreamPort;
    private final Fault fault;
    /** Which PRIVMSG (counted over all connections) gets the fault. */
    private final AtomicInteger privmsgs = new AtomicInteger();

    FaultyRelay(int upstreamPort, Fault fault) throws IOException {
        this.listener = new ServerSocket(0, 1024, InetAddress.getLoopbackAddress());
        this.upstreamPort = upstreamPort;
        this.fault = fault;
        daemon(this::accept);
    }

    int port() {
        return listener.getLocalPort();
    }

    private void accept() {
        try {
            while (true) {
                Socket client = listener.accept();
                Socket server = new Socket(InetAddress.getLoopbackAddress(), upstreamPort);
                daemon(() -> copy(client, server));
                daemon(() -> relayLines(server, client));
            }
        } catch (IOException e) {
            // closed
        }
    }

    private static void copy(Socket from, Socket to) {
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            in.transferTo(out);
        } catch (IOException e) {
            // one side closed
        }
    }

    private void relayLines(Socket from, Socket to) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(from.getInputStream(), StandardCharsets.UTF_8));
             OutputStream out = to.getOutputStream()) {
            String line;
            while ((line = in.readLine()) != null) {
                byte[] bytes = (line + "\r\n").getBytes(StandardCharsets.UTF_8);
                int copies = 1;
                if (line.contains(" PRIVMSG ") && privmsgs.incrementAndGet() == 7) {
                    copies = fault == Fault.DUPLICATE ? 2 : 0;
                }
                for (int i = 0; i < copies; i++) {
                    out.write(bytes);
                }
                out.flush();
            }
        } catch (IOException e) {
            // one side closed
        }
    }

    private static void daemon(Runnable r) {
        Thread t = new Thread(r, "faulty-relay");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void close() throws IOException {
        listener.close();
    }
}
