package org.jvmmark.runner.plan;

import org.jvmmark.results.Command;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.runner.base.UserException;

/**
 * How many forks each row gets: {@code --forks N} (fixed), or {@code --forks auto} (the default for
 * quick and standard): {@value Judge#MIN_FORKS} a row, then more where the row's question is
 * still open ({@link AdaptiveForks}), up to {@code --max-forks}: by default {@value AdaptiveForks#DEFAULT_MAX_FORKS}, and
 * {@value Judgement#CAP} where a budget bounds the run ({@code --budget}, or the main job's), for there the budget
 * decides which rows' forks are worth their seconds ({@link ForkValue}); a fixed 10 stopped chat's 6-second rows at 10
 * forks with 14 forks a side to an answer and a minute of the budget unspent. Smoke stays at one fixed fork: it only
 * checks that things run. Recorded in {@code results.json}'s command, so {@code --resume} continues the
 * same policy. Immutable, hence thread-safe.
 *
 * @param base forks every row is planned with
 * @param adaptive whether forks are added where the question is open
 * @param maxForks the cap per row for adaptive forks
 */
public record ForkPolicy(int base, boolean adaptive, int maxForks) {

    /**
     * @param forks {@code --forks}: a number, {@code auto}, or null (the profile's default)
     * @param maxForks {@code --max-forks}, or null (10; {@value Judgement#CAP} with a budget)
     * @param budgeted whether a budget bounds the whole run, so that it, not a fixed cap, stops the rows
     * @throws UserException for a bad value
     */
    public static ForkPolicy parse(String forks, Integer maxForks, String profile, boolean budgeted) {
        int cap = maxForks != null ? maxForks : budgeted ? Judgement.CAP : AdaptiveForks.DEFAULT_MAX_FORKS;
        String f = forks == null ? (profile.equals("smoke") ? "1" : "auto") : forks.trim();
        if (f.equals("auto")) {
            if (cap < Judge.MIN_FORKS) {
                throw new UserException("--max-forks " + cap + ": at least " + Judge.MIN_FORKS + " (a verdict needs 3 forks a row)");
            }
            return new ForkPolicy(Judge.MIN_FORKS, true, cap);
        }
        if (maxForks != null) {
            throw new UserException("--max-forks needs --forks auto; --forks " + f + " is fixed");
        }
        int n;
        try {
            n = Integer.parseInt(f);
        } catch (NumberFormatException e) {
            throw new UserException("--forks " + f + ": expected a whole number or auto");
        }
        if (n < 1) {
            throw new UserException("--forks must be at least 1");
        }
        return new ForkPolicy(n, false, n);
    }

    /** Whether the budget, not a cap of a few forks, stops the rows: the cap is the judge's own {@value Judgement#CAP}. */
    public boolean budgetCapped() {
        return adaptive && maxForks >= Judgement.CAP;
    }

    /** {@code auto} or the number, as {@code --forks} takes it. */
    public String label() {
        return adaptive ? "auto" : Integer.toString(base);
    }

    /**
     * The policy a results file's run recorded: {@code forks} (the base, a number, as files before adaptive forks have
     * it) and, adaptive, its cap.
     */
    public static ForkPolicy recorded(Command.Run run) {
        int base = run.forks() != null ? run.forks() : 1;
        int cap = run.maxForks() != null ? run.maxForks() : AdaptiveForks.DEFAULT_MAX_FORKS;
        return run.forksAuto() ? new ForkPolicy(base, true, cap) : new ForkPolicy(base, false, base);
    }
}
