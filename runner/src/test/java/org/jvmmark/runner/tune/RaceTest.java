package org.jvmmark.runner.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.report.judge.RowForks;
import org.jvmmark.report.tune.Standings;
import org.junit.jupiter.api.Test;

/** The race's decisions on synthetic fork values (no JVMs): what is dropped, what races on, when it stops. */
class RaceTest {
    private static final SearchSpace SPACE = SearchSpace.of(List.of("gc=G1,Parallel", "Xmx=256m,512m,1g"), List.of());

    private static Point point(String label) {
        return SPACE.points().stream().filter(p -> p.label().equals(label)).findFirst().orElseThrow();
    }

    /** Fork values around {@code centre} with a ±1 % spread. */
    private static double[] forks(double centre, int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = centre * (1 + 0.01 * ((i % 3) - 1));
        }
        return v;
    }

    private static Standings standings(Map<String, double[]> values, Set<String> cannotWin) {
        List<RowForks> rows = new ArrayList<>();
        values.forEach((id, v) -> rows.add(RowForks.of(id, v)));
        return Standings.of("metric/opNanos", "ns", false, rows, "default", cannotWin, 0.05);
    }

    @Test
    void shouldDropOnlyWhatTheJudgeCallsWorseAndSayWhenTheGainIsDecided() {
        Map<String, double[]> v = new LinkedHashMap<>();
        v.put("default", forks(1000, 3));
        v.put("fast", forks(700, 3));
        v.put("slow", forks(1300, 3));
        v.put("close", forks(705, 3));
        v.put("once", forks(600, 1));
        Standings s = standings(v, Set.of());
        assertEquals("fast", s.leader(), "a point with one fork cannot lead: it was never judged");
        assertEquals(Standings.State.WORSE, s.states().get("slow"));
        assertEquals(Standings.State.WORSE, s.states().get("default"));
        assertEquals(Standings.State.TOO_FEW_FORKS, s.states().get("once"), "not raced further, never 'worse'");
        assertTrue(s.states().get("close") == Standings.State.WITHIN_THRESHOLD || s.states().get("close") == Standings.State.OPEN);
        assertTrue(s.tiedWithLeader().contains("close"));
        assertEquals(Judgement.Answer.BETTER, s.gain().answer());
        assertTrue(s.gain().effect().low() <= 0.7 && 0.7 <= s.gain().effect().high(), "the interval holds the truth");
    }

    @Test
    void shouldNameNoWinnerWhenEveryPointIsTheSame() {
        Map<String, double[]> v = new LinkedHashMap<>();
        v.put("default", forks(1000, 6));
        v.put("a", forks(1001, 6));
        v.put("b", forks(999, 6));
        Standings s = standings(v, Set.of());
        assertFalse(s.beatsDefault());
        assertTrue(s.decided(), "every point within ±5 % of the leader: nothing left to race");
        assertTrue(s.states().values().stream().noneMatch(x -> x == Standings.State.WORSE));
    }

    @Test
    void shouldNeverLetAPointThatBreaksAConstraintWin() {
        Map<String, double[]> v = new LinkedHashMap<>();
        v.put("default", forks(1000, 3));
        v.put("fast-but-big", forks(500, 3));
        v.put("fast", forks(800, 3));
        Standings s = standings(v, Set.of("fast-but-big"));
        assertEquals("fast", s.leader());
        assertEquals(Standings.State.CANNOT_WIN, s.states().get("fast-but-big"));
    }

    @Test
    void shouldHalveKeepTheDefaultAndProposeNeighboursOfTheLeaders() {
        Map<String, Point> rows = new LinkedHashMap<>();
        rows.put("default", Point.DEFAULT);
        rows.put("p256", point("-XX:+UseParallelGC -Xmx256m"));
        rows.put("g256", point("-XX:+UseG1GC -Xmx256m"));
        rows.put("g1g", point("-XX:+UseG1GC -Xmx1g"));
        rows.put("p1g", point("-XX:+UseParallelGC -Xmx1g"));
        Map<String, double[]> v = new LinkedHashMap<>();
        v.put("default", forks(1000, 1));
        v.put("p256", forks(700, 1));
        v.put("g256", forks(1200, 1));
        v.put("g1g", forks(1100, 1));
        v.put("p1g", forks(750, 1));
        Standings s = standings(v, Set.of());
        Race.Next next = Race.next(1, s, rows, new LinkedHashSet<>(rows.keySet()), SPACE, p -> !rows.containsValue(p));
        assertEquals("", next.stopped());
        assertEquals(3, next.forks(), "round two: the forks a verdict needs");
        List<String> labels = next.points().stream().map(Point::label).toList();
        assertTrue(labels.containsAll(List.of("default", "-XX:+UseParallelGC -Xmx256m", "-XX:+UseParallelGC -Xmx1g")), labels.toString());
        assertFalse(labels.contains("-XX:+UseG1GC -Xmx256m"), "the slowest half is not raced further: " + labels);
        assertTrue(labels.contains("-XX:+UseParallelGC -Xmx512m"), "the leaders' untried neighbour: " + labels);
    }

    @Test
    void shouldStopWhenDecidedOrAtTheForkCap() {
        Map<String, Point> rows = new LinkedHashMap<>();
        rows.put("default", Point.DEFAULT);
        rows.put("fast", point("-XX:+UseParallelGC -Xmx1g"));
        Map<String, double[]> v = new LinkedHashMap<>();
        v.put("default", forks(1000, 3));
        v.put("fast", forks(700, 3));
        Standings decided = standings(v, Set.of());
        assertTrue(decided.decided());
        assertEquals("decided", Race.next(2, decided, rows, rows.keySet(), SPACE, p -> true).stopped());
        Map<String, double[]> noisy = new LinkedHashMap<>();
        noisy.put("default", new double[] {1000, 1400, 700});
        noisy.put("fast", new double[] {900, 1300, 650});
        Standings open = standings(noisy, Set.of());
        assertFalse(open.decided());
        Race.Next more = Race.next(2, open, rows, rows.keySet(), SPACE, p -> false);
        assertEquals(6, more.forks());
        assertNotNull(more.points());
        assertTrue(Race.next(4, open, rows, rows.keySet(), SPACE, p -> false).stopped().startsWith("fork cap reached"));
    }
}
