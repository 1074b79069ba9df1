package org.jvmmark.workloads.http.server;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jvmmark.workloads.http.common.Footprint;
import org.jvmmark.workloads.http.common.FootprintExchange;

/**
 * Runs beside the server under test: samples its footprint every {@value #PERIOD_MILLIS} ms to keep
 * the peak, and answers the driver's {@link FootprintExchange} requests. Sampling reads
 * {@code /proc} and the memory bean only — no allocation worth the name, no safepoint.
 *
 * <p>Thread-safe: {@link #peak()} may be read from another thread while the monitor runs.
 */
final class FootprintMonitor implements AutoCloseable {
    static final long PERIOD_MILLIS = 50;

    private final Path controlDir;
    private final long pid;
    private final boolean heap;
    private final Thread thread;
    private volatile Footprint peak;
    private volatile boolean stopped;

    FootprintMonitor(Path controlDir, long pid, boolean heap) {
        this.controlDir = controlDir;
        this.pid = pid;
        this.heap = heap;
        this.peak = Footprint.measure(pid, heap, false);
        this.thread = new Thread(this::loop, "jvmmark-footprint");
        thread.setDaemon(true);
        thread.start();
    }

    private void loop() {
        while (!stopped) {
            peak = peak.max(Footprint.measure(pid, heap, false));
            answerRequests();
            try {
                Thread.sleep(PERIOD_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void answerRequests() {
        try (DirectoryStream<Path> requests = Files.newDirectoryStream(controlDir, "footprint-*.request")) {
            for (Path request : requests) {
                String name = request.getFileName().toString();
                String label = name.substring("footprint-".length(), name.length() - ".request".length());
                FootprintExchange.answer(controlDir, label, Footprint.measure(pid, heap, FootprintExchange.collects(label), true));
                Files.deleteIfExists(request);
            }
        } catch (IOException e) {
            // the control directory is gone: the trial is over
        }
    }

    /** The largest figures seen so far (heap committed and used are each their own maximum). */
    Footprint peak() {
        return peak;
    }

    @Override
    public void close() throws InterruptedException {
        stopped = true;
        thread.interrupt();
        thread.join(1000);
    }
}
