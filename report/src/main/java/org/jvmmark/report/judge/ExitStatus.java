package org.jvmmark.report.judge;

import java.util.List;

/**
 * The one place that turns judgements into an exit status for {@code compare} and {@code history check}: 1 when
 * anything is worse, else 5 when anything could be worse by more than the threshold (cannot tell, and the
 * interval of the slowdown reaches past it, or no interval at all), else 0 (also when no figure was there to be
 * judged: facts, untrusted percentiles and pinned rates are not judged and never make a gate fail). "Cannot tell" that
 * could hide a regression is never "no regression". Stateless and thread-safe.
 */
public final class ExitStatus {
    /** Nothing regressed, and nothing could have by more than the threshold. */
    public static final int OK = 0;
    /** Something regressed. */
    public static final int REGRESSED = 1;
    /** The evidence cannot tell whether something regressed. */
    public static final int CANNOT_TELL = 5;

    private ExitStatus() {
    }

    /** The status of {@code judgements}, each judging a new result (candidate) against a baseline (reference). */
    public static int of(List<Judgement> judgements) {
        if (judgements.stream().anyMatch(j -> j.answer() == Judgement.Answer.WORSE)) {
            return REGRESSED;
        }
        if (judgements.stream().anyMatch(Judgement::couldBeWorse)) {
            return CANNOT_TELL;
        }
        return OK;
    }
}
