package org.jvmmark.report.model;

import java.util.List;
import org.jvmmark.report.judge.Effect;
import org.jvmmark.report.judge.Judgement;

/**
 * The answer to "who won?" for one workload (or one family of its variants, e.g. the servers of
 * the http workload on one thread model): what the first screen of the report, the Markdown
 * report and the console all show. Built by the verdict code, never by a renderer. Immutable,
 * hence thread-safe.
 *
 * @param workload the workload's name
 * @param family the variant family this headline covers, or "" for the whole workload
 * @param figure the column the verdict is about (the workload's headline figure: p50 of endToEnd
 *     for latency workloads, the score for throughput ones), or null when nothing ran ok
 * @param outcome what could be concluded
 * @param winner the best row, or null when there is no ranking (outcome not WINNER or NO_DIFFERENCE)
 * @param runnerUp the second-best row, or null
 * @param effect the runner-up against the winner, with its interval, or null when not computed
 * @param words the whole verdict as one sentence, for a reader who reads only this line:
 *     "Temurin 25.0.1 · G1 wins: Temurin 21.0.8 · G1 is 12 % slower (95 % CI 8–16 %), 5 forks each"
 * @param notRun one line per row that did not end ok ("Temurin 11 · virtual: unsupported (needs JDK 21)")
 * @param judgement the judge's answer for the runner-up against the winner, null when none was asked
 * @param close for a headline that cannot tell, how close the rows are: the provisional leader, the largest difference
 *     the intervals rule out, what more forks would cost ("provisionally Temurin 21.0.8 · G1 leads, and no other JVM is
 *     more than 18 % slower than it"); "" otherwise
 */
public record Headline(String workload, String family, Column figure, Outcome outcome, Row winner, Row runnerUp,
                       Effect effect, String words, List<NotRun> notRun, Judgement judgement,
                       String close) {
    public Headline {
        notRun = List.copyOf(notRun);
    }

    /** A headline with nothing to say of how close its rows are. */
    public Headline(String workload, String family, Column figure, Outcome outcome, Row winner, Row runnerUp,
                    Effect effect, String words, List<NotRun> notRun, Judgement judgement) {
        this(workload, family, figure, outcome, winner, runnerUp, effect, words, notRun, judgement, "");
    }

    /** A headline no judgement stands behind (nothing ran, one row, not trusted). */
    public Headline(String workload, String family, Column figure, Outcome outcome, Row winner, Row runnerUp,
                    Effect effect, String words, List<NotRun> notRun) {
        this(workload, family, figure, outcome, winner, runnerUp, effect, words, notRun, null);
    }

    /** What a verdict could conclude. */
    public enum Outcome {
        /** One row is better than every other beyond noise and the practical threshold. */
        WINNER,
        /** The best rows differ by less than the threshold or within noise. */
        NO_DIFFERENCE,
        /**
         * The evidence cannot decide although the rows were tested: a difference a split between the
         * machine's two launch levels could produce, or a leader that a row left out of the ranking (or one
         * within noise of it) could still beat. The words say why and what would tell; never "no difference".
         */
        CANNOT_TELL,
        /** Fewer than the minimum forks on a side: the words say how many forks would tell. */
        TOO_FEW_FORKS,
        /** The figure cannot be trusted on this machine (sample count, CPUs obtained). */
        NOT_TRUSTED,
        /** Only one row ran: nothing to compare. */
        ONE_ROW,
        /** No row ended ok. */
        NOTHING_RAN
    }
}
