package org.jvmmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.jvmmark.results.JvmFacts;
import org.jvmmark.results.JvmInfo;
import org.jvmmark.results.Metric;
import org.jvmmark.results.PlannedJdk;
import org.jvmmark.results.ProcessFacts;
import org.jvmmark.results.Results;
import org.jvmmark.results.Trial;
import org.jvmmark.results.TrialBuilder;
import org.jvmmark.report.words.JvmFactNotes;
import org.jvmmark.report.builders.ModelBuilder;
import org.jvmmark.report.model.Section;
import org.jvmmark.report.words.SectionNotes;

/** The JVMs' own facts are said where they explain a difference between a workload's rows. */
class JvmFactNotesTest {
    private static JvmFacts facts(String label, String home, List<String> archives, String gc) {
        return new JvmFacts(home, label, archives, !archives.isEmpty(), gc, 6320816128L, true, true, null, true, 4, null);
    }

    private static Trial trial(String workload, String label, String vendor, String version, List<String> flags) {
        JvmInfo jvm = new JvmInfo("/jdk/" + label, version, Integer.parseInt(version.split("\\.")[0]), vendor, "OpenJDK 64-Bit Server VM",
                List.of(), List.of("G1 Young Generation"));
        return new TrialBuilder(workload + "/" + label + "/default/fork1", workload).fork(1).jvm(jvm)
                .jdk(new PlannedJdk("/jdk/" + label, label, vendor, version, jvm.feature())).status("ok", null)
                .variantJvmArgs(flags).process(new ProcessFacts(1L, 1, 1.0, 0))
                .metric("startMs", new Metric(40, "ms", false, new double[] {40})).build();
    }

    private static Results results(String workload, JvmFacts b) {
        Map<String, Object> more = new LinkedHashMap<>();
        more.put(JvmFacts.KEY, JvmFacts.toJson(List.of(facts("temurin-25.0.3", "/jdk/temurin-25.0.3", List.of("classes.jsa",
                "classes_nocoops.jsa"), "G1"), b)));
        List<Trial> trials = List.of(trial(workload, "temurin-25.0.3", "Eclipse Adoptium", "25.0.3", List.of()),
                trial(workload, b.label(), "Eclipse Adoptium", "21.0.8", List.of()));
        return new Results("jvmmark/results/1", "", null, "quick", Map.of("cpus", "2"), trials, null, Map.of(), Map.of(), more);
    }

    @Test
    void shouldSayWhichJdkStartsWithoutItsDefaultCdsArchive() {
        Results r = results("startup", facts("temurin-21.0.8", "/jdk/temurin-21.0.8", List.of(), "G1"));
        assertEquals(List.of("Temurin 21.0.8 has no default CDS archive (lib/server/classes.jsa missing): it starts without "
                + "class data sharing, unlike Temurin 25.0.3; `/jdk/temurin-21.0.8/bin/java -Xshare:dump` creates it."),
                JvmFactNotes.of(r, "startup"));
        assertTrue(SectionNotes.of(r, section(r, "startup")).contains(JvmFactNotes.of(r, "startup").get(0)));
    }

    private static Trial fork(String label, String version, int fork, double startMs) {
        JvmInfo jvm = new JvmInfo("/jdk/" + label, version, Integer.parseInt(version.split("\\.")[0]), "Eclipse Adoptium",
                "OpenJDK 64-Bit Server VM", List.of(), List.of("G1 Young Generation"));
        return new TrialBuilder("startup/" + label + "/default/fork" + fork, "startup").fork(fork).jvm(jvm)
                .jdk(new PlannedJdk("/jdk/" + label, label, "Eclipse Adoptium", version, jvm.feature())).status("ok", null)
                .process(new ProcessFacts(1L, 1, 1.0, 0)).metric("startMs", new Metric(startMs, "ms", false, new double[] {startMs}))
                .build();
    }

    /**
     * Startup's answer ranks every row, not only the best two, and says beside a row the fact that explains its
     * difference: four JDKs, 21 and 11 without their default CDS archive and about twice as slow.
     */
    @Test
    void shouldRankEveryRowAndSayBesideARowWhichFactExplainsIt() {
        Map<String, Double> ms = new LinkedHashMap<>();
        ms.put("temurin-25.0.3", 40.0);
        ms.put("debian-17.0.15", 46.0);
        ms.put("temurin-21.0.8", 74.0);
        ms.put("temurin-11.0.13", 84.0);
        List<Trial> trials = new java.util.ArrayList<>();
        List<JvmFacts> facts = new java.util.ArrayList<>();
        ms.forEach((label, v) -> {
            String version = label.substring(label.indexOf('-') + 1);
            for (int fork = 1; fork <= 5; fork++) {
                trials.add(fork(label, version, fork, v * (1 + 0.004 * (fork - 3))));
            }
            boolean cds = v < 50;
            facts.add(facts(label, "/jdk/" + label, cds ? List.of("classes.jsa") : List.of(), "G1"));
        });
        Map<String, Object> more = new LinkedHashMap<>();
        more.put(JvmFacts.KEY, JvmFacts.toJson(facts));
        Results r = new Results("jvmmark/results/1", "", null, "quick", Map.of("cpus", "2"), trials, null, Map.of(), Map.of(), more)
                .withQuestions(Map.of("startup", List.of(new org.jvmmark.results.WorkloadQuestion("fastest",
                        "Which JVM starts fastest?", false, List.of("startMs"), null, List.of()))));
        String line = ModelBuilder.build(r).sections().get(0).answers().get(0).words();
        List<String> order = List.of("Temurin 25.0.3", "17.0.15", "Temurin 21.0.8", "Temurin 11.0.13");
        for (int i = 1; i < order.size(); i++) {
            assertTrue(line.indexOf(order.get(i - 1)) < line.indexOf(order.get(i)), "every row, best first: " + line);
        }
        assertTrue(line.contains("Temurin 21.0.8 · G1: 85 % slower"), line);
        assertTrue(line.contains("slower (") && line.contains("): this install has no default CDS archive (lib/server/classes.jsa"
                + " missing); `/jdk/temurin-21.0.8/bin/java -Xshare:dump` creates it"), line);
        assertTrue(line.contains("`/jdk/temurin-11.0.13/bin/java -Xshare:dump` creates it"), line);
        assertEquals(2, line.split("no default CDS archive", -1).length - 1, "not beside the rows that have one: " + line);
    }

    @Test
    void shouldNotTalkOfCdsWhereTheWorkloadIsNotAboutStarting() {
        Results r = results("synthetic", facts("temurin-21.0.8", "/jdk/temurin-21.0.8", List.of(), "G1"));
        assertEquals(List.of(), JvmFactNotes.of(r, "synthetic"));
    }

    @Test
    void shouldNameAnAotCacheOneJdkUsesByDefault() {
        JvmFacts aot = new JvmFacts("/jdk/temurin-21.0.8", "temurin-21.0.8", List.of("classes.jsa"), true, "G1", 6320816128L, true,
                true, null, true, 4, null, "/srv/app.aot");
        Results r = results("synthetic", aot);
        Results none = new Results(r.schema(), r.created(), r.finished(), r.profile(), r.host(), r.trials(), r.updated(),
                r.hostValues(), r.command(), Map.of(JvmFacts.KEY, JvmFacts.toJson(List.of(new JvmFacts("/jdk/temurin-25.0.3",
                        "temurin-25.0.3", List.of("classes.jsa"), true, "G1", 6320816128L, true, true, null, true, 4, null, ""), aot))));
        assertEquals(List.of("The JVMs' own defaults differ here: AOT cache none (Temurin 25.0.3) against /srv/app.aot (Temurin 21.0.8)."),
                JvmFactNotes.of(none, "synthetic"));
    }

    @Test
    void shouldNameADefaultTheJdksChoseDifferently() {
        Results r = results("synthetic", facts("temurin-21.0.8", "/jdk/temurin-21.0.8", List.of("classes.jsa"), "Serial"));
        assertEquals(List.of("The JVMs' own defaults differ here: collector G1 (Temurin 25.0.3) against Serial (Temurin 21.0.8)."),
                JvmFactNotes.of(r, "synthetic"));
    }

    /** The section of {@code workload} in the report of {@code r}. */
    private static Section section(Results r, String workload) {
        return ModelBuilder.build(r, org.jvmmark.report.judge.Judge.DEFAULT_THRESHOLD).sections().stream()
                .filter(s -> s.workload().equals(workload)).findFirst().orElseThrow();
    }
}
