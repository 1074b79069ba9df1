package org.jvmmark.runner.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.jvmmark.report.judge.Effect;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.runner.base.Text;

/** What a bound over the points tried covers: how many of the valid points, and which were not tried. */
class TunePrinterTest {
    @Test
    void shouldNameTheFirstUntriedPointsAndCountTheRest() {
        List<String> not = List.of("a", "b", "c", "d", "e", "f", "g");
        assertEquals("jdk: 10 of 17 valid points tried; not tried: a, b, c, d, e and 2 more",
                TunePrinter.untriedLine("jdk", 10, 17, not));
        assertEquals("jdk: 3 of 3 valid points tried (all of them)", TunePrinter.untriedLine("jdk", 3, 3, List.of()));
    }

    @Test
    void shouldSayHowManyMoreForksWouldTellAndTheCommandThatBuysThem() {
        Judgement open = new Judgement(Judgement.Answer.CANNOT_TELL, Judgement.Reason.INTERVAL_WIDE,
                new Effect(0.96, 0.9, 1.02, 0.9, false), 0.2, 3, 3, 0, 12, false, Double.NaN, false, 0.05);
        assertEquals("jdk: cannot tell yet; 9 more forks a side would tell (about " + Text.seconds(9.0 * 3 * 20)
                + " of trials): jvmmark tune --resume --out runs/t --more-forks 9",
                TunePrinter.moreForksLine("jdk", open, 3, 20, Path.of("runs/t")));
        // The night's races on the flipping host printed "1 more forks a side": one confirmation fork short.
        Judgement oneShort = new Judgement(Judgement.Answer.CANNOT_TELL, Judgement.Reason.TOO_FEW_FORKS,
                new Effect(0.96, 0.9, 1.02, 0.9, false), 0.2, 2, 2, 0, 3, false, Double.NaN, false, 0.05);
        assertTrue(TunePrinter.moreForksLine("jdk", oneShort, 3, 20, Path.of("runs/t"))
                .startsWith("jdk: cannot tell yet; 1 more fork a side would tell"));
    }
}
