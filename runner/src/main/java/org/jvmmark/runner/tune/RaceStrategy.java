package org.jvmmark.runner.tune;

/**
 * Where an {@link EliteRace} spends its trials, chosen by measurement on SpaceSimulation, race by race on the same seeds
 * (docs/tuning.md has the table and what each choice did). Immutable, hence thread-safe.
 *
 * @param firstShare the share of the trial cap round one takes (its points × forks a point)
 * @param defaultEveryRound whether the default races in every racing round, or only in round one and the final stage
 * @param strictChallenger whether a challenger takes the lead only with at least the leader's forks (else with two
 *     rounds' worth)
 * @param growForks forks a side of each further round of the final stage, 0 for a confirmation of one round
 * @param stageShare the share of the trial cap the racing rounds leave to the final stage beyond its first round
 * @param open a rival in the final stage races on while its chance of beating the candidate is at least this
 * @param top how many settings besides the default the final stage starts with, the best by centre; 0: the leader,
 *     and the runner-up when it is close, a challenger, or the leader is the default
 * @param categorical whether the points a round adds around the leader and the runner-up include their categorical
 *     alternatives ({@link SearchSpace#alternatives}: another collector, a flag flipped) besides their ordered
 *     neighbours; the caller's neighbour function gives them ({@link SearchSpace#steps})
 * @param pairs whether round one's design covers pairs of values once every value is in ({@link SearchSpace#sample})
 * @param proposals how many of the points a round adds are the untried ones an additive model of the measured points
 *     predicts best ({@link SearchSpace#predicted}, through {@link EliteRace#proposing}), before the neighbours
 * @param pool how many forks' worth of weight the model's prediction of a point ({@link EliteRace#pooling}) has beside
 *     the point's own forks when the race ranks it; 0: its own centre alone
 * @param replaceLost whether the final stage runs again, before it judges or grows, the forks of its points the judge
 *     cannot use (failed, disturbed, or run while the machine changed level: {@link FinalStage#replace})
 * @param optimism the settings the final stage starts with besides the leader are ranked by their centre bettered by
 *     this many standard errors of it (the forks' pooled spread over the root of the point's forks), so that a point
 *     measured on 2 forks that may well be the best is confirmed; 0: by centre alone
 * @param trim the race ranks its points (the leader, the elite, the model's input, the final stage's settings) without
 *     the forks worse than their round's best of the same point by more than this many spreads of a difference of two
 *     forks ({@link SlowForks}); 0: on every fork. Drops and the answer are the judge's, on every fork
 * @param firstForks forks a point in round one, 0: as many as in a racing round ({@link EliteRace.Settings#forksPerRound});
 *     one fork a point screens twice the points for the same trials, and the best get their second fork in the
 *     rounds after
 * @param nameTrimmed which of the confirmed settings is named (the confirmation's candidate) by their centres without
 *     the forks {@link SlowForks} leaves out, as the race ranks; else on every fork. The gain over the default is judged
 *     on the stage's fresh forks either way. Tried, not kept (docs/tuning.md)
 */
public record RaceStrategy(double firstShare, boolean defaultEveryRound, boolean strictChallenger, int growForks,
                           double stageShare, double open, int top, boolean categorical, boolean pairs,
                           int proposals, double pool, boolean replaceLost,
                           double optimism, double trim, int firstForks, boolean nameTrimmed) {
    /** The race before the final stage grew: round one a quarter of the cap, the default every round, one confirmation. */
    public static final RaceStrategy BEFORE = new RaceStrategy(0.5, true, false, 0, 0, 0, 0, false, false, 0, 0, false, 0, 0, 0, false);
    /**
     * What {@code tune} runs: round one half the cap's trials at one fork a point, so twice the points of a round of 2
     * forks (on SpaceSimulation's spaces of 10–40 points, most of the space), as a design over every value and then over
     * pairs of values; the best (with {@link EliteRace.Settings#standard}'s elite of 4) get their second fork in the
     * next racing round; the default raced in round one and the final stage only; a challenger leads only on as many
     * forks as the leader; each round adds up to 3 untried or left-behind points the additive model predicts best, then
     * neighbours and categorical alternatives (4 in all); the final stage starts with the best 2 settings and the default
     * and grows by 2 forks a side while the answer is open and trials are left (no share of the cap reserved for it: a
     * reserve cost more in exploration than the stage won back); a fork of the stage the judge cannot use is run again;
     * points are ranked without the forks worse than their round's best by more than 5 spreads ({@link SlowForks}).
     * Measured against {@link #TWO_FORK_FIRST_ROUND} race by race on the same seeds (docs/tuning.md): right more often
     * in every scenario of SpaceSimulation, on the same trials.
     */
    public static final RaceStrategy STANDARD = new RaceStrategy(0.5, false, true, 2, 0, 0.1, 2, true, true, 3, 0, true, 0, 5, 1, false);
    /**
     * {@link #STANDARD} until 2026-11-29 (raced with an elite of 2, {@code Settings#with(2, 4)}): round one 2 forks a
     * point over half as many points; with a best 7–11 % better at 2 % spread 3.6 % of its races ended wrong without
     * ever forking a right point (0.2 % with {@link #STANDARD}).
     */
    public static final RaceStrategy TWO_FORK_FIRST_ROUND = new RaceStrategy(0.5, false, true, 2, 0, 0.1, 2, true, true, 3, 0, true,
            0, 5, 0, false);

    /** Forks a point in round one, given those of a racing round. */
    public int firstForks(int forksPerRound) {
        return firstForks > 0 ? firstForks : forksPerRound;
    }
}
