package org.jvmmark.workloads.http.vertx;

import io.vertx.core.AbstractVerticle;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.ThreadingModel;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.concurrent.TimeUnit;
import org.jvmmark.workloads.http.common.Handlers;
import org.jvmmark.workloads.http.common.HeldRequests;
import org.jvmmark.workloads.http.server.ServerSettings;
import org.jvmmark.workloads.http.server.ServerUnderTest;

/**
 * Vert.x 5 core HTTP server, one verticle instance per CPU (so every event loop serves, as Vert.x
 * recommends): handlers on the event loop, {@code /sleep} on a Vert.x timer; or, with
 * {@code threads=virtual}, Vert.x 5's own virtual-thread model ({@link ThreadingModel#VIRTUAL_THREAD}
 * verticles: every handler runs on a virtual thread, and {@code /sleep} awaits a Vert.x timer there).
 * Not thread-safe.
 */
public final class VertxServer implements ServerUnderTest {
    private Vertx vertx;
    private String description;

    @Override
    public int start(ServerSettings s) throws Exception {
        int port = s.port() > 0 ? s.port() : freePort(s.host());
        int instances = Runtime.getRuntime().availableProcessors();
        long sleepMillis = s.sleepMillis();
        Buffer body = Buffer.buffer(Handlers.BODY_BYTES);
        vertx = Vertx.vertx();
        vertx.deployVerticle(() -> new AbstractVerticle() {
            @Override
            public void start(io.vertx.core.Promise<Void> started) {
                vertx.createHttpServer(new HttpServerOptions().setHost(s.host()).setPort(port)
                                .setAcceptBacklog(ServerSettings.ACCEPT_BACKLOG).setIdleTimeout(0))
                        .requestHandler(req -> handle(req, s.virtual(), sleepMillis, body))
                        .listen()
                        .<Void>mapEmpty()
                        .onComplete(started);
            }
        }, new DeploymentOptions().setInstances(instances)
                .setThreadingModel(s.virtual() ? ThreadingModel.VIRTUAL_THREAD : ThreadingModel.EVENT_LOOP)).toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        description = "Vert.x " + version() + " core HTTP server, " + instances
                + " verticle instances, " + (s.virtual() ? "a virtual thread per request" : "event loops");
        return port;
    }

    private void handle(HttpServerRequest req, boolean virtual, long sleepMillis, Buffer body) {
        String path = req.path();
        if (!Handlers.isKnown(path)) {
            req.response().setStatusCode(404).end();
            return;
        }
        boolean sleep = Handlers.isSleep(path);
        if (virtual && sleep) {
            // on a virtual-thread verticle the handler runs on a virtual thread: await the timer (Vert.x's
            // documented way to block there; Thread.sleep would hold the verticle's context)
            HeldRequests.enter();
            try {
                vertx.timer(sleepMillis, TimeUnit.MILLISECONDS).await();
            } finally {
                HeldRequests.exit();
            }
            answer(req, body);
        } else if (sleep) {
            HeldRequests.enter();
            vertx.setTimer(sleepMillis, id -> {
                HeldRequests.exit();
                answer(req, body);
            });
        } else {
            answer(req, body);
        }
    }

    private static void answer(HttpServerRequest req, Buffer body) {
        req.response().putHeader("content-type", "text/plain").end(body);
    }

    /** The vertx-core jar's version, from its manifest. */
    private static String version() {
        String v = Vertx.class.getPackage().getImplementationVersion();
        return v == null ? "5" : v;
    }

    private static int freePort(String host) throws java.io.IOException {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(host, 0));
            return socket.getLocalPort();
        }
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public void close() throws Exception {
        if (vertx != null) {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }
}
