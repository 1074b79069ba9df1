package org.jvmmark.report.judge;


/**
 * The judge's answer to one {@link Contrast}: values, never sentences — one place ({@code Words}) says them.
 * Immutable, hence thread-safe.
 *
 * @param answer one of three answers
 * @param reason what the answer rests on
 * @param effect candidate ÷ reference with its interval at the family's level (bounds NaN when not estimated)
 * @param p the two-sided p-value of "no change" before any correction, NaN when not estimated
 * @param forksCandidate the candidate's forks that measured the figure
 * @param forksReference the reference's
 * @param failedCandidate the candidate's forks that failed or timed out
 * @param forksToTell for {@link Answer#CANNOT_TELL}: the forks a side that would tell (0 when more forks would
 *     not, {@link #MORE_THAN_CAP} when more than {@value #CAP} would be needed); 0 otherwise
 * @param withinLevels whether the effect was estimated within the machine's two launch levels
 * @param levelGap the gap between the machine's levels as a factor, NaN on one level
 * @param ownSpread whether a side was judged on its own spread (its forks vary more than the other rows')
 * @param threshold the practical threshold the answer used, as a fraction
 * @param shareMove whether the two runs' shares of forks on the machine's levels differed beyond chance, and which way
 *     (the effect is then within the levels: a "no difference" stands, a call does not — {@link Reason#SHARE_MOVED})
 */
public record Judgement(Answer answer, Reason reason, Effect effect, double p, int forksCandidate, int forksReference,
                        int failedCandidate, int forksToTell, boolean withinLevels, double levelGap, boolean ownSpread,
                        double threshold, ShareMove shareMove) {
    /** A judgement of forks whose runs' shares on the machine's levels did not move (or of one run). */
    public Judgement(Answer answer, Reason reason, Effect effect, double p, int forksCandidate, int forksReference,
                     int failedCandidate, int forksToTell, boolean withinLevels, double levelGap, boolean ownSpread,
                     double threshold) {
        this(answer, reason, effect, p, forksCandidate, forksReference, failedCandidate, forksToTell, withinLevels, levelGap,
                ownSpread, threshold, ShareMove.NONE);
    }

    /**
     * How the candidate's run sat on the machine's two launch levels against the reference's, where the two runs' shares
     * differ beyond chance. The worse level is the one whose launches measure worse (the upper one for a latency, the
     * lower one for a throughput).
     */
    public enum ShareMove {
        /** One run, or shares that did not move beyond chance. */
        NONE,
        /** The candidate's run put more of its forks on the worse level: a slowdown the size of the gap, or the machine. */
        TOWARD_WORSE,
        /** The candidate's run put fewer of its forks on the worse level: it cannot hide a slowdown. */
        TOWARD_BETTER
    }

    /** Whether the runs' shares on the machine's levels moved beyond chance (either way). */
    public boolean shareMoved() {
        return shareMove != ShareMove.NONE;
    }

    /** The most forks a side {@link #forksToTell} names; beyond it, {@link #MORE_THAN_CAP}. */
    public static final int CAP = 60;
    /** "More than {@value #CAP} forks a side would tell". */
    public static final int MORE_THAN_CAP = Integer.MAX_VALUE;

    /** One of three answers. */
    public enum Answer {
        /** The candidate is better: the interval excludes no change and the effect passes the threshold. */
        BETTER,
        /** The candidate is worse: the interval excludes no change and the effect passes the threshold. */
        WORSE,
        /** The whole interval lies within ±threshold. */
        NO_DIFFERENCE,
        /** Neither: {@link Judgement#reason} says why, {@link Judgement#forksToTell} what would tell. */
        CANNOT_TELL
    }

    /** Whether the judge estimated the effect (its interval counts in a family), not answered before estimating. */
    public boolean estimated() {
        return reason.estimated;
    }

    /** What an answer rests on. */
    public enum Reason {
        /** Better/worse: the interval excludes no change and the effect passes the threshold. */
        CALLED(true),
        /** No difference: the interval lies within ±threshold. */
        WITHIN_THRESHOLD(true),
        /** Cannot tell: the interval reaches past the threshold (or the effect is clear but not shown to pass it). */
        INTERVAL_WIDE(true),
        /** Cannot tell: fewer than {@link Judge#MIN_FORKS} forks on a side measured the figure. */
        TOO_FEW_FORKS(false),
        /**
         * Cannot tell: the machine puts launches on two levels and every fork of one row sits on one level and every
         * fork of the other on the other (or a fork sits between them), so a difference the size of the gap cannot be
         * told from the machine; {@link Judgement#forksToTell} forks a side would make such a split beyond chance. Also
         * where two runs' rows sit wholly on either side of a gap in the forks with too few forks for that split to be
         * beyond chance, though no row showed both levels ({@link LevelModel#unresolvedSplit}).
         */
        LEVELS_CONFOUNDED(false),
        /**
         * Cannot tell: the share of forks on the machine's upper level moved between the two runs beyond chance, every
         * row of a run alike — the machine's state between the runs, or a change that makes launches land high — and the
         * effect within the levels passed the threshold or reached past it. The levels are the machine's blocking
         * factor, so an effect within them wholly inside ±threshold is still "no difference" ({@link
         * Judgement#shareMove} says which way the shares moved); a call is withheld: it rests on the gap carried across
         * runs that sat on the levels differently. For a gate the direction decides: more of the candidate's launches
         * on the worse level could be a slowdown the size of the gap; fewer cannot, and then the interval within the
         * levels says whether it could be worse ({@link #couldBeWorse}).
         */
        SHARE_MOVED(true),
        /**
         * Cannot tell: every fork of each run sits on one of the machine's two levels, every row of a run alike, and the
         * two runs on different ones — the machine between the runs, or a change that moves every JVM by the gap. With no
         * fork of a run on the other level, no effect within the levels can be estimated; more forks of these runs would
         * not tell, a repeated run (or runs whose forks land on both levels) would.
         */
        RUNS_ON_TWO_LEVELS(false),
        /** Worse: forks of the candidate failed where the reference's all ran (a failure is evidence too). */
        FAILED(false);

        /** Whether the judge estimated the effect before answering (its interval then counts in the family). */
        final boolean estimated;

        Reason(boolean estimated) {
            this.estimated = estimated;
        }
    }

    /** Whether the candidate may be worse than the reference by more than the threshold: what fails a gate. */
    public boolean couldBeWorse() {
        return switch (answer) {
            case WORSE -> true;
            case BETTER, NO_DIFFERENCE -> false;
            case CANNOT_TELL -> {
                if (reason == Reason.SHARE_MOVED && shareMove != ShareMove.TOWARD_BETTER) {
                    yield true; // more launches on the worse level is a slowdown the size of the gap
                }
                double worst = effect.higherIsBetter() ? effect.low() : effect.high();
                if (Double.isNaN(worst)) {
                    yield true;
                }
                yield effect.higherIsBetter() ? worst < 1 - threshold : worst > 1 + threshold;
            }
        };
    }

    /** Whether the answer is a call (better or worse). */
    public boolean called() {
        return answer == Answer.BETTER || answer == Answer.WORSE;
    }
}
