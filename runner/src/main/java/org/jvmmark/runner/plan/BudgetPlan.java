package org.jvmmark.runner.plan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.jvmmark.api.Variant;
import org.jvmmark.api.WorkloadInfo;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.runner.base.Text;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.api.Question;

/**
 * {@code --budget}: the plan cut until its estimate fits, in the order each workload declares
 * ({@link org.jvmmark.api.BudgetCuts}: fewer connection levels, fewer variants, later questions' variants, fewer forks). Each step
 * takes the next cut of the workload whose part of the plan is the largest, so the cuts fall where
 * the time goes; a workload's last swept point and the three forks a verdict needs are never cut.
 * Immutable, hence thread-safe.
 *
 * @param plan the plan that fits
 * @param leftOut what was cut, one line each: "http connections=100 (8 trials, 1 min 36 s)"
 */
public record BudgetPlan(List<PlannedTrial> plan, List<String> leftOut) {

    /**
     * @param plan the plan, with its estimates ({@link DurationEstimates#apply})
     * @throws UserException when even the smallest plan the cuts allow overruns the budget
     */
    public static BudgetPlan fit(List<PlannedTrial> plan, Budget budget) {
        List<PlannedTrial> current = new ArrayList<>(plan);
        List<String> leftOut = new ArrayList<>();
        Map<String, Integer> nextCut = new LinkedHashMap<>();
        while (Planner.estimatedSeconds(current) > budget.seconds()) {
            String workload = largestWithCut(current, nextCut);
            if (workload == null) {
                throw new UserException("--budget " + budget.label() + ": the smallest plan the cuts allow needs "
                        + Text.seconds(Planner.estimatedSeconds(current)) + (leftOut.isEmpty() ? "" : " (after leaving out "
                        + String.join("; ", leftOut) + ")") + "; give more time, fewer JDKs or fewer workloads");
            }
            Step step = nextStep(current, workload, nextCut);
            List<PlannedTrial> removed = current.stream().filter(step.drops()).toList();
            current.removeAll(removed);
            leftOut.add(workload + " " + step.what() + " (" + removed.size() + (removed.size() == 1 ? " trial, " : " trials, ")
                    + Text.seconds(Planner.estimatedSeconds(removed)) + ")");
        }
        return new BudgetPlan(List.copyOf(current), List.copyOf(leftOut));
    }

    private record Step(String what, Predicate<PlannedTrial> drops) {
    }

    /** The workload with the largest estimated share that still has a cut to make. */
    private static String largestWithCut(List<PlannedTrial> plan, Map<String, Integer> nextCut) {
        Map<String, Long> seconds = new LinkedHashMap<>();
        plan.forEach(t -> seconds.merge(t.workload().name(), (long) t.estimatedSeconds(), Long::sum));
        return seconds.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).map(Map.Entry::getKey)
                .filter(w -> peek(plan, w, new LinkedHashMap<>(nextCut)) != null).findFirst().orElse(null);
    }

    private static Step peek(List<PlannedTrial> plan, String workload, Map<String, Integer> nextCut) {
        try {
            return nextStep(plan, workload, nextCut);
        } catch (IllegalStateException e) {
            return null;
        }
    }

    /**
     * The next cut of {@code workload} that removes something, advancing its position in the order.
     *
     * @throws IllegalStateException when it has none left
     */
    private static Step nextStep(List<PlannedTrial> plan, String workload, Map<String, Integer> nextCut) {
        List<PlannedTrial> mine = plan.stream().filter(t -> t.workload().name().equals(workload)).toList();
        WorkloadInfo info = mine.get(0).workload().info();
        List<String> order = info.budgetCuts();
        for (int i = nextCut.getOrDefault(workload, 0); i < order.size(); i++) {
            Step step = step(order.get(i).trim(), mine, info);
            if (step != null) {
                nextCut.put(workload, i);
                return step;
            }
        }
        nextCut.put(workload, order.size());
        throw new IllegalStateException("no cut left for " + workload);
    }

    /** The first thing this cut can still remove from the workload's trials, or null. */
    private static Step step(String cut, List<PlannedTrial> mine, WorkloadInfo info) {
        Set<String> points = new LinkedHashSet<>();
        mine.forEach(t -> points.add(point(t)));
        if (cut.equals("forks")) {
            boolean extra = mine.stream().anyMatch(t -> t.fork() > Judge.MIN_FORKS);
            return extra ? new Step("forks above " + Judge.MIN_FORKS, t -> t.fork() > Judge.MIN_FORKS
                    && t.workload().name().equals(info.name())) : null;
        }
        if (cut.equals("variants")) {
            List<Variant> declared = new ArrayList<>(info.variants());
            java.util.Collections.reverse(declared);
            for (Variant v : declared) {
                if (!v.inDefaultSet() && mine.stream().anyMatch(t -> v.name().equals(t.workloadVariant()))) {
                    return new Step("variant " + v.name(), t -> t.workload().name().equals(info.name()) && v.name().equals(t.workloadVariant()));
                }
            }
            return null;
        }
        if (cut.equals("questions")) {
            return questionStep(mine, info);
        }
        if (points.size() < 2) {
            return null;
        }
        if (cut.equals("levels")) {
            List<String> list = new ArrayList<>(points);
            String last = list.get(list.size() - 1);
            return new Step(last, t -> t.workload().name().equals(info.name()) && point(t).equals(last));
        }
        int eq = cut.indexOf('=');
        if (eq > 0) {
            String key = cut.substring(0, eq).trim();
            for (String value : Arrays.asList(cut.substring(eq + 1).split(","))) {
                String v = value.trim();
                Predicate<PlannedTrial> at = t -> t.workload().name().equals(info.name()) && v.equals(String.valueOf(t.params().get(key)));
                boolean present = mine.stream().anyMatch(at);
                boolean others = mine.stream().anyMatch(at.negate());
                if (present && others) {
                    return new Step(key + "=" + v, at);
                }
            }
        }
        return null;
    }

    /**
     * The {@code questions} cut: the trials that only a later question of the workload asks about, the last declared
     * question first. The first question — the workload's headline — is never cut, nor a trial it asks about. A question
     * across variants asks about its variants' trials on the JDKs where a partner of the variant is planned too (a pair
     * is compared on one JVM); a question across JVMs about every trial of the variants it ranks (all of them when it
     * names none). Unsupported trials cost nothing and stay. So http's ranking across JVMs, declared last, loses first the rows no pair needs (platform threads
     * on JDK 11 and 17), and the JDK server's pair after it.
     */
    private static Step questionStep(List<PlannedTrial> mine, WorkloadInfo info) {
        List<Question> questions = info.questions();
        if (questions.size() < 2) {
            return null;
        }
        for (int i = questions.size() - 1; i >= 1; i--) {
            Question q = questions.get(i);
            List<Question> earlier = questions.subList(0, i);
            Set<PlannedTrial> only = new LinkedHashSet<>();
            for (PlannedTrial t : mine) {
                if (t.unsupportedReason() == null && asks(q, t, mine) && earlier.stream().noneMatch(e -> asks(e, t, mine))) {
                    only.add(t);
                }
            }
            if (!only.isEmpty() && only.size() < mine.size()) {
                return new Step("question " + q.name() + " (" + describe(only, mine) + ")", only::contains);
            }
        }
        return null;
    }

    /** Whether question {@code q} asks about trial {@code t}, given the workload's trials planned so far. */
    private static boolean asks(Question q, PlannedTrial t, List<PlannedTrial> mine) {
        String v = t.workloadVariant();
        Set<String> named = variantsOf(q);
        if (q.across() == Question.Across.JVMS) {
            return q.variants().length == 0 || named.contains(v);
        }
        return named.contains(v) && mine.stream().anyMatch(o -> o.jdk().equals(t.jdk()) && o.unsupportedReason() == null
                && o.workloadVariant() != null
                && !o.workloadVariant().equals(v) && named.contains(o.workloadVariant()));
    }

    /**
     * "jdk-platform, jdk-virtual", or where a variant keeps trials on other JDKs, the JDKs it loses: "tomcat-platform on
     * 17, jdk-platform on 11, 17".
     */
    private static String describe(Set<PlannedTrial> only, List<PlannedTrial> mine) {
        Map<String, Set<Integer>> lost = new LinkedHashMap<>();
        only.forEach(t -> lost.computeIfAbsent(String.valueOf(t.workloadVariant()), k -> new java.util.TreeSet<>()).add(t.jdk().feature()));
        List<String> parts = new ArrayList<>();
        lost.forEach((variant, features) -> {
            boolean kept = mine.stream().anyMatch(t -> variant.equals(String.valueOf(t.workloadVariant())) && !only.contains(t)
                    && t.unsupportedReason() == null);
            parts.add(kept ? variant + " on " + features.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", "))
                    : variant);
        });
        return String.join(", ", parts);
    }

    private static Set<String> variantsOf(Question q) {
        Set<String> names = new LinkedHashSet<>();
        if (!q.baseline().isBlank()) {
            names.add(q.baseline().trim());
        }
        for (String v : q.variants()) {
            names.add(v.trim());
        }
        return names;
    }

    /** A trial's swept point ({@code connections=1000}), or empty. */
    private static String point(PlannedTrial t) {
        String[] parts = t.rowId().split("/");
        return parts.length > 3 ? String.join("/", Arrays.copyOfRange(parts, 3, parts.length)) : "";
    }
}
