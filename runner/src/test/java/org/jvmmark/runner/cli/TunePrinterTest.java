package org.jvmmark.runner.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.jvmmark.report.judge.Effect;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.report.judge.RunSpread;
import org.jvmmark.report.tune.TuneRecord;
import org.jvmmark.runner.base.Text;
import org.jvmmark.runner.tune.EliteRace;

/**
 * What a bound over the points tried covers: how many of the valid points, and which were not tried; the progress line
 * between rounds, whose counts add up.
 */
class TunePrinterTest {
    @Test
    void shouldSayWhereEveryPointRacedStandsSoThatTheCountsAddUp() {
        // round one races the default and 5 points; the elite of 2 races on, the model and the neighbours bring new ones
        List<String> labels = List.of("a", "b", "c", "d", "e", "f", "g", "h");
        EliteRace elite = new EliteRace("default", null, labels.subList(0, 5), p -> labels, EliteRace.Settings.standard(60, 0.05, false))
                .proposing(centres -> labels.subList(5, 8));
        EliteRace.Round first = elite.next();
        Random rnd = new Random(3);
        for (int f = 0; f < first.forksEach(); f++) {
            for (String p : first.points()) {
                elite.record(p, new EliteRace.Fork(1, 1000 * (1 - 0.02 * labels.indexOf(p)) * Math.exp(0.01 * rnd.nextGaussian()),
                        Double.NaN, false));
            }
        }
        EliteRace.Round next = elite.next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        TunePrinter.progress(new PrintStream(bytes, true, StandardCharsets.UTF_8), new TuneRecord.JdkRace("jdk", "r0", "",
                List.of(), List.of(), "", 60, List.of(), List.of(), List.of()), 1, elite, next, 0.05);
        String line = bytes.toString(StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("after round 1: (\\d+) points raced so far: (\\d+) race on, (\\d+) left behind, (\\d+) dropped"
                + " as worse beyond ±5 %, (\\d+) out(, the default waits for the final stage)?; next, (\\d+) points: those (\\d+)"
                + " and (\\d+) new;").matcher(line);
        assertTrue(m.find(), line);
        int raced = Integer.parseInt(m.group(1));
        assertEquals(6, raced, line);
        assertEquals(raced, Integer.parseInt(m.group(2)) + Integer.parseInt(m.group(3)) + Integer.parseInt(m.group(4))
                + Integer.parseInt(m.group(5)) + (m.group(6) == null ? 0 : 1), "every point raced is somewhere: " + line);
        assertEquals(next.points().size(), Integer.parseInt(m.group(7)), line);
        assertEquals(Integer.parseInt(m.group(7)), Integer.parseInt(m.group(8)) + Integer.parseInt(m.group(9)), line);
        assertTrue(Integer.parseInt(m.group(9)) > 0, "new points join: " + line);
    }

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
        // synthetic on the flipping AMD host (2026-11-29): 2 usable forks a side, 2 left out as the level changed; the
        // line asked for 1 more, which the level took away again; --more-forks 3 told. At that rate (2 of 6) 3 keep 1 on one
        // level with 96 % chance, 2 with 89 %
        Judgement lost = new Judgement(Judgement.Answer.CANNOT_TELL, Judgement.Reason.TOO_FEW_FORKS,
                new Effect(0.999, Double.NaN, Double.NaN, 0.9, false), Double.NaN, 2, 2, 0, 3, false, Double.NaN, false, 0.05,
                1, 1, RunSpread.Source.CANCELS, 2);
        assertTrue(TunePrinter.moreForksLine("jdk", lost, 3, 20, Path.of("runs/t"))
                .startsWith("jdk: cannot tell yet; 3 more forks a side would tell"), TunePrinter.moreForksLine("jdk", lost, 3, 20,
                Path.of("runs/t")));
    }

    @Test
    void shouldNeverCallADifferenceBeyondTheCapWithinTheNoiseWhenItsIntervalReachesPastTheThreshold() {
        // http's race on the flipping host (2026-11-29): 90 % CI 3.3 % faster to 16 % slower, more than 60 forks a side;
        // the line said "whatever difference there is lies within what this machine's noise can resolve"
        Judgement wide = new Judgement(Judgement.Answer.CANNOT_TELL, Judgement.Reason.INTERVAL_WIDE,
                new Effect(1.067, 0.967, 1.16, 0.9, false), 0.2, 3, 3, 0, Judgement.MORE_THAN_CAP, false, Double.NaN, false, 0.05);
        String line = TunePrinter.moreForksLine("jdk", wide, 3, 20, Path.of("runs/t"));
        assertEquals("jdk: cannot tell yet, and more than " + Judgement.CAP + " forks a side would be needed to tell on this"
                + " machine's fork noise: the bound above is how far apart the settings may be", line);
    }
}
