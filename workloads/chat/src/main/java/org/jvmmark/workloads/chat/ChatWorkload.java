package org.jvmmark.workloads.chat;

import java.io.IOException;
import java.lang.management.ManagementFactory;
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
import org.jvmmark.api.TuneSpace;
import org.jvmmark.api.UnsupportedWorkloadException;
import org.jvmmark.api.Variant;
import org.jvmmark.api.Workload;

/**
 * The chat server under test — VolanoMark for today. The driver's score comes from measured rounds
 * after warm-up rounds it discards, all within one fork ({@code warmupRounds}, {@code rounds}): a
 * score over the first seconds after the server's JVM starts measures its JIT, not the server. It runs in the JVM under test, speaks the
 * IRC subset of {@link IrcSession}, announces {@code server.host}/{@code server.port}, and serves
 * until the runner stops it; {@link ChatDriver} (on the host JDK) is the load. When stopped it
 * records its own footprint: resident set size, heap after a full collection, peak thread count,
 * connections served. The parameters below are shared: {@code impl}, {@code host}, {@code port} and
 * {@code maxQueuedLines} are the server's, the rest the driver's.
 *
 * <p>Not thread-safe: one instance serves one trial.
 */
@Name("chat")
@Summary("VolanoMark-style chat server (IRC subset): rooms of users taking turns to broadcast; msg/s, delivery latency, footprint and capacity")
@Driver(ChatDriver.class)
@Parameter(name = "impl", defaultValue = "platform", choices = {"platform", "virtual", "nio"},
        summary = "server: a platform thread per connection, a virtual thread per connection (JDK 21+), or one NIO selector thread")
@Parameter(name = "host", defaultValue = "127.0.0.1", summary = "server: loopback address to listen on")
@Parameter(name = "port", defaultValue = "0", type = ParamType.INTEGER, summary = "server: port to listen on (0: any free port)")
@Parameter(name = "maxQueuedLines", defaultValue = "1000", type = ParamType.INTEGER,
        summary = "server: lines queued for a client that does not read before it is disconnected")
@Parameter(name = "mode", defaultValue = "volano", choices = {"volano", "capacity"},
        summary = "driver: volano (rooms of users exchanging messages) or capacity (hold idle connections, measure their cost)")
@Parameter(name = "rooms", defaultValue = "10", type = ParamType.INTEGER, summary = "driver: chat rooms (channels)")
@Parameter(name = "users", defaultValue = "20", type = ParamType.INTEGER, summary = "driver: users per room, one connection each")
@Parameter(name = "count", defaultValue = "100", type = ParamType.INTEGER, summary = "driver: messages each user sends")
@Parameter(name = "warmupRounds", defaultValue = "2", type = ParamType.INTEGER,
        summary = "driver, volano mode: rounds of count messages a user sent first and discarded (the server's JIT warms up), on the same connections")
@Parameter(name = "rounds", defaultValue = "3", type = ParamType.INTEGER,
        summary = "driver, volano mode: measured rounds after the warm-up; the score is their messages per second, each round's score a sample")
@Parameter(name = "messageChars", defaultValue = "60", type = ParamType.INTEGER, summary = "driver: characters per message")
@Parameter(name = "pause", defaultValue = "0", type = ParamType.INTEGER,
        summary = "driver: ms between a user's messages on a fixed schedule; 0 = users take turns (VolanoMark)")
@Parameter(name = "connections", defaultValue = "5000", type = ParamType.INTEGER,
        summary = "driver, capacity mode: idle connections to open (bounded by the open-file limit, see ulimit -n)")
@Parameter(name = "stallSeconds", defaultValue = "30", type = ParamType.INTEGER,
        summary = "driver: fail when nothing arrives for this long")
@Question(name = "fastest-jvm", text = "Which JVM relays the most chat messages per second?", figures = {"score", "serverPeakRss"})
@Question(name = "threads", text = "Do virtual threads or an NIO event loop relay more messages than platform threads on the same JVM?",
        across = Question.Across.VARIANTS, baseline = "platform", variants = {"virtual", "nio"}, figures = {"score", "serverPeakRss"})
@TuneSpace(value = {"gc=G1,Parallel,Serial,ZGC", "Xmx=128m..1g:log"}, objective = "score")
@Variant(name = "platform", params = "impl=platform")
@Variant(name = "virtual", params = "impl=virtual", since = 21, inDefaultSet = false)
@Variant(name = "nio", params = "impl=nio", inDefaultSet = false)
@Profile(name = "smoke", params = {"rooms=2", "users=5", "count=20", "warmupRounds=1", "rounds=2", "connections=200", "stallSeconds=20"},
        timeoutSeconds = 60, estimatedSeconds = 2)
// quick: rounds of 10 × 20 × 20 (80,000 messages sent and received, about 1.3 s at 60,000 msg/s); on the 2-vCPU VM a
// fork's first round ran at 25-50 k msg/s and its rounds from the third or fourth on at about 60 k (JDK 25, 2026-11-26,
// with other users on the machine): three to warm up, three to score
// estimatedSeconds: a quick fork's measured wall time, JVM start and report included: 6.9 s (AMD, 16 forks) and 5.7 s
// (Intel, 2) — measured/2026-11-27/durations.md
@Profile(name = "quick", params = {"rooms=10", "users=20", "count=20", "warmupRounds=3", "rounds=3", "connections=1000"},
        timeoutSeconds = 300, estimatedSeconds = 7)
@Profile(name = "standard", params = {"rooms=10", "users=20", "count=100", "warmupRounds=2", "rounds=3", "connections=5000"},
        timeoutSeconds = 900, estimatedSeconds = 25)
public final class ChatWorkload implements Workload {

    @Override
    public void run(TrialContext context) throws Exception {
        String impl = context.param("impl");
        ServerConfig config = config(context.param("host"), context.intParam("port"), context.intParam("maxQueuedLines"));
        ChatServer server;
        try {
            server = ChatServer.start(impl, config);
        } catch (UnsupportedOperationException e) {
            throw new UnsupportedWorkloadException(e.getMessage(), e);
        }
        try {
            context.announce("server.host", config.host());
            context.announce("server.port", Integer.toString(server.port()));
            context.ready();
            context.log("chat server (" + impl + ") on " + config.host() + ":" + server.port());
            if (!context.awaitStop(7, TimeUnit.DAYS)) {
                throw new IllegalStateException("the runner never asked the server to stop");
            }
            record(context.result(), impl, server.stats());
        } finally {
            server.close();
        }
    }

    /** Checks the server's settings; loopback only, as every jvmmark server. */
    static ServerConfig config(String host, int port, int maxQueuedLines) throws IOException {
        if (!InetAddress.getByName(host).isLoopbackAddress()) {
            throw new IllegalArgumentException("chat: host must be a loopback address (jvmmark servers listen on loopback only), not " + host);
        }
        return ServerConfig.loopback().withHost(host).withPort(port).withMaxQueuedLines(maxQueuedLines);
    }

    /** The server's own figures, taken while it still holds whatever the driver left open. */
    static void record(TrialResult result, String impl, ServerStats stats) {
        Footprint live = Footprint.measure(false);
        Footprint collected = Footprint.measure(true);
        result.metric("serverRss", live.rssBytes(), "bytes", Better.LOWER);
        result.metric("serverPeakRss", live.peakRssBytes(), "bytes", Better.LOWER);
        result.metric("serverHeapUsed", collected.heapUsedBytes(), "bytes", Better.LOWER);
        result.metric("serverHeapCommitted", live.heapCommittedBytes(), "bytes", Better.LOWER);
        result.metric("serverPeakThreads", ManagementFactory.getThreadMXBean().getPeakThreadCount(), "threads", Better.NONE);
        result.metric("connectionsServed", stats.accepted(), "connections", Better.NONE);
        result.metric("serverPeakConnections", stats.peakOpen(), "connections", Better.NONE);
        result.info("impl", impl);
        result.info("serverLinesIn", stats.linesIn());
        result.info("serverLinesOut", stats.linesOut());
        result.info("slowClientsDropped", stats.slowClientsDropped());
        result.info("oversizeLinesDropped", stats.oversizeLines());
        if (impl.equals("virtual")) {
            result.info("threadsNote", "serverPeakThreads counts platform threads only: virtual threads are not in it");
        }
    }
}
