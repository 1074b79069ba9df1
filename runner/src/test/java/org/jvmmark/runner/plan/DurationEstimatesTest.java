package org.jvmmark.runner.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.api.Name;
import org.jvmmark.api.ParamType;
import org.jvmmark.api.Parameter;
import org.jvmmark.api.Profile;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.Workload;
import org.jvmmark.api.WorkloadInfo;
import org.jvmmark.runner.jdk.Jdk;

class DurationEstimatesTest {
    @Name("timed")
    @Summary("a workload whose length is set by seconds and runs")
    @Parameter(name = "seconds", defaultValue = "10", summary = "s", type = ParamType.INTEGER)
    @Parameter(name = "runs", defaultValue = "3", summary = "s", type = ParamType.INTEGER)
    @Parameter(name = "rate", defaultValue = "1000", summary = "s", type = ParamType.INTEGER)
    @Profile(name = "quick", params = {"seconds=10", "runs=3"}, estimatedSeconds = 100)
    public static final class Timed implements Workload {
        @Override
        public void run(TrialContext context) {
        }
    }

    private static final CatalogEntry TIMED = new CatalogEntry(WorkloadInfo.of(Timed.class), "t", Path.of("/w/t"), false);
    private static final Jdk JDK = new Jdk(Path.of("/jdk21"), "Vendor", "21.0.1", 21, "VM", "v-21.0.1");

    @TempDir
    Path tmp;

    private static PlannedTrial trial(String seconds, String runs, String rate) {
        return new PlannedTrial("timed/v-21.0.1/default/fork1", TIMED, JDK, "default", null, null, List.of(),
                Map.of("seconds", seconds, "runs", runs, "rate", rate), 1, "quick", 600, 100, null);
    }

    @Test
    void shouldScaleTheDeclaredEstimateByTheLengthParameters() {
        DurationEstimates e = DurationEstimates.load(tmp.resolve("none.json"), "m");
        assertEquals(100, e.estimate(trial("10", "3", "1000")));
        assertEquals(180, e.estimate(trial("20", "3", "1000")), "a fifth fixed, the rest twice as long");
        assertEquals(28, e.estimate(trial("1", "3", "1000")));
        assertEquals(47, e.estimate(trial("10", "1", "1000")));
        assertEquals(100, e.estimate(trial("10", "3", "5")), "the rate does not set the length");
    }

    @Test
    void shouldPreferTheMedianMeasuredDurationOfThisMachine() throws Exception {
        Path file = tmp.resolve("jvmmark/durations.json");
        DurationEstimates e = DurationEstimates.load(file, "m1");
        PlannedTrial t = trial("5", "3", "1000");
        for (double s : new double[] {30, 34, 90}) {
            e.record(t, s);
        }
        assertNull(e.save());
        assertEquals(34, DurationEstimates.load(file, "m1").estimate(t));
        assertEquals(60, DurationEstimates.load(file, "m2").estimate(t), "another machine's durations are not used");
        assertEquals(180, DurationEstimates.load(file, "m1").estimate(trial("20", "3", "1000")), "other lengths: not measured yet");
        assertEquals(List.of(), listTemporaries(file.getParent()));
    }

    @Test
    void shouldKeepTheLastTenDurationsAndReadABrokenCacheAsEmpty() throws Exception {
        Path file = tmp.resolve("durations.json");
        DurationEstimates e = DurationEstimates.load(file, "m");
        PlannedTrial t = trial("10", "3", "1000");
        for (int i = 1; i <= 15; i++) {
            e.record(t, i);
        }
        assertEquals(11, e.estimate(t), "median of 6..15 is 10.5");
        Files.writeString(file, "{ not json");
        assertEquals(100, DurationEstimates.load(file, "m").estimate(t));
    }

    private static List<String> listTemporaries(Path dir) throws java.io.IOException {
        try (var s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tmp")).toList();
        }
    }
}
