package org.jvmmark.workloads.http;

import java.lang.management.ManagementFactory;
import java.net.BindException;
import java.net.InetAddress;
import java.util.concurrent.TimeUnit;

import org.jvmmark.api.Better;
import org.jvmmark.api.Driver;
import org.jvmmark.api.Name;
import org.jvmmark.api.ParamType;
import org.jvmmark.api.Parameter;
import org.jvmmark.api.Profile;
import org.jvmmark.api.Question;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.TrialResult;
import org.jvmmark.api.UnsupportedWorkloadException;
import org.jvmmark.api.Variant;
import org.jvmmark.api.Workload;

/**
 * The HTTP server under test: runs in the JVM under test, starts the server its variant names
 * (Tomcat, Jetty, Vert.x, Helidon, Netty, the JDK's own; the user's jar; the native axum
 * reference), announces {@code server.host}/{@code server.port}/{@code server.pid}, watches the
 * server's footprint for the driver ({@link FootprintMonitor}) and serves until the runner stops
 * it. {@link HttpDriver} (on the host JDK) is the load. The parameters marked "server:" are this
 * side's, the rest the driver's.
 *
 * <p>Not thread-safe: one instance serves one trial.
 */
@Name("http")
@Summary("HTTP servers on platform and virtual threads at 100 to 25,000 keep-alive connections: requests/s, CO-corrected latency, SLA throughput, footprint per held connection")
@Driver(HttpDriver.class)
@Parameter(name = "server", defaultValue = "jdk", choices = {"tomcat", "jetty", "vertx", "helidon", "netty", "jdk", "axum", "app"},
        summary = "server: which server (app: your own jar, see app and url)")
@Parameter(name = "threads", defaultValue = "platform", choices = {"platform", "virtual", "eventloop"},
        summary = "server: platform pool, a virtual thread per request (JDK 21+), or event loop")
@Parameter(name = "host", defaultValue = "127.0.0.1", summary = "server: loopback address to listen on")
@Parameter(name = "port", defaultValue = "0", type = ParamType.INTEGER, summary = "server: port to listen on (0: any free port)")
@Parameter(name = "poolThreads", defaultValue = "200", type = ParamType.INTEGER,
        summary = "server: platform pool size (Tomcat's and Jetty's default; the JDK server's fixed pool)")
@Parameter(name = "sleepMillis", defaultValue = "10000", type = ParamType.INTEGER, summary = "server: how long /sleep waits before it answers")
@Parameter(name = "app", defaultValue = "", summary = "server=app: your server's jar, started with this JDK's java -jar")
@Parameter(name = "appArgs", defaultValue = "", summary = "server=app: arguments after -jar; {port} becomes the port")
@Parameter(name = "url", defaultValue = "http://127.0.0.1:{port}/hello",
        summary = "server=app: the URL to drive; {port} is a free port, given to the app as PORT, -Dserver.port and {port} in appArgs")
@Parameter(name = "sleepUrl", defaultValue = "", summary = "server=app: a URL that answers after a while, for the hold phase (empty: no hold phase)")
@Parameter(name = "body", defaultValue = ServerSettings.BODY, summary = "server=app: the exact body every response must have")
@Parameter(name = "appStartSeconds", defaultValue = "60", type = ParamType.INTEGER, summary = "server=app: how long the jar may take to listen")
@Parameter(name = "mode", defaultValue = "max", choices = {"max", "rate", "hold", "sweep"},
        summary = "driver: max (closed loop, as wrk), rate (open model at a fixed rate, as wrk2), hold (only the hold phase), sweep (rising rates up to the SLA)")
@Parameter(name = "handler", defaultValue = "hello", choices = {"hello", "sleep"}, summary = "driver: the handler max/rate/sweep drive")
@Parameter(name = "connections", defaultValue = "100", type = ParamType.INTEGER,
        summary = "driver: keep-alive connections (a list such as 100,1000 sweeps: one set of trials each)")
@Parameter(name = "rate", defaultValue = "0", type = ParamType.INTEGER, summary = "driver, rate mode: requests/s over all connections")
@Parameter(name = "seconds", defaultValue = "10", type = ParamType.INTEGER, summary = "driver: measured seconds (per step in sweep)")
@Parameter(name = "warmupSeconds", defaultValue = "3", type = ParamType.INTEGER, summary = "driver: unmeasured seconds before")
@Parameter(name = "sla", defaultValue = "p99:10ms", summary = "driver, sweep: the SLA, pNN:TIME (e.g. p99:10ms, p99.9:50ms)")
@Parameter(name = "hold", defaultValue = "true", type = ParamType.BOOLEAN,
        summary = "driver: after the mode, hold every connection with one /sleep request and measure the server's footprint")
@Parameter(name = "sourceAddresses", defaultValue = "4", type = ParamType.INTEGER,
        summary = "driver: loopback source addresses 127.0.0.1..N the connections are spread over (ephemeral ports are per address)")
@Parameter(name = "driverThreads", defaultValue = "2", type = ParamType.INTEGER, summary = "driver: I/O threads (wrk's default is 2)")
@Parameter(name = "responseTimeoutMillis", defaultValue = "10000", type = ParamType.INTEGER,
        summary = "driver: a response later than this (beyond sleepMillis for /sleep) counts as a timeout")
// Each question's figures, in the order they answer it: how long the held /sleep requests took (p50 over all of
// them, each timed from its send, so the requests that queued for a pool thread count), the server's RSS per held
// connection, requests/s on /hello, then latency at a fixed rate (rate mode only: a closed loop's percentiles
// leave out the requests that waited for a connection, so the report never features them).
@Question(name = "tomcat-virtual-vs-platform", text = "Do virtual threads beat platform threads for Tomcat: held requests, memory per held connection, requests/s?",
        across = Question.Across.VARIANTS, baseline = "tomcat-platform", variants = {"tomcat-virtual"}, figures = {"holdLatencyMillis", "serverRssPerHeldConnection", "requestsPerSecond", "endToEnd p50", "endToEnd p99"})
@Question(name = "jetty-virtual-vs-platform", text = "Do virtual threads beat platform threads for Jetty: held requests, memory per held connection, requests/s?",
        across = Question.Across.VARIANTS, baseline = "jetty-platform", variants = {"jetty-virtual"}, figures = {"holdLatencyMillis", "serverRssPerHeldConnection", "requestsPerSecond", "endToEnd p50", "endToEnd p99"})
@Question(name = "jdk-virtual-vs-platform", text = "Do virtual threads beat platform threads for the JDK's HttpServer: held requests, memory per held connection, requests/s?",
        across = Question.Across.VARIANTS, baseline = "jdk-platform", variants = {"jdk-virtual"}, figures = {"holdLatencyMillis", "serverRssPerHeldConnection", "requestsPerSecond", "endToEnd p50", "endToEnd p99"})
@Question(name = "vertx-virtual-vs-eventloop", text = "Do virtual threads beat its event loop for Vert.x: held requests, memory per held connection, requests/s?",
        across = Question.Across.VARIANTS, baseline = "vertx", variants = {"vertx-virtual"}, figures = {"holdLatencyMillis", "serverRssPerHeldConnection", "requestsPerSecond", "endToEnd p50", "endToEnd p99"})
@Variant(name = "tomcat-platform", params = {"server=tomcat", "threads=platform"}, classpath = "servers/tomcat")
@Variant(name = "tomcat-virtual", params = {"server=tomcat", "threads=virtual"}, classpath = "servers/tomcat", since = 21)
@Variant(name = "jetty-platform", params = {"server=jetty", "threads=platform"}, classpath = "servers/jetty")
@Variant(name = "jetty-virtual", params = {"server=jetty", "threads=virtual"}, classpath = "servers/jetty", since = 21)
@Variant(name = "vertx", params = {"server=vertx", "threads=eventloop"}, classpath = "servers/vertx")
@Variant(name = "vertx-virtual", params = {"server=vertx", "threads=virtual"}, classpath = "servers/vertx", since = 21)
@Variant(name = "helidon", params = {"server=helidon", "threads=virtual"}, classpath = "servers/helidon")
@Variant(name = "netty", params = {"server=netty", "threads=eventloop"}, classpath = "servers/netty")
@Variant(name = "jdk-platform", params = {"server=jdk", "threads=platform"})
@Variant(name = "jdk-virtual", params = {"server=jdk", "threads=virtual"}, since = 21)
@Variant(name = "axum", params = {"server=axum", "threads=eventloop"}, jvm = false)
@Profile(name = "smoke", params = {"connections=100", "seconds=1", "warmupSeconds=2", "sleepMillis=200", "driverThreads=1"},
        timeoutSeconds = 90, estimatedSeconds = 5)
@Profile(name = "quick", params = {"connections=100,1000", "seconds=5", "warmupSeconds=2", "sleepMillis=1000"},
        timeoutSeconds = 300, estimatedSeconds = 15)
@Profile(name = "standard", params = {"connections=100,1000,10000,25000", "seconds=30", "warmupSeconds=10", "sleepMillis=10000"},
        timeoutSeconds = 1200, estimatedSeconds = 90)
public final class HttpWorkload implements Workload {


    /** The server side's settings. Immutable. */
    static final class Config {
        final String server;
        final ServerSettings settings;
        final String app;
        final String appArgs;
        final AppUrl url;
        final long appStartSeconds;

        Config(TrialContext c) throws java.io.IOException {
            this.server = c.param("server");
            String host = c.param("host");
            if (!InetAddress.getByName(host).isLoopbackAddress()) {
                throw new IllegalArgumentException("http: host must be a loopback address (jvmmark servers listen on loopback only), not " + host);
            }
            this.settings = new ServerSettings(host, c.intParam("port"), c.param("threads"), c.intParam("poolThreads"),
                    c.longParam("sleepMillis"), c.workDir());
            this.app = c.param("app");
            this.appArgs = c.param("appArgs");
            this.url = server.equals("app") ? AppUrl.parse(c.param("url")) : null;
            this.appStartSeconds = c.longParam("appStartSeconds");
        }
    }

    @Override
    public void run(TrialContext context) throws Exception {
        Config config = new Config(context);
        int asked = config.settings.port();
        if (asked > 0 && ExternalServer.accepts(config.settings.host(), asked)) {
            throw new IllegalArgumentException("http: " + config.settings.host() + ":" + asked
                    + " is already in use by another process; use port=0 for any free port");
        }
        Footprint bare = Footprint.measure(ProcessHandle.current().pid(), true, true);
        try (ServerUnderTest server = Servers.create(config.server, config)) {
            int port;
            try {
                port = server.start(config.settings);
            } catch (BindException e) {
                throw new IllegalArgumentException("http: cannot listen on " + config.settings.host() + ":" + config.settings.port()
                        + " (" + e.getMessage() + "): the port is in use; use port=0 for any free port");
            } catch (UnsupportedOperationException e) {
                throw new UnsupportedWorkloadException(e.getMessage(), e);
            }
            String host = config.url != null ? config.url.host() : config.settings.host();
            context.announce("server.host", host);
            context.announce("server.port", Integer.toString(port));
            context.announce("server.pid", Long.toString(server.pid()));
            if (config.url != null) {
                context.announce("server.path", config.url.path());
            }
            try (FootprintMonitor monitor = new FootprintMonitor(context.spec().controlDir(), server.pid(), server.inThisJvm())) {
                context.ready();
                context.log("http server: " + server.describe() + " on " + host + ":" + port);
                awaitStop(context, server);
                record(context.result(), server, config.server.equals("axum"), bare, monitor.peak());
            }
        }
    }

    /** Waits for the runner's stop; an external server that dies ends the trial at once. */
    private static void awaitStop(TrialContext context, ServerUnderTest server) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.DAYS.toNanos(7);
        while (!context.awaitStop(100, TimeUnit.MILLISECONDS)) {
            if (server instanceof ExternalServer && ((ExternalServer) server).exitReason() != null) {
                throw new IllegalStateException(((ExternalServer) server).exitReason());
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("the runner never asked the server to stop");
            }
        }
    }

    static void record(TrialResult result, ServerUnderTest server, boolean nativeReference, Footprint bare, Footprint peak) {
        result.info("server", server.describe());
        if (nativeReference) {
            result.info("notAJvm", true);
            result.warning("not a JVM: the native reference (axum 0.8, Rust); the JDK of this row only started it");
        }
        result.metric("serverPeakRss", peak.rssBytes, "bytes", Better.LOWER);
        result.metric("serverPeakThreads", peak.threads, "threads", Better.NONE);
        if (server.inThisJvm()) {
            result.metric("serverPeakHeapUsed", peak.heapUsedBytes, "bytes", Better.LOWER);
            result.metric("serverPeakHeapCommitted", peak.heapCommittedBytes, "bytes", Better.LOWER);
            result.info("jvmBeforeServerStarted", bare.toProperties());
            result.info("peakJvmThreadsStarted", ManagementFactory.getThreadMXBean().getPeakThreadCount());
        } else {
            result.info("serverPid", server.pid());
            result.info("serverProcessNote", "the server is a process of its own (" + server.describe() + "): the server* figures"
                    + " are its own; the trial's process block is the JVM that started it");
        }
        result.info("threadsNote", "threads are OS threads of the server process (/proc): virtual threads are not among them");
    }
}
