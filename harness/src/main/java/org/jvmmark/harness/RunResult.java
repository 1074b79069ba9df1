package org.jvmmark.harness;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One probe's figures for one run. For the end-to-end probe {@link #percentiles()} are measured
 * from the intended start when CO correction is on, and {@link #uncorrectedPercentiles()} from the
 * actual start; for other probes both are the recorded durations. Immutable (histograms are
 * private copies).
 */
public final class RunResult {
    private final int run;
    private final Histogram histogram;
    private final Histogram uncorrected;
    private final Map<String, Long> percentiles;
    private final Map<String, Long> uncorrectedPercentiles;
    private final double targetRate;
    private final double achievedRate;
    private final boolean fellBehind;
    private final long durationNanos;
    private final List<GcEvent> gcEvents;
    private final StartLag startLag;

    RunResult(int run, Histogram histogram, Histogram uncorrected, double targetRate, double achievedRate,
              boolean fellBehind, long durationNanos, List<GcEvent> gcEvents) {
        this(run, histogram, uncorrected, targetRate, achievedRate, fellBehind, durationNanos, gcEvents, StartLag.NONE);
    }

    private RunResult(int run, Histogram histogram, Histogram uncorrected, double targetRate, double achievedRate,
                      boolean fellBehind, long durationNanos, List<GcEvent> gcEvents, StartLag startLag) {
        this.startLag = startLag;
        this.run = run;
        this.histogram = histogram;
        this.uncorrected = uncorrected;
        this.percentiles = Percentiles.of(histogram);
        this.uncorrectedPercentiles = Percentiles.of(uncorrected);
        this.targetRate = targetRate;
        this.achievedRate = achievedRate;
        this.fellBehind = fellBehind;
        this.durationNanos = durationNanos;
        this.gcEvents = Collections.unmodifiableList(gcEvents);
    }

    RunResult withGcEvents(List<GcEvent> events) {
        return new RunResult(run, histogram, uncorrected, targetRate, achievedRate, fellBehind, durationNanos, events, startLag);
    }

    /** This run with its schedule check attached. */
    RunResult withStartLag(StartLag lag) {
        return new RunResult(run, histogram, uncorrected, targetRate, achievedRate, fellBehind, durationNanos, gcEvents, lag);
    }

    /** How the run kept its schedule over its whole length, and the rate it delivered at. */
    public StartLag startLag() {
        return startLag;
    }

    /** 1-based index among the measured runs. */
    public int run() {
        return run;
    }

    public long count() {
        return histogram.getTotalCount();
    }

    public Map<String, Long> percentiles() {
        return percentiles;
    }

    public Map<String, Long> uncorrectedPercentiles() {
        return uncorrectedPercentiles;
    }

    /** Iterations per second asked for; 0 in a closed loop. */
    public double targetRate() {
        return targetRate;
    }

    /**
     * Iterations per second issued: iterations ÷ (actual start of the last − due time of the first
     * + one mean interval), so a run that kept a fixed schedule achieves exactly its target (a
     * Poisson schedule's own rate varies by about 1/sqrt(iterations) around it). It counts issued
     * iterations: a consumer that falls behind asynchronously shows as latency, not here.
     */
    public double achievedRate() {
        return achievedRate;
    }

    /**
     * The run fell behind its schedule: either the last iteration started so late that the achieved
     * rate is below 99% of the rate of the due times actually scheduled (for fixed arrivals that is
     * the target; for Poisson arrivals the schedule's own rate, which varies by about
     * 1/sqrt(iterations) around it), or, judged over the whole run, more than 1 % of its iterations
     * started late ({@link #startLag()}) — a producer starved mid-run that caught up by its end.
     */
    public boolean fellBehind() {
        return fellBehind;
    }

    public long durationNanos() {
        return durationNanos;
    }

    public List<GcEvent> gcEvents() {
        return gcEvents;
    }

    /** A copy of this run's histogram. */
    public Histogram histogram() {
        return histogram.copy();
    }

    public Histogram uncorrectedHistogram() {
        return uncorrected.copy();
    }

    Histogram histogramView() {
        return histogram;
    }

    Histogram uncorrectedView() {
        return uncorrected;
    }
}
