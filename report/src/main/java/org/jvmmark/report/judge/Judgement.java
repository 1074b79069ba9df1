package org.jvmmark.report.judge;

/**
 * The judge's answer to one {@link Contrast}: values, never sentences — one place ({@code Words}) says them.
 * Immutable, hence thread-safe.
 *
 * @param answer one of three answers (four with the direction of a call)
 * @param reason what the answer rests on
 * @param effect candidate ÷ reference with its interval at the level its answer rests on (bounds NaN when not estimated)
 * @param p the two-sided p-value of "no change" before any correction, NaN when not estimated
 * @param forksCandidate the candidate's forks that measured the figure
 * @param forksReference the reference's
 * @param failedCandidate the candidate's forks that failed or timed out
 * @param toTell for {@link Answer#CANNOT_TELL}: the forks a side — or, when {@link #acrossRuns()}, the runs a side — that
 *     would tell (0 when more would not, {@link #MORE_THAN_CAP} past {@value #CAP}); 0 otherwise
 * @param withinLevels whether the effect was estimated within the machine's observed launch levels
 * @param levelGap the gap between the observed levels as a factor, NaN on one level or where none was observed
 * @param ownSpread whether a side was judged on its own spread (its forks vary more than the other rows')
 * @param threshold the practical threshold the answer used, as a fraction
 * @param runsCandidate the runs the candidate's forks came from
 * @param runsReference the reference's
 * @param runSpread where the run-to-run spread behind the interval came from ({@link RunSpread.Source#CANCELS} for rows
 *     of the same runs)
 * @param leftOut the pair's forks that measured the figure and were left out of it because the machine changed level
 *     while they ran and the figure follows the level (DESIGN.md §3); the forks counts above are without them
 */
public record Judgement(Answer answer, Reason reason, Effect effect, double p, int forksCandidate, int forksReference,
                        int failedCandidate, int toTell, boolean withinLevels, double levelGap, boolean ownSpread,
                        double threshold, int runsCandidate, int runsReference, RunSpread.Source runSpread, int leftOut) {
    /** A judgement none of whose forks was left out for a change of level. */
    public Judgement(Answer answer, Reason reason, Effect effect, double p, int forksCandidate, int forksReference,
                     int failedCandidate, int toTell, boolean withinLevels, double levelGap, boolean ownSpread,
                     double threshold, int runsCandidate, int runsReference, RunSpread.Source runSpread) {
        this(answer, reason, effect, p, forksCandidate, forksReference, failedCandidate, toTell, withinLevels, levelGap,
                ownSpread, threshold, runsCandidate, runsReference, runSpread, 0);
    }

    /** A judgement of two rows of the same run. */
    public Judgement(Answer answer, Reason reason, Effect effect, double p, int forksCandidate, int forksReference,
                     int failedCandidate, int toTell, boolean withinLevels, double levelGap, boolean ownSpread,
                     double threshold) {
        this(answer, reason, effect, p, forksCandidate, forksReference, failedCandidate, toTell, withinLevels, levelGap,
                ownSpread, threshold, 1, 1, RunSpread.Source.CANCELS);
    }

    /** The most forks (or runs) a side {@link #toTell} names; beyond it, {@link #MORE_THAN_CAP}. */
    public static final int CAP = 60;
    /** "More than {@value #CAP} forks a side would tell". */
    public static final int MORE_THAN_CAP = Integer.MAX_VALUE;

    /** One of three answers: a call (better or worse), no difference, or cannot tell. */
    public enum Answer {
        /** The candidate is better: the interval lies wholly past the threshold, on the better side. */
        BETTER,
        /** The candidate is worse: the interval lies wholly past the threshold, on the worse side; or its failures rose. */
        WORSE,
        /** The whole interval lies within ±threshold. */
        NO_DIFFERENCE,
        /** Neither: {@link Judgement#reason} says why, {@link Judgement#toTell} what would tell. */
        CANNOT_TELL
    }

    /** What an answer rests on; each names the line of the judge's DESIGN.md it implements. */
    public enum Reason {
        /** Better/worse: the family's interval lies wholly past the threshold (§5.1). */
        CALLED(true),
        /** No difference: the 90 % interval lies within ±threshold (§5.2). */
        WITHIN_THRESHOLD(true),
        /** Cannot tell: the interval reaches across the threshold (§5.3). */
        INTERVAL_WIDE(true),
        /** Cannot tell: fewer than {@link Judge#MIN_FORKS} forks on a side measured the figure (§5.3). */
        TOO_FEW_FORKS(false),
        /**
         * Cannot tell: the rows come from different runs, one run a side, and this host's run-to-run spread is not
         * known; the interval, widened by the assumed spread, lies within the threshold, but "no difference" is never
         * claimed on an assumed spread (§4).
         */
        RUNS_UNREPLICATED(true),
        /**
         * Cannot tell: the rows come from different runs and the values show two launch levels ({@link
         * Judgement#levelGap} apart) that no probe observed; the machine's share of launches on them moves from run to
         * run, so a difference between runs cannot be told from it (§3).
         */
        LEVELS_NOT_OBSERVED(true),
        /** Worse: the candidate's share of failed forks rose beyond chance (§6). */
        FAILED(false),
        /** Cannot tell: the candidate lost more forks than the reference, not beyond chance (§6). */
        FAILURES_UNCLEAR(true),
        /** Cannot tell: the figure was measured by the reference and not by the candidate, or is not trusted there (§7). */
        MISSING(false),
        /**
         * Cannot tell: the two sides are not the same measurement (another host class, other workload parameters, the
         * latency corrected for coordinated omission on one side only, units that are not one scale apart, opposite
         * directions), so no difference between them is the JVM's alone (§7).
         */
        NOT_COMPARABLE(false),
        /**
         * Cannot tell: the probe saw the machine on two levels, and the two rows sat on them in different shares with no
         * run holding forks of a row on both, so the level's effect cannot be told from the rows' difference (§3).
         */
        LEVEL_WITH_SIDE(true);

        /** Whether the judge estimated the effect before answering (its interval then counts in the family). */
        final boolean estimated;

        Reason(boolean estimated) {
            this.estimated = estimated;
        }
    }

    /** Whether the judge estimated the effect (its interval counts in a family), not answered before estimating. */
    public boolean estimated() {
        return reason.estimated;
    }

    /** Whether the contrast was between runs (its interval carries the run-to-run spread; what would tell is runs). */
    public boolean acrossRuns() {
        return runSpread != RunSpread.Source.CANCELS;
    }

    /** The forks (or runs, {@link #acrossRuns()}) a side that would tell; the pre-0.5 name. */
    public int forksToTell() {
        return toTell;
    }

    /** Whether the candidate may be worse than the reference by more than the threshold: what fails a gate. */
    public boolean couldBeWorse() {
        return switch (answer) {
            case WORSE -> true;
            case BETTER, NO_DIFFERENCE -> false;
            case CANNOT_TELL -> {
                if (reason != Reason.INTERVAL_WIDE) {
                    yield true;
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
