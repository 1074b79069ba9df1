package org.jvmmark.report.render;

import java.util.ArrayList;
import java.util.List;
import org.jvmmark.report.numbers.Format;
import org.jvmmark.report.words.Words;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.report.tune.TuneAnswer;

/**
 * The points of a tuning run as one table, per JDK best objective first: the objective's centre, the JVM's peak RSS,
 * the achieved rate where measured, the forks, whether the point is on the Pareto frontier of objective against
 * footprint, and for the points of the final stage the objective's centre on its forks alone (the answer's figures,
 * whose order may differ from the race's: http's race of 2026-11-29 had the default at 66.0 k on all its forks and a
 * setting at 66.6 k, while on the stage's forks, as the answer said, the default led). What {@code report.md} and {@code report.html} show under the answer. Stateless and thread-safe.
 */
public final class FrontierTable {
    private FrontierTable() {
    }

    /** The table of {@code a}, whose objective some point measured ({@link TuneAnswer#objective} not null). */
    public static TextTable of(TuneAnswer a) {
        boolean rate = a.jdks().stream().flatMap(j -> j.points().stream()).anyMatch(p -> !Double.isNaN(p.throughput()));
        List<String> header = new ArrayList<>(List.of("JDK", "point", Words.figure(a.objective()), "peak RSS"));
        List<Boolean> numeric = new ArrayList<>(List.of(false, false, true, true));
        if (rate) {
            header.add("achieved rate");
            numeric.add(true);
        }
        header.addAll(List.of("forks", "frontier"));
        numeric.addAll(List.of(true, false));
        boolean staged = a.jdks().stream().flatMap(j -> j.points().stream()).anyMatch(p -> p.stageForks() > 0);
        if (staged) {
            header.addAll(List.of("final stage", "its forks"));
            numeric.addAll(List.of(true, true));
        }
        List<List<String>> rows = new ArrayList<>();
        for (TuneAnswer.JdkAnswer j : a.jdks()) {
            for (TuneAnswer.PointFigures p : j.points()) {
                List<String> r = new ArrayList<>(List.of(j.race().jdk(), p.label(), Format.value(p.objective(), a.objective().unit()),
                        Double.isNaN(p.footprint()) ? "-" : Format.value(p.footprint(), "bytes")));
                if (rate) {
                    r.add(Double.isNaN(p.throughput()) ? "-" : Format.value(p.throughput(), "/s"));
                }
                r.add(String.valueOf(p.forks()));
                r.add(p.onFrontier() ? "yes" : p.enoughForks() ? "" : "too few forks");
                if (staged) {
                    r.add(Double.isNaN(p.stage()) ? "-" : Format.value(p.stage(), a.objective().unit()));
                    r.add(p.stageForks() > 0 ? String.valueOf(p.stageForks()) : "-");
                }
                rows.add(r);
            }
        }
        return new TextTable("Every point with forks: " + Words.figure(a.objective()) + " against the JVM's peak RSS"
                + " (centres of all the point's forks, as the race ranked them; frontier: among the points with "
                + Judge.MIN_FORKS + " forks or more, no other is as good on both and better on one"
                + (staged ? "; final stage: the centre of its forks alone, on which the answer is judged, so its order is"
                        + " the answer's" : "") + ")", header, numeric, rows);
    }
}
