package org.jvmmark.report.render;

import org.jvmmark.report.words.AnswerList;
import org.jvmmark.report.words.ContainerNotes;
import org.jvmmark.report.model.ReportModel;
import org.jvmmark.report.words.Words;
import org.jvmmark.report.tune.TuneAnswer;
import org.jvmmark.report.tune.TuneVerdicts;

/**
 * A run's answer as console text: who won, per workload, as aligned plain text for a terminal (the same lines as the
 * reports' first table), then the answers to the workloads' questions ({@link AnswerList}); a tuning run ends with
 * which settings instead. Stateless and thread-safe.
 */
final class ConsoleText {
    private ConsoleText() {
    }

    static String run(ReportModel model) {
        return Words.withMoreCommand(model.moreCommand(), () -> runOf(model));
    }

    private static String runOf(ReportModel model) {
        TuneAnswer tune = (model.results() == null ? null : TuneAnswer.of(model.results()));
        if (tune != null) {
            // A tuning run ends with which settings: its workload's questions compare JVMs, and the race's points are
            // not what they are asked of (each would print "cannot tell: … nothing to compare"); report.md keeps them.
            return containers(model) + TuneVerdicts.table(model, tune).text() + "\n" + tune(tune);
        }
        // The questions last, so that a run's console ends with the answers to what the workloads are for.
        String answers = AnswerList.of(model).text();
        return containers(model) + TuneVerdicts.table(model, null).text() + (answers.isEmpty() ? "" : "\n" + answers);
    }

    /** "Which settings (objective; constraints):" then one line a setting. */
    static String tune(TuneAnswer tune) {
        StringBuilder sb = new StringBuilder("Which settings (").append(tune.objectiveName())
                .append(tune.record().constraints().isEmpty() ? "" : "; " + String.join(", ", tune.record().constraints()))
                .append("):\n");
        tune.lines().forEach(l -> sb.append(l).append('\n'));
        return sb.toString();
    }

    /** What the JVMs chose inside the user's container, beside the host's defaults, one paragraph a workload; "" without limits. */
    private static String containers(ReportModel model) {
        StringBuilder sb = new StringBuilder();
        ContainerNotes.all(model.results()).forEach(l -> sb.append(l).append("\n\n"));
        return sb.toString();
    }
}
