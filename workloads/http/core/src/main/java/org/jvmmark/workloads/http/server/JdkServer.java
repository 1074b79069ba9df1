package org.jvmmark.workloads.http.server;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.jvmmark.workloads.http.common.Handlers;
import org.jvmmark.workloads.http.common.HeldRequests;

/**
 * The JDK's own {@code com.sun.net.httpserver} server: one selector thread dispatching each
 * exchange to a fixed pool of platform threads or to a virtual thread per exchange. Not thread-safe.
 */
public final class JdkServer implements ServerUnderTest {
    private HttpServer server;
    private ExecutorService executor;
    private String description;

    @Override
    public int start(ServerSettings s) throws IOException {
        // The JDK server closes connections beyond 200 idle ones by default; a benchmark holding
        // thousands of keep-alive connections would see them closed between requests.
        System.setProperty("sun.net.httpserver.maxIdleConnections", "1000000");
        // TCP_NODELAY, as the other servers have by default: JDK 17's server writes the headers and
        // the body in two writes, and with Nagle on the body waited for the client's delayed ACK — 44 ms
        // per request (uncorrected p50 measured on JDK 17 at 1,000/s over 20 connections: 351 req/s)
        System.setProperty("sun.net.httpserver.nodelay", "true");
        // idle keep-alive connections are closed after idleInterval seconds (default 30)
        System.setProperty("sun.net.httpserver.idleInterval", Long.toString(ServerSettings.IDLE_TIMEOUT_MILLIS / 1000));
        server = HttpServer.create(new InetSocketAddress(s.host(), s.port()), ServerSettings.ACCEPT_BACKLOG);
        server.createContext("/", exchange -> handle(exchange, s.sleepMillis()));
        executor = s.virtual() ? VirtualThreads.newPerTaskExecutor() : Executors.newFixedThreadPool(s.poolThreads());
        server.setExecutor(executor);
        server.start();
        description = "com.sun.net.httpserver (JDK " + Runtime.version().feature() + "), "
                + (s.virtual() ? "a virtual thread per exchange" : "fixed pool of " + s.poolThreads() + " platform threads");
        return server.getAddress().getPort();
    }

    private static void handle(HttpExchange exchange, long sleepMillis) throws IOException {
        try (OutputStream body = exchange.getResponseBody()) {
            String path = exchange.getRequestURI().getPath();
            if (!Handlers.isKnown(path)) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            if (Handlers.isSleep(path)) {
                HeldRequests.sleep(sleepMillis);
            }
            exchange.getResponseHeaders().set("Content-Type", "text/plain");
            exchange.sendResponseHeaders(200, Handlers.BODY_BYTES.length);
            body.write(Handlers.BODY_BYTES);
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public void close() {
        if (server != null) {
            server.stop(0);
        }
        if (executor != null) {
            executor.shutdownNow();
        }
    }
}
