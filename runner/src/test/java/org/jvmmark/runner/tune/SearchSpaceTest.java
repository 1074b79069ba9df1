package org.jvmmark.runner.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jvmmark.runner.base.UserException;
import org.junit.jupiter.api.Test;

class SearchSpaceTest {
    @Test
    void shouldParseEachKindOfDimension() {
        Dimension gc = Dimension.parse("gc=g1,ZGC,parallelgc");
        assertEquals(List.of("G1", "ZGC", "Parallel"), gc.values());
        assertEquals(List.of("-XX:+UseParallelGC"), gc.flags("Parallel"));
        assertFalse(gc.ordered());

        Dimension heap = Dimension.parse("Xmx=64m..4g:log");
        assertEquals(List.of("64m", "256m", "512m", "2g", "4g"), heap.values(), "a few log-spaced powers of two");
        assertEquals(List.of("-Xmx512m"), heap.flags("512m"));
        assertTrue(heap.ordered());
        assertEquals(List.of("256m", "1g"), Dimension.parse("-Xmx=1g,256m").values(), "a list, sorted");
        assertEquals(List.of("256m", "448m", "640m", "832m", "1g"), Dimension.parse("Xms=256m..1g").values(), "evenly, without :log");

        Dimension toggle = Dimension.parse("-XX:+UseCompactObjectHeaders");
        assertEquals(Dimension.Kind.TOGGLE, toggle.kind());
        assertEquals(List.of("-XX:+UseCompactObjectHeaders"), toggle.flags("on"));

        Dimension tiers = Dimension.parse("-XX:TieredStopAtLevel=4,1");
        assertEquals(List.of("1", "4"), tiers.values());
        assertEquals(List.of("-XX:TieredStopAtLevel=1"), tiers.flags("1"));
        assertTrue(tiers.ordered());
        assertFalse(Dimension.parse("-XX:ShenandoahGCMode=satb,iu").ordered());
    }

    @Test
    void shouldRefuseAHeapNotBelowTheContainersMemoryLimit() {
        Dimension xmx = Dimension.parse("Xmx=128m..1g:log");
        long limit = 512L << 20;
        assertEquals(List.of("128m", "256m", "512m", "1g"), xmx.values());
        assertEquals(null, xmx.pastMemoryLimit("256m", limit));
        assertTrue(xmx.pastMemoryLimit("512m", limit).startsWith("-Xmx512m is not below the container's memory limit (512m)"));
        assertTrue(xmx.pastMemoryLimit("1g", limit) != null);
        assertEquals(null, xmx.pastMemoryLimit("384m", limit), "three quarters of the limit leaves the rest of the JVM room");
        assertTrue(String.valueOf(Dimension.parse("Xmx=460m").pastMemoryLimit("460m", limit))
                .startsWith("-Xmx460m is more than 75 % of the container's memory limit (512m)"), "90 % of the limit is refused");
        assertEquals(null, Dimension.parse("gc=G1,Serial").pastMemoryLimit("G1", limit));
        assertEquals(null, Dimension.parse("Xss=256k,1m").pastMemoryLimit("1m", 1L << 19), "a thread stack is not the heap");
    }

    @Test
    void shouldRefuseWhatIsNotADimensionInOneLine() {
        for (String bad : List.of("heap=1g", "Xmx=lots", "Xmx=4g..64m", "-XX:+", "gc=", "gc=Nonsense")) {
            UserException e = assertThrows(UserException.class, () -> Dimension.parse(bad), bad);
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }

    @Test
    void shouldMakeTheGridWithTheDefaultFirstAndLetGivenDimensionsReplaceDeclaredOnes() {
        SearchSpace s = SearchSpace.of(List.of("gc=G1,Parallel", "Xmx=256m,1g"), List.of("gc=Serial", "-XX:+AlwaysPreTouch"));
        assertEquals(List.of("gc", "Xmx", "-XX:+AlwaysPreTouch"), s.dimensions().stream().map(Dimension::name).toList());
        List<Point> points = s.points();
        assertEquals(Point.DEFAULT, points.get(0));
        assertEquals(1 + 1 * 2 * 2, points.size(), "default + Serial × two heaps × pre-touch on/off");
        assertTrue(points.stream().anyMatch(p -> p.label().equals("-XX:+UseSerialGC -Xmx1g -XX:+AlwaysPreTouch")));
        assertEquals(SearchSpace.of(List.of(), List.of()).dimensions().get(0).name(), "gc", "the default space: collectors and heap");
    }

    @Test
    void shouldProposeNeighboursOnlyAlongOrderedDimensions() {
        SearchSpace s = SearchSpace.of(List.of("gc=G1,Parallel", "Xmx=256m,512m,1g"), List.of());
        Point mid = s.points().stream().filter(p -> p.label().equals("-XX:+UseG1GC -Xmx512m")).findFirst().orElseThrow();
        assertEquals(List.of("-XX:+UseG1GC -Xmx256m", "-XX:+UseG1GC -Xmx1g"), s.neighbours(mid).stream().map(Point::label).toList());
        assertEquals(List.of(), s.neighbours(Point.DEFAULT));
    }

    @Test
    void shouldOfferAnotherCollectorAndEachFlagFlippedAsAlternativesButNoHeapStep() {
        SearchSpace s = SearchSpace.of(List.of("gc=G1,Parallel,Serial", "Xmx=256m,512m,1g", "-XX:+AlwaysPreTouch"), List.of());
        Point p = s.points().stream().filter(q -> q.label().equals("-XX:+UseG1GC -Xmx512m")).findFirst().orElseThrow();
        assertEquals(List.of("-XX:+UseG1GC -Xmx512m -XX:+AlwaysPreTouch", "-XX:+UseParallelGC -Xmx512m", "-XX:+UseSerialGC -Xmx512m"),
                s.alternatives(p).stream().map(Point::label).toList(), "one categorical step: the flag flipped, another collector");
        Point on = s.alternatives(p).get(0);
        assertTrue(s.alternatives(on).contains(p), "and back: the flag off again");
        assertEquals(List.of(), s.alternatives(Point.DEFAULT), "the default sets nothing to step from");
        assertEquals(s.neighbours(p).size() + s.alternatives(p).size(), s.steps(p, true).size());
        assertEquals(s.neighbours(p), s.steps(p, false));
    }

    @Test
    void shouldPredictTheUntriedCombinationOfTheBestValuesFirst() {
        SearchSpace s = SearchSpace.of(List.of("gc=G1,Parallel,Serial", "Xmx=256m,512m,1g", "-XX:+AlwaysPreTouch"), List.of());
        // additive truth: Parallel 6 % faster than G1, Serial 3 % slower; each heap step 3 % faster; pre-touch 2 % faster
        Map<String, Double> gc = Map.of("-XX:+UseG1GC", 0.0, "-XX:+UseParallelGC", -0.06, "-XX:+UseSerialGC", 0.03);
        Map<Point, Double> measured = new LinkedHashMap<>();
        for (Point p : s.points()) {
            if (p.isDefault() || p.label().equals("-XX:+UseParallelGC -Xmx1g -XX:+AlwaysPreTouch")
                    || p.label().equals("-XX:+UseParallelGC -Xmx1g")) {
                continue; // the best combination, and the next, are not among the measured
            }
            double log = gc.get(p.flags().get(0)) - 0.03 * List.of("-Xmx256m", "-Xmx512m", "-Xmx1g").indexOf(p.flags().get(1))
                    - (p.label().contains("AlwaysPreTouch") ? 0.02 : 0);
            measured.put(p, 1000 * Math.exp(log));
        }
        List<Point> untried = s.points().stream().filter(p -> !measured.containsKey(p)).toList();
        List<Point> lower = s.predicted(measured, untried, false);
        assertEquals(List.of("-XX:+UseParallelGC -Xmx1g -XX:+AlwaysPreTouch", "-XX:+UseParallelGC -Xmx1g"),
                lower.stream().map(Point::label).limit(2).toList(), "no point measured has both Parallel and 1g");
        assertEquals(lower.get(lower.size() - 1), s.predicted(measured, untried, true).get(0), "higher is better: the other end");
    }

    @Test
    void shouldSampleTheSameSpreadEveryTimeWithTheDefaultFirst() {
        SearchSpace s = SearchSpace.of(List.of("gc=G1,Parallel,Serial,ZGC", "Xmx=64m..4g:log"), List.of());
        List<Point> a = s.sample(s.points(), 6);
        assertEquals(6, a.size());
        assertEquals(Point.DEFAULT, a.get(0));
        assertEquals(a, s.sample(s.points(), 6), "a design: --dry-run shows what the run does");
        assertEquals(s.points(), s.sample(s.points(), 100));
    }

    @Test
    void shouldRaceEveryCollectorAndEveryFlagsOnAndOffInRoundOne() {
        SearchSpace s = SearchSpace.of(List.of("gc=G1,Parallel,Serial,ZGC", "Xmx=256m..1g:log", "-XX:+UseCompactObjectHeaders"),
                List.of());
        List<Point> a = s.sample(s.points(), 6);
        for (String gc : List.of("UseG1GC", "UseParallelGC", "UseSerialGC", "UseZGC")) {
            assertTrue(a.stream().anyMatch(p -> p.label().contains(gc)), gc + " in round one: " + a);
        }
        for (String xmx : List.of("-Xmx256m", "-Xmx512m", "-Xmx1g")) {
            assertTrue(a.stream().anyMatch(p -> p.label().contains(xmx)), xmx + " in round one: " + a);
        }
        assertTrue(a.stream().anyMatch(p -> p.label().contains("UseCompactObjectHeaders")), "the flag on: " + a);
        assertTrue(a.stream().anyMatch(p -> !p.isDefault() && !p.label().contains("UseCompactObjectHeaders")), "and off: " + a);
    }
}
