package org.jvmmark.runner.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.jvmmark.api.Name;
import org.jvmmark.api.ParamType;
import org.jvmmark.api.Parameter;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.Workload;
import org.jvmmark.api.WorkloadInfo;
import org.junit.jupiter.api.Test;
import org.jvmmark.runner.jdk.GcProbe;
import org.jvmmark.runner.jdk.Jdk;
import org.jvmmark.runner.base.UserException;

class SweepTest {
    @Name("knee")
    @Summary("test workload with numeric and string parameters")
    @Parameter(name = "rate", defaultValue = "10", summary = "s", type = ParamType.INTEGER)
    @Parameter(name = "size", defaultValue = "1.5", summary = "s", type = ParamType.NUMBER)
    @Parameter(name = "flags", defaultValue = "", summary = "s")
    @Parameter(name = "transport", defaultValue = "a", summary = "s", choices = {"a", "b"})
    public static final class Knee implements Workload {
        @Override
        public void run(TrialContext context) {
        }
    }

    @Name("other")
    @Summary("test workload without rate")
    @Parameter(name = "size", defaultValue = "1", summary = "s", type = ParamType.STRING)
    public static final class Other implements Workload {
        @Override
        public void run(TrialContext context) {
        }
    }

    @Name("levels")
    @Summary("test workload whose profile sweeps")
    @Parameter(name = "connections", defaultValue = "1", summary = "s", type = ParamType.INTEGER)
    @org.jvmmark.api.Profile(name = "quick", params = "connections=100,1000")
    public static final class Levels implements Workload {
        @Override
        public void run(TrialContext context) {
        }
    }

    @Test
    void shouldSweepAListTheProfileDeclaresUnlessTheUserSetsTheKey() {
        CatalogEntry levels = new CatalogEntry(WorkloadInfo.of(Levels.class), "l", Path.of("/w/l"), false);
        assertEquals(List.of("levels/v-21/default/connections=100/fork1", "levels/v-21/default/connections=1000/fork1"),
                Sweep.parse(List.of()).withProfile("quick").plan(planner, List.of(levels), List.of(JDK21), List.of(), List.of(), 1, "quick",
                        List.of()).stream().map(PlannedTrial::id).toList());
        assertEquals(List.of("levels/v-21/default/fork1"),
                Sweep.parse(List.of("connections=10")).withProfile("quick").plan(planner, List.of(levels), List.of(JDK21), List.of(), List.of(),
                        1, "quick", List.of()).stream().map(PlannedTrial::id).toList());
    }

    private static final CatalogEntry KNEE = new CatalogEntry(WorkloadInfo.of(Knee.class), "k", Path.of("/w/k"), false);
    private static final CatalogEntry OTHER = new CatalogEntry(WorkloadInfo.of(Other.class), "o", Path.of("/w/o"), false);
    private static final Jdk JDK17 = new Jdk(Path.of("/jdk17"), "Vendor", "17.0.1", 17, "VM", "v-17");
    private static final Jdk JDK21 = new Jdk(Path.of("/jdk21"), "Vendor", "21.0.1", 21, "VM", "v-21");
    private final Planner planner = new Planner(new GcProbe());

    private List<String> ids(String... params) {
        return Sweep.parse(List.of(params)).plan(planner, List.of(KNEE), List.of(JDK17, JDK21), List.of(), List.of(), 2, "quick", List.of())
                .stream().map(PlannedTrial::id).toList();
    }

    @Test
    void shouldMakeANumericListOneSetOfTrialsPerValueWithForksInterleaved() {
        assertEquals(List.of(
                "knee/v-17/default/rate=10000/fork1", "knee/v-21/default/rate=10000/fork1",
                "knee/v-17/default/rate=50000/fork1", "knee/v-21/default/rate=50000/fork1",
                "knee/v-17/default/rate=10000/fork2", "knee/v-21/default/rate=10000/fork2",
                "knee/v-17/default/rate=50000/fork2", "knee/v-21/default/rate=50000/fork2"), ids("rate=10000,50000"));
    }

    @Test
    void shouldTreatARepeatedKeyAsTheSameSweep() {
        assertEquals(ids("rate=1,2"), ids("rate=1", "rate=2"));
        assertEquals(ids("rate=1,2"), ids("rate=1", "rate=2,1", "rate=1"), "a value given twice counts once");
        assertEquals(ids("rate=1000"), ids("rate=1000,1_000"), "1_000 is 1000: nothing swept");
    }

    @Test
    void shouldKeepPlainIdsWhenNothingIsSwept() {
        assertEquals(List.of("knee/v-17/default/fork1", "knee/v-21/default/fork1", "knee/v-17/default/fork2",
                "knee/v-21/default/fork2"), ids("rate=5"));
    }

    @Test
    void shouldSweepARepeatedStringKeyButNeverSplitAStringAtItsCommas() {
        List<Sweep.Point> points = Sweep.parse(List.of("transport=a", "transport=b", "flags=-Xlog:gc,safepoint"))
                .points(KNEE.info(), true);
        assertEquals(2, points.size());
        assertEquals("transport=a", points.get(0).label());
        assertEquals("-Xlog:gc,safepoint", points.get(1).overrides().get("flags"));
    }

    @Test
    void shouldMultiplySweptKeysAndResolveEachPointsParameters() {
        List<PlannedTrial> plan = Sweep.parse(List.of("rate=1,2", "size=0.5,1")).plan(planner, List.of(KNEE), List.of(JDK21),
                List.of(), List.of(), 1, "quick", List.of());
        assertEquals(List.of("knee/v-21/default/rate=1,size=0.5/fork1", "knee/v-21/default/rate=1,size=1/fork1",
                "knee/v-21/default/rate=2,size=0.5/fork1", "knee/v-21/default/rate=2,size=1/fork1"),
                plan.stream().map(PlannedTrial::id).toList());
        assertEquals("2", plan.get(3).params().get("rate"));
        assertEquals(Set.of("rate", "size"), Sweep.parse(List.of("rate=1,2", "size=0.5,1")).sweptKeys(List.of(KNEE)));
    }

    @Test
    void shouldGiveEachWorkloadOnlyTheKeysItDeclares() {
        // size is numeric for knee (swept) and a string for other (one value with a comma)
        Sweep sweep = Sweep.parse(List.of("size=1,2", "rate=3,4"));
        List<PlannedTrial> plan = sweep.plan(planner, List.of(KNEE, OTHER), List.of(JDK21), List.of(), List.of(), 1, "quick", List.of());
        assertEquals(5, plan.size(), plan.toString());
        PlannedTrial other = plan.get(4);
        assertEquals("other/v-21/default/fork1", other.id());
        assertEquals("1,2", other.params().get("size"));
    }

    @Test
    void shouldRefuseBadValuesAndUnknownKeysBeforeAnyJdkIsStarted() {
        UserException bad = assertThrows(UserException.class, () -> Sweep.parse(List.of("rate=1,x")).check(List.of(KNEE), "quick", List.of()));
        assertEquals("knee: bad value 'x' for rate (expected a whole number)", bad.getMessage());
        UserException empty = assertThrows(UserException.class, () -> Sweep.parse(List.of("rate=1,,2")).check(List.of(KNEE), "quick", List.of()));
        assertEquals("--param rate=1,,2: empty value in the list", empty.getMessage());
        UserException choice = assertThrows(UserException.class,
                () -> Sweep.parse(List.of("transport=a", "transport=c")).check(List.of(KNEE), "quick", List.of()));
        assertTrue(choice.getMessage().contains("bad value 'c' for transport (valid: a, b)"), choice.getMessage());
        UserException unknown = assertThrows(UserException.class,
                () -> Sweep.parse(List.of("rat=1,2")).check(List.of(KNEE, OTHER), "quick", List.of()));
        assertTrue(unknown.getMessage().startsWith("no selected workload has parameter 'rat'"), unknown.getMessage());
        assertThrows(UserException.class, () -> Sweep.parse(List.of("rate")));
        CatalogEntry task = new CatalogEntry(KNEE.info(), "task", Path.of("/c"), false, "/c/*", java.util.Map.of("flags", "x"));
        assertEquals("--param flags cannot be set for knee: it is given by --flags",
                assertThrows(UserException.class, () -> Sweep.parse(List.of("flags=y")).check(List.of(task), "quick", List.of())).getMessage());
    }
}
