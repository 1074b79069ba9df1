package org.jvmmark.report.tune;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.jvmmark.report.judge.Contrast;
import org.jvmmark.report.judge.Evidence;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.report.judge.RowForks;

/**
 * A race's answer, from its confirmation round: the leader, the default, the user's baseline when one was given and the
 * runner-up when it was close, each with fresh forks run interleaved after the race had chosen them. Why fresh forks:
 * the leader is the best of many points on the forks that chose it, and the best of many is biased upward on those
 * forks (a point that happened to draw lucky forks leads more often than its true level earns); forks drawn after the
 * choice carry no such luck, so the gain judged on them alone is an honest estimate with an honest interval.
 *
 * <p>The rule, the same for {@code tune} and the race simulation ({@code EliteRace#answer} asks here):
 * <ul>
 *   <li>the <b>candidate</b> is the best confirmed point other than the default, by its centre over all its forks (the
 *       race's and the confirmation's: more evidence for a choice that carries no claim);</li>
 *   <li>its <b>gain over the default</b> is the judge's, on the confirmation forks alone (one rule: a call only when the
 *       interval lies wholly past the threshold); against the <b>baseline</b>, when one raced, the same, in one family
 *       with it;</li>
 *   <li>the <b>pick</b> is the candidate when it leads the default on the confirmation forks (their effect, not the
 *       forks that chose it) and the confirmation does not call it worse; else the default;</li>
 *   <li>the <b>form</b> of the answer ({@link Form}): a winner only when the confirmation calls the pick better than the
 *       default; "keep the default" only when {@link DefaultBound}'s simultaneous bound says no confirmed setting is
 *       more than the threshold better; else "cannot tell yet", with the bound and what would tell.</li>
 * </ul>
 * Immutable, hence thread-safe.
 *
 * @param pick the recommended point (the default when nothing beat it)
 * @param candidate the best confirmed point other than the default, or null when none was confirmed
 * @param vsDefault the candidate against the default on the confirmation forks, or null without a candidate
 * @param vsBaseline the pick against the baseline on the confirmation forks; null without a baseline, or when the pick
 *     is the baseline
 * @param confirmed the confirmation round's points
 * @param bound {@link DefaultBound}: the most any confirmed setting may beat the default by, simultaneously, as a
 *     fraction; NaN when it cannot be computed
 * @param threshold the practical threshold of the answer
 */
public record Confirmation(String pick, String candidate, String defaultPoint, String baseline, Judgement vsDefault,
                           Judgement vsBaseline, List<String> confirmed, double bound, double threshold) {
    public Confirmation {
        confirmed = List.copyOf(confirmed);
    }

    /** The three answers a user can act on. */
    public enum Form {
        /** Use the pick: the confirmation forks call it better than the default beyond the threshold. */
        WINNER,
        /** Keep the default: no confirmed setting is more than the threshold better, by the simultaneous bound. */
        KEEP_DEFAULT,
        /** Neither yet: the bound reaches past the threshold and no setting is called better. */
        CANNOT_TELL
    }

    /** Which of the three answers this is. */
    public Form form() {
        if (beatsDefault()) {
            return Form.WINNER;
        }
        return bound < threshold && boundStands() ? Form.KEEP_DEFAULT : Form.CANNOT_TELL;
    }

    /**
     * Whether the simultaneous bound may stand for "keep the default": not where the judge could not compare the
     * candidate with the default because of the machine's level — forks left out as run while it changed level and too
     * few left ({@link Judgement#leftOut}), or the two on the levels in shares of their own
     * ({@link Judgement.Reason#LEVEL_WITH_SIDE}, {@link Judgement.Reason#LEVELS_NOT_OBSERVED}). The bound pools every
     * fork and does not model the levels: a setting whose forks sat more on the slower level looks worse than it is, and
     * a bound on "better" would be too low. So the answer is "cannot tell yet", and the final stage runs the lost forks
     * again ({@code FinalStage.replace} in the runner). A race on the flipping AMD host (synthetic, 2026-11-29) said
     * "keep the default: no setting confirmed is more than 0.1 % better" beside "2 forks on a side, 3 a side needed; 2
     * forks left out: the machine changed level".
     */
    private boolean boundStands() {
        if (vsDefault == null) {
            return true;
        }
        Judgement.Reason r = vsDefault.reason();
        return !(vsDefault.leftOut() > 0 && !vsDefault.estimated())
                && r != Judgement.Reason.LEVEL_WITH_SIDE && r != Judgement.Reason.LEVELS_NOT_OBSERVED;
    }

    /**
     * @param round the confirmation round's forks, one row per point (its batch the round's)
     * @param allCentres every confirmed point's centre over all its forks ({@link Judge#centres})
     * @param baseline the baseline's point, or null
     * @return null when the default has no confirmation forks (nothing to measure a gain against)
     */
    public static Confirmation of(Evidence forks, Map<String, Double> allCentres, String defaultPoint, String baseline,
                                  double threshold) {
        Evidence round = new Evidence(forks.figure(), forks.unit(), forks.higherIsBetter(),
                forks.rows().stream().filter(r -> r.n() > 0).toList(), forks.runSpread());
        List<String> confirmed = round.rows().stream().map(RowForks::id).toList();
        if (!confirmed.contains(defaultPoint)) {
            return null;
        }
        boolean higher = round.higherIsBetter();
        Comparator<String> best = Comparator.comparingDouble(p -> higher ? -allCentres.get(p) : allCentres.get(p));
        String candidate = confirmed.stream().filter(p -> !p.equals(defaultPoint) && allCentres.containsKey(p))
                .min(best).orElse(null);
        Judgement[] judged = judge(round, candidate, candidate, defaultPoint, baseline, threshold);
        // the pick must lead on the fresh forks: the forks that chose it are biased in its favour
        boolean leads = candidate != null && judged[0].answer() != Judgement.Answer.WORSE
                && !Double.isNaN(judged[0].effect().ratio()) && !judged[0].effect().worse() && judged[0].effect().ratio() != 1;
        String pick = leads ? candidate : defaultPoint;
        if (!leads) {
            judged[1] = judge(round, null, pick, defaultPoint, baseline, threshold)[1];
        }
        return new Confirmation(pick, candidate, defaultPoint, baseline, judged[0], judged[1], confirmed,
                DefaultBound.of(round, defaultPoint), threshold);
    }

    /** The candidate against the default and the pick against the baseline, in one family; null where not asked. */
    private static Judgement[] judge(Evidence round, String candidate, String pick, String defaultPoint, String baseline,
                                     double threshold) {
        List<Contrast> family = new ArrayList<>();
        boolean vsDefault = candidate != null;
        boolean vsBaseline = baseline != null && !baseline.equals(pick)
                && round.rows().stream().anyMatch(r -> r.id().equals(baseline));
        if (vsDefault) {
            family.add(new Contrast(round, candidate, defaultPoint));
        }
        if (vsBaseline) {
            family.add(new Contrast(round, pick, baseline));
        }
        List<Judgement> j = family.isEmpty() ? List.of() : Judge.judge(family, threshold);
        return new Judgement[] {vsDefault ? j.get(0) : null, vsBaseline ? j.get(j.size() - 1) : null};
    }

    /** Whether the pick beats the reference the answer leads with (the baseline when one raced, else the default). */
    public boolean beatsReference() {
        Judgement j = baseline != null ? vsBaseline : pick.equals(candidate) ? vsDefault : null;
        return j != null && j.answer() == Judgement.Answer.BETTER;
    }

    /** Whether the pick beats the default beyond noise and the threshold. */
    public boolean beatsDefault() {
        return pick.equals(candidate) && vsDefault != null && vsDefault.answer() == Judgement.Answer.BETTER;
    }
}
