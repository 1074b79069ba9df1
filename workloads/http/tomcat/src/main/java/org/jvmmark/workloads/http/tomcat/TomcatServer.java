package org.jvmmark.workloads.http.tomcat;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.file.Files;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.catalina.Context;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.jvmmark.workloads.http.common.Handlers;
import org.jvmmark.workloads.http.common.HeldRequests;
import org.jvmmark.workloads.http.server.ServerSettings;
import org.jvmmark.workloads.http.server.ServerUnderTest;

/**
 * Embedded Tomcat 11, NIO connector, one servlet: a pool of {@code poolThreads} platform threads
 * (Tomcat's default 200) or {@code useVirtualThreads}. Connection counting is off
 * ({@code maxConnections=-1}; Tomcat's default 8,192 would refuse the larger levels) and a
 * connection serves any number of requests ({@code maxKeepAliveRequests=-1}; the default 100 would
 * close it every 100 requests). Not thread-safe.
 */
public final class TomcatServer implements ServerUnderTest {
    /** Held so the level sticks: java.util.logging keeps loggers weakly. */
    private static final Logger TOMCAT_LOG = Logger.getLogger("org.apache");
    private Tomcat tomcat;
    private String description;

    @Override
    public int start(ServerSettings s) throws Exception {
        TOMCAT_LOG.setLevel(Level.WARNING);
        tomcat = new Tomcat();
        tomcat.setBaseDir(Files.createDirectories(s.workDir().resolve("tomcat")).toString());
        Connector connector = new Connector("org.apache.coyote.http11.Http11NioProtocol");
        connector.setPort(s.port());
        connector.setProperty("address", s.host());
        connector.setProperty("maxConnections", "-1");
        connector.setProperty("maxKeepAliveRequests", "-1");
        connector.setProperty("acceptCount", Integer.toString(ServerSettings.ACCEPT_BACKLOG));
        connector.setProperty("connectionTimeout", Long.toString(ServerSettings.IDLE_TIMEOUT_MILLIS));
        connector.setProperty("keepAliveTimeout", Long.toString(ServerSettings.IDLE_TIMEOUT_MILLIS));
        if (s.virtual()) {
            connector.setProperty("useVirtualThreads", "true");
        } else {
            connector.setProperty("maxThreads", Integer.toString(s.poolThreads()));
        }
        tomcat.getService().addConnector(connector);
        tomcat.setConnector(connector);
        Context context = tomcat.addContext("", null);
        Tomcat.addServlet(context, "jvmmark", new HandlerServlet(s.sleepMillis()));
        context.addServletMappingDecoded("/*", "jvmmark");
        tomcat.start();
        description = "Tomcat " + org.apache.catalina.util.ServerInfo.getServerNumber() + " (embedded, NIO connector), "
                + (s.virtual() ? "virtual threads" : "pool of " + s.poolThreads() + " platform threads");
        return connector.getLocalPort();
    }

    /** Both handlers in one servlet. Thread-safe (stateless). */
    static final class HandlerServlet extends HttpServlet {
        private static final long serialVersionUID = 1L;
        private final long sleepMillis;

        HandlerServlet(long sleepMillis) {
            this.sleepMillis = sleepMillis;
        }

        @Override
        protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
            String path = req.getRequestURI();
            if (!Handlers.isKnown(path)) {
                resp.sendError(404);
                return;
            }
            if (Handlers.isSleep(path)) {
                HeldRequests.sleep(sleepMillis);
            }
            resp.setContentType("text/plain");
            resp.setContentLength(Handlers.BODY_BYTES.length);
            resp.getOutputStream().write(Handlers.BODY_BYTES);
        }
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public void close() throws Exception {
        if (tomcat != null) {
            tomcat.stop();
            tomcat.destroy();
        }
    }
}
