package org.jvmmark.report.judge;

import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.FisherExactTest;

/**
 * Failed forks as evidence of their own (DESIGN.md §6): a fork that crashed, timed out or failed its validation
 * measured nothing, and a candidate that loses more of its launches than its reference has regressed — however its other
 * forks measured. One-sided Fisher's exact test of the 2 × 2 table (failed, launched) of candidate and reference.
 * Stateless and thread-safe.
 */
final class Failures {
    /** Below this p-value the candidate's failure share rose beyond chance: worse (§6). */
    static final double RISE_ALPHA = 0.01;
    /** Below this p-value, and above {@link #RISE_ALPHA}, a rise could be real: cannot tell (§6). */
    static final double SUSPECT_ALPHA = 0.3;

    private Failures() {
    }

    /** The one-sided p-value of "the candidate fails no more often than the reference"; 1 when it lost no more forks. */
    static double riseP(RowForks candidate, RowForks reference) {
        return riseP(candidate.failed(), candidate.launched(), reference.failed(), reference.launched());
    }

    /** As {@link #riseP(RowForks, RowForks)} from counts: failed {@code fc} of {@code nc} against {@code fr} of {@code nr}. */
    static double riseP(int fc, int nc, int fr, int nr) {
        if (fc == 0 || nc == 0 || nr == 0 || (double) fc / nc <= (double) fr / nr) {
            return 1;
        }
        return FisherExactTest.withDefaults().with(AlternativeHypothesis.GREATER_THAN)
                .test(new int[][] {{fc, nc - fc}, {fr, nr - fr}}).getPValue();
    }
}
