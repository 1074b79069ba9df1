package org.jvmmark.runner.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.runner.jdk.GcProbe;
import org.jvmmark.runner.jdk.Jdk;

/**
 * The main job — {@code ./jvmmark run}: every built-in workload, profile quick, the default set — on
 * four JDKs (11, 17, 21, 25, as on the machine the issue was measured on), planned from the
 * workloads' own annotations with an empty durations cache.
 */
class MainJobPlanTest {
    private static final List<Jdk> JDKS = List.of(11, 17, 21, 25).stream()
            .map(f -> new Jdk(Path.of("/jdk" + f), "Vendor", f + ".0.1", f, "VM", "v-" + f)).toList();

    @TempDir
    Path tmp;

    private List<PlannedTrial> plan(boolean allVariants) {
        WorkloadCatalog catalog = WorkloadCatalog.load(WorkloadCatalog.distribution());
        List<CatalogEntry> all = catalog.visible();
        Planner planner = new Planner(new GcProbe(), List.of(), allVariants);
        List<PlannedTrial> plan = Sweep.parse(List.of()).withProfile("quick").plan(planner, all, JDKS, List.of(), List.of(),
                ForkPolicy.parse(null, null, "quick", true).base(), "quick", List.of());
        return DurationEstimates.load(tmp.resolve("durations.json"), "test-machine").apply(plan);
    }

    @Test
    void shouldPlanTheDefaultSetOnFourJdksWithinTwentyMinutesAdaptiveForksIncluded() {
        List<PlannedTrial> plan = plan(false);
        long seconds = Planner.estimatedSeconds(plan);
        long inAll = Budget.defaultFor(seconds).seconds();
        // from the workloads' declared estimates (an empty durations cache): on this 2-vCPU VM the measured ones are lower,
        // and ../shared/checks/main-job-minutes checks those against 15 minutes
        assertTrue(inAll <= 20 * 60, "estimated " + seconds + " s, " + inAll + " s in all with the adaptive forks' budget");
        assertEquals(93, plan.size(), plan.stream().map(PlannedTrial::id).collect(Collectors.joining("\n")));
        Set<String> workloads = plan.stream().map(t -> t.workload().name()).collect(Collectors.toSet());
        assertEquals(Set.of("synthetic", "queue-latency", "startup", "chat", "http", "queue-large"), workloads);
        assertTrue(plan.stream().allMatch(t -> t.fork() <= 3), "forks auto plans 3 a row; more come only where a question is open");
        // the http pairs (virtual vs platform threads, Tomcat and the JDK server) are planned where they can be asked, and
        // the ranking across JVMs (fastest-jvm) adds platform threads on every JDK that runs the server: Tomcat 11 needs 17
        Set<String> http = plan.stream().filter(t -> t.workload().name().equals("http")).map(t -> t.jdk().feature() + " " + t.workloadVariant())
                .collect(Collectors.toSet());
        assertEquals(Set.of("17 tomcat-platform", "21 tomcat-platform", "21 tomcat-virtual", "21 jdk-platform", "21 jdk-virtual",
                "25 tomcat-platform", "25 tomcat-virtual", "25 jdk-platform", "25 jdk-virtual", "11 jdk-platform", "17 jdk-platform"), http);
        assertTrue(plan.stream().filter(t -> t.workload().name().equals("http")).allMatch(t -> t.id().contains("connections=1000")
                || "1000".equals(String.valueOf(t.params().get("connections")))), "quick asks the http question at 1,000 connections");
    }

    @Test
    void shouldKeepTheFullMatrixOneFlagAway() {
        List<PlannedTrial> all = plan(true);
        assertTrue(all.size() > 200, all.size() + " trials");
        assertTrue(all.stream().anyMatch(t -> "netty".equals(t.workloadVariant())));
        assertTrue(all.stream().anyMatch(t -> "aot".equals(t.workloadVariant())));
        assertTrue(all.stream().anyMatch(t -> t.jdk().feature() == 11 && "tomcat-platform".equals(t.workloadVariant())));
    }

    @Test
    void shouldFitTheMainJobIntoABudgetByCuttingWhatTheWorkloadsDeclare() {
        BudgetPlan fitted = BudgetPlan.fit(plan(true), Budget.parse("30m"));
        assertTrue(Planner.estimatedSeconds(fitted.plan()) <= 30 * 60);
        assertTrue(fitted.leftOut().stream().anyMatch(l -> l.startsWith("http variant ")), fitted.leftOut().toString());
        assertTrue(fitted.plan().stream().anyMatch(t -> "tomcat-virtual".equals(t.workloadVariant())),
                "the default set's variants are never cut: they answer the questions");
    }

    /** What the budget leaves the fixed plan after {@code buildSeconds} of build and a second of planning. */
    private static Budget roomAfter(double buildSeconds) {
        RunBudget run = new RunBudget(Budget.mainJob(), buildSeconds, 0, () -> 1_000_000_000L, 0);
        return Budget.mainJob().withSeconds(run.planSeconds());
    }

    @Test
    void shouldFitTheMainJobIntoItsFifteenMinutesWithTheDeclaredDurations() {
        // built before: the rows only http's ranking across JVMs asks for (platform threads on 11 and 17) go first, then
        // the JDK server's virtual-against-platform pair (a fifth of the budget stays for the adaptive forks: RunBudget);
        // Tomcat's pair stays, and the ranking still ranks 21 against 25 for it
        List<PlannedTrial> whole = plan(false);
        BudgetPlan built = BudgetPlan.fit(whole, roomAfter(0));
        assertEquals(List.of("http question fastest-jvm (jdk-platform on 11, 17, tomcat-platform on 17) (9 trials, 2 min 06 s)",
                "http question jdk-virtual-vs-platform (jdk-platform, jdk-virtual) (12 trials, 2 min 48 s)"), built.leftOut());
        long seconds = Planner.estimatedSeconds(built.plan());
        assertTrue(seconds <= roomAfter(0).seconds() && seconds >= 10 * 60, seconds + " s");
        Set<String> builtHttp = built.plan().stream().filter(t -> t.workload().name().equals("http"))
                .map(t -> t.jdk().feature() + " " + t.workloadVariant()).collect(Collectors.toSet());
        assertEquals(Set.of("21 tomcat-platform", "21 tomcat-virtual", "25 tomcat-platform", "25 tomcat-virtual"), builtHttp);

        // a fresh clone's build (42-49 s on the 2-vCPU VM, 2026-11-27): the same two go, Tomcat's stays
        BudgetPlan fresh = BudgetPlan.fit(plan(false), roomAfter(60));
        assertEquals(List.of("http question fastest-jvm (jdk-platform on 11, 17, tomcat-platform on 17) (9 trials, 2 min 06 s)",
                "http question jdk-virtual-vs-platform (jdk-platform, jdk-virtual) (12 trials, 2 min 48 s)"), fresh.leftOut());
        Set<String> kept = fresh.plan().stream().map(t -> t.workload().name() + " " + t.workloadVariant()).collect(Collectors.toSet());
        assertTrue(kept.containsAll(Set.of("http tomcat-platform", "http tomcat-virtual", "synthetic null", "queue-latency null",
                "startup default", "chat platform", "queue-large null")), kept.toString());
        assertTrue(Planner.estimatedSeconds(fresh.plan()) + 60 + RunBudget.END_SECONDS < 15 * 60 - 3 * 60,
                "three minutes or more left for adaptive forks");
    }

    @Test
    void shouldRankHttpAcrossEveryJdkWhenTheBudgetHoldsIt() {
        BudgetPlan roomy = BudgetPlan.fit(plan(false), Budget.parse("20m"));
        assertEquals(List.of(), roomy.leftOut());
        assertTrue(roomy.plan().stream().anyMatch(t -> t.jdk().feature() == 11 && "jdk-platform".equals(t.workloadVariant())));
        assertTrue(roomy.plan().stream().noneMatch(t -> t.jdk().feature() < 17 && t.workloadVariant() != null
                && t.workloadVariant().startsWith("tomcat")), "Tomcat 11 runs from JDK 17");
    }
}
