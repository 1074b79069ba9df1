package org.jvmmark.runner.output;

import org.jvmmark.results.Command;
import org.jvmmark.runner.Cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.jvmmark.results.JvmInfo;
import org.jvmmark.results.Trial;
import org.jvmmark.results.TrialBuilder;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.runner.base.UserException;

class ResultsFileTest {
    @TempDir
    Path dir;

    private static Trial trial(String id, String status) {
        return new TrialBuilder(id, id.substring(0, id.indexOf('/'))).status(status, null)
                .jvm(new JvmInfo("", "", 0, "", "", List.of(), List.of())).build();
    }

    @Test
    void shouldRewriteTheWholeFileAfterEachTrialAndReopenIt() throws Exception {
        ResultsFile f = ResultsFile.create(dir, "smoke", Map.of("cpus", 2), Command.NONE, Map.of());
        f.write();
        f.add(trial("a/x/default/fork1", "ok"));
        f.add(trial("b/x/default/fork1", "failed"));
        f.add(trial("a/x/default/fork1", "failed"));
        ResultsFile reopened = ResultsFile.open(dir);
        assertEquals(Set.of("a/x/default/fork1", "b/x/default/fork1"), reopened.recordedIds());
        assertEquals("failed", reopened.trials().get(1).outcome().trialStatus().json(), "same id replaced, not duplicated");
        assertEquals("smoke", reopened.profile());
        assertEquals("jvmmark/results/1", Cli.results(dir).path("schema").asText());
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "no temporary files left");
        }
    }

    @Test
    void shouldRecordTheWorkloadsQuestionsAndKeepThemAfterEveryTrial() throws Exception {
        java.util.List<org.jvmmark.results.WorkloadQuestion> declared = org.jvmmark.runner.plan.DeclaredQuestions.record(
                org.jvmmark.api.WorkloadInfo.of(Asked.class).questions());
        ResultsFile f = ResultsFile.create(dir, "smoke", Map.of("cpus", 2), Command.NONE,
                Map.of("asked", declared));
        f.write();
        f.add(trial("asked/x/default/fork1", "ok"));
        var read = ResultsFile.open(dir).results().questions("asked");
        assertEquals(declared, read, "as declared, after a trial was added");
        assertTrue(read.get(0).acrossVariants());
        assertEquals("platform", read.get(0).baseline());
        assertEquals(java.util.List.of("holdLatencyMillis", "requestsPerSecond"), read.get(0).figures());
        assertEquals("variants", Cli.results(dir).path("questions").path("asked").path(0).path("across").asText());
    }

    /** A workload that declares one question. */
    @org.jvmmark.api.Name("asked")
    @org.jvmmark.api.Summary("a workload that asks")
    @org.jvmmark.api.Question(name = "virtual-vs-platform", text = "Do virtual threads beat platform threads?",
            across = org.jvmmark.api.Question.Across.VARIANTS, baseline = "platform", variants = "virtual",
            figures = {"holdLatencyMillis", "requestsPerSecond"})
    public static final class Asked implements org.jvmmark.api.Workload {
        @Override
        public void run(org.jvmmark.api.TrialContext context) {
        }
    }

    @Test
    void shouldRefuseToResumeACorruptFile() throws Exception {
        Files.writeString(dir.resolve("results.json"), "{\"schema\": \"jvmmark/results/1\", \"tri");
        UserException e = assertThrows(UserException.class, () -> ResultsFile.open(dir));
        assertTrue(e.getMessage().contains("is not valid JSON"), e.getMessage());
    }
}
