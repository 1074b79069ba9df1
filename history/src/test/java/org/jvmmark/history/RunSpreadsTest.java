package org.jvmmark.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.jvmmark.report.judge.RunSpread;

/** {@link RunSpreads}: the run-to-run spread beyond the forks' noise, measured from the history of this machine only. */
class RunSpreadsTest {
    @Test
    void shouldMeasureTheSpreadOfRunCentresBeyondTheForksNoise() {
        Random r = new Random(7);
        List<HistoryStore.Point> ps = new ArrayList<>();
        for (int run = 0; run < 200; run++) {
            double centre = 500 * Math.exp(0.02 * r.nextGaussian()); // 2 % from run to run
            double[] forks = new double[6];
            for (int f = 0; f < forks.length; f++) {
                forks[f] = centre * Math.exp(0.05 * r.nextGaussian()); // 5 % from fork to fork
            }
            ps.add(new HistoryStore.Point(run, "2026-11-" + run, null, forks));
        }
        HistoryStore.StoredSeries here = new HistoryStore.StoredSeries(1, new SeriesKey("box", "queue-latency", "", "J", "G1",
                "endToEnd", "50"), "ns", false);
        HistoryStore.StoredSeries elsewhere = new HistoryStore.StoredSeries(2, new SeriesKey("other", "queue-latency", "", "J",
                "G1", "endToEnd", "50"), "ns", false);
        Map<String, RunSpread> m = RunSpreads.of(List.of(here, elsewhere), Map.of(1L, ps, 2L, ps), "box");
        RunSpread s = m.get(RunSpreads.key("queue-latency", "endToEnd p50"));
        assertEquals(RunSpread.Source.STORED, s.source());
        assertEquals(0.02, s.sigma(), 0.008);
        assertFalse(RunSpreads.of(List.of(elsewhere), Map.of(2L, ps.subList(0, 2)), "other").containsKey(
                RunSpreads.key("queue-latency", "endToEnd p50")), "two runs are too few");
    }
}
