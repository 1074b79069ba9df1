package org.jvmmark.workloads.queuelarge;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.jvmmark.api.Better;
import org.jvmmark.api.Series;
import org.jvmmark.api.TrialResult;

/**
 * Turns the bursts into what the trial reports: the per-burst series (the seed's figures 2 and 3:
 * write and read ms/GiB against GiB written, the memory limit marked) and the scalar figures —
 * medians before and past the limit, their ratio, the cold read, and the queue against the disk.
 *
 * <p>A burst is <em>past the limit</em> when the data written before it started already reached
 * the limit (the cgroup's, or the machine's RAM when there is none); otherwise it is within.
 *
 * <p>Not thread-safe.
 */
final class BurstFigures {
    static final String SERIES = "bursts";

    private final List<Burst> bursts = new ArrayList<>();
    private final long limitBytes;
    private final String limitLabel;

    /**
     * @param limitBytes the memory the data is measured against: the applied cgroup limit, or the machine's RAM
     * @param limitLabel how the mark on the chart reads, e.g. {@code memory limit 2 GiB (cgroup v1)}
     */
    BurstFigures(long limitBytes, String limitLabel) {
        this.limitBytes = limitBytes;
        this.limitLabel = limitLabel;
    }

    void add(Burst b) {
        bursts.add(b);
    }

    List<Burst> bursts() {
        return bursts;
    }

    Series series() {
        Series s = new Series("writtenGiB", "GiB", "message bytes written so far, this burst included (one point per burst)")
                .y("writeMsPerGiB", "ms/GiB", Better.LOWER, "time to append this burst, per GiB")
                .y("readMsPerGiB", "ms/GiB", Better.LOWER, "time to read this burst back and check every message, per GiB")
                .y("writeGiBPerSecond", "GiB/s", Better.HIGHER, "this burst's write speed")
                .y("readGiBPerSecond", "GiB/s", Better.HIGHER, "this burst's read speed")
                .y("pastLimit", "", Better.NONE, "1 when the burst started with the data already past the memory limit, else 0")
                .y("queueBytes", "bytes", Better.NONE, "length of the queue's files after the burst")
                .y("rssBytes", "bytes", Better.NONE, "resident set size of the JVM after the burst (VmRSS)")
                .y("rssFileBytes", "bytes", Better.NONE, "the resident part that is mapped files, i.e. the queue (RssFile)")
                .y("virtualBytes", "bytes", Better.NONE, "virtual size of the JVM after the burst (VmSize)")
                .y("majorFaults", "faults", Better.NONE, "major page faults (pages read from disk) during the burst's write and read")
                .y("pageCacheBytes", "bytes", Better.NONE, "page cache charged to the trial's memory cgroup after the burst; null without one");
        for (Burst b : bursts) {
            s.point(Sizes.gib(b.writtenAfterBytes()), round(b.writeMsPerGiB()), round(b.readMsPerGiB()),
                    round3(1000 / b.writeMsPerGiB()), round3(1000 / b.readMsPerGiB()), b.pastLimit(limitBytes) ? 1 : 0, b.queueFileBytes,
                    orNaN(b.memory.rssBytes), orNaN(b.memory.rssFileBytes), orNaN(b.memory.virtualBytes), orNaN(b.majorFaults),
                    orNaN(b.cgroupPageCacheBytes));
        }
        s.marker(Sizes.gib(limitBytes), limitLabel);
        return s;
    }

    /** Records the medians past and within the limit, and past ÷ within, for writes and reads. */
    void recordMedians(TrialResult result) {
        record(result, "write", Burst::writeMsPerGiB);
        record(result, "read", Burst::readMsPerGiB);
    }

    private void record(TrialResult result, String what, ToDoubleFunction<Burst> msPerGiB) {
        double[] within = values(false, msPerGiB);
        double[] past = values(true, msPerGiB);
        // Past the limit first: the seed's figure, and the report's headline (its first ranked metric).
        if (past.length > 0) {
            result.metric(what + "MsPerGiBPastLimit", median(past), "ms/GiB", Better.LOWER, past);
        }
        if (within.length > 0) {
            result.metric(what + "MsPerGiBWithinLimit", median(within), "ms/GiB", Better.LOWER, within);
        }
        if (within.length > 0 && past.length > 0) {
            result.metric(what + "PastLimitRatio", median(past) / median(within), "x", Better.NONE);
        }
    }

    /** Median write speed over the bursts past the limit (all bursts when none is past it), GiB/s. */
    double steadyWriteGiBPerSecond() {
        double[] past = values(true, Burst::writeMsPerGiB);
        double[] ms = past.length > 0 ? past : bursts.stream().mapToDouble(Burst::writeMsPerGiB).toArray();
        return 1000 / median(ms);
    }

    boolean anyPastLimit() {
        return values(true, Burst::writeMsPerGiB).length > 0;
    }

    private double[] values(boolean pastLimit, ToDoubleFunction<Burst> f) {
        return bursts.stream().filter(b -> b.pastLimit(limitBytes) == pastLimit).mapToDouble(f).toArray();
    }

    static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    private static double orNaN(long v) {
        return v < 0 ? Double.NaN : v;
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }

    private static double round3(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
