package org.jvmmark.workloads.startup;

import java.util.List;
import org.jvmmark.api.Better;
import org.jvmmark.api.TrialResult;
import org.jvmmark.api.ValidationException;

/**
 * Turns one program's checked launches into metrics named {@code <program>.<figure>}: medians with
 * one sample per launch (so the report can show the spread), and the cold launch apart. Figures of
 * secondary interest (spawn cost, OS thread count, committed metaspace) go to {@code info}, to keep
 * the report's table to what users compare. Stateless.
 */
final class StartupMetrics {
    private static final double MIB = 1024.0 * 1024.0;

    private StartupMetrics() {
    }

    /** A figure read from one launch; may throw if the program did not report it. */
    private interface Figure {
        double of(Launch launch) throws ValidationException;
    }

    static void record(ProgramMeasurement.Outcome o, boolean sharedClock, TrialResult result) throws ValidationException {
        String p = o.program.id() + ".";
        if (o.training != null) {
            result.metric(p + "trainingMs", o.training.wallMillis(), "ms", Better.LOWER);
            result.metric(p + "archiveMiB", o.archiveBytes / MIB, "MiB", Better.LOWER);
        }
        single(result, p + "coldStartupMs", o.cold.wallMillis(), "ms");
        median(result, p + "startupMs", o.warm, Launch::wallMillis, "ms");
        result.info(p + "spawnMs", Samples.median(values(o.warm, Launch::spawnMillis)));
        result.info(p + "command", o.cold.command());
        if (!o.program.reports()) {
            return;
        }
        if (sharedClock) {
            single(result, p + "coldMainMs", o.cold.sinceForkMillis(o.cold.report().number("mainNanos")), "ms");
            median(result, p + "mainMs", o.warm, l -> l.sinceForkMillis(l.report().number("mainNanos")), "ms");
            if (o.cold.report().has("responseNanos")) {
                single(result, p + "coldFirstResponseMs", o.cold.sinceForkMillis(o.cold.report().number("responseNanos")), "ms");
                median(result, p + "firstResponseMs", o.warm, l -> l.sinceForkMillis(l.report().number("responseNanos")), "ms");
            }
        }
        if (o.cold.report().has("vmHwmBytes")) {
            median(result, p + "peakRssMiB", o.warm, l -> l.report().number("vmHwmBytes") / MIB, "MiB");
        }
        result.info(p + "vmInfo", o.cold.report().text("vmInfo"));
        if (o.idle.isEmpty()) {
            return;
        }
        result.info(p + "idleMillis", o.idle.get(0).report().number("idleMillis"));
        if (o.idle.get(0).report().has("vmRssBytes")) {
            median(result, p + "idleRssMiB", o.idle, l -> l.report().number("vmRssBytes") / MIB, "MiB");
            result.info(p + "idleOsThreads", Samples.median(values(o.idle, l -> l.report().number("osThreads"))));
        }
        median(result, p + "idleHeapUsedMiB", o.idle, l -> l.report().number("heapUsedBytes") / MIB, "MiB");
        median(result, p + "idleHeapCommittedMiB", o.idle, l -> l.report().number("heapCommittedBytes") / MIB, "MiB");
        if (o.idle.get(0).report().has("metaspaceUsedBytes")) {
            median(result, p + "idleMetaspaceMiB", o.idle, l -> l.report().number("metaspaceUsedBytes") / MIB, "MiB");
            result.info(p + "idleMetaspaceCommittedMiB",
                    Samples.median(values(o.idle, l -> l.report().number("metaspaceCommittedBytes") / MIB)));
        }
        median(result, p + "idleJavaThreads", o.idle, l -> l.report().number("javaThreads"), "threads");
        median(result, p + "loadedClasses", o.idle, l -> l.report().number("loadedClasses"), "classes");
    }

    private static void single(TrialResult result, String name, double value, String unit) {
        result.metric(name, value, unit, Better.LOWER, new double[] {value});
    }

    private static void median(TrialResult result, String name, List<Launch> launches, Figure figure, String unit)
            throws ValidationException {
        double[] values = values(launches, figure);
        result.metric(name, Samples.median(values), unit, Better.LOWER, values);
    }

    private static double[] values(List<Launch> launches, Figure figure) throws ValidationException {
        double[] values = new double[launches.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = figure.of(launches.get(i));
        }
        return values;
    }
}
