package org.jvmmark.history;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs {@link EDivisive} over every series of the history and keeps the changes that happened at or
 * after a given time. Stateless apart from its settings; thread-safe.
 */
public final class HistoryCheck {
    /** A change in one series, at one run. */
    public record Change(HistoryStore.StoredSeries series, HistoryStore.Point at, ChangePoint change) {
        public boolean regression() {
            return change.regression(series.higherIsBetter());
        }
    }

    private final EDivisive detector;

    public HistoryCheck(EDivisive detector) {
        this.detector = detector;
    }

    /**
     * @param since ISO-8601 instant (or date); changes at runs that started earlier are left out; null keeps all
     */
    public List<Change> changes(HistoryStore store, String since) throws SQLException {
        Map<Long, List<HistoryStore.Point>> points = store.points();
        List<Change> out = new ArrayList<>();
        for (HistoryStore.StoredSeries s : store.series()) {
            out.addAll(changes(s, points.getOrDefault(s.id(), List.of()), since));
        }
        return out;
    }

    public List<Change> changes(HistoryStore.StoredSeries s, List<HistoryStore.Point> points, String since) {
        double[] values = points.stream().mapToDouble(HistoryStore.Point::value).toArray();
        List<Change> out = new ArrayList<>();
        for (ChangePoint cp : detector.changePoints(values)) {
            HistoryStore.Point at = points.get(cp.index());
            if (since == null || at.created().compareTo(since) >= 0) {
                out.add(new Change(s, at, cp));
            }
        }
        return out;
    }
}
