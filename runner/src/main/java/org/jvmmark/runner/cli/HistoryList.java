package org.jvmmark.runner.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jvmmark.history.HistoryStore;
import org.jvmmark.history.SeriesKey;
import org.jvmmark.report.numbers.Format;

/**
 * What {@code history list} prints: one line per series group — a workload's JVM and variant at one set of
 * parameters on one machine — with its runs, each figure's latest value in readable units ("391 ms", not
 * "391118847 ns") and the ids {@code history show} takes; only the parameters that tell the groups of a
 * workload apart are shown. Filters keep the groups of one workload, JDK or figure. Stateless and
 * thread-safe.
 */
final class HistoryList {
    /** Figures a line shows before it says how many more there are: a line that fits a terminal (about 160 columns). */
    static final int LATEST_SHOWN = 2;

    private HistoryList() {
    }

    /**
     * The table's rows, header first.
     *
     * @param workload keep only this workload (null: all)
     * @param jdk keep only JVMs whose label holds this as a word, e.g. "25" or "Temurin" (null: all)
     * @param figure keep only figures whose name holds this, e.g. "p99" or "startup" (null: all)
     */
    static List<String[]> rows(List<HistoryStore.StoredSeries> series, Map<Long, List<HistoryStore.Point>> points,
                               String workload, String jdk, String figure) {
        Map<List<String>, List<HistoryStore.StoredSeries>> groups = new LinkedHashMap<>();
        Map<String, Set<String>> paramsOf = new LinkedHashMap<>();
        for (HistoryStore.StoredSeries s : series) {
            SeriesKey k = s.key();
            if ((workload != null && !k.workload().equals(workload)) || (jdk != null && !hasWord(k.jvm(), jdk))
                    || (figure != null && !(k.figureName() + " " + k.readableName()).toLowerCase(Locale.ROOT)
                            .contains(figure.toLowerCase(Locale.ROOT)))) {
                continue;
            }
            groups.computeIfAbsent(List.of(k.machine(), k.workload(), k.params(), k.jvm(), k.variant()), x -> new ArrayList<>()).add(s);
            paramsOf.computeIfAbsent(k.workload(), x -> new LinkedHashSet<>()).add(k.params());
        }
        boolean machines = groups.keySet().stream().map(g -> g.get(0)).distinct().count() > 1;
        List<String[]> rows = new ArrayList<>();
        rows.add(machines ? new String[] {"machine", "workload", "JVM · variant", "parameters", "runs", "latest", "series ids"}
                : new String[] {"workload", "JVM · variant", "parameters", "runs", "latest", "series ids"});
        groups.forEach((g, members) -> {
            int runs = 0;
            List<String> latest = new ArrayList<>();
            List<Long> ids = new ArrayList<>();
            int more = 0;
            for (HistoryStore.StoredSeries s : members.stream()
                    .sorted(java.util.Comparator.comparing(m -> SeriesKey.figureOrder(m.key()))).toList()) {
                List<HistoryStore.Point> ps = points.getOrDefault(s.id(), List.of());
                runs = Math.max(runs, ps.size());
                ids.add(s.id());
                if (ps.isEmpty()) {
                    continue;
                }
                if (latest.size() < LATEST_SHOWN) {
                    latest.add(s.key().readableName() + " " + Format.value(ps.get(ps.size() - 1).value(), s.unit()));
                } else {
                    more++;
                }
            }
            if (more > 0) {
                latest.add(more + " more (--figure NAME)");
            }
            String params = SeriesKey.varyingParams(g.get(2), paramsOf.get(g.get(1)));
            String variant = g.get(4).isEmpty() ? g.get(3) : g.get(3) + " · " + g.get(4);
            List<String> cells = new ArrayList<>(List.of(g.get(1), variant, params.isEmpty() ? "-" : params, String.valueOf(runs),
                    latest.isEmpty() ? "-" : String.join(" · ", latest), ranges(ids)));
            if (machines) {
                cells.add(0, g.get(0));
            }
            rows.add(cells.toArray(String[]::new));
        });
        return rows;
    }

    private static boolean hasWord(String text, String word) {
        return (" " + text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", " ") + " ")
                .contains(" " + word.toLowerCase(Locale.ROOT) + " ")
                || text.toLowerCase(Locale.ROOT).matches(".*\\b" + java.util.regex.Pattern.quote(word.toLowerCase(Locale.ROOT)) + "(\\.|\\b).*");
    }

    /** "3–9, 12": consecutive ids as ranges. */
    static String ranges(List<Long> ids) {
        List<Long> sorted = ids.stream().sorted().toList();
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < sorted.size()) {
            int j = i;
            while (j + 1 < sorted.size() && sorted.get(j + 1) == sorted.get(j) + 1) {
                j++;
            }
            out.add(j == i ? String.valueOf(sorted.get(i)) : sorted.get(i) + "–" + sorted.get(j));
            i = j + 1;
        }
        return String.join(", ", out);
    }
}
