package org.jvmmark.runner.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.jvmmark.api.BudgetCuts;
import org.jvmmark.api.Name;
import org.jvmmark.api.ParamType;
import org.jvmmark.api.Parameter;
import org.jvmmark.api.Profile;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.Variant;
import org.jvmmark.api.Workload;
import org.jvmmark.api.WorkloadInfo;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.jdk.GcProbe;
import org.jvmmark.runner.jdk.Jdk;

class BudgetPlanTest {
    @Name("servers")
    @Summary("a client/server workload with levels and variants")
    @Parameter(name = "server", defaultValue = "a", summary = "s", choices = {"a", "b", "c"})
    @Parameter(name = "connections", defaultValue = "100", summary = "s", type = ParamType.INTEGER)
    @Profile(name = "quick", params = "connections=100,1000,10000", estimatedSeconds = 10)
    @Variant(name = "a", params = "server=a")
    @Variant(name = "b", params = "server=b", inDefaultSet = false)
    @Variant(name = "c", params = "server=c", inDefaultSet = false)
    @BudgetCuts({"connections=100,10000", "variants", "forks"})
    public static final class Servers implements Workload {
        @Override
        public void run(TrialContext context) {
        }
    }

    @Name("paired")
    @Summary("a pair compared on one JVM, and a ranking across JVMs")
    @Parameter(name = "threads", defaultValue = "platform", summary = "s", choices = {"platform", "virtual"})
    @Profile(name = "quick", estimatedSeconds = 10)
    @Variant(name = "platform", params = "threads=platform")
    @Variant(name = "virtual", params = "threads=virtual", since = 21)
    @org.jvmmark.api.Question(name = "pair", text = "virtual against platform?", across = org.jvmmark.api.Question.Across.VARIANTS,
            baseline = "platform", variants = "virtual", figures = "score")
    @org.jvmmark.api.Question(name = "pair-again", text = "the same pair, asked later?", across = org.jvmmark.api.Question.Across.VARIANTS,
            baseline = "platform", variants = "virtual", figures = "score")
    @org.jvmmark.api.Question(name = "ranking", text = "which JVM?", figures = "score")
    @BudgetCuts({"questions", "forks"})
    public static final class Paired implements Workload {
        @Override
        public void run(TrialContext context) {
        }
    }

    @Test
    void shouldCutTheRowsOnlyALaterRankingAsksForAndNeverAPairsRows() {
        CatalogEntry paired = new CatalogEntry(WorkloadInfo.of(Paired.class), "p", Path.of("/w/p"), false);
        Jdk jdk17 = new Jdk(Path.of("/jdk17"), "Vendor", "17.0.1", 17, "VM", "v-17.0.1");
        List<PlannedTrial> plan = Sweep.parse(List.of()).withProfile("quick").plan(new Planner(new GcProbe(), List.of(), false),
                List.of(paired), List.of(jdk17, JDK), List.of(), List.of(), 3, "quick", List.of());
        // the ranking plans platform threads on 17 as well (virtual threads there: left out, they need 21)
        assertEquals(90, Planner.estimatedSeconds(plan));
        BudgetPlan fitted = BudgetPlan.fit(plan, Budget.parse("60s"));
        assertEquals(List.of("paired question ranking (platform on 17) (3 trials, 30.0 s)"), fitted.leftOut(),
                "the later pair asks about the rows the first pair keeps: nothing of it is cut");
        assertTrue(fitted.plan().stream().allMatch(t -> t.jdk().feature() == 21));
    }

    private static final CatalogEntry SERVERS = new CatalogEntry(WorkloadInfo.of(Servers.class), "s", Path.of("/w/s"), false);
    private static final Jdk JDK = new Jdk(Path.of("/jdk21"), "Vendor", "21.0.1", 21, "VM", "v-21.0.1");

    private static List<PlannedTrial> plan(int forks) {
        return Sweep.parse(List.of()).withProfile("quick").plan(new Planner(new GcProbe(), List.of(), true), List.of(SERVERS),
                List.of(JDK), List.of(), List.of(), forks, "quick", List.of());
    }

    @Test
    void shouldCutInTheDeclaredOrderAndSayWhat() {
        List<PlannedTrial> plan = plan(5); // 3 levels × 3 variants × 5 forks × 10 s = 450 s
        assertEquals(450, Planner.estimatedSeconds(plan));
        BudgetPlan fitted = BudgetPlan.fit(plan, Budget.parse("40s"));
        assertEquals(List.of("servers connections=100 (15 trials, 2 min 30 s)", "servers connections=10000 (15 trials, 2 min 30 s)",
                "servers variant c (5 trials, 50.0 s)", "servers variant b (5 trials, 50.0 s)", "servers forks above 3 (2 trials, 20.0 s)"),
                fitted.leftOut());
        assertEquals(30, Planner.estimatedSeconds(fitted.plan()));
        assertTrue(fitted.plan().stream().allMatch(t -> "a".equals(t.workloadVariant()) && t.id().contains("connections=1000/")));
    }

    @Test
    void shouldLeaveAPlanThatFitsAlone() {
        List<PlannedTrial> plan = plan(3);
        BudgetPlan fitted = BudgetPlan.fit(plan, Budget.parse("1h"));
        assertEquals(plan, fitted.plan());
        assertEquals(List.of(), fitted.leftOut());
    }

    @Test
    void shouldRefuseABudgetNoCutCanMeet() {
        UserException e = assertThrows(UserException.class, () -> BudgetPlan.fit(plan(3), Budget.parse("20s")));
        assertTrue(e.getMessage().startsWith("--budget 20s: the smallest plan the cuts allow needs 30.0 s"), e.getMessage());
    }

    @Test
    void shouldParseDurationsAndRefuseOthers() {
        assertEquals(1800, Budget.parse("30m").seconds());
        assertEquals(5400, Budget.parse("1h30m").seconds());
        assertEquals(90, Budget.parse("90s").seconds());
        assertEquals("30m", Budget.parse("30 min").label());
        for (String bad : List.of("30", "m", "0m", "1x", "")) {
            UserException e = assertThrows(UserException.class, () -> Budget.parse(bad));
            assertTrue(e.getMessage().contains("expected a duration such as 30m"), e.getMessage());
        }
    }
}
