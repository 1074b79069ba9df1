package org.jvmmark.harness;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * A thread that does nothing but read the clock in a tight loop and record every gap longer than
 * the threshold: a spinning thread is delayed only when the OS (interrupts, other processes, the
 * hypervisor) takes its CPU, so the gaps measure the jitter any benchmark thread on this machine is
 * exposed to. It spins rather than sleeps because a sleeping thread's wake-up delay would swamp
 * what it is trying to see.
 *
 * <p>Thread-safe: the sampler thread writes, the harness takes per-run histograms.
 */
final class JitterSampler implements Runnable {
    private final long thresholdNanos;
    private final int cpu;
    private final SingleWriterRecorder recorder = new SingleWriterRecorder(Histograms.DIGITS);
    private volatile boolean running = true;
    private volatile CpuAffinity.Pinning pinning;
    private final Thread thread;

    JitterSampler(long thresholdNanos, int cpu) {
        this.thresholdNanos = thresholdNanos;
        this.cpu = cpu;
        this.thread = new Thread(this, "jvmmark-jitter");
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    @Override
    public void run() {
        pinning = cpu >= 0 ? CpuAffinity.pinCurrentThread(cpu) : CpuAffinity.unpinned(null);
        long previous = System.nanoTime();
        while (running) {
            long now = System.nanoTime();
            long gap = now - previous;
            if (gap > thresholdNanos) {
                recorder.recordValue(gap);
            }
            previous = now;
        }
    }

    /** Gaps recorded since the previous call. */
    Histogram takeInterval() {
        Histogram h = Histograms.create();
        h.add(recorder.getIntervalHistogram());
        return h;
    }

    /** The pinning outcome, once the thread has started (waits briefly for it). */
    CpuAffinity.Pinning pinning() throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (pinning == null && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        return pinning;
    }

    void stop() throws InterruptedException {
        running = false;
        thread.join(1000);
    }
}
