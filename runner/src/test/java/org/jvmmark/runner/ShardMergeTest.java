package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.jvmmark.report.builders.ModelBuilder;
import org.jvmmark.report.model.ReportModel;
import org.jvmmark.report.model.Row;
import org.jvmmark.report.model.Section;
import org.jvmmark.results.ResultsReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A swept plan run whole and as two slices on "two machines", merged: the same trials, the same
 * report rows. And the merge's refusals.
 */
class ShardMergeTest {
    @TempDir
    Path tmp;

    private Cli.Result run(Path out, String... extra) {
        List<String> args = new ArrayList<>(List.of("run", "fault-sleep", "-p", "millis=1,2", "--forks", "2",
                "--jdk", Cli.HOST_JDK, "--profile", "smoke", "--out", out.toString()));
        args.addAll(List.of(extra));
        return Cli.run(args.toArray(new String[0]));
    }

    /** What identifies a trial and what it was run with; the measured values differ from run to run. */
    private static Set<String> plan(Path dir) throws Exception {
        Set<String> out = new TreeSet<>();
        for (JsonNode t : Cli.results(dir).path("trials")) {
            out.add(t.path("id").asText() + " " + t.path("params") + " " + t.path("variant").asText() + " fork"
                    + t.path("fork").asInt() + " " + t.path("status").asText());
        }
        return out;
    }

    private static List<String> rows(Path dir) throws Exception {
        ReportModel model = ModelBuilder.build(ResultsReader.readDir(dir));
        List<String> rows = new ArrayList<>();
        for (Section s : model.sections()) {
            for (Row r : s.rows()) {
                rows.add(s.workload() + " | " + r.label() + " | " + r.trials().size() + " forks");
            }
        }
        return rows;
    }

    @Test
    void shouldMergeTheSlicesOfAPlanIntoThePlanRunWhole() throws Exception {
        Path whole = tmp.resolve("whole");
        Path s0 = tmp.resolve("s0");
        Path s1 = tmp.resolve("s1");
        Path merged = tmp.resolve("merged");
        assertEquals(0, run(whole).status());
        Cli.Result first = run(s0, "--shard", "1/2");
        assertEquals(0, first.status(), first.err());
        assertTrue(first.out().contains("fault-sleep/") && first.out().contains("/millis=1/fork2"), first.out());
        assertEquals(0, run(s1, "--shard", "2/2").status());
        assertEquals(2, Cli.results(s0).path("trials").size(), "one swept value, both forks, per slice");

        Cli.Result m = Cli.run("merge", s0.toString(), s1.toString(), "--out", merged.toString());
        assertEquals(0, m.status(), m.err());
        assertEquals("", m.err());
        assertEquals(plan(whole), plan(merged));
        assertEquals(4, plan(merged).size());
        assertEquals(rows(whole), rows(merged));
        assertEquals(List.of("fault-sleep", "fault-sleep"), List.of(rows(merged).get(0).split(" \\| ")[0], rows(merged).get(1).split(" \\| ")[0]));
        assertTrue(rows(merged).get(0).contains("millis=1") && rows(merged).get(1).contains("millis=2"), rows(merged).toString());
        assertTrue(Files.isRegularFile(merged.resolve("report.html")));
        JsonNode root = Cli.results(merged);
        assertEquals(2, root.path("merged").size());
        assertTrue(root.path("command").path("shard").isMissingNode(), "the merged set is the whole plan");

        // a slice is resumed as that slice only
        Cli.Result wrongSlice = run(s0, "--shard", "2/2", "--resume");
        assertEquals(2, wrongSlice.status());
        assertTrue(wrongSlice.err().contains("was run with --shard 1/2, not 2/2; --resume reruns the recorded command"), wrongSlice.err());
        Cli.Result sameSlice = Cli.run("run", "--out", s0.toString(), "--resume");
        assertEquals(0, sameSlice.status(), sameSlice.err());
        assertTrue(sameSlice.out().contains("2 of 2 trials already recorded"), "the recorded slice, not the whole plan: " + sameSlice.out());
        Cli.Result resumed = run(whole, "--resume");
        assertTrue(resumed.out().contains("4 of 4 trials already recorded"), resumed.out());
    }

    @Test
    void shouldRankJvmsOnlyWithinOneMachine() throws Exception {
        Path s0 = tmp.resolve("s0");
        Path s1 = tmp.resolve("s1");
        assertEquals(0, run(s0, "--shard", "1/2").status());
        assertEquals(0, run(s1, "--shard", "2/2").status());
        ObjectMapper json = new ObjectMapper();
        ObjectNode other = (ObjectNode) json.readTree(s1.resolve("results.json").toFile());
        ((ObjectNode) other.path("host")).put("hostname", "node-b");
        json.writeValue(s1.resolve("results.json").toFile(), other);

        Path merged = tmp.resolve("merged");
        assertEquals(0, Cli.run("merge", s0.toString(), s1.toString(), "--out", merged.toString()).status());
        String here = Cli.results(s0).path("host").path("hostname").asText();
        List<String> sections = ModelBuilder.build(ResultsReader.readDir(merged)).sections().stream().map(Section::workload).toList();
        assertEquals(List.of("fault-sleep · on " + here, "fault-sleep · on node-b"), sections);
        assertEquals(Set.of(here, "node-b"), Set.copyOf(iterable(Cli.results(merged).path("hosts").fieldNames())));
        String md = Files.readString(merged.resolve("report.md"));
        assertTrue(md.contains("Host: 2 machines (" + here + ", node-b; JVMs ranked within each) · facts of " + here + ": "), md);
    }

    @Test
    void shouldMergeSlicesRecordedWhenTheyWereCountedFromZero() throws Exception {
        Path s0 = tmp.resolve("s0");
        Path s1 = tmp.resolve("s1");
        assertEquals(0, run(s0, "--shard", "1/2").status());
        assertEquals(0, run(s1, "--shard", "2/2").status());
        ObjectMapper json = new ObjectMapper();
        for (Path s : List.of(s0, s1)) {   // as an older jvmmark recorded them: 0/2 and 1/2
            ObjectNode root = (ObjectNode) json.readTree(s.resolve("results.json").toFile());
            ObjectNode command = (ObjectNode) root.path("command");
            String[] label = command.path("shard").asText().split("/");
            command.put("shard", (Integer.parseInt(label[0]) - 1) + "/" + label[1]);
            json.writeValue(s.resolve("results.json").toFile(), root);
        }
        Path merged = tmp.resolve("merged");
        Cli.Result m = Cli.run("merge", s0.toString(), s1.toString(), "--out", merged.toString());
        assertEquals(0, m.status(), m.err());
        assertEquals("", m.err(), "no slice missing");
        assertEquals(4, plan(merged).size());

        Cli.Result partial = Cli.run("merge", s0.toString(), "--out", tmp.resolve("partial").toString());
        assertTrue(partial.err().contains("warning: slices missing: 1/2"), "named as it was recorded: " + partial.err());
    }

    @Test
    void shouldRefuseToMixPlansAndSayWhatIsMissing() throws Exception {
        Path s0 = tmp.resolve("s0");
        Path s1 = tmp.resolve("s1");
        Path other = tmp.resolve("other");
        assertEquals(0, run(s0, "--shard", "1/2").status());
        assertEquals(0, run(s1, "--shard", "2/2").status());
        assertEquals(0, Cli.run("run", "fault-sleep", "-p", "millis=1,3", "--forks", "2", "--jdk", Cli.HOST_JDK,
                "--profile", "smoke", "--out", other.toString(), "--shard", "2/2").status());

        Cli.Result mixed = Cli.run("merge", s0.toString(), other.toString(), "--out", tmp.resolve("m1").toString());
        assertEquals(2, mixed.status());
        assertEquals(1, mixed.errLines().size(), mixed.err());
        assertTrue(mixed.err().contains("run with different params ([\"millis=1,3\"] vs [\"millis=1,2\"]); only the slices of one plan merge"),
                mixed.err());
        assertTrue(!Files.exists(tmp.resolve("m1")), "nothing written");

        Cli.Result twice = Cli.run("merge", s0.toString(), s0.toString(), "--out", tmp.resolve("m2").toString());
        assertEquals(2, twice.status());
        assertTrue(twice.err().contains("slice 1/2 is given twice"), twice.err());

        Cli.Result partial = Cli.run("merge", s1.toString(), "--out", tmp.resolve("m3").toString());
        assertEquals(0, partial.status());
        assertTrue(partial.err().contains("warning: slices missing: 1/2"), partial.err());

        Cli.Result exists = Cli.run("merge", s0.toString(), s1.toString(), "--out", tmp.resolve("m3").toString());
        assertEquals(2, exists.status());
        assertTrue(exists.err().contains("results.json exists; choose another --out"), exists.err());
    }

    private static <T> List<T> iterable(java.util.Iterator<T> it) {
        List<T> list = new ArrayList<>();
        it.forEachRemaining(list::add);
        return list;
    }
}
