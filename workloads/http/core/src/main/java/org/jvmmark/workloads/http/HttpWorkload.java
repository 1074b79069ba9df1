package org.jvmmark.workloads.http;

import org.jvmmark.api.BudgetCuts;
import org.jvmmark.api.Driver;
import org.jvmmark.api.Name;
import org.jvmmark.api.ParamType;
import org.jvmmark.api.Parameter;
import org.jvmmark.api.Profile;
import org.jvmmark.api.Question;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.TuneSpace;
import org.jvmmark.api.Variant;
import org.jvmmark.api.Workload;
import org.jvmmark.workloads.http.common.AppJarCheck;
import org.jvmmark.workloads.http.driver.HttpDriver;
import org.jvmmark.workloads.http.driver.RequestMixCheck;
import org.jvmmark.workloads.http.server.ServerTrial;
import org.jvmmark.workloads.http.common.Handlers;

/**
 * The http workload's declaration — its parameters, variants and profiles — and its entry point in
 * the JVM under test, which runs the server side ({@link ServerTrial}). {@link HttpDriver} (on the
 * host JDK, in another process) is the load. The parameters marked "server:" are the server side's,
 * the rest the driver's.
 *
 * <p>Stateless: each {@link #run} delegates to a fresh {@link ServerTrial}.
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
@Parameter(name = "app", defaultValue = "", summary = "server=app: your server's jar, started with this JDK's java -jar",
        check = AppJarCheck.class)
@Parameter(name = "appArgs", defaultValue = "", summary = "server=app: arguments after -jar; {port} becomes the port")
@Parameter(name = "url", defaultValue = "http://127.0.0.1:{port}/hello",
        summary = "server=app: the URL to drive; {port} is a free port, given to the app as PORT, -Dserver.port and {port} in appArgs")
@Parameter(name = "sleepUrl", defaultValue = "", summary = "server=app: a URL that answers after a while, for the hold phase (empty: no hold phase)")
@Parameter(name = "mix", defaultValue = "", check = RequestMixCheck.class,
        summary = "driver: a request mix (JSON: method, path, headers, body, status, weight per request) that max, rate and sweep send instead of GET of the url; a latency probe per entry")
@Parameter(name = "body", defaultValue = Handlers.BODY, summary = "server=app: the exact body every response must have")
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
        summary = "driver: before the mode, keep every connection holding one /sleep request and measure the server's footprint")
@Parameter(name = "holdSettleSeconds", defaultValue = "6", type = ParamType.INTEGER,
        summary = "driver: how long each hold level may take for the server's RSS to settle (else the row says it did not)")
@Parameter(name = "sourceAddresses", defaultValue = "4", type = ParamType.INTEGER,
        summary = "driver: loopback source addresses 127.0.0.1..N the connections are spread over (ephemeral ports are per address)")
@Parameter(name = "driverProcesses", defaultValue = "1", type = ParamType.INTEGER,
        summary = "driver, rate/sweep: driver processes on this host, each with its share of the connections and one slice of the schedule; histograms merged exactly")
@Parameter(name = "segment", defaultValue = "1/1",
        summary = "driver, rate/sweep: run slice I/N of the schedule (one per host, all with the same startAt); merge their driver.hlog files")
@Parameter(name = "startAt", defaultValue = "",
        summary = "driver, rate/sweep: wall-clock start of the schedule (epoch ms or ISO-8601 instant), so slices on several hosts line up")
@Parameter(name = "driverThreads", defaultValue = "0", type = ParamType.INTEGER,
        summary = "driver: I/O threads; 0 = a quarter of the CPUs, at least 1 in max mode and 2 in the others")
@Parameter(name = "responseTimeoutMillis", defaultValue = "10000", type = ParamType.INTEGER,
        summary = "driver: a response later than this (beyond sleepMillis for /sleep) counts as a timeout")
// Each pair's figures, in the order they answer it: how long the held /sleep requests took (p50 over all of
// them, each timed from its send, so the requests that queued for a pool thread count), the server's live heap per held
// request (read after a full collection with the connections idle and again with every request held: what the held
// requests keep reachable, whenever the collector last ran; RSS and committed heap per held request, read at the same
// two points and as they were, are beside it in the tables, and follow how far the collector let the heap grow),
// requests/s on /hello, then latency at a fixed rate (rate mode only: a closed loop's percentiles leave out the requests
// that waited for a connection, so the report never features them).
@Question(name = "tomcat-virtual-vs-platform", text = "Do virtual threads beat platform threads for Tomcat: held requests, memory per held request (the live heap after a full collection: RSS follows how far the heap had grown), requests/s?",
        across = Question.Across.VARIANTS, baseline = "tomcat-platform", variants = {"tomcat-virtual"}, figures = {"holdLatencyMillis", "serverLiveHeapPerHeldRequest", "requestsPerSecond", "endToEnd p50", "endToEnd p99"})
@Question(name = "jetty-virtual-vs-platform", text = "Do virtual threads beat platform threads for Jetty: held requests, memory per held request (the live heap after a full collection: RSS follows how far the heap had grown), requests/s?",
        across = Question.Across.VARIANTS, baseline = "jetty-platform", variants = {"jetty-virtual"}, figures = {"holdLatencyMillis", "serverLiveHeapPerHeldRequest", "requestsPerSecond", "endToEnd p50", "endToEnd p99"})
@Question(name = "jdk-virtual-vs-platform", text = "Do virtual threads beat platform threads for the JDK's HttpServer: held requests, memory per held request (the live heap after a full collection: RSS follows how far the heap had grown), requests/s?",
        across = Question.Across.VARIANTS, baseline = "jdk-platform", variants = {"jdk-virtual"}, figures = {"holdLatencyMillis", "serverLiveHeapPerHeldRequest", "requestsPerSecond", "endToEnd p50", "endToEnd p99"})
@Question(name = "vertx-virtual-vs-eventloop", text = "Do virtual threads beat its event loop for Vert.x: held requests, memory per held request (the live heap after a full collection: RSS follows how far the heap had grown), requests/s?",
        across = Question.Across.VARIANTS, baseline = "vertx", variants = {"vertx-virtual"}, figures = {"holdLatencyMillis", "serverLiveHeapPerHeldRequest", "requestsPerSecond", "endToEnd p50", "endToEnd p99"})
// Which JVM, for each server and thread model on its own (every JDK that runs it: platform threads from 11, or 17 for
// Tomcat and Jetty; virtual threads from 21). Declared last: a budget that cannot hold every row cuts the rows only this
// ranking asks about (platform threads on 11 and 17) before any pair (@BudgetCuts "questions").
@Question(name = "fastest-jvm", text = "Which JVM serves each server and thread model fastest: requests/s, held requests?",
        figures = {"requestsPerSecond", "holdLatencyMillis"})
// Tomcat 11 and Jetty 12 are compiled for Java 17: older JDKs get an unsupported row, not a fork that fails
@Variant(name = "tomcat-platform", params = {"server=tomcat", "threads=platform"}, classpath = "servers/tomcat", since = 17)
@Variant(name = "tomcat-virtual", params = {"server=tomcat", "threads=virtual"}, classpath = "servers/tomcat", since = 21)
@Variant(name = "jetty-platform", params = {"server=jetty", "threads=platform"}, classpath = "servers/jetty", since = 17, inDefaultSet = false)
@Variant(name = "jetty-virtual", params = {"server=jetty", "threads=virtual"}, classpath = "servers/jetty", since = 21, inDefaultSet = false)
@Variant(name = "vertx", params = {"server=vertx", "threads=eventloop"}, classpath = "servers/vertx", inDefaultSet = false)
@Variant(name = "vertx-virtual", params = {"server=vertx", "threads=virtual"}, classpath = "servers/vertx", since = 21, inDefaultSet = false)
@Variant(name = "helidon", params = {"server=helidon", "threads=virtual"}, classpath = "servers/helidon", inDefaultSet = false)
@Variant(name = "netty", params = {"server=netty", "threads=eventloop"}, classpath = "servers/netty", inDefaultSet = false)
@Variant(name = "jdk-platform", params = {"server=jdk", "threads=platform"})
@Variant(name = "jdk-virtual", params = {"server=jdk", "threads=virtual"}, since = 21)
@Variant(name = "axum", params = {"server=axum", "threads=eventloop"}, jvm = false, inDefaultSet = false)
@Profile(name = "smoke", params = {"connections=100", "seconds=1", "warmupSeconds=2", "sleepMillis=200", "driverThreads=1",
        "holdSettleSeconds=3"}, timeoutSeconds = 90, estimatedSeconds = 7)
// --budget drops connection levels first, keeping 1,000 (the level the question is asked at) to the last, then the
// variants outside the default set, then the JDK server's pair (a later question; Tomcat's pair answers the first).
@BudgetCuts({"connections=100,25000,10000", "variants", "questions", "forks"})
// the hold latency is the handler's sleep, which no setting moves: tune races throughput
@TuneSpace(value = {"gc=G1,Parallel,Serial,ZGC", "Xmx=128m..1g:log"}, objective = "requestsPerSecond")
// quick answers the workload's question at 1,000 connections only (the main job must fit in minutes); sweep
// 100 too with --param connections=100,1000.
// The hold phase keeps every connection held until the server's RSS settles (issue 31): 2–6 s more than before. To keep
// the main job within 15 minutes, quick waits at most 3 s for each level to settle (a row that did not settle says so;
// at 4 s most rows had not either, and their figures agreed with an outside client's within 8 %) and measures
// requests/s for 2 s after a 2 s warm-up.
// estimatedSeconds: a quick fork's measured wall time, the mean over the default set's variants (Tomcat platform 16.0 s,
// virtual 11.9, JDK platform 14.7, virtual 10.3 on AMD; 16.8, 12.7, 15.0, 10.8 on Intel) — measured/2026-11-27/durations.md
@Profile(name = "quick", params = {"connections=1000", "seconds=2", "warmupSeconds=2", "sleepMillis=1000", "holdSettleSeconds=3"},
        timeoutSeconds = 300, estimatedSeconds = 14)
@Profile(name = "standard", params = {"connections=100,1000,10000,25000", "seconds=30", "warmupSeconds=10", "sleepMillis=10000"},
        timeoutSeconds = 1200, estimatedSeconds = 90)
public final class HttpWorkload implements Workload {
    @Override
    public void run(TrialContext context) throws Exception {
        new ServerTrial().run(context);
    }
}
