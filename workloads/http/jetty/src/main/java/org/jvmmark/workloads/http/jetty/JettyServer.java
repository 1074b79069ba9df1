package org.jvmmark.workloads.http.jetty;

import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.jvmmark.workloads.http.common.Handlers;
import org.jvmmark.workloads.http.common.HeldRequests;
import org.jvmmark.workloads.http.server.ServerSettings;
import org.jvmmark.workloads.http.server.ServerUnderTest;
import org.jvmmark.workloads.http.server.VirtualThreads;

/**
 * Jetty 12 with a core {@link Handler} (no servlet layer): a {@code QueuedThreadPool} of
 * {@code poolThreads} platform threads (Jetty's default 200), or the same pool with virtual threads
 * for the blocking handler ({@code setVirtualThreadsExecutor}). Not thread-safe.
 */
public final class JettyServer implements ServerUnderTest {
    private Server server;
    private String description;

    @Override
    public int start(ServerSettings s) throws Exception {
        QueuedThreadPool pool = new QueuedThreadPool(s.poolThreads());
        pool.setName("jetty");
        if (s.virtual()) {
            pool.setVirtualThreadsExecutor(VirtualThreads.newPerTaskExecutor());
        }
        server = new Server(pool);
        ServerConnector connector = new ServerConnector(server);
        connector.setHost(s.host());
        connector.setPort(s.port());
        connector.setAcceptQueueSize(ServerSettings.ACCEPT_BACKLOG);
        connector.setIdleTimeout(ServerSettings.IDLE_TIMEOUT_MILLIS);
        server.addConnector(connector);
        long sleepMillis = s.sleepMillis();
        server.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws Exception {
                String path = request.getHttpURI().getPath();
                if (!Handlers.isKnown(path)) {
                    Response.writeError(request, response, callback, 404);
                    return true;
                }
                if (Handlers.isSleep(path)) {
                    HeldRequests.sleep(sleepMillis);
                }
                response.setStatus(200);
                response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain");
                response.getHeaders().put(HttpHeader.CONTENT_LENGTH, Handlers.BODY_BYTES.length);
                response.write(true, ByteBuffer.wrap(Handlers.BODY_BYTES), callback);
                return true;
            }
        });
        server.start();
        description = "Jetty " + Server.getVersion() + " (core handler), "
                + (s.virtual() ? "virtual threads" : "QueuedThreadPool of " + s.poolThreads() + " platform threads");
        return connector.getLocalPort();
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public void close() throws Exception {
        if (server != null) {
            server.stop();
        }
    }
}
