package org.jvmmark.report;

import java.util.ArrayList;
import java.util.List;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.report.judge.Effect;
import org.jvmmark.report.model.Column;
import org.jvmmark.report.model.Headline;
import org.jvmmark.report.model.ReportModel;
import org.jvmmark.report.model.Row;
import org.jvmmark.report.model.Section;

/**
 * Verdicts for the baseline fixture, written by hand as the verdict code would hand them over, so
 * the renderers can be tested on every outcome without computing any statistics: queue-latency and
 * chat have a winner, synthetic no difference, startup too few forks, http one family that cannot be told and
 * one with a single row, queue-large not trusted. The effects are fixed values, not measured ones.
 *
 * <p>Stateless and thread-safe.
 */
final class HeadlineFixtures {
    private HeadlineFixtures() {
    }

    static ReportModel withHeadlines(ReportModel model) {
        List<Section> sections = new ArrayList<>();
        for (Section s : model.sections()) {
            sections.add(new Section(s.workload(), s.params(), s.commonFlags(), s.rows(), s.tables(), s.warnings(), headlines(s)));
        }
        return new ReportModel(model.results(), model.noise(), sections, model.threshold());
    }

    private static List<Headline> headlines(Section s) {
        List<org.jvmmark.report.model.NotRun> notRun = org.jvmmark.report.model.NotRun.of(s.rows());
        return switch (s.workload()) {
            case "synthetic" -> List.of(new Headline("synthetic", "", column(s, "endToEnd/50"), Headline.Outcome.NO_DIFFERENCE,
                    row(s, "Temurin 25.0.1 · G1"), row(s, "OpenJDK (Debian) 17.0.17 · G1"), new Effect(1.027, 0.991, 1.043, 0.95, false),
                    "No difference: OpenJDK (Debian) 17.0.17 · G1 is 2.7 % slower (95 % CI 0.9 % faster to 4.3 % slower), within ±5 %, 3 forks each",
                    notRun, judgement(Judgement.Answer.NO_DIFFERENCE, Judgement.Reason.WITHIN_THRESHOLD,
                            new Effect(1.027, 0.991, 1.043, 0.95, false), 3, 3)));
            case "queue-latency" -> List.of(new Headline("queue-latency", "", column(s, "endToEnd/50"), Headline.Outcome.WINNER,
                    row(s, "Temurin 25.0.1 · G1"), row(s, "OpenJDK (Debian) 17.0.17 · G1"), new Effect(1.113, 1.06, 1.17, 0.95, false),
                    "Temurin 25.0.1 · G1 wins: OpenJDK (Debian) 17.0.17 · G1 is 11 % slower (95 % CI 6.0–17 %), 3 forks each",
                    notRun, judgement(Judgement.Answer.WORSE, Judgement.Reason.CALLED, new Effect(1.113, 1.06, 1.17, 0.95, false),
                            3, 3)));
            case "startup" -> List.of(new Headline("startup", "", column(s, "metric/startupMillis"), Headline.Outcome.TOO_FEW_FORKS,
                    null, null, null, "1 fork each: 3 forks a side would tell (--forks 3)", notRun));
            case "chat" -> List.of(new Headline("chat", "", column(s, "metric/score"), Headline.Outcome.WINNER,
                    row(s, "Temurin 25.0.1 · G1 · virtual"), row(s, "Temurin 25.0.1 · G1 · platform"),
                    new Effect(0.933, 0.90, 0.96, 0.95, true),
                    "Temurin 25.0.1 · G1 · virtual wins: Temurin 25.0.1 · G1 · platform is 6.7 % lower (95 % CI 4.0–10 %), 5 forks each",
                    notRun, judgement(Judgement.Answer.WORSE, Judgement.Reason.CALLED, new Effect(0.933, 0.90, 0.96, 0.95, true),
                            5, 5)));
            case "http" -> List.of(
                    new Headline("http", "platform", column(s, "metric/requestsPerSecond"), Headline.Outcome.CANNOT_TELL, null, null, null,
                            "Forks disagree (two clusters 9 % apart): shown, not ranked", List.of()),
                    new Headline("http", "virtual", column(s, "metric/requestsPerSecond"), Headline.Outcome.ONE_ROW,
                            null, null, null, "Only Temurin 25.0.1 ran virtual threads: nothing to compare", notRun));
            case "queue-large" -> List.of(new Headline("queue-large", "", column(s, "metric/writeMsPerGiB"),
                    Headline.Outcome.NOT_TRUSTED, null, null, null, "1 burst per GiB on 2 CPUs: not trusted here", notRun));
            default -> List.of();
        };
    }

    /** The judgement the verdict code would hand over with such a headline (the runner-up against the winner). */
    private static Judgement judgement(Judgement.Answer answer, Judgement.Reason reason, Effect effect, int forksRunnerUp,
                                       int forksWinner) {
        return new Judgement(answer, reason, effect, 0.001, forksRunnerUp, forksWinner, 0, 0, false, Double.NaN, false, 0.05);
    }

    private static Column column(Section s, String id) {
        return s.tables().stream().flatMap(t -> t.columns().stream()).filter(c -> c.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no column " + id + " in " + s.workload()));
    }

    private static Row row(Section s, String label) {
        return s.rows().stream().filter(r -> r.label().equals(label)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no row " + label + " in " + s.workload() + ": "
                        + s.rows().stream().map(Row::label).toList()));
    }
}
