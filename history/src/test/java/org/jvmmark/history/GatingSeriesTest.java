package org.jvmmark.history;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** {@link GatingSeries}: the headline figures gate, as in {@code compare}; never a workload with nothing gating. */
class GatingSeriesTest {
    private static HistoryStore.StoredSeries series(long id, String workload, String probe, String figure) {
        return new HistoryStore.StoredSeries(id, new SeriesKey("box", workload, "", "Temurin 25", "G1", probe, figure), "ns",
                false);
    }

    @Test
    void shouldGateOnTheHeadlineAndNotOnDeeperPercentilesOrOtherProbes() {
        HistoryStore.StoredSeries p50 = series(1, "queue-latency", "endToEnd", "50");
        HistoryStore.StoredSeries p90 = series(2, "queue-latency", "endToEnd", "90");
        HistoryStore.StoredSeries append = series(3, "queue-latency", "append", "50");
        HistoryStore.StoredSeries hold = series(4, "http", "", "holdLatencyMillis");
        HistoryStore.StoredSeries rss = series(5, "http", "", "serverRssPerHeldRequest");
        List<HistoryStore.StoredSeries> all = List.of(p50, p90, append, hold, rss);
        // No run directory to read the questions from: the end-to-end p50 gates; http, with neither p50 nor score,
        // gates on every series rather than on none.
        Predicate<HistoryStore.StoredSeries> gating = GatingSeries.headlines(all, Map.of());
        assertTrue(gating.test(p50));
        assertFalse(gating.test(p90));
        assertFalse(gating.test(append));
        assertTrue(gating.test(hold));
        assertTrue(gating.test(rss));
    }
}
