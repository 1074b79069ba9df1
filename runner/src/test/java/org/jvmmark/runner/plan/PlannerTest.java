package org.jvmmark.runner.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jvmmark.api.JvmArgs;
import org.jvmmark.api.Name;
import org.jvmmark.api.ParamType;
import org.jvmmark.api.Parameter;
import org.jvmmark.api.Profile;
import org.jvmmark.api.RequiresJdk;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.Variant;
import org.jvmmark.api.Workload;
import org.jvmmark.api.WorkloadInfo;
import org.junit.jupiter.api.Test;
import org.jvmmark.runner.jdk.GarbageCollector;
import org.jvmmark.runner.jdk.GcProbe;
import org.jvmmark.runner.jdk.Jdk;
import org.jvmmark.runner.base.UserException;

class PlannerTest {
    @Name("threads")
    @Summary("test workload with variants")
    @Parameter(name = "impl", defaultValue = "platform", summary = "s", choices = {"platform", "virtual"})
    @Parameter(name = "rate", defaultValue = "10", summary = "s", type = ParamType.INTEGER)
    @Profile(name = "smoke", params = "rate=1", timeoutSeconds = 7, estimatedSeconds = 2)
    @Variant(name = "platform", params = "impl=platform")
    @Variant(name = "virtual", params = "impl=virtual", since = 21)
    @JvmArgs(value = "--add-opens=java.base/java.lang=ALL-UNNAMED", since = 17)
    public static final class Threads implements Workload {
        @Override
        public void run(TrialContext context) {
        }
    }

    @Name("modern")
    @Summary("test workload needing JDK 21")
    @Parameter(name = "size", defaultValue = "1", summary = "s", type = ParamType.INTEGER)
    @RequiresJdk(21)
    public static final class Modern implements Workload {
        @Override
        public void run(TrialContext context) {
        }
    }

    @Name("servers")
    @Summary("test workload with per-variant classpaths and a native reference")
    @Parameter(name = "server", defaultValue = "a", summary = "s", choices = {"a", "b", "native", "own"})
    @Parameter(name = "connections", defaultValue = "1", summary = "s", type = ParamType.INTEGER)
    @Variant(name = "a", params = "server=a", classpath = "servers/a")
    @Variant(name = "b", params = "server=b")
    @Variant(name = "native", params = "server=native", jvm = false)
    public static final class Servers implements Workload {
        @Override
        public void run(TrialContext context) {
        }
    }

    private static final Jdk JDK17 = new Jdk(Path.of("/jdk17"), "Vendor", "17.0.1", 17, "VM", "v-17.0.1");
    private static final Jdk JDK21 = new Jdk(Path.of("/jdk21"), "Vendor", "21.0.1", 21, "VM", "v-21.0.1");
    private static final CatalogEntry THREADS = new CatalogEntry(WorkloadInfo.of(Threads.class), "t", Path.of("/w/t"), false);
    private static final CatalogEntry SERVERS = new CatalogEntry(WorkloadInfo.of(Servers.class), "s", Path.of("/w/s"), false);
    private static final CatalogEntry MODERN = new CatalogEntry(WorkloadInfo.of(Modern.class), "m", Path.of("/w/m"), false);

    /** Pretends no JDK 17 has ZGC, so no JVM is started. */
    private final Planner planner = new Planner(new GcProbe() {
        @Override
        public String unsupportedReason(Jdk jdk, GarbageCollector gc) {
            return gc == GarbageCollector.ZGC && jdk.feature() == 17 ? "ZGC not available: Unrecognized VM option 'UseZGC'" : null;
        }
    });

    @Test
    void shouldMultiplyJdksCollectorsWorkloadVariantsAndForks() {
        List<PlannedTrial> plan = planner.plan(List.of(THREADS), List.of(JDK17, JDK21),
                List.of(GarbageCollector.G1, GarbageCollector.ZGC), List.of(), 2, "smoke", Map.of());
        // per JDK: 2 collectors × 2 variants × 2 forks, minus forks of unsupported combinations
        List<String> ids = plan.stream().map(PlannedTrial::id).toList();
        assertTrue(ids.contains("threads/v-21.0.1/ZGC+virtual/fork2"), ids.toString());
        assertTrue(ids.contains("threads/v-17.0.1/G1+platform/fork2"), ids.toString());
        assertEquals(1, ids.stream().filter(i -> i.startsWith("threads/v-17.0.1/G1+virtual/")).count(), "unsupported runs once");
        assertEquals(2 + 1 + 1 + 1 + 8, plan.size(), ids.toString());
    }

    @Test
    void shouldRunEveryJvmsFirstForkBeforeAnySecondFork() {
        List<PlannedTrial> plan = planner.plan(List.of(THREADS, MODERN), List.of(JDK17, JDK21), List.of(), List.of(), 2,
                "smoke", Map.of());
        List<String> ids = plan.stream().map(PlannedTrial::id).toList();
        assertEquals(List.of(
                "threads/v-17.0.1/platform/fork1", "threads/v-17.0.1/virtual/fork1",
                "threads/v-21.0.1/platform/fork1", "threads/v-21.0.1/virtual/fork1",
                "threads/v-17.0.1/platform/fork2", "threads/v-21.0.1/platform/fork2", "threads/v-21.0.1/virtual/fork2",
                "modern/v-17.0.1/default/fork1", "modern/v-21.0.1/default/fork1", "modern/v-21.0.1/default/fork2"), ids);
    }

    @Test
    void shouldRecordWhyATrialCannotRun() {
        List<PlannedTrial> plan = planner.plan(List.of(THREADS, MODERN), List.of(JDK17), List.of(GarbageCollector.ZGC),
                List.of(), 1, "quick", Map.of());
        PlannedTrial virtual = plan.stream().filter(t -> t.id().equals("threads/v-17.0.1/ZGC+virtual/fork1")).findFirst().orElseThrow();
        assertEquals("variant virtual requires JDK 21 or later; this is 17", virtual.unsupportedReason());
        PlannedTrial platform = plan.stream().filter(t -> t.id().equals("threads/v-17.0.1/ZGC+platform/fork1")).findFirst().orElseThrow();
        assertEquals("ZGC not available: Unrecognized VM option 'UseZGC'", platform.unsupportedReason());
        PlannedTrial modern = plan.stream().filter(t -> t.workload() == MODERN).findFirst().orElseThrow();
        assertEquals("modern requires JDK 21 or later; this is 17", modern.unsupportedReason());
        assertEquals(0, Planner.estimatedSeconds(plan), "nothing runnable, nothing to wait for");
    }

    @Test
    void shouldLayerDefaultsProfileOverridesAndVariantParams() {
        List<PlannedTrial> plan = planner.plan(List.of(THREADS), List.of(JDK21), List.of(), List.of(List.of("-Xmx64m")),
                1, "smoke", Map.of("rate", "5"));
        PlannedTrial virtual = plan.get(1);
        assertEquals("threads/v-21.0.1/-Xmx64m+virtual/fork1", virtual.id());
        assertEquals(Map.of("impl", "virtual", "rate", "5"), virtual.params());
        assertEquals(List.of("-Xmx64m", "--add-opens=java.base/java.lang=ALL-UNNAMED"), virtual.jvmArgs());
        assertEquals(7, virtual.timeoutSeconds());
        assertEquals(2, virtual.estimatedSeconds());
        assertNull(virtual.gc());
    }

    @Test
    void shouldApplyAnOverrideToTheWorkloadsThatDeclareIt() {
        List<PlannedTrial> plan = planner.plan(List.of(THREADS, MODERN), List.of(JDK21), List.of(), List.of(), 1, "quick",
                Map.of("size", "3"));
        assertEquals("3", plan.stream().filter(t -> t.workload() == MODERN).findFirst().orElseThrow().params().get("size"));
        UserException e = assertThrows(UserException.class, () -> Planner.checkParams(List.of(THREADS, MODERN), "quick", Map.of("sise", "3")));
        assertEquals("no selected workload has parameter 'sise'; valid: impl, rate, size", e.getMessage());
    }

    @Test
    void shouldNameTheDefaultVariant() {
        List<PlannedTrial> plan = planner.plan(List.of(MODERN), List.of(JDK21), List.of(), List.of(), 1, "quick", Map.of());
        assertEquals("modern/v-21.0.1/default/fork1", plan.get(0).id());
    }

    @Test
    void shouldRunADeclaredChoiceThatNoVariantMakesWithoutAVariant() {
        List<PlannedTrial> own = planner.plan(List.of(SERVERS), List.of(JDK21), List.of(), List.of(), 1, "quick", Map.of("server", "own"));
        assertEquals(List.of("servers/v-21.0.1/default/fork1"), own.stream().map(PlannedTrial::id).toList());
        assertEquals("own", own.get(0).params().get("server"));
    }

    @Test
    void shouldPlanANativeReferenceOnceAndGiveAVariantItsOwnJars() {
        List<PlannedTrial> plan = planner.plan(List.of(SERVERS), List.of(JDK17, JDK21), List.of(GarbageCollector.G1, GarbageCollector.ZGC),
                List.of(), 1, "quick", Map.of());
        assertEquals(List.of("servers/v-17.0.1/G1+native/fork1"), plan.stream().map(PlannedTrial::id).filter(i -> i.contains("native")).toList());
        PlannedTrial a = plan.stream().filter(t -> "a".equals(t.workloadVariant())).findFirst().orElseThrow();
        assertEquals("/w/s/*" + java.io.File.pathSeparator + "/w/s/servers/a/*", a.classpath());
        PlannedTrial b = plan.stream().filter(t -> "b".equals(t.workloadVariant())).findFirst().orElseThrow();
        assertEquals("/w/s/*", b.classpath());
    }

    @Test
    void shouldLetAParameterThatAVariantSetsChooseThatVariant() {
        List<PlannedTrial> plan = planner.plan(List.of(THREADS), List.of(JDK21), List.of(), List.of(), 1, "smoke",
                Map.of("impl", "virtual"));
        assertEquals(List.of("threads/v-21.0.1/virtual/fork1"), plan.stream().map(PlannedTrial::id).toList());
        assertEquals("virtual", plan.get(0).params().get("impl"));
    }

    @Test
    void shouldChooseVariantsByName() {
        List<PlannedTrial> plan = new Planner(new GcProbe(), List.of("platform")).plan(List.of(THREADS, MODERN), List.of(JDK21),
                List.of(), List.of(), 1, "smoke", Map.of());
        assertEquals(List.of("threads/v-21.0.1/platform/fork1", "modern/v-21.0.1/default/fork1"),
                plan.stream().map(PlannedTrial::id).toList());
    }

    @Test
    void shouldRefuseChoicesThatLeaveNoVariantOrNameNone() {
        UserException none = assertThrows(UserException.class, () -> Planner.checkParams(List.of(THREADS), "smoke",
                Map.of("impl", "platform"), List.of("virtual")));
        assertEquals("threads: --param impl=platform selects no variant of --variant virtual; its variants set impl to "
                + "platform (platform), virtual (virtual)", none.getMessage());
        UserException unknown = assertThrows(UserException.class, () -> Planner.checkParams(List.of(THREADS, MODERN), "smoke",
                Map.of(), List.of("carrier")));
        assertEquals("unknown variant 'carrier'; valid: platform, virtual", unknown.getMessage());
    }
}
