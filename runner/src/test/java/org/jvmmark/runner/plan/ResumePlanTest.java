package org.jvmmark.runner.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jvmmark.api.Name;
import org.jvmmark.api.ParamType;
import org.jvmmark.api.Parameter;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.Workload;
import org.jvmmark.api.WorkloadInfo;
import org.junit.jupiter.api.Test;
import org.jvmmark.results.ResultsReader;
import org.jvmmark.results.Trial;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.fork.TrialExecutor;
import org.jvmmark.runner.jdk.Jdk;

class ResumePlanTest {
    @Name("typed")
    @Summary("test workload with one parameter of each type")
    @Parameter(name = "rate", defaultValue = "100_000", summary = "s", type = ParamType.INTEGER)
    @Parameter(name = "ratio", defaultValue = "0.5", summary = "s", type = ParamType.NUMBER)
    @Parameter(name = "check", defaultValue = "true", summary = "s", type = ParamType.BOOLEAN)
    @Parameter(name = "mode", defaultValue = "fast", summary = "s")
    public static final class Typed implements Workload {
        @Override
        public void run(TrialContext context) {
        }
    }

    private static final CatalogEntry TYPED = new CatalogEntry(WorkloadInfo.of(Typed.class), "t", Path.of("/w/t"), false);
    private static final Jdk JDK = new Jdk(Path.of("/jdk17"), "Vendor", "17.0.1", 17, "VM", "v-17.0.1");
    private static final Path FILE = Path.of("/out/results.json");

    private static PlannedTrial planned(String id, Map<String, String> params, List<String> flags) {
        return new PlannedTrial(id, TYPED, JDK, "default", null, null, flags, params, 1, "smoke", 10, 1, null);
    }

    private static PlannedTrial planned(String id, String rate) {
        return planned(id, Map.of("rate", rate, "ratio", "0.5", "check", "true", "mode", "fast"), List.of());
    }

    /** The record the executor writes for a planned trial, with the given status. */
    private static ObjectNode recorded(PlannedTrial t, String status) {
        ObjectNode r = TrialExecutor.JSON.createObjectNode();
        r.put("id", t.id());
        r.put("workload", "typed");
        r.put("status", status);
        r.set("params", ParamValues.typed(t.workload().info(), t.params()));
        t.variantJvmArgs().forEach(r.putArray("variantJvmArgs")::add);
        return r;
    }

    private static List<Trial> typed(List<? extends JsonNode> records) {
        return records.stream().map(ResultsReader::trial).toList();
    }

    @Test
    void shouldWriteParametersAsTheirDeclaredType() {
        ObjectNode p = ParamValues.typed(TYPED.info(), Map.of("rate", "100_000", "ratio", "0.5", "check", "true", "mode", "fast"));
        assertEquals(100_000L, p.get("rate").longValue());
        assertEquals(true, p.get("rate").isIntegralNumber());
        assertEquals(0.5, p.get("ratio").doubleValue());
        assertEquals(true, p.get("ratio").isDouble());
        assertEquals(true, p.get("check").isBoolean());
        assertEquals("fast", p.get("mode").textValue());
    }

    @Test
    void shouldSkipOnlyTrialsDoneWithTheSameParameters() {
        PlannedTrial a = planned("typed/v-17.0.1/default/fork1", "100_000");
        PlannedTrial b = planned("typed/v-17.0.1/default/fork2", "100_000");
        PlannedTrial c = planned("typed/v-17.0.1/default/fork3", "100_000");
        PlannedTrial d = planned("typed/v-17.0.1/default/fork4", "100_000");
        List<JsonNode> file = List.of(recorded(a, "ok"), recorded(b, "unsupported"), recorded(c, "failed"));
        ResumePlan r = ResumePlan.of(List.of(a, b, c, d), typed(file), FILE);
        assertEquals(List.of(c, d), r.todo(), "failed trials run again, missing ones run");
        assertEquals(2, r.done());
        assertEquals(1, r.rerun());
    }

    @Test
    void shouldAcceptParametersRecordedAsStringsByEarlierRuns() {
        PlannedTrial a = planned("typed/v-17.0.1/default/fork1", "100000");
        ObjectNode old = recorded(a, "ok");
        ObjectNode strings = old.putObject("params");
        a.params().forEach(strings::put);
        strings.put("rate", "100_000");
        assertEquals(List.of(), ResumePlan.of(List.of(a), typed(List.of(old)), FILE).todo());
    }

    @Test
    void shouldRefuseATrialRecordedWithOtherParameters() {
        PlannedTrial before = planned("typed/v-17.0.1/default/fork1", "100000");
        PlannedTrial now = planned("typed/v-17.0.1/default/fork1", "50000");
        UserException e = assertThrows(UserException.class, () -> ResumePlan.of(List.of(now), typed(List.of(recorded(before, "ok"))), FILE));
        assertEquals(FILE + " holds typed/v-17.0.1/default/fork1 with other parameters (rate=100000 recorded, 50000 now);"
                + " use another --out", e.getMessage());
        UserException failed = assertThrows(UserException.class,
                () -> ResumePlan.of(List.of(now), typed(List.of(recorded(before, "failed"))), FILE));
        assertEquals(e.getMessage(), failed.getMessage(), "a failed trial is not replaced by one with other parameters either");
    }

    @Test
    void shouldRefuseATrialRecordedWithOtherVariantFlags() {
        PlannedTrial before = planned("typed/v-17.0.1/x/fork1", Map.of("rate", "1"), List.of("-Xmx1g"));
        PlannedTrial now = planned("typed/v-17.0.1/x/fork1", Map.of("rate", "1"), List.of("-Xmx2g"));
        UserException e = assertThrows(UserException.class, () -> ResumePlan.of(List.of(now), typed(List.of(recorded(before, "ok"))), FILE));
        assertEquals(FILE + " holds typed/v-17.0.1/x/fork1 with other parameters (JVM flags '-Xmx1g' recorded, '-Xmx2g' now);"
                + " use another --out", e.getMessage());
    }
}
