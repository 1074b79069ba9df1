package org.jvmmark.report;

import org.jvmmark.report.judge.Judgement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jvmmark.report.Report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jvmmark.api.Better;
import org.jvmmark.results.MachineState;
import org.jvmmark.results.ResultsReader;
import org.jvmmark.results.Trial;
import org.jvmmark.results.WorkloadQuestion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.report.model.Answer;
import org.jvmmark.report.model.Headline;
import org.jvmmark.report.builders.ModelBuilder;
import org.jvmmark.report.model.ReportModel;
import org.jvmmark.report.model.Section;
import org.jvmmark.report.words.VerdictTable;
import org.jvmmark.report.words.Words;

/**
 * The workloads' questions answered first: known-truth fixtures ({@link FixtureGenerator}) for a
 * platform-vs-virtual http run and a startup run with AppCDS, their report.md and console pinned by
 * golden files.
 */
class QuestionAnswersTest {

    private static ReportModel model(String fixture) throws Exception {
        return ModelBuilder.build(ResultsReader.read(Golden.fixture(fixture).resolve("results.json")));
    }

    private static Section section(ReportModel m, String workload) {
        return m.sections().stream().filter(s -> s.workload().equals(workload)).findFirst().orElseThrow();
    }

    @Test
    void shouldCompareVirtualWithPlatformOnTheSameJvmOnly() throws Exception {
        List<Answer> pairs = section(model("http-questions"), "http").answers().stream()
                .filter(a -> a.question().name().equals("tomcat-virtual-vs-platform")).toList();
        assertEquals(2, pairs.size(), "one answer per JVM that runs both: " + pairs);
        for (Answer a : pairs) {
            assertTrue(a.words().contains("virtual against platform"), a.words());
            assertFalse(a.context().contains("21") && a.context().contains("25"), "never two JVMs in one comparison: " + a.context());
        }
    }

    @Test
    void shouldFindTheKnownTruthOnJdk25() throws Exception {
        Answer jdk25 = section(model("http-questions"), "http").answers().stream()
                .filter(a -> a.context().contains("25.0.1")).findFirst().orElseThrow();
        List<Answer.FigureAnswer> f = jdk25.figures();
        assertEquals(List.of("holdLatencyMillis", "serverLiveHeapPerHeldRequest", "requestsPerSecond"),
                f.stream().map(Answer.FigureAnswer::figure).toList(), "the issue's order, closed-loop percentiles left out");
        assertEquals(Judgement.Answer.BETTER, f.get(0).outcome());
        assertTrue(f.get(0).words().contains("2.7× faster"), f.get(0).words());
        // the memory the answer uses is the live heap per held request (read after a full collection), not RSS: 8 % less
        assertEquals("server live heap per held request", f.get(1).label());
        assertEquals(Judgement.Answer.BETTER, f.get(1).outcome(), f.get(1).words());
        assertTrue(f.get(1).words().contains("7.5 % less memory"), f.get(1).words());
        assertEquals(Judgement.Answer.BETTER, f.get(2).outcome(), f.get(2).words());
        assertTrue(f.get(2).words().contains("more"), f.get(2).words());
        assertTrue(jdk25.words().contains("closed loop"), "says why the closed-loop p50/p99 are not featured: " + jdk25.words());
    }

    @Test
    void shouldNotCallADifferenceThatIsNotThere() throws Exception {
        Answer jdk21 = section(model("http-questions"), "http").answers().stream()
                .filter(a -> a.context().contains("21.0.8")).findFirst().orElseThrow();
        Answer.FigureAnswer rps = jdk21.figures().stream().filter(f -> f.figure().equals("requestsPerSecond")).findFirst().orElseThrow();
        assertEquals(Judgement.Answer.NO_DIFFERENCE, rps.outcome(), rps.words());
        Answer.FigureAnswer hold = jdk21.figures().get(0);
        assertEquals(Judgement.Answer.CANNOT_TELL, hold.outcome(), "the platform forks are on two levels: " + hold.words());
    }

    @Test
    void shouldRankEachServerAndThreadModelAcrossJvms() throws Exception {
        List<Answer> ranked = section(model("http-questions"), "http").answers().stream()
                .filter(a -> a.question().name().equals("fastest-jvm")).toList();
        assertEquals(List.of("tomcat-platform", "tomcat-virtual"), ranked.stream().map(Answer::context).toList(),
                "one ranking per server and thread model, never one across them");
        Answer.FigureAnswer virtualRps = ranked.get(1).figures().get(0);
        assertEquals("requestsPerSecond", virtualRps.figure(), "requests/s first, as declared");
        assertEquals(Judgement.Answer.BETTER, virtualRps.outcome(), virtualRps.words());
        assertTrue(virtualRps.words().contains("Temurin 25.0.1 · G1 · tomcat-virtual best")
                && virtualRps.words().contains("Temurin 21.0.8 · G1 · tomcat-virtual: 11 % slower"), virtualRps.words());
        // platform threads: JDK 17 is a row of the ranking (15 % fewer requests/s), 21 and 25 serve the same
        Answer.FigureAnswer platformRps = ranked.get(0).figures().get(0);
        assertEquals(Judgement.Answer.NO_DIFFERENCE, platformRps.outcome(), platformRps.words());
        assertFalse(ranked.get(1).words().contains("17.0.17"), "no virtual-thread row on JDK 17: " + ranked.get(1).words());
        Section http = section(model("http-questions"), "http");
        assertTrue(http.headlines().stream().anyMatch(h -> h.family().equals("tomcat-platform") && h.outcome() == Headline.Outcome.NO_DIFFERENCE),
                "the ranking has its line in Who won: " + http.headlines());
    }

    @Test
    void shouldJudgeStartupOnStartupTimeNeverOnTraining() throws Exception {
        Section startup = section(model("startup-questions"), "startup");
        for (Headline h : startup.headlines()) {
            assertEquals("metric/hello.startupMs", h.figure().id(), h.words());
        }
        VerdictTable v = VerdictTable.of(model("startup-questions"));
        v.lines().forEach(l -> {
            assertTrue(l.figure().startsWith("hello startup time"), l.figure());
            assertFalse(l.runnerUp().contains("training"), l.runnerUp());
        });
    }

    @Test
    void shouldCompareAppCdsWithDefaultOnEachJvm() throws Exception {
        List<Answer> settings = section(model("startup-questions"), "startup").answers().stream()
                .filter(a -> a.question().name().equals("startup-settings")).toList();
        assertEquals(2, settings.size());
        settings.forEach(a -> assertEquals(Judgement.Answer.BETTER, a.figures().get(0).outcome(), a.words()));
    }

    @Test
    void shouldLabelFiguresForPeople() {
        assertEquals("hello startup time", Words.label("hello.startupMs"));
        assertEquals("server RSS per held request", Words.label("serverRssPerHeldRequest"));
        assertEquals("hold latency", Words.label("holdLatencyMillis"));
        assertEquals("p50 latency", Words.label("endToEnd p50"));
        assertEquals("p99.9 latency of append", Words.label("append p99.9"));
        assertEquals("hold latency max", Words.label("holdLatencyMaxMillis"));
        assertEquals("driver CPU per request", Words.label("driverCpuPerRequest"));
        assertEquals("hello peak RSS", Words.label("hello.peakRssMiB"));
        assertEquals("write time per GiB past limit", Words.label("writeMsPerGiBPastLimit"));
        assertEquals("cold read GiB per second", Words.label("coldReadGiBPerSecond"));
    }

    @Test
    void shouldPinTheHttpReportAndConsole() throws Exception {
        // the command that buys more forks names the run's directory: one of a fixed name, so that the console's table
        // wraps the same whatever the scratch directory is called
        Files.deleteIfExists(Path.of("target/golden/http-questions/results.json"));
        Path dir = Golden.copyFixture("http-questions", Path.of("target/golden"));
        try {
            ReportModel m = Report.render(dir);
            Golden.assertMatches("golden/questions/http-report.md", Files.readString(dir.resolve("report.md")));
            Golden.assertMatches("golden/questions/http-console.txt", Report.verdictText(m));
        } finally {
            for (String f : List.of("results.json", "report.md", "report.html", "results.csv")) {
                Files.deleteIfExists(dir.resolve(f));
            }
        }
    }

    /** The user guide's example of a question's answer (docs/workloads.md) is what this code prints for the fixture, line by line. */
    @Test
    void shouldPrintTheReadmesExampleLines() throws Exception {
        List<String> readme = Files.readString(Path.of("../docs/workloads.md")).lines().toList();
        int from = readme.indexOf("    Temurin 25.0.1 · tomcat: virtual against platform");
        assertTrue(from > 0, "no question example in docs/workloads.md");
        String printed = Report.verdictText(model("http-questions"));
        List<String> lines = printed.lines().toList();
        int at = lines.indexOf(readme.get(from));
        assertTrue(at > 0, "the code prints no " + readme.get(from) + ":\n" + printed);
        for (int i = 1; !readme.get(from + i).startsWith("```"); i++) {
            assertEquals(readme.get(from + i), lines.get(at + i), "docs/workloads.md line " + (from + i + 1) + " against\n" + printed);
        }
    }

    @Test
    void shouldPinTheStartupReportAndConsole(@TempDir Path tmp) throws Exception {
        Path dir = Golden.copyFixture("startup-questions", tmp);
        ReportModel m = Report.render(dir);
        Golden.assertMatches("golden/questions/startup-report.md", Files.readString(dir.resolve("report.md")));
        Golden.assertMatches("golden/questions/startup-console.txt", Report.verdictText(m));
    }

    @Test
    void shouldRankTheSettingsOfAGridOfFlagsAsOneQuestion(@TempDir Path tmp) throws Exception {
        // run --gc G1,Parallel --jvm-args=-Xmx128m --jvm-args=-Xmx1g on one JDK: four settings of one JVM, one question
        // across them, not four groups of one row each ("only … ran: nothing to compare")
        Map<String, double[]> grid = new java.util.LinkedHashMap<>();
        grid.put("G1+-Xmx128m", new double[] {500, 502, 498, 501});
        grid.put("G1+-Xmx1g", new double[] {520, 518, 522, 519});
        grid.put("Parallel+-Xmx128m", new double[] {600, 604, 597, 602});
        grid.put("Parallel+-Xmx1g", new double[] {610, 606, 612, 609});
        Files.writeString(tmp.resolve("results.json"), FixtureGenerator.flagsGridJson(7, grid));
        ReportModel m = ModelBuilder.build(ResultsReader.read(tmp.resolve("results.json")));
        List<Answer> answers = section(m, "queue-latency").answers();
        assertEquals(1, answers.size(), answers.toString());
        String words = answers.get(0).words();
        assertFalse(words.contains("nothing to compare"), words);
        assertTrue(words.contains("G1 · -Xmx128m") && words.contains("G1 · -Xmx1g"), words);
    }

    /**
     * Issue 48: a virtual-against-platform run in which the machine probe saw every platform fork on the machine's lower
     * level and every virtual fork on its upper (6 forks a variant, one JVM). The held latency follows the level; which
     * variant is faster cannot be told from the machine's move, and before, virtual threads were called 2.5x slower.
     */
    @Test
    void shouldNameNoWinnerWhereEachVariantSatOnItsOwnLevel(@TempDir Path tmp) throws Exception {
        FixtureGenerator g = new FixtureGenerator(4848L, false, 0.01);
        List<Trial> trials = new java.util.ArrayList<>();
        for (int fork = 1; fork <= 6; fork++) {
            for (String threads : List.of("platform", "virtual")) {
                boolean upper = threads.equals("virtual");
                Map<String, Object> params = new java.util.TreeMap<>(Map.of("connections", 1000, "mode", "max",
                        "server", "tomcat", "threads", threads));
                double roundTripNs = (upper ? 400 : 130) * g.jiggle(0.01);
                MachineState.Reading probe = new MachineState.Reading(roundTripNs, 1.0, "0,1", null, 9.5);
                trials.add(FixtureGenerator.trial("http", params, FixtureGenerator.jvm(25), "tomcat-" + threads, fork)
                        .process(FixtureGenerator.process(0, 12.0, 9.0, 0))
                        .metric("holdLatencyMillis", FixtureGenerator.metric((upper ? 1250 : 500) * g.jiggle(0.01), "ms",
                                Better.LOWER))
                        .machineState(new MachineState(probe, probe)).build());
            }
        }
        WorkloadQuestion q = new WorkloadQuestion("tomcat-virtual-vs-platform", "Do virtual threads beat platform threads"
                + " for Tomcat: held requests?", true, List.of("holdLatencyMillis"), "tomcat-platform",
                List.of("tomcat-virtual"));
        Files.writeString(tmp.resolve("results.json"), FixtureGenerator.written(g.results(trials)
                .withQuestions(Map.of("http", List.of(q)))));
        ReportModel m = ModelBuilder.build(ResultsReader.read(tmp.resolve("results.json")));
        Answer pair = section(m, "http").answers().stream().filter(a -> a.question().name().equals(q.name()))
                .findFirst().orElseThrow();
        Answer.FigureAnswer hold = pair.figures().get(0);
        assertEquals(Judgement.Answer.CANNOT_TELL, hold.outcome(), hold.words());
        assertTrue(hold.words().contains("different levels"), hold.words());
    }
}
