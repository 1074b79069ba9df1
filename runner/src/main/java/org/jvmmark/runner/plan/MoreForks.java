package org.jvmmark.runner.plan;

import java.util.Map;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.runner.base.UserException;

/**
 * {@code run --resume --out DIR --more 5m} (or {@code --more-forks N}): buy the answers a finished run left at "cannot
 * tell". Forks go only to the rows whose question is still open, the most answer per second first, by the same
 * {@link AdaptiveForks} rounds as {@code --forks auto} — with a cap of its own, since the run's {@code --max-forks} is
 * often why a row stopped: {@code --more D} lets a row grow to what the judge still calls in reach ({@value
 * Judgement#CAP} forks) within D from now; {@code --more-forks N} gives each open row at most N more forks (N rounds of
 * one each), within D when both are given. Not recorded in the command: it is a top-up of this launch, the run's own
 * options stay as they were. Immutable, hence thread-safe.
 *
 * @param seconds the time the new forks may take (null: no time limit, {@code --more-forks} alone)
 * @param forks the most forks any row gets (null: as many as the time holds)
 */
public record MoreForks(Long seconds, Integer forks) {
    /** What the console says {@code --more} to give, when it suggests it. */
    public static final String SUGGESTED = "5m";

    /**
     * {@code --more} and {@code --more-forks} as given (either may be null); null when neither is.
     *
     * @throws UserException for a duration or count that cannot be one
     */
    public static MoreForks parse(String more, Integer moreForks) {
        if (more == null && moreForks == null) {
            return null;
        }
        if (moreForks != null && moreForks < 1) {
            throw new UserException("--more-forks " + moreForks + ": give at least 1 fork a row");
        }
        return new MoreForks(more == null ? null : Budget.parse(more).seconds(), moreForks);
    }

    /** The adaptive rounds with this top-up's cap, over {@code recorded}'s rows. */
    public AdaptiveForks adaptive(Map<String, AdaptiveForks.RowState> before, double threshold) {
        int most = before.values().stream().mapToInt(AdaptiveForks.RowState::forks).max().orElse(0);
        int cap = forks == null ? Judgement.CAP : Math.min(Judgement.CAP, most + forks);
        return new AdaptiveForks(Math.max(Judge.MIN_FORKS, cap), threshold);
    }

    /** How many rounds may run: one fork a row each. */
    public int rounds() {
        return forks == null ? Integer.MAX_VALUE : forks;
    }

    /** The seconds still free for forks, {@code spentSeconds} after the top-up began. */
    public double secondsLeft(double spentSeconds) {
        return seconds == null ? Double.POSITIVE_INFINITY : seconds - spentSeconds - RunBudget.END_SECONDS;
    }
}
