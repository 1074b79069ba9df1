package org.jvmmark.workloads.http.driver;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

import org.HdrHistogram.Histogram;

/**
 * The driver's engine: keep-alive HTTP/1.1 connections spread over a few I/O threads (one NIO
 * selector each), each connection with at most one request outstanding (no pipelining, as a
 * browser or a service client). Three ways to load them:
 *
 * <ul>
 *   <li><b>max</b> — closed loop, as wrk: a connection sends its next request when the previous
 *       answer arrives. Latency is from the actual send; there is no schedule to be late against.
 *       The first sends may be spread over a stagger period, so that answers of a sleeping handler
 *       do not come in waves.</li>
 *   <li><b>rate</b> — open model, as wrk2: one schedule of requests {@code j = 0, 1, 2, …} due at
 *       {@code start + j/R}, request {@code j} on connection {@code j mod C}. A connection whose
 *       previous answer is late sends as soon as it can, and that request's latency counts from its
 *       due time: a server that stalls for S ms shows every request that should have been sent
 *       during the stall with the part of S it waited (coordinated-omission correction). The
 *       measured window is a range of {@code j}, so it holds exactly {@code R × seconds} requests.</li>
 *   <li><b>hold</b> — every connection sends one request (the sleeping handler) and waits.</li>
 * </ul>
 *
 * <p><b>No spinning, no wake-up per request.</b> An I/O thread blocks in its selector and reads;
 * in rate mode each I/O thread has a <em>sender</em> thread beside it that parks until the earliest
 * due send of that thread's free connections ({@code select} alone counts in whole milliseconds)
 * and writes it itself — no selector wake-up per request. A free connection is <em>armed</em> by its
 * I/O thread (handed to the sender with its due time) and either fired by the sender or taken back
 * (cancelled) by the I/O thread when the connection must be reopened or the load given up; one
 * compare-and-set on a sequence-stamped word per connection decides which. The sender aims its park
 * at {@link Sender#SEND_TOLERANCE_NANOS} before the due time (the kernel wakes a parked thread about that
 * late: timer slack) and, once awake, sends everything due within that tolerance, so a send may go
 * out up to 50 µs early — its latency then counts from the actual send — and is otherwise late by
 * the wake-up's jitter. How late each due send went out — the <em>send lag</em> — is recorded in
 * {@link Outcomes#sendLag}: it is the instrument's own error and says when the driver, not the
 * server, was the limit. A connection whose answer comes after its next due time sends that request
 * at once from the I/O thread (late because of the server, so no send lag).
 *
 * <p><b>Every request accounted for.</b> Each measured request ends in exactly one way, counted in
 * the phase's {@link Outcomes}: answered; failed with a named kind (a status other than 200 — counted,
 * not fatal —, reset, closed, timed out); still outstanding when the phase was given up; or, in rate
 * mode, never sent. All but the answered ones are recorded in the corrected histogram at (the moment
 * they were given up − their due time). A connection that fails is opened again at once and then
 * with back-off (20 ms doubling to 1 s) until it connects; its share of the schedule waits for it.
 * A 200 with a wrong body stops the engine and fails the trial.
 *
 * <p>The parts: this class is the driver thread's side — it builds each load's {@link Plan}, waits for
 * the connects and the drain, and sums what the I/O threads count; {@link EngineState} is what the
 * threads share; each {@link IoLoop} carries out the load on its connections ({@link Conn}), with a
 * {@link Connector} to open them, an {@link Exchange} to write requests and read answers (parsed by
 * {@link ResponseParser}), a {@link RateSchedule} and a {@link Sender} for the rate mode's on-time
 * sends, and a {@link RequestLedger} that records how each request ended. None of them calls back
 * into this class.
 *
 * <p>Threading: the control methods ({@link #connect}, {@code start*}, {@link #finish}, {@link
 * #close}) are called by one driver thread, one at a time; each connection is owned by one I/O
 * thread; the I/O threads and senders record into {@link SplitRecorder}s (each its own part) and
 * {@link LongAdder}s, and the driver reads the per-thread counts through volatile fields. Not safe
 * for several controlling threads.
 */
final class LoadEngine implements AutoCloseable {
    private final InetSocketAddress target;
    private final byte[] expectedBody;
    private final List<IoLoop> loops = new ArrayList<>();
    private final EngineState state;
    /** Latency of measured requests from the due time (rate) or send (max, hold), ns; each I/O thread its own writer. */
    final SplitRecorder corrected;
    /** Latency of measured answered requests from the actual send, ns; each I/O thread its own writer. */
    final SplitRecorder uncorrected;
    /** Every response checked and found right, measured or not (warm-up, hold). */
    final LongAdder validated;
    final LongAdder reconnects;
    /** Every failure of the engine's life by kind: connects, warm-up and measured requests. */
    final ErrorCounts errors;
    private final int connections;
    /** The request mix max and rate loads send, or null: GET of their path. */
    private Endpoints mix;

    /**
     * @param sources loopback source addresses to spread the connections over
     * @param responseTimeoutNanos an answer later than this after its send is a timeout (each load
     *        may add to it, e.g. the sleeping handler's sleep)
     */
    LoadEngine(InetSocketAddress target, List<InetAddress> sources, int connections, int threads,
               byte[] expectedBody, long responseTimeoutNanos) throws IOException {
        this.target = target;
        this.connections = connections;
        this.expectedBody = expectedBody;
        int n = Math.max(1, Math.min(threads, connections));
        state = new EngineState(n);
        for (int t = 0; t < n; t++) {
            loops.add(new IoLoop(state, target, connections, responseTimeoutNanos, t, n));
        }
        for (int i = 0; i < connections; i++) {
            loops.get(i % n).conns.add(new Conn(i, sources.get(i % sources.size()), expectedBody));
        }
        corrected = state.corrected;
        uncorrected = state.uncorrected;
        validated = state.validated;
        reconnects = state.reconnects;
        errors = state.errors;
        state.outcomes = newOutcomes(0, Endpoints.NONE);
    }

    /** A phase's outcomes, with a writer for each I/O thread ({@code 0 … n−1}) and each sender ({@code n … 2n−1}). */
    private Outcomes newOutcomes(long scheduled, Endpoints endpoints) {
        return new Outcomes(scheduled, 2 * loops.size(), endpoints.mix == null ? 0 : endpoints.size());
    }

    /**
     * From now on the closed loop and the open model send {@code requests}' entries (each request's by its
     * deterministic draw) instead of GET of their path; the hold phase still holds its path. Call before {@link
     * #connect}.
     */
    void mix(RequestMix requests) {
        mix = Endpoints.of(requests, target);
        EndpointRecorders[] recorders = new EndpointRecorders[mix.size()];
        for (int e = 0; e < recorders.length; e++) {
            recorders[e] = new EndpointRecorders(loops.size());
        }
        state.byEndpoint = recorders;
    }

    /** The mix the loads send, or null. */
    Endpoints mix() {
        return mix;
    }

    /** What max and rate loads send: the mix, or GET of {@code path}. */
    private Endpoints sends(String path) {
        return mix != null ? mix : Endpoints.get(path, target, expectedBody);
    }

    /** GET request bytes for {@code path}. */
    static byte[] get(String path, InetSocketAddress target) {
        return ("GET " + path + " HTTP/1.1\r\nHost: " + target.getHostString() + ":" + target.getPort()
                + "\r\nUser-Agent: jvmmark\r\nAccept: */*\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * Opens every connection and waits until each is open or failed; from then on a connection that
     * fails is opened again with back-off.
     *
     * @return how many are open
     */
    int connect(long timeoutNanos) throws InterruptedException {
        for (IoLoop l : loops) {
            l.thread.start();
            l.sender.thread.start();
        }
        long deadline = System.nanoTime() + timeoutNanos;
        while (sum(l -> l.connector.settled) < connections && state.failure == null && System.nanoTime() - deadline < 0) {
            Thread.sleep(5);
        }
        state.retrying = true;
        return open();
    }

    /**
     * Closed loop: warm-up, then every request <em>sent</em> in the next {@code measureNanos} is
     * measured; no request is sent after that. Connection i's first send waits {@code i/C} of
     * {@code staggerNanos}.
     */
    Outcomes startMax(String path, long warmupNanos, long measureNanos, long extraTimeoutNanos, long staggerNanos) {
        long start = System.nanoTime() + 1_000_000;
        return begin(new Plan(Load.MAX, sends(path), start, 0, 0, 0,
                start + warmupNanos, start + warmupNanos + measureNanos, extraTimeoutNanos, staggerNanos), 0);
    }

    /**
     * Open model at {@code rate} requests/s: requests {@code 0 … J0−1} warm up ({@code J0 = rate ×
     * warm-up}), requests {@code J0 … J1−1} are measured ({@code J1 − J0 = rate × measure}), and the
     * schedule ends at {@code J1}.
     */
    Outcomes startRate(String path, double rate, long warmupNanos, long measureNanos, long extraTimeoutNanos) {
        return startRate(path, rate, warmupNanos, measureNanos, extraTimeoutNanos, Segment.WHOLE, System.nanoTime() + 1_000_000);
    }

    /**
     * Slice {@code segment} of the open-model schedule at {@code rate} (over all slices), starting at
     * {@code startNanos} ({@link System#nanoTime()}): this engine sends the requests {@code j} with
     * {@code j mod N = I − 1}, so N engines — in other processes or on other hosts, started at the
     * same moment — send the whole schedule between them, each request once. Request {@code j}'s due
     * time and whether it is measured are the whole schedule's.
     */
    Outcomes startRate(String path, double rate, long warmupNanos, long measureNanos, long extraTimeoutNanos, Segment segment,
                       long startNanos) {
        long j0 = Math.round(warmupNanos * rate / 1e9);
        long j1 = j0 + Math.round(measureNanos * rate / 1e9);
        double interval = 1e9 / rate;
        Plan p = new Plan(Load.RATE, sends(path), startNanos, interval, segment.local(j0), segment.local(j1),
                startNanos + Math.round(j0 * interval), startNanos + Math.round(j1 * interval), extraTimeoutNanos, 0,
                segment.count, segment.index);
        return begin(p, segment.local(j1) - segment.local(j0));
    }

    /** Connections {@code 0 … count−1} each send one request and wait; every one is measured. */
    Outcomes startHold(String path, long extraTimeoutNanos, int count) {
        return startHold(path, extraTimeoutNanos, count, false);
    }

    /**
     * Connections {@code 0 … count−1} each send one request; the first request of each is measured. With
     * {@code keepHeld}, a connection sends again (unmeasured) as soon as its answer arrives, until {@link
     * #stopResending()}: the server holds about {@code count} requests for as long as the level lasts, however
     * short its sleep.
     */
    Outcomes startHold(String path, long extraTimeoutNanos, int count, boolean keepHeld) {
        long start = System.nanoTime();
        state.resending = keepHeld;
        return begin(new Plan(Load.HOLD, Endpoints.get(path, target, expectedBody), start, 0, 0, count, start, Long.MAX_VALUE,
                extraTimeoutNanos, 0), 0);
    }

    /** The connections of a {@link #startHold} with {@code keepHeld} stop sending again; their last requests are still answered. */
    void stopResending() {
        state.resending = false;
    }

    private Outcomes begin(Plan p, long scheduled) {
        Outcomes o = newOutcomes(scheduled, p.endpoints);
        corrected.interval();
        uncorrected.interval();
        EndpointRecorders[] byEndpoint = state.byEndpoint;
        if (byEndpoint != null) {
            for (EndpointRecorders r : byEndpoint) {
                r.corrected.interval();
                r.uncorrected.interval();
            }
        }
        state.outcomes = o;
        state.plan = p;
        state.wakeup();
        return o;
    }

    /**
     * Each mix entry's latency since the current load began, corrected ({@code [0][e]}) and from the send
     * ({@code [1][e]}); null without a mix.
     */
    Histogram[][] endpointHistograms() {
        EndpointRecorders[] byEndpoint = state.byEndpoint;
        if (byEndpoint == null) {
            return null;
        }
        Histogram[][] h = new Histogram[2][byEndpoint.length];
        for (int e = 0; e < byEndpoint.length; e++) {
            h[0][e] = byEndpoint[e].corrected.interval();
            h[1][e] = byEndpoint[e].uncorrected.interval();
        }
        return h;
    }

    /** Where the current load's measured window starts, {@link System#nanoTime()}. */
    long windowStartNanos() {
        return state.plan.measureFromNanos;
    }

    /** Where the current load's measured window (for rate: its schedule) ends, {@link System#nanoTime()}. */
    long windowEndNanos() {
        return state.plan.measureUntilNanos;
    }

    /**
     * Ends the current load: waits up to {@code drainNanos} for scheduled requests still to be sent
     * and answers still outstanding, then gives up the rest — counted and recorded in the phase's
     * {@link Outcomes} as not sent or unanswered, their connections reset — and goes idle.
     *
     * @return how many requests were given up
     */
    long finish(long drainNanos) throws InterruptedException {
        long deadline = System.nanoTime() + drainNanos;
        while (sum(l -> l.counts.remaining + l.counts.outstanding) > 0 && state.failure == null && System.nanoTime() - deadline < 0) {
            Thread.sleep(2);
        }
        long left = sum(l -> l.counts.remaining + l.counts.outstanding);
        int epoch = state.giveUpRequested + 1;
        state.giveUpRequested = epoch;
        state.wakeup();
        long until = System.nanoTime() + 5_000_000_000L;
        while (sum(l -> l.giveUpHandled == epoch || !l.thread.isAlive() ? 0 : 1) > 0 && System.nanoTime() - until < 0) {
            Thread.sleep(1);
        }
        state.plan = Plan.IDLE;
        state.wakeup();
        return left;
    }

    /** Requests sent and not yet answered. */
    long outstanding() {
        return sum(l -> l.counts.outstanding);
    }

    /** Connections open now. */
    int open() {
        return (int) sum(l -> l.connector.open);
    }

    /** Requests sent in the current {@link Load#HOLD}. */
    long holdSent() {
        return sum(l -> l.holdSent);
    }

    private long sum(java.util.function.ToLongFunction<IoLoop> perLoop) {
        long n = 0;
        for (IoLoop l : loops) {
            n += perLoop.applyAsLong(l);
        }
        return n;
    }

    /** Stops everything with a reason; the trial fails with it. */
    void fail(String reason) {
        state.fail(reason);
    }

    String failure() {
        return state.failure;
    }

    /** The first answer other than 200, in one line ("GET /helo answered 404 (expected …)"), or null. */
    String firstStatusProblem() {
        return state.firstStatusProblem;
    }

    /** CPU time of the I/O threads and the senders so far, nanoseconds (-1 if the JVM cannot tell). */
    long ioCpuNanos() {
        java.lang.management.ThreadMXBean bean = java.lang.management.ManagementFactory.getThreadMXBean();
        long sum = 0;
        List<Thread> threads = new ArrayList<>();
        for (IoLoop l : loops) {
            threads.add(l.thread);
            threads.add(l.sender.thread);
        }
        for (Thread t : threads) {
            long c = bean.getThreadCpuTime(t.getId());
            if (c < 0) {
                return -1;
            }
            sum += c;
        }
        return sum;
    }

    int threads() {
        return loops.size();
    }

    @Override
    public void close() throws InterruptedException {
        state.closed = true;
        state.plan = Plan.IDLE;
        state.wakeup();
        for (IoLoop l : loops) {
            LockSupport.unpark(l.sender.thread);
        }
        for (IoLoop l : loops) {
            if (l.thread.isAlive()) {
                l.thread.join(5000);
            }
            if (l.sender.thread.isAlive()) {
                l.sender.thread.join(5000);
            }
        }
    }
}
