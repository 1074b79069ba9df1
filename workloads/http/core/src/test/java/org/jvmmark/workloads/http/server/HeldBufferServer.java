package org.jvmmark.workloads.http.server;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.TrialSpec;
import org.jvmmark.workloads.http.common.Handlers;
import org.jvmmark.workloads.http.common.HeldRequests;

/**
 * A server whose memory per held request is known: its {@code /sleep} handler keeps a buffer of a set size
 * (outside the heap, every page written, so it is resident at once and no collection moves it; or, with {@code heap},
 * on the heap, where it is live for as long as the request is held) for as long as the request is held, and gives it back to a pool when it answers — a request held again reuses a buffer, so the
 * pool grows to the most requests held at once and no further. Every other cost is made flat across hold levels:
 * a pool of platform threads, all started before the first request. It answers the driver's footprint requests as
 * every server under test does ({@link FootprintMonitor}).
 *
 * <p>{@code java HeldBufferServer CONTROL_DIR BUFFER_BYTES SLEEP_MILLIS THREADS [heap|direct]}: serves on loopback until
 * the control directory's stop file appears. Thread-safe handler; one server per JVM.
 */
public final class HeldBufferServer {
    private HeldBufferServer() {
    }

    public static void main(String[] args) throws Exception {
        Path control = Paths.get(args[0]);
        int bufferBytes = Integer.parseInt(args[1]);
        long sleepMillis = Long.parseLong(args[2]);
        int threads = Integer.parseInt(args[3]);
        boolean onHeap = args.length > 4 && args[4].equals("heap");
        System.setProperty("sun.net.httpserver.maxIdleConnections", "1000000");
        System.setProperty("sun.net.httpserver.nodelay", "true");
        ConcurrentLinkedDeque<ByteBuffer> buffers = new ConcurrentLinkedDeque<>();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 4096);
        server.createContext("/", exchange -> handle(exchange, buffers, bufferBytes, sleepMillis, onHeap));
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 1, TimeUnit.HOURS, new LinkedBlockingQueue<>());
        pool.prestartAllCoreThreads();
        server.setExecutor(pool);
        server.start();
        TrialContext context = new TrialContext(new TrialSpec("held-buffer", HeldBufferServer.class.getName(), "smoke", Map.of(),
                control, control));
        long pid = ProcessHandle.current().pid();
        context.announce("server.host", "127.0.0.1");
        context.announce("server.port", Integer.toString(server.getAddress().getPort()));
        context.announce("server.pid", Long.toString(pid));
        try (FootprintMonitor monitor = new FootprintMonitor(control, pid, true)) {
            context.ready();
            context.awaitStop(10, TimeUnit.MINUTES);
        } finally {
            server.stop(0);
            pool.shutdownNow();
        }
    }

    private static void handle(HttpExchange exchange, ConcurrentLinkedDeque<ByteBuffer> buffers, int bufferBytes, long sleepMillis,
                               boolean onHeap) throws IOException {
        try (OutputStream body = exchange.getResponseBody()) {
            if (Handlers.isSleep(exchange.getRequestURI().getPath())) {
                ByteBuffer buffer = buffers.pollFirst();
                if (buffer == null) {
                    buffer = onHeap ? ByteBuffer.allocate(bufferBytes) : ByteBuffer.allocateDirect(bufferBytes);
                    for (int i = 0; i < bufferBytes; i += 4096) {
                        buffer.put(i, (byte) 1); // resident now, whatever allocateDirect did
                    }
                }
                try {
                    HeldRequests.sleep(sleepMillis);
                } finally {
                    buffers.addFirst(buffer);
                }
            }
            exchange.getResponseHeaders().set("Content-Type", "text/plain");
            exchange.sendResponseHeaders(200, Handlers.BODY_BYTES.length);
            body.write(Handlers.BODY_BYTES);
        }
    }
}
