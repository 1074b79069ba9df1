package org.jvmmark.runner.plan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jvmmark.api.Question;
import org.jvmmark.api.Variant;
import org.jvmmark.api.WorkloadInfo;

/**
 * Which rows a question compares a row with, for {@link AdaptiveForks}: the questions weighed per workload, a row's group
 * under a question, and its partners in that group. Stateless.
 */
final class QuestionGroups {
    private QuestionGroups() {
    }

    /**
     * The questions whose forks the plan weighs, one of each kind the workload declares (its first across variants, its
     * first across JVMs, in declared order): the variants' questions share their partners ({@link DefaultSet#partners})
     * and figures. A workload that declares none is asked which JVM is fastest on its default headline (a null entry).
     */
    static List<Question> asked(WorkloadInfo info) {
        List<Question> asked = new ArrayList<>();
        for (Question q : info.questions()) {
            if (asked.stream().noneMatch(a -> a.across() == q.across())) {
                asked.add(q);
            }
        }
        if (asked.isEmpty()) {
            asked.add(null);
        }
        return asked;
    }

    /** A row's group: the rows question {@code q} (null: none declared) compares it within. */
    static String groupOf(PlannedTrial t, Question q) {
        String point = point(t);
        if (q != null && q.across() == Question.Across.VARIANTS) {
            return t.workload().name() + "|" + t.jdk().label() + "|" + (t.gc() == null ? "" : t.gc()) + "|"
                    + String.join(" ", t.variantJvmArgs()) + "|" + point;
        }
        return t.workload().name() + "|" + (t.workloadVariant() == null ? "" : t.workloadVariant()) + "|" + point;
    }

    /** The swept point of a trial id ({@code rate=10000}), or empty. */
    private static String point(PlannedTrial t) {
        String[] parts = t.rowId().split("/");
        return parts.length > 3 ? String.join("/", Arrays.copyOfRange(parts, 3, parts.length)) : "";
    }

    static Map<String, List<String>> groups(Map<String, PlannedTrial> rows, Function<PlannedTrial, Question> askedOf) {
        Map<String, List<String>> groups = new LinkedHashMap<>();
        rows.forEach((row, t) -> groups.computeIfAbsent(groupOf(t, askedOf.apply(t)), k -> new ArrayList<>()).add(row));
        return groups;
    }

    /**
     * The rows {@code row} is judged against: across variants, its partners on the same JVM
     * ({@link DefaultSet#partners}: the baseline, or for the baseline the variants compared with it); across JVMs, the group's best row by the geometric mean of the
     * forks (and, for the best, every other row).
     */
    static List<String> comparedWith(String row, List<String> group, Map<String, double[]> values,
                                             Map<String, PlannedTrial> rows, boolean higherIsBetter, Question q) {
        List<String> others = new ArrayList<>(group);
        others.remove(row);
        if (q != null && q.across() == Question.Across.VARIANTS) {
            WorkloadInfo info = rows.get(row).workload().info();
            List<Variant> inGroup = info.variants().stream()
                    .filter(v -> group.stream().anyMatch(r -> v.name().equals(rows.get(r).workloadVariant()))).toList();
            List<String> partnerNames = info.variants().stream().filter(v -> v.name().equals(rows.get(row).workloadVariant()))
                    .findFirst().map(v -> DefaultSet.partners(info, v, inGroup).stream().map(Variant::name).toList())
                    .orElse(List.of());
            return others.stream().filter(r -> partnerNames.contains(rows.get(r).workloadVariant())).toList();
        }
        String best = group.stream().filter(r -> values.get(r).length > 0)
                .min(Comparator.comparingDouble(r -> (higherIsBetter ? -1 : 1) * logMean(values.get(r)))).orElse(null);
        if (best == null) {
            return others;
        }
        return best.equals(row) ? others : List.of(best);
    }

    private static double logMean(double[] x) {
        return Arrays.stream(x).map(v -> Math.log(Math.max(v, Double.MIN_VALUE))).average().orElse(0);
    }
}
