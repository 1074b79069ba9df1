package org.jvmmark.report.words;

import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

import org.jvmmark.results.GcEvent;
import org.jvmmark.results.Probe;
import org.jvmmark.results.Trial;
import org.jvmmark.report.numbers.Format;
import org.jvmmark.report.model.Row;

/**
 * A row's garbage collections during its measured runs (warm-up excluded), as the harness recorded
 * them per run: stop-the-world pauses counted and timed, concurrent cycles counted apart since
 * their duration is not time the application stood still. Per-fork figures are means over the
 * row's ok forks. Immutable, hence thread-safe.
 *
 * @param forks how many forks recorded their collections
 * @param pausesPerFork stop-the-world collections per fork
 * @param pauseMillisPerFork their total duration per fork
 * @param longestPauseMillis the longest single pause in any fork
 * @param cyclesPerFork concurrent cycles per fork (ZGC, Shenandoah, G1's concurrent marking)
 * @param collectors the collector beans seen, e.g. "G1 Young Generation, G1 Concurrent GC"
 */
public record GcSummary(int forks, double pausesPerFork, double pauseMillisPerFork, long longestPauseMillis,
                 double cyclesPerFork, String collectors) {

    /** The row's collections, or null when none of its ok forks recorded them (no harness runs). */
    public static GcSummary of(Row row) {
        int forks = 0;
        long pauses = 0;
        long pauseMillis = 0;
        long longest = 0;
        long cycles = 0;
        TreeSet<String> collectors = new TreeSet<>();
        for (Trial t : row.okTrials()) {
            List<Probe.Run> runs = runsWithGc(t);
            if (runs == null) {
                continue;
            }
            forks++;
            for (Probe.Run run : runs) {
                for (GcEvent e : run.gcEvents()) {
                    collectors.add(e.collector());
                    if (e.concurrent()) {
                        cycles++;
                    } else {
                        pauses++;
                        pauseMillis += e.durationMillis();
                        longest = Math.max(longest, e.durationMillis());
                    }
                }
            }
        }
        if (forks == 0) {
            return null;
        }
        return new GcSummary(forks, (double) pauses / forks, (double) pauseMillis / forks, longest,
                (double) cycles / forks, String.join(", ", collectors));
    }

    /** The runs of the trial's first probe that recorded collections (endToEnd comes first), or null. */
    private static List<Probe.Run> runsWithGc(Trial t) {
        return t.measured().latency().values().stream().map(Probe::runs)
                .filter(runs -> !runs.isEmpty() && runs.stream().allMatch(r -> r.gcEvents() != null))
                .filter(Objects::nonNull).findFirst().orElse(null);
    }

    /** "12 pauses, 48 ms in all, longest 9 ms" (per fork), plus concurrent cycles when there were any. */
    public String words() {
        String s = count(pausesPerFork) + (pausesPerFork == 1 ? " pause" : " pauses");
        if (pausesPerFork > 0) {
            s += ", " + millis(pauseMillisPerFork) + " in all, longest " + millis(longestPauseMillis);
        }
        if (cyclesPerFork > 0) {
            s += "; " + count(cyclesPerFork) + " concurrent " + (cyclesPerFork == 1 ? "cycle" : "cycles");
        }
        return s;
    }

    /** The beans count whole milliseconds: a pause below one reads as 0, which it was not. */
    public static String millis(double ms) {
        return ms < 1 ? "<1 ms" : Format.value(ms, "ms");
    }

    /** A per-fork count: whole when it is, else three figures. */
    public static String count(double perFork) {
        return perFork == Math.rint(perFork) ? String.valueOf((long) perFork) : Format.sig(perFork);
    }
}
