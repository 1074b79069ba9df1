package org.jvmmark.workloads.http.driver;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;
import org.jvmmark.api.ValidationException;

/**
 * The driver's {@code driver.hlog}: 1-s interval histograms in HdrHistogram's log format, tag X corrected and
 * X-uncorrected from the actual send. While other driver processes run their slices of a schedule, this
 * process's intervals are held back and written with theirs in time order once they are done, so the file is
 * the whole schedule's. Not thread-safe: the driver's main thread writes it.
 */
final class IntervalLog implements AutoCloseable {
    private final HistogramLogWriter hlog;
    private final long originNanos;
    private final long startMillis;
    /** While the other driver processes run: this process's intervals (tagged, absolute time stamps); null otherwise. */
    private List<Histogram> held;

    private IntervalLog(HistogramLogWriter hlog, long originNanos, long startMillis) {
        this.hlog = hlog;
        this.originNanos = originNanos;
        this.startMillis = startMillis;
    }

    /** Opens {@code dir/driver.hlog} and writes its header. */
    static IntervalLog open(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve("driver.hlog");
        HistogramLogWriter w;
        try {
            w = new HistogramLogWriter(file.toFile());
        } catch (FileNotFoundException e) {
            throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
        }
        long now = System.currentTimeMillis();
        IntervalLog log = new IntervalLog(w, System.nanoTime(), now);
        w.outputComment("jvmmark http driver: 1-s intervals, values in nanoseconds; tag X is corrected, X-uncorrected from the actual send");
        w.outputLogFormatVersion();
        w.outputStartTime(now);
        w.setBaseTime(now);
        w.outputLegend();
        return log;
    }

    /** From now on this process's intervals wait for {@link #writeMerged} (other driver processes run slices). */
    void holdBack() {
        held = new ArrayList<>();
    }

    /** The interval that ended now, tagged {@code tag}; nothing when it counted no request. */
    void interval(String tag, Histogram corrected, Histogram uncorrected) {
        if (corrected.getTotalCount() == 0) {
            return;
        }
        double end = (System.nanoTime() - originNanos) / 1e9;
        Histogram c = corrected.copy();
        c.setTag(tag);
        Histogram u = uncorrected.copy();
        u.setTag(tag + "-uncorrected");
        if (held != null) {
            for (Histogram h : List.of(c, u)) {
                h.setStartTimeStamp(startMillis + Math.round(Math.max(0, end - 1) * 1000));
                h.setEndTimeStamp(startMillis + Math.round(end * 1000));
                held.add(h);
            }
            return;
        }
        hlog.outputIntervalHistogram(Math.max(0, end - 1), end, c, 1e3);
        hlog.outputIntervalHistogram(Math.max(0, end - 1), end, u, 1e3);
    }

    /**
     * Writes this process's held intervals and those of the other driver processes' {@code .hlog}
     * files in time order, so that {@code driver.hlog} is the whole schedule's.
     */
    void writeMerged(List<Path> jobs) throws IOException, ValidationException {
        List<Path> files = new ArrayList<>();
        for (Path job : jobs) {
            Path file = SegmentMain.hlog(job);
            if (!Files.isRegularFile(file)) {
                throw new ValidationException("driver process " + job.getFileName() + " wrote no interval log " + file);
            }
            files.add(file);
        }
        List<Histogram> all = intervalsInTimeOrder(held == null ? List.of() : held, files);
        held = null;
        for (Histogram h : all) {
            hlog.outputIntervalHistogram((h.getStartTimeStamp() - startMillis) / 1e3, (h.getEndTimeStamp() - startMillis) / 1e3, h, 1e3);
        }
    }

    /** {@code own} intervals and every interval of the {@code .hlog} files, by start time (absolute, epoch ms). */
    static List<Histogram> intervalsInTimeOrder(List<Histogram> own, List<Path> hlogs) throws IOException {
        List<Histogram> all = new ArrayList<>(own);
        for (Path file : hlogs) {
            HistogramLogReader reader = new HistogramLogReader(file.toFile());
            try {
                EncodableHistogram h;
                while ((h = reader.nextIntervalHistogram()) != null) {
                    all.add((Histogram) h);
                }
            } finally {
                reader.close();
            }
        }
        all.sort(java.util.Comparator.comparingLong(Histogram::getStartTimeStamp));
        return all;
    }

    @Override
    public void close() {
        hlog.close();
    }
}
