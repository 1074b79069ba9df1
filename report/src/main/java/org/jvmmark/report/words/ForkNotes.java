package org.jvmmark.report.words;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.results.Disturbance;
import org.jvmmark.results.MachineState;
import org.jvmmark.results.Results;
import org.jvmmark.results.Trial;
import org.jvmmark.report.numbers.Format;

/**
 * What a report says about a workload's forks beyond their figures: how many forks each row took and why, as the
 * runner's adaptive forks ({@code --forks auto}) recorded it in the fork account ({@link Results#forkAccount()},
 * {@code "forkAccount"} in results.json) ("temurin-25.0.3/tomcat-virtual 3 — decided", "… 10 — cap reached, cannot tell"; empty for runs
 * with a fixed number of forks), which forks another process disturbed ({@link #disturbed}), and during which forks
 * the machine changed ({@link #machineChanged}). Stateless and thread-safe.
 */
public final class ForkNotes {
    private ForkNotes() {
    }

    /** One line per row of {@code workload}: its id without the workload, its forks and the reason. */
    public static List<String> of(Results results, String workload) {
        List<String> lines = new ArrayList<>();
        if (results.forkAccount() == null) {
            return lines;
        }
        String prefix = workload + "/";
        results.forkAccount().rows().forEach((row, r) -> {
            if (row.startsWith(prefix)) {
                lines.add(row.substring(prefix.length()) + " " + r.forks() + " — " + r.reason());
            }
        });
        return lines;
    }

    /** The sentence a report shows under a workload's headline, or empty. */
    public static String sentence(Results results, String workload) {
        List<String> lines = of(results, workload);
        return lines.isEmpty() ? "" : "Forks per row (--forks auto: 3, then more only while the row's question is open): "
                + String.join("; ", lines) + ".";
    }

    /**
     * One line per fork of {@code workload} that another process disturbed ({@code process.disturbance.disturbed}),
     * with the figure and what became of it: "debian-17.0.17/default fork 2 disturbed: other processes used 1.91 CPUs
     * on average during its 9.8 s window (more than 0.25); re-run as fork 4; its figures are left out". Such a fork
     * is not evidence: the report's rows leave it out ({@code ModelBuilder}), the runner set its figures aside.
     *
     * @param workload a section's name: the workload's, or "workload · on machine" in a merged result set
     */
    public static List<String> disturbed(Results results, String workload) {
        List<String> lines = new ArrayList<>();
        for (Trial t : results.trials()) {
            if (!t.disturbed() || !inSection(t, workload)) {
                continue;
            }
            Disturbance d = t.outcome().process().disturbance();
            String row = rowOf(t);
            StringBuilder line = new StringBuilder(row).append("fork ").append(t.identity().fork()).append(" disturbed: ")
                    .append(d.reason());
            if (d.rerunAs() != null) {
                line.append("; re-run as fork ").append(d.rerunAs());
            } else if (d.rerunOf() != null) {
                line.append("; it re-ran disturbed fork ").append(d.rerunOf()).append(" and was not re-run again");
            } else {
                line.append("; not re-run");
            }
            lines.add(line.append("; its figures are left out").toString());
        }
        return lines;
    }

    /**
     * One line per fork of {@code workload} whose machine probe changed between before and after ({@link
     * Trial#machineChangedDuring()}): "debian-17.0.17/default fork 2: cache-line round trip 133 → 410 ns". The
     * fork stays evidence here (what to make of it is the judge's); the report says it.
     *
     * @param workload a section's name: the workload's, or "workload · on machine" in a merged result set
     */
    public static List<String> machineChanged(Results results, String workload) {
        List<String> lines = new ArrayList<>();
        for (Trial t : results.trials()) {
            if (t.machineChangedDuring() && inSection(t, workload)) {
                lines.add(rowOf(t) + "fork " + t.identity().fork() + ": " + t.outcome().machineState().change());
            }
        }
        return lines;
    }

    /** The sentence a report shows for {@code workload}'s forks during which the machine changed, or empty. */
    public static String machineChangedSentence(Results results, String workload) {
        List<String> lines = machineChanged(results, workload);
        if (lines.isEmpty()) {
            return "";
        }
        return "The machine changed while " + (lines.size() == 1 ? "this fork" : "these forks") + " ran (the runner's probe"
                + " beside each fork, on the trial's CPUs, read a cache-line round trip more than "
                + String.format(Locale.ROOT, "%.2f", MachineState.CHANGE_FACTOR)
                + "× apart before and after): " + String.join("; ", lines) + ". Where the probe's readings fall on two levels, "
                + "such a fork's value blends both in a proportion nobody measured: a figure the level moves by more than its"
                + " fork noise leaves it out (its verdict says so); one it moves less keeps it, counted half on each level, or as"
                + " it is where the level moves it by less than " + Format.percent(Judge.LEVEL_BOUND) + ".";
    }

    private static boolean inSection(Trial t, String workload) {
        return t.workload().equals(workload) || (t.workload() + " · on " + t.identity().machine()).equals(workload);
    }

    /** The fork's row as a note names it, with a trailing space: its id without the workload and the fork. */
    private static String rowOf(Trial t) {
        String row = t.id().startsWith(t.workload() + "/") ? t.id().substring(t.workload().length() + 1) : t.id();
        int slash = row.lastIndexOf("/fork");
        return slash > 0 ? row.substring(0, slash) + " " : row.startsWith("fork") ? "" : row + " ";
    }

    /** The sentence a report shows for {@code workload}'s disturbed forks, or empty. */
    public static String disturbedSentence(Results results, String workload) {
        List<String> lines = disturbed(results, workload);
        if (lines.isEmpty()) {
            return "";
        }
        return (lines.size() == 1 ? "A fork was" : lines.size() + " forks were") + " disturbed by other processes on the machine "
                + "(their CPU time from /proc over each fork's window, steal included), and " + (lines.size() == 1 ? "is" : "are") + " not evidence: "
                + String.join(". ", lines) + ".";
    }
}
