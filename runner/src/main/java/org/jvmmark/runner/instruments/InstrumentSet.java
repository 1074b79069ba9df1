package org.jvmmark.runner.instruments;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.jvmmark.results.Instruments;
import org.jvmmark.results.Trial;

/**
 * The instruments chosen for a run, and what the runner asks of them around each trial: the flags
 * for the JVM under test ({@link #launch}) and, afterwards, what they found ({@link #afterTrial}: the
 * typed {@link Instruments} the trial carries and the file's {@code instruments} block is written from), which also attributes the worst samples — from JFR when {@code --jfr} is on,
 * else from the GC log when {@code --gc-log} is on, else from the GC beans the harness always
 * records. Thread-safe.
 */
public final class InstrumentSet {
    private final List<LaunchListener> instruments;
    private final FlagCheck check = new FlagCheck();
    private final Consumer<String> warn;
    private final Set<String> warned = ConcurrentHashMap.newKeySet();

    private InstrumentSet(List<LaunchListener> instruments, Consumer<String> warn) {
        this.instruments = List.copyOf(instruments);
        this.warn = warn;
    }

    /**
     * @param jfr {@code null} for off, else {@code profile}, {@code default} or a {@code .jfc} path
     * @param asyncProfiler {@code null} for off, else the event
     * @param warn told once per JVM and instrument when a JVM refuses one
     * @throws IllegalArgumentException for a setting that names none of the valid ones
     */
    public static InstrumentSet of(boolean gcLog, String jfr, String asyncProfiler, Consumer<String> warn) {
        List<LaunchListener> list = new ArrayList<>();
        if (gcLog) {
            list.add(new GcLogInstrument());
        }
        if (jfr != null) {
            list.add(JfrInstrument.parse(jfr));
        }
        if (asyncProfiler != null) {
            list.add(new AsyncProfilerInstrument(asyncProfiler));
        }
        return new InstrumentSet(list, warn);
    }

    public static InstrumentSet none() {
        return new InstrumentSet(List.of(), s -> { });
    }

    public List<? extends Instrument> instruments() {
        return instruments;
    }

    /**
     * What one JVM under test runs with.
     *
     * @param jvmArgs the flags of the instruments the JVM accepted
     * @param refused per instrument key, the JVM's refusal
     */
    public record Launch(TrialFiles files, List<String> jvmArgs, Map<String, String> refused) {
    }

    /**
     * The flags for the JVM under test: each instrument's, once {@code java} has shown it accepts
     * them (asked once per JVM); an instrument it refuses is left out and the refusal kept.
     *
     * @param jdkLabel how the warning names the JVM
     */
    public Launch launch(Path java, String jdkLabel, TrialFiles files) {
        List<String> args = new ArrayList<>();
        Map<String, String> refused = new LinkedHashMap<>();
        for (LaunchListener i : instruments) {
            String why = i instanceof AsyncProfilerInstrument ? AsyncProfilerInstrument.unavailableReason() : null;
            if (why == null) {
                why = check.refusal(java, i);
            }
            List<String> flags = List.of();
            if (why == null) {
                try {
                    flags = i.jvmArgs(files);
                } catch (IllegalStateException e) { // this trial's paths cannot be passed (a comma in them)
                    why = e.getMessage();
                }
            }
            if (why != null) {
                refused.put(i.key(), why);
                if (warned.add(jdkLabel + "|" + i.key())) {
                    warn.accept(jdkLabel + " runs without " + i.title() + ": " + why);
                }
            } else {
                args.addAll(flags);
            }
        }
        return new Launch(files, List.copyOf(args), Map.copyOf(refused));
    }

    /**
     * What the instruments found on a trial: per instrument its status ({@code on}, {@code refused}
     * with the JVM's words, {@code no data} with why) and summary, then what the worst samples fell inside.
     *
     * @param launch {@code null} when no JVM was started (an {@code unsupported} trial)
     * @param trial the trial as measured, before a trial that is not ok sets its figures aside
     * @return {@link Instruments#NONE} when there is nothing to say: no instrument on and no worst samples
     */
    public Instruments afterTrial(Launch launch, Trial trial, Path resultsDir) {
        WorstSamples worst = WorstSamples.of(trial);
        if (launch == null || instruments.isEmpty() && worst == null) {
            return Instruments.NONE;
        }
        List<Instruments.Instrument> found = new ArrayList<>();
        PauseSource source = null;
        for (LaunchListener i : instruments) {
            String refusal = launch.refused().get(i.key());
            Instruments.Instrument summary = refusal != null ? Instruments.Instrument.refused(i.key(), i.title(), refusal)
                    : i instanceof TrialEndListener end ? end.afterTrial(launch.files(), worst, resultsDir)
                    : Instruments.Instrument.on(i.key(), i.title()).build();
            found.add(summary);
            if (i instanceof PauseSource p && summary.on() && (source == null || i instanceof JfrInstrument)) {
                source = p;
            }
        }
        Instruments.Outliers outliers = worst != null && !worst.samples().isEmpty()
                ? outliers(worst, source, launch.files(), trial) : null;
        return Instruments.of(found, outliers);
    }

    private static Instruments.Outliers outliers(WorstSamples worst, PauseSource source, TrialFiles files, Trial trial) {
        if (source instanceof JfrInstrument) {
            return Outliers.attribute(worst, source.pauses(files, worst), "jfr", "JFR", 100_000);
        }
        if (source instanceof GcLogInstrument) {
            // timenanos is exact; the log's durations are printed to the microsecond
            return Outliers.attribute(worst, source.pauses(files, worst), "gcLog", "the GC log", 10_000);
        }
        boolean driver = trial.outcome().driver() != null;
        return Outliers.attribute(worst, GcBeanPauses.of(trial, worst), "gcBeans",
                driver ? "the load driver's GC notifications (the server's need --gc-log or --jfr)" : "the GC notifications",
                GcBeanPauses.SLACK_NANOS);
    }
}
