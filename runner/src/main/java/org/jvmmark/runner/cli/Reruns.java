package org.jvmmark.runner.cli;

import java.util.List;
import org.jvmmark.results.Disturbance;
import org.jvmmark.results.Trial;
import org.jvmmark.results.TrialBuilder;
import org.jvmmark.runner.plan.PlannedTrial;

/**
 * The bookkeeping of a disturbed fork's re-run: which fork number it gets, and the links between the
 * disturbed trial ({@code process.disturbance.rerunAs}) and its re-run ({@code process.disturbance.rerunOf}).
 * Stateless and thread-safe.
 */
final class Reruns {
    private Reruns() {
    }

    /**
     * The fork number a re-run of a fork of {@code row} gets: one above every fork of the row recorded, still to
     * run in this list, or already given to a re-run.
     */
    static int nextFork(String row, List<Trial> recorded, List<PlannedTrial> toRun, List<PlannedTrial> rerunsSoFar) {
        int highest = 0;
        for (Trial t : recorded) {
            if (PlannedTrial.rowOf(t.id()).equals(row)) {
                highest = Math.max(highest, t.identity().fork());
            }
        }
        for (List<PlannedTrial> list : List.of(toRun, rerunsSoFar)) {
            for (PlannedTrial t : list) {
                if (t.rowId().equals(row)) {
                    highest = Math.max(highest, t.fork());
                }
            }
        }
        return highest + 1;
    }

    /** The recorded fork {@code fork} of {@code row}, or null. */
    static Trial find(List<Trial> recorded, String row, int fork) {
        return recorded.stream().filter(t -> PlannedTrial.rowOf(t.id()).equals(row) && t.identity().fork() == fork)
                .findFirst().orElse(null);
    }

    /** {@code disturbed} noting that fork {@code fork} re-ran it. */
    static Trial rerunAs(Trial disturbed, int fork) {
        Disturbance d = disturbed.outcome().process().disturbance();
        if (d == null) {
            return disturbed;
        }
        return TrialBuilder.from(disturbed).process(disturbed.outcome().process().withDisturbance(d.withRerunAs(fork))).build();
    }

    /** {@code rerun} noting that it re-ran the disturbed fork {@code fork} (when its window was measured). */
    static Trial linked(Trial rerun, int fork) {
        Disturbance d = rerun.outcome().process().disturbance();
        if (d == null) {
            return rerun;
        }
        return TrialBuilder.from(rerun).process(rerun.outcome().process().withDisturbance(d.withRerunOf(fork))).build();
    }
}
