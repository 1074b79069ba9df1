package org.jvmmark.runner.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jvmmark.api.WorkloadInfo;
import org.junit.jupiter.api.Test;
import org.jvmmark.runner.jdk.GcProbe;
import org.jvmmark.runner.jdk.Jdk;
import org.jvmmark.runner.base.UserException;

class ShardTest {
    private static final CatalogEntry KNEE = new CatalogEntry(WorkloadInfo.of(SweepTest.Knee.class), "k", Path.of("/w/k"), false);
    private static final CatalogEntry OTHER = new CatalogEntry(WorkloadInfo.of(SweepTest.Other.class), "o", Path.of("/w/o"), false);
    private static final List<Jdk> JDKS = List.of(new Jdk(Path.of("/jdk17"), "Vendor", "17.0.1", 17, "VM", "v-17"),
            new Jdk(Path.of("/jdk21"), "Vendor", "21.0.1", 21, "VM", "v-21"));

    private static List<PlannedTrial> plan(Sweep sweep) {
        return sweep.plan(new Planner(new GcProbe()), List.of(KNEE, OTHER), JDKS, List.of(), List.of(), 3, "quick", List.of());
    }

    @Test
    void shouldCutThePlanIntoDisjointSlicesThatKeepEachUnitWholeAndInPlanOrder() {
        Sweep sweep = Sweep.parse(List.of("rate=1,2,3"));
        List<PlannedTrial> whole = plan(sweep);
        Set<String> swept = sweep.sweptKeys(List.of(KNEE, OTHER));
        List<PlannedTrial> union = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            List<PlannedTrial> slice = new Shard(i, 3).slice(whole, t -> Sweep.unitOf(t, swept));
            // a slice is a subsequence of the plan: forks stay interleaved
            assertEquals(whole.stream().filter(slice::contains).toList(), slice);
            assertTrue(slice.stream().map(t -> Sweep.unitOf(t, swept)).distinct().count() >= 1);
            union.addAll(slice);
        }
        assertEquals(whole.size(), union.size(), "no trial in two slices");
        assertEquals(Set.copyOf(whole), Set.copyOf(union), "every trial in one slice");
        List<PlannedTrial> first = new Shard(0, 3).slice(whole, t -> Sweep.unitOf(t, swept));
        // units: knee rate=1, knee rate=2, knee rate=3, other → slice 0 takes knee rate=1 and other
        assertEquals(Set.of("knee rate=1", "other"), Set.copyOf(first.stream().map(t -> Sweep.unitOf(t, swept)).toList()));
        assertEquals(2 * 3 * 2, first.size(), "every JDK and fork of its units");
    }

    @Test
    void shouldRefuseMoreSlicesThanUnits() {
        List<PlannedTrial> whole = plan(Sweep.parse(List.of()));
        UserException e = assertThrows(UserException.class, () -> new Shard(2, 3).slice(whole, t -> Sweep.unitOf(t, Set.of())));
        assertEquals("--shard 3/3: this plan has 2 units (one per workload and swept value, each run whole on one machine:"
                + " knee; other); use at most 2 slices", e.getMessage());
    }

    @Test
    void shouldCountSlicesFromOneAndRefuseZeroAndNPlusOne() {
        assertEquals(new Shard(0, 4), Shard.parse("1/4", Map.of()));
        assertEquals(new Shard(3, 4), Shard.parse("4/4", Map.of()));
        assertEquals(new Shard(1, 2), Shard.parse(" 2/2 ", Map.of()));
        assertEquals("2/2", Shard.parse("2/2", Map.of()).label(), "recorded as given");
        assertEquals("--shard 0/4: I must be 1..4 (slices are counted from 1: 1/4 … 4/4)",
                assertThrows(UserException.class, () -> Shard.parse("0/4", Map.of())).getMessage());
        assertEquals("--shard 5/4: I must be 1..4 (slices are counted from 1: 1/4 … 4/4)",
                assertThrows(UserException.class, () -> Shard.parse("5/4", Map.of())).getMessage());
        assertEquals("--shard 1/0: N must be at least 1", assertThrows(UserException.class, () -> Shard.parse("1/0", Map.of())).getMessage());
        assertEquals("--shard 1: expected I/N (slice I of N, counted from 1, e.g. 1/4) or auto/N",
                assertThrows(UserException.class, () -> Shard.parse("1", Map.of())).getMessage());
        assertEquals("--shard a/2: 'a' is not a whole number", assertThrows(UserException.class, () -> Shard.parse("a/2", Map.of())).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Shard(4, 4));
    }

    @Test
    void shouldReadTheZeroBasedIndexFromKubernetesOrSlurm() {
        assertEquals(new Shard(0, 4), Shard.parse("auto/4", Map.of("JOB_COMPLETION_INDEX", "0")));
        assertEquals(new Shard(2, 4), Shard.parse("auto/4", Map.of("JOB_COMPLETION_INDEX", "2")));
        assertEquals("3/4", Shard.parse("auto/4", Map.of("JOB_COMPLETION_INDEX", "2")).label());
        assertEquals(new Shard(3, 4), Shard.parse("auto/4", Map.of("SLURM_ARRAY_TASK_ID", "3")));
        // --array=1-4: task 1 is the first slice
        assertEquals(new Shard(0, 4), Shard.parse("auto/4", Map.of("SLURM_ARRAY_TASK_ID", "1", "SLURM_ARRAY_TASK_MIN", "1")));
        assertEquals(new Shard(3, 4), Shard.parse("auto/4", Map.of("SLURM_ARRAY_TASK_ID", "4", "SLURM_ARRAY_TASK_MIN", "1")));
        assertEquals("--shard auto/4: neither JOB_COMPLETION_INDEX nor SLURM_ARRAY_TASK_ID is set; give the slice, e.g. --shard 1/4",
                assertThrows(UserException.class, () -> Shard.parse("auto/4", Map.of())).getMessage());
        assertEquals("--shard auto/4: the scheduler's index 4 (0-based) is outside 0..3; run as many tasks as N (--array=0-3 or 1-4, completions: 4)",
                assertThrows(UserException.class, () -> Shard.parse("auto/4", Map.of("JOB_COMPLETION_INDEX", "4"))).getMessage());
        assertThrows(UserException.class, () -> Shard.parse("auto/4", Map.of("SLURM_ARRAY_TASK_ID", "x")));
    }
}
