package org.jvmmark.runner.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What more forks buy, on fixed numbers: the judge's figures of an open row (forks, forks that would tell, effect,
 * spread) in, the forks still needed, the probability that they answer and their cost out.
 */
class ForkValueTest {
    private static final double Z90 = 1.6448536269514722;

    /** A pair at 3 forks a side, a 12 % effect, 4 % spread, needing 5 a side: likely to be called. */
    private static final ForkValue.Question CLEAR = new ForkValue.Question(3, 5, 4, Math.log(1.12), Math.log1p(0.04), Z90, 0.05);
    /** A 5 % effect (on the threshold) in 20 % noise, needing 49 a side. */
    private static final ForkValue.Question FAR = new ForkValue.Question(3, 49, 60, Math.log(1.05), Math.log1p(0.20), Z90, 0.05);

    @Test
    void shouldOfferTheForksUpToWhatWouldTellAndTheirSeconds() {
        ForkValue.Offer o = ForkValue.of(CLEAR, 10, 6);
        assertEquals(2, o.more());
        assertEquals(12.0, o.seconds(), 1e-9);
        assertEquals(5, o.needed());
        assertTrue(o.probability() > 0.8 && o.probability() <= 1, "a 12 % effect in 4 % noise is called at 5 forks: " + o);
    }

    @Test
    void shouldOfferAQuestionPastTheCapOnlyUpToTheCapAtAFarLowerChance() {
        ForkValue.Offer o = ForkValue.of(FAR, 10, 4);
        assertEquals(7, o.more(), "up to the cap");
        assertEquals(49, o.needed());
        assertTrue(o.probability() < 0.25, "an effect on the threshold in 20 % noise: " + o);
        assertTrue(o.perSecond() < ForkValue.of(CLEAR, 10, 6).perSecond());
    }

    @Test
    void shouldOfferNothingAtTheCap() {
        ForkValue.Question capped = new ForkValue.Question(10, 12, 4, 0.1, 0.04, Z90, 0.05);
        assertEquals(0, ForkValue.of(capped, 10, 6).more());
        assertEquals(0.0, ForkValue.of(capped, 10, 6).perSecond());
    }

    @Test
    void shouldPutTheSameChanceAtHalfTheCostFirst() {
        ForkValue.Offer cheap = ForkValue.of(CLEAR, 10, 6);
        ForkValue.Offer dear = ForkValue.of(CLEAR, 10, 12);
        assertEquals(cheap.probability(), dear.probability(), 1e-12);
        assertEquals(2 * dear.perSecond(), cheap.perSecond(), 1e-12);
    }

    @Test
    void shouldFindNoDifferenceLikelyWhereTheEffectIsNoneAndTheNoiseSmall() {
        // no effect, 2 % noise, not yet within ±5 % at 3 forks: at 4 a side the interval ±1.645·0.02·√(2/4) = ±2.3 %
        ForkValue.Question none = new ForkValue.Question(3, 4, 3, 0, Math.log1p(0.02), Z90, 0.05);
        double p = ForkValue.answerProbability(none, 4);
        assertTrue(p > 0.95, "p " + p);
    }

    @Test
    void shouldGiveARowNotYetRepeatableTheChanceItsSpreadIsSmallEnough() {
        // decided pairs, a row whose own spread (6 %) needs 2·((1.645 + 1)·ln 1.06 ÷ ln 1.05)² = 20 forks to be repeatable
        ForkValue.Question repeat = new ForkValue.Question(4, 0, 20, 0, Math.log1p(0.06), Z90, 0.05);
        ForkValue.Offer o = ForkValue.of(repeat, 25, 5);
        assertEquals(16, o.more());
        assertEquals(80.0, o.seconds(), 1e-9);
        // P(χ²(3) ≥ 3): the true spread may as well be above the estimate as below, with 3 degrees of freedom
        assertEquals(0.39, o.probability(), 0.01);
        assertTrue(ForkValue.repeatProbability(repeat, 25) > o.probability(), "more forks, a better chance");
    }

    @Test
    void shouldSayWhereTheBudgetWentOneLinePerWorkload() {
        ForkSpending spending = new ForkSpending(ForkSpending::workloadOf);
        AdaptiveForks.RowState chat = new AdaptiveForks.RowState("chat/a/platform", 6, false, "decided", null);
        AdaptiveForks.RowState large = new AdaptiveForks.RowState("queue-large/a/default", 3, false,
                "cap reached, cannot tell", FAR);
        spending.round(new AdaptiveForks.Round(List.of(), Map.of(), Map.of(), java.util.Set.of()));
        List<String> lines = spending.lines(new java.util.LinkedHashMap<>(Map.of("chat/a/platform", chat)), r -> 6);
        assertEquals(List.of("chat: none, decided with 6 forks a row"), lines);
        assertEquals("49 forks a side would be needed (6 min 08 s)",
                ForkSpending.whyNone(List.of(large), null, r -> 4), "46 more a side, two sides, 4 s each");
    }
}
