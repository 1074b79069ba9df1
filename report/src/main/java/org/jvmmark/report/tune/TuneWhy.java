package org.jvmmark.report.tune;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jvmmark.report.numbers.Format;
import org.jvmmark.results.Instruments;
import org.jvmmark.results.Trial;

/**
 * Why the pick wins, from the GC logs ({@code tune} runs every fork with {@code --gc-log}) of the confirmation round's
 * forks, the pick's against the default's and the baseline's: collections and their pauses, allocation rate, heap after
 * GC — means over each point's confirmation forks, nothing estimated. These are the same forks the gain was judged on,
 * so the figures describe the runs the answer rests on. Stateless.
 */
final class TuneWhy {
    /** The GC log figures compared, by their path in the {@code gcLog} instrument's summary, and how they read. */
    private static final Map<String, String> FIGURES = new LinkedHashMap<>();

    static {
        FIGURES.put("pauses", "%s GC pauses");
        FIGURES.put("totalMillis", "%s ms paused");
        FIGURES.put("longestMillis", "longest %s ms");
        FIGURES.put("allocationMiBPerSecond", "%s MiB/s allocated");
        FIGURES.put("heapAfterGcMiB.mean", "heap after GC %s MiB");
    }

    private TuneWhy() {
    }

    /**
     * "why, per confirmation fork (GC log): the pick 3 GC pauses, 12 ms paused, longest 5.1 ms, 310 MiB/s allocated,
     * heap after GC 41 MiB; the default 41 GC pauses, …"; null when the confirmation round is not run or its forks have
     * no GC log. Each point is named by what the answer makes of it: "the pick" only for a winner; "the leader" for a
     * setting that leads without a call; "the best setting confirmed" when the default leads or is kept — and then the
     * line is no "why", for there is no win to explain (the races of 2026-11-29 said "why …: the pick" of a default that
     * led a race that could not tell).
     */
    static String line(TuneRecord.JdkRace race, Confirmation c, List<Trial> trials) {
        if (c == null) {
            return null;
        }
        boolean won = c.form() == Confirmation.Form.WINNER;
        Map<String, String> rows = new LinkedHashMap<>();
        if (c.candidate() != null) {
            rows.put(c.candidate(), !c.candidate().equals(c.pick()) ? "the best setting confirmed" : won ? "the pick" : "the leader");
        }
        rows.putIfAbsent(c.defaultPoint(), "the default");
        if (c.baseline() != null) {
            rows.putIfAbsent(c.baseline(), "your baseline");
        }
        List<String> parts = new ArrayList<>();
        rows.forEach((row, who) -> parts.add(describe(who, row, race, trials)));
        if (parts.contains(null)) {
            return null;
        }
        return (won ? "why, per confirmation fork (GC log): " : "per confirmation fork (GC log): ") + String.join("; ", parts);
    }

    /** "the pick 3 GC pauses, …" over the row's confirmation forks that logged; null when none did. */
    private static String describe(String who, String row, TuneRecord.JdkRace race, List<Trial> trials) {
        String label = race.labelOf(row);
        List<Instruments.Instrument> logs = new ArrayList<>();
        for (Trial t : trials) {
            // the forks the gain was judged on (as TuneAnswer.rows takes them): the row's, of the round, not disturbed
            if (TuneAnswer.rowOf(t.id()).equals(row) && race.confirming(race.roundOf(label, t.identity().fork()))
                    && TuneAnswer.evidence(t)) {
                Instruments.Instrument log = t.provenance().instruments().instruments().get("gcLog");
                if (log != null && log.on()) {
                    logs.add(log);
                }
            }
        }
        if (logs.isEmpty()) {
            return null;
        }
        List<String> said = new ArrayList<>();
        FIGURES.forEach((path, words) -> {
            double sum = 0;
            int n = 0;
            for (Instruments.Instrument log : logs) {
                double v = log.figure(path);
                if (Double.isFinite(v)) {
                    sum += v;
                    n++;
                }
            }
            if (n > 0) {
                said.add(String.format(java.util.Locale.ROOT, words, Format.sig(sum / n)));
            }
        });
        return said.isEmpty() ? null : who + " " + String.join(", ", said);
    }
}
