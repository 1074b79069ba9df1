package org.jvmmark.runner.fork;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Daemon threads of the runner, one pinned to each of a few CPUs, kept for the runner's life and lent to every
 * {@link MachineProbe} reading on those CPUs: pinning costs a {@code taskset} process per thread (2–4 ms each, up to
 * 230 ms on a busy machine), so it is done once per run instead of twice per fork. Each reading reads back what
 * the threads have ({@link #obtained()}) and pins again whatever changed. Idle threads wait on their inbox and cost
 * nothing. Thread-safe: {@link #run} is serialised, the threads of a CPU list are shared through {@link #on}.
 */
final class PinnedThreads {
    private static final long START_TIMEOUT_MS = 3_000;
    private static final Map<List<Integer>, PinnedThreads> BY_CPUS = new HashMap<>();

    private final List<Integer> cpus;
    private final Worker[] workers;
    /** The last jobs' latch: a job still running from a reading that timed out keeps its thread busy. */
    private CountDownLatch last = new CountDownLatch(0);

    private PinnedThreads(List<Integer> cpus) {
        this.cpus = List.copyOf(cpus);
        this.workers = new Worker[cpus.size()];
        for (int i = 0; i < workers.length; i++) {
            workers[i] = new Worker("jvmmark-probe-cpu" + cpus.get(i));
            workers[i].start();
        }
        for (Worker w : workers) {
            w.awaitStarted();
        }
        pinAgain();
    }

    /** The threads pinned to {@code cpus}, one per CPU in this order, started and pinned on first use. */
    static synchronized PinnedThreads on(List<Integer> cpus) {
        return BY_CPUS.computeIfAbsent(List.copyOf(cpus), PinnedThreads::new);
    }

    /** What each thread may run on now, as the kernel says it, in order: "0,1"; "?" for one it does not say. */
    String obtained() {
        StringBuilder got = new StringBuilder();
        for (int i = 0; i < workers.length; i++) {
            String allowed = allowed(workers[i].tid);
            got.append(i == 0 ? "" : ",").append(allowed == null ? "?" : allowed);
        }
        return got.toString();
    }

    /** Whether every thread may run on its own CPU alone. */
    boolean pinned() {
        return obtained().equals(wanted());
    }

    /** "0,1": what {@link #obtained()} says when every thread is pinned. */
    String wanted() {
        return cpus.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    /** Pins every thread that is not on its CPU alone, all at once (one {@code taskset} each). */
    synchronized void pinAgain() {
        Process[] pinning = new Process[workers.length];
        for (int i = 0; i < workers.length; i++) {
            String want = String.valueOf(cpus.get(i));
            pinning[i] = want.equals(allowed(workers[i].tid)) ? null : ThreadAffinity.startPinning(workers[i].tid, cpus.get(i));
        }
        for (Process p : pinning) {
            if (p != null) {
                ThreadAffinity.finished(p);
            }
        }
    }

    /**
     * Runs {@code jobs[i]} on thread {@code i}, all at once, and waits for them.
     *
     * @return whether every job finished within {@code timeoutMs}; false too when a job of an earlier call is
     *     still running (it holds its thread), and then nothing runs
     */
    synchronized boolean run(Runnable[] jobs, long timeoutMs) throws InterruptedException {
        if (last.getCount() > 0) {
            return false;
        }
        CountDownLatch done = new CountDownLatch(jobs.length);
        last = done;
        for (int i = 0; i < jobs.length; i++) {
            Runnable job = jobs[i];
            workers[i].inbox.add(() -> {
                try {
                    job.run();
                } finally {
                    done.countDown();
                }
            });
        }
        return done.await(timeoutMs, TimeUnit.MILLISECONDS);
    }

    private static String allowed(long tid) {
        if (tid <= 0) {
            return null;
        }
        try {
            return ThreadAffinity.allowedCpus(Files.readAllLines(Path.of("/proc/self/task/" + tid + "/status"),
                    StandardCharsets.UTF_8));
        } catch (java.io.IOException | RuntimeException e) {
            return null;
        }
    }

    /** One pinned thread: runs what its inbox hands it, one job at a time, until the runner exits. */
    private static final class Worker extends Thread {
        final BlockingQueue<Runnable> inbox = new ArrayBlockingQueue<>(1);
        private final CountDownLatch started = new CountDownLatch(1);
        volatile long tid = -1;

        Worker(String name) {
            super(name);
            setDaemon(true);
        }

        @Override
        public void run() {
            tid = ThreadAffinity.currentThreadId();
            started.countDown();
            while (true) {
                try {
                    inbox.take().run();
                } catch (InterruptedException e) {
                    return;
                } catch (RuntimeException e) {
                    // a job's failure is its reading's to report: the thread stays for the next one
                }
            }
        }

        void awaitStarted() {
            try {
                started.await(START_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
