package org.jvmmark.harness;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Drives a {@link LatencyTask} at a target throughput and measures it — JLBH's model, with the
 * uncorrected figure always kept beside the corrected one.
 *
 * <h2>Coordinated omission</h2>
 * Iteration <i>i</i> of a run is due at {@code start + i × interval} (or at the <i>i</i>-th
 * arrival of a Poisson process). The harness waits until then — parking while the due time is far,
 * spinning when it is near — and passes the due time to the task, which measures its latency from
 * it. If one iteration stalls, the ones behind it start late and run back to back; because their
 * latency is measured from when they were due, the stall shows up in every iteration it delayed, as
 * it would for clients sending at a fixed rate. A harness that measured from the actual start
 * would record the stall once and then report the queue behind it as fast — the
 * <em>coordinated omission</em> Gil Tene named. The figure measured from the actual start is kept
 * too (the {@code uncorrected} block), since the gap between the two says how much of the tail is
 * queueing.
 *
 * <h2>Threads</h2>
 * {@link #run()} executes the task on a fresh daemon benchmark thread (optionally pinned) while the
 * calling thread watches for progress: a task that stops returning from {@code run}, or stops
 * delivering end-to-end samples, ends the benchmark with a {@link HarnessException} after the
 * no-progress timeout instead of hanging the JVM.
 *
 * <p>Thread-safety: {@link #run()} once, from one thread. {@link #recordEndToEnd} from one thread
 * at a time (the benchmark thread or one consumer); probes as their flavour says.
 */
public final class Harness {
    /** The key of the end-to-end latency in the {@code latency} block. */
    public static final String END_TO_END = "endToEnd";

    private final HarnessOptions options;
    private final LatencyTask task;
    private final NanoClock clock;
    private final EndToEndRecorder endToEnd;
    private final List<RecordingProbe> probes = new ArrayList<>();
    private final Map<String, CpuAffinity.Pinning> cpus = Collections.synchronizedMap(new LinkedHashMap<>());

    /** Iterations issued so far (all phases); ordered stores by the benchmark thread. */
    private final AtomicLong issued = new AtomicLong();
    /** Due time the benchmark thread waits for: waiting for a far due time is not a hang. */
    private final AtomicLong waitingFor = new AtomicLong();
    private volatile String stage = "start";
    private volatile long stageBase;
    private volatile long stageSize;
    private volatile boolean awaitingSamples;
    private volatile boolean aborted;
    private volatile boolean started;
    private volatile Throwable failure;

    public Harness(HarnessOptions options, LatencyTask task) {
        this.options = options;
        this.task = task;
        this.clock = options.clock();
        this.endToEnd = new EndToEndRecorder(clock, Math.max(options.iterations(), options.warmupIterations()));
    }

    public HarnessOptions options() {
        return options;
    }

    /** The harness's clock; tasks that take their own timestamps should use it. */
    public long nanoTime() {
        return clock.nanoTime();
    }

    /** A probe written by one thread at a time; cheapest. Add probes in {@link LatencyTask#init}. */
    public Probe addProbe(String name) {
        return add(new RecordingProbe.SingleWriter(name));
    }

    /** A probe any number of threads may write to at once. */
    public Probe addConcurrentProbe(String name) {
        return add(new RecordingProbe.Concurrent(name));
    }

    private synchronized Probe add(RecordingProbe probe) {
        if (started && !stage.equals("init")) {
            throw new IllegalStateException("add probe '" + probe.name() + "' in init(), before the first iteration");
        }
        if (probe.name().equals(END_TO_END) || probes.stream().anyMatch(p -> p.name().equals(probe.name()))) {
            throw new IllegalArgumentException("probe name '" + probe.name() + "' is already taken");
        }
        probes.add(probe);
        return probe;
    }

    /**
     * Records the end-to-end latency of the iteration that was passed {@code startNanos}, ending
     * now. Call it exactly once per iteration, from the benchmark thread or from one other thread
     * (a consumer): the harness does not close a run until every iteration's sample has arrived.
     */
    public void recordEndToEnd(long startNanos) {
        endToEnd.record(startNanos);
    }

    /** As {@link #recordEndToEnd(long)}, with an end time the task took itself on {@link #nanoTime()}'s clock. */
    public void recordEndToEnd(long startNanos, long endNanos) {
        endToEnd.record(startNanos, endNanos);
    }

    /** Adds a thread's CPUs to the result, e.g. a consumer thread the task pinned itself. */
    public void reportCpus(String thread, CpuAffinity.Pinning pinning) {
        cpus.put(thread, pinning);
    }

    /**
     * Runs warm-up and all runs; returns the result or throws.
     *
     * @throws HarnessException if the task threw, hung, or recorded the wrong number of samples
     */
    public LatencyResult run() {
        if (started) {
            throw new IllegalStateException("a Harness runs once; create another");
        }
        started = true;
        stage = "init";
        waitingFor.set(clock.nanoTime());
        String processCpus = CpuAffinity.currentCpus();
        int[] plan = options.affinity()
                ? CpuAffinity.plan(CpuAffinity.parseList(processCpus), options.jitter())
                : new int[] {-1, -1};
        GcEventListener gc = new GcEventListener();
        gc.start();
        JitterSampler jitter = null;
        RunCollector collector = new RunCollector(options, endToEnd, probes);
        try {
            if (options.jitter()) {
                // Started from this (unpinned) thread so that it never inherits the benchmark CPU.
                jitter = new JitterSampler(options.jitterThresholdNanos(), plan[1]);
                jitter.start();
            }
            JitterSampler jitterRef = jitter;
            Thread benchmark = new Thread(() -> body(plan[0], jitterRef, collector), "jvmmark-benchmark");
            benchmark.setDaemon(true);
            benchmark.start();
            watch(benchmark);
            if (failure != null) {
                throw failure instanceof HarnessException ? (HarnessException) failure
                        : new HarnessException(describe(failure), failure);
            }
            if (jitter != null) {
                cpus.put("jitter", jitter.pinning());
            }
            // Notifications trail their collections by up to ~100 ms.
            gc.awaitDelivery(GcEventListener.counts(), 1_000);
            return collector.result(gc, processCpus, cpus);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            aborted = true;
            throw new HarnessException("interrupted while benchmarking");
        } finally {
            gc.stop();
            if (jitter != null) {
                try {
                    jitter.stop();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    /** Waits for the benchmark thread, ending the benchmark when it makes no progress. */
    private void watch(Thread benchmark) throws InterruptedException {
        long timeout = options.noProgressTimeout().toNanos();
        long poll = Math.max(1, Math.min(50, options.noProgressTimeout().toMillis() / 10));
        long lastProgress = -1;
        long lastChange = System.nanoTime();
        while (benchmark.isAlive()) {
            benchmark.join(poll);
            long progress = issued.get() + endToEnd.samples();
            String s = stage;
            if (progress != lastProgress || s.equals("pause") || clock.nanoTime() - waitingFor.get() < 0) {
                lastProgress = progress;
                lastChange = System.nanoTime();
            } else if (System.nanoTime() - lastChange > timeout && benchmark.isAlive()) {
                aborted = true;
                benchmark.interrupt();
                String seconds = String.format(java.util.Locale.ROOT, "%.1f s", timeout / 1e9);
                if (inHook(s)) {
                    throw new HarnessException("task made no progress for " + seconds + " in " + (s.endsWith(")") ? s : s + "()"));
                }
                long done = issued.get() - stageBase;
                if (awaitingSamples) {
                    throw new HarnessException("task recorded " + (endToEnd.samples() - stageBase) + " of " + stageSize
                            + " end-to-end samples in " + s + " and none for " + seconds
                            + ": every iteration must end with exactly one recordEndToEnd");
                }
                throw new HarnessException("task did not return from run() for " + seconds + " in " + s
                        + ", iteration " + (done + 1) + " of " + stageSize);
            }
        }
    }

    private void body(int benchmarkCpu, JitterSampler jitter, RunCollector collector) {
        try {
            task.init(this);
            cpus.put("benchmark", benchmarkCpu >= 0 ? CpuAffinity.pinCurrentThread(benchmarkCpu)
                    : CpuAffinity.unpinned(options.affinity() ? "no CPU other than 0 to pin to" : null));
            Schedule schedule = new Schedule(options);
            if (options.warmupIterations() > 0) {
                long t0 = clock.nanoTime();
                collector.warmup = phase("warm-up", options.warmupIterations(), schedule);
                collector.warmupNanos = clock.nanoTime() - t0;
                discard();
            }
            stopIfAborted();
            stage = "warmedUp()";
            task.warmedUp();
            if (!options.pauseAfterWarmup().isZero()) {
                stage = "pause";
                TimeUnit.NANOSECONDS.sleep(options.pauseAfterWarmup().toNanos());
            }
            int total = options.runs() + (options.skipFirstRun() ? 1 : 0);
            for (int r = 1; r <= total; r++) {
                boolean skipped = options.skipFirstRun() && r == 1;
                int measured = options.skipFirstRun() ? r - 1 : r;
                if (jitter != null) {
                    jitter.takeInterval();
                }
                Map<String, Long> gcStart = GcEventListener.counts();
                PhaseTiming timing = phase(skipped ? "run 0 (skipped)" : "run " + measured, options.iterations(), schedule);
                Map<String, Long> gcEnd = GcEventListener.counts();
                if (skipped) {
                    discard();
                    continue;
                }
                stopIfAborted();
                collector.addRun(measured, timing, gcStart, gcEnd, jitter);
                stage = "runComplete(" + measured + ")";
                task.runComplete(measured);
            }
            stopIfAborted();
            stage = "complete";
            task.complete();
        } catch (Throwable t) {
            if (!aborted) {
                failure = t instanceof HarnessException ? t
                        : new HarnessException("task failed in " + stage + atIteration() + ": " + describe(t), t);
            }
        }
    }

    private String atIteration() {
        if (stageSize == 0 || inHook(stage) || stage.equals("pause")) {
            return "";
        }
        return ", iteration " + Math.min(stageSize, issued.get() - stageBase + 1) + " of " + stageSize;
    }

    /**
     * Once the watcher has given up (and thrown to the caller), a task that comes back late must not
     * be driven on: no more iterations, hooks or {@code .hlog} intervals for a benchmark already failed.
     */
    private void stopIfAborted() {
        if (aborted) {
            throw new HarnessException("benchmark aborted");
        }
    }

    /** The task is in a lifecycle hook rather than in a phase of iterations. */
    private static boolean inHook(String stage) {
        return stage.equals("init") || stage.equals("complete") || stage.equals("warmedUp()") || stage.startsWith("runComplete(");
    }

    /** Times of one phase, on the harness clock. */
    static final class PhaseTiming {
        long lateStarts;
        long maxLagNanos;
        long lateNanos;
        long iterations;
        long startNanos;
        long firstDue;
        long lastDue;
        long lastActualStart;
        long endNanos;
    }

    private PhaseTiming phase(String name, long n, Schedule schedule) throws Exception {
        stopIfAborted();
        long base = issued.get();
        if (endToEnd.samples() != base) {
            throw new HarnessException("task recorded " + endToEnd.samples() + " end-to-end samples for " + base
                    + " iterations before " + name + ": every iteration must end with exactly one recordEndToEnd");
        }
        stageBase = base;
        stageSize = n;
        awaitingSamples = false;
        stage = name;
        boolean closedLoop = schedule.isClosedLoop();
        boolean corrected = options.coCorrection();
        PhaseTiming t = new PhaseTiming();
        t.iterations = n;
        t.startNanos = clock.nanoTime();
        t.lateNanos = StartLag.lateNanos(options.intervalNanos());
        schedule.start(t.startNanos);
        long sequence = base;
        long actual = t.startNanos;
        for (long i = 0; i < n; i++) {
            actual = iteration(t, sequence++, i == 0, schedule, closedLoop, corrected);
        }
        t.lastActualStart = actual;
        t.lastDue = closedLoop ? actual : schedule.lastDue();
        long expected = base + n;
        if (endToEnd.samples() < expected) {
            awaitingSamples = true;
            awaitSamples(expected);
        }
        t.endNanos = clock.nanoTime();
        long samples = endToEnd.samples();
        if (samples != expected) {
            throw new HarnessException("task recorded " + (samples - base) + " end-to-end samples in " + name + " for " + n
                    + " iterations: every iteration must end with exactly one recordEndToEnd");
        }
        awaitingSamples = false;
        return t;
    }

    /**
     * One iteration: wait for its start, publish its intended and actual start, run the task. It is a method of its own,
     * called once per iteration, so that the JIT compiles it within the warm-up (a method is compiled after a few hundred
     * calls, a loop only after tens of thousands of iterations): with the loop in {@link #phase}, a phase of a quick
     * profile ran in the interpreter from start to end, and the harness's own cost per iteration (its lag and what it
     * adds to every sample) was 0.7 µs for minutes at a time, against 0.06–0.19 µs compiled (measured/2026-11-28).
     *
     * @return the actual start
     */
    private long iteration(PhaseTiming t, long sequence, boolean first, Schedule schedule, boolean closedLoop, boolean corrected)
            throws Exception {
        long due;
        long actual;
        if (closedLoop) {
            actual = clock.nanoTime();
            due = actual;
        } else {
            due = schedule.next();
            waitingFor.lazySet(due);
            clock.awaitNanos(due);
            actual = clock.nanoTime();
        }
        if (first) {
            t.firstDue = due;
        }
        long lag = actual - due;
        if (lag > t.lateNanos && !closedLoop) {
            t.lateStarts++;
        }
        if (lag > t.maxLagNanos) {
            t.maxLagNanos = lag;
        }
        long passed = corrected ? due : actual;
        endToEnd.publish(sequence, passed, actual);
        task.run(passed);
        issued.lazySet(sequence + 1);
        stopIfAborted();
        return actual;
    }

    /** The consumer is behind: spin briefly (it is usually microseconds away), then back off. */
    private void awaitSamples(long expected) {
        int spins = 0;
        while (endToEnd.samples() < expected && !aborted) {
            if (++spins < 10_000) {
                Thread.onSpinWait();
            } else {
                java.util.concurrent.locks.LockSupport.parkNanos(50_000);
            }
        }
    }

    private void discard() {
        endToEnd.takePhase();
        for (RecordingProbe p : probes) {
            p.takePhase();
        }
    }

    static String describe(Throwable t) {
        Throwable shown = t;
        while (shown.getMessage() == null && shown.getCause() != null) {
            shown = shown.getCause();
        }
        String message = shown.getMessage();
        if (message != null && message.indexOf('\n') >= 0) {
            message = message.substring(0, message.indexOf('\n')).trim();
        }
        return shown.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }
}
