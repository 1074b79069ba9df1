package org.jvmmark.history;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.jvmmark.results.Results;
import org.jvmmark.results.ResultsReader;
import org.jvmmark.results.WorkloadQuestion;

/**
 * Which series decide {@code history check}'s exit status: each workload's headline figures — the first figure of each
 * question it declares — as {@code compare} gates (the judge's DESIGN.md §5). The questions are read from the newest
 * run's results.json; where it is gone, the end-to-end p50 and the score; and where none of a workload's series is
 * among them, every series of the workload gates (a gate that judges nothing passes nothing). Stateless apart from its
 * answer; thread-safe.
 */
public final class GatingSeries {
    /** The headline where no question can be read: what {@code compare} falls back to as well. */
    static final Set<String> FALLBACK = Set.of("endToEnd p50", "score");

    private GatingSeries() {
    }

    /** The headline series of {@code series}, whose points (oldest first) name the directories of their runs. */
    public static Predicate<HistoryStore.StoredSeries> headlines(List<HistoryStore.StoredSeries> series,
                                                                Map<Long, List<HistoryStore.Point>> points) {
        Map<String, Set<String>> byWorkload = new HashMap<>();
        for (HistoryStore.StoredSeries s : series) {
            String w = s.key().workload();
            if (!byWorkload.containsKey(w)) {
                Set<String> h = declared(w, points.getOrDefault(s.id(), List.of()));
                if (!h.isEmpty()) {
                    byWorkload.put(w, h);
                }
            }
        }
        Set<String> covered = new HashSet<>();
        for (HistoryStore.StoredSeries s : series) {
            if (byWorkload.getOrDefault(s.key().workload(), FALLBACK).contains(s.key().figureName())) {
                covered.add(s.key().workload());
            }
        }
        return s -> !covered.contains(s.key().workload())
                || byWorkload.getOrDefault(s.key().workload(), FALLBACK).contains(s.key().figureName());
    }

    /**
     * {@code headlines} and the tails of their latencies: p99 and deeper (short of the maximum) of a probe whose p50 or
     * p90 is a headline gate with it, as {@code compare} gates them (issue 48) — where the runs trust them, which {@link
     * HistoryJudge} asks of each run ({@link ComparableRuns#tailTrusted}); an untrusted tail is not judged and so decides
     * nothing.
     */
    public static Predicate<HistoryStore.StoredSeries> withTails(Predicate<HistoryStore.StoredSeries> headlines,
                                                                 List<HistoryStore.StoredSeries> series) {
        Set<String> probes = new HashSet<>();
        for (HistoryStore.StoredSeries s : series) {
            if (!s.key().probe().isEmpty() && HistoryJudge.trusted(s.key()) && headlines.test(s)) {
                probes.add(probeOf(s.key()));
            }
        }
        return s -> headlines.test(s) || !s.key().probe().isEmpty() && !HistoryJudge.trusted(s.key())
                && !"max".equals(s.key().figure()) && probes.contains(probeOf(s.key()));
    }

    private static String probeOf(SeriesKey k) {
        return String.join("|", k.machine(), k.workload(), k.params(), k.jvm(), k.variant(), k.probe());
    }

    /** The headline figures the newest readable run of a series declares for {@code workload}; empty when none. */
    private static Set<String> declared(String workload, List<HistoryStore.Point> points) {
        for (int i = points.size() - 1; i >= 0; i--) {
            String dir = points.get(i).dir();
            if (dir == null || !Files.isRegularFile(Path.of(dir, "results.json"))) {
                continue;
            }
            try {
                Results r = ResultsReader.readDir(Path.of(dir));
                Set<String> out = new HashSet<>();
                for (WorkloadQuestion q : r.questions(workload)) {
                    out.add(q.headline());
                }
                return out;
            } catch (java.io.IOException e) {
                // An unreadable run says nothing of its questions: the next older one may.
            }
        }
        return Set.of();
    }
}
