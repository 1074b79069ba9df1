package org.jvmmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.jvmmark.results.JvmFacts;
import org.jvmmark.results.JvmInfo;
import org.jvmmark.results.PlannedJdk;
import org.jvmmark.results.Results;
import org.jvmmark.results.Trial;
import org.jvmmark.results.TrialBuilder;
import org.jvmmark.results.TrialContainer;
import org.jvmmark.report.words.ContainerNotes;
import org.jvmmark.report.words.JvmFactNotes;

/** What the JVMs chose inside the user's container is said beside what they choose on the host. */
class ContainerNotesTest {
    private static final String HOW = "a CPU quota (cgroup v1 cpu.cfs_quota_us), a memory limit (cgroup v1 memory.limit_in_bytes)";

    private static JvmFacts facts(String label, String gc, long heap, Integer cpus, Long memory) {
        return new JvmFacts("/jdk/" + label, label, List.of(), true, gc, heap, true, true, null, true, 4,
                cpus == null ? null : new JvmFacts.Container("cgroupv1", null, cpus, memory));
    }

    private static Trial trial(String label, String version, String gc, List<String> flags, TrialContainer c) {
        JvmInfo jvm = new JvmInfo("/jdk/" + label, version, 25, "Eclipse Adoptium", "OpenJDK 64-Bit Server VM", List.of(),
                List.of(), Map.of("availableProcessors", 1));
        TrialBuilder b = new TrialBuilder("w/" + label + "/" + (gc.isEmpty() ? "default" : gc) + "/fork1", "w").fork(1).jvm(jvm)
                .jdk(new PlannedJdk("/jdk/" + label, label, "Eclipse Adoptium", version, 25)).status("ok", null)
                .requestedGc(gc).variantJvmArgs(flags);
        return (c == null ? b : b.more(TrialContainer.KEY, c.toJson())).build();
    }

    private static Results results(List<Trial> trials) {
        Map<String, Object> more = new LinkedHashMap<>();
        more.put(JvmFacts.KEY, JvmFacts.toJson(List.of(facts("temurin-25.0.3", "G1", 6320816128L, null, null))));
        return new Results("jvmmark/results/1", "", null, "quick", Map.of("cpus", "2"), trials, null, Map.of("cpus", 2), Map.of(), more);
    }

    @Test
    void shouldSayWhatTheDefaultRowChoseInsideTheLimitsBesideTheHost() {
        TrialContainer inside = new TrialContainer(1.0, 512L << 20, null, HOW, "the JVM under test",
                facts("temurin-25.0.3", "Serial", 128L << 20, 1, 512L << 20));
        Results r = results(List.of(trial("temurin-25.0.3", "25.0.3", "G1", List.of("-XX:+UseG1GC"), inside),
                trial("temurin-25.0.3", "25.0.3", "", List.of(), inside)));
        String expected = "Inside 1 CPU / 512 MiB (" + HOW + ", on the JVM under test), with its default settings Temurin 25.0.3"
                + " chose Serial, heap 128 MiB, 1 processor (on this host without limits: G1, heap 6,028 MiB, 2 processors).";
        assertEquals(expected, ContainerNotes.of(r, "w"));
        assertEquals(List.of("w: " + expected), ContainerNotes.all(r));
    }

    @Test
    void shouldTakeTheProcessorsTheTrialCountedWhenTheJvmSawNoContainer() {
        TrialContainer pinned = new TrialContainer(1.0, null, "1", "CPUs 1 by taskset (no cgroup cpu controller here for a quota)",
                "the JVM under test", facts("temurin-25.0.3", "Serial", 6320816128L, null, null));
        Results r = results(List.of(trial("temurin-25.0.3", "25.0.3", "", List.of(), pinned)));
        assertEquals("Inside 1 CPU on CPUs 1 (CPUs 1 by taskset (no cgroup cpu controller here for a quota), on the JVM under test),"
                + " with its default settings Temurin 25.0.3 chose Serial, heap 6,028 MiB, 1 processor (on this host without limits:"
                + " G1, heap 6,028 MiB, 2 processors).", ContainerNotes.of(r, "w"));
    }

    @Test
    void shouldCompareTheJvmsOwnDefaultsAsTheyChoseThemInsideTheLimits() {
        TrialContainer serial = new TrialContainer(1.0, 512L << 20, null, HOW, "the JVM under test",
                facts("temurin-25.0.3", "Serial", 128L << 20, 1, 512L << 20));
        TrialContainer g1 = new TrialContainer(1.0, 512L << 20, null, HOW, "the JVM under test",
                facts("temurin-21.0.8", "G1", 128L << 20, 1, 512L << 20));
        Map<String, Object> more = new LinkedHashMap<>();
        more.put(JvmFacts.KEY, JvmFacts.toJson(List.of(facts("temurin-25.0.3", "G1", 6320816128L, null, null),
                facts("temurin-21.0.8", "G1", 6320816128L, null, null))));
        Results r = new Results("jvmmark/results/1", "", null, "quick", Map.of("cpus", "2"), List.of(trial("temurin-25.0.3",
                "25.0.3", "", List.of(), serial), trial("temurin-21.0.8", "21.0.8", "", List.of(), g1)), null, Map.of("cpus", 2),
                Map.of(), more);
        assertEquals(List.of("The JVMs' own defaults differ here: collector Serial (Temurin 25.0.3) against G1 (Temurin 21.0.8)."),
                JvmFactNotes.of(r, "w"), "the host's facts (G1 both) are not what the trials ran with");
    }

    @Test
    void shouldSayNothingWithoutLimitsAndOnlyTheLimitsWithoutADefaultRow() {
        assertEquals("", ContainerNotes.of(results(List.of(trial("temurin-25.0.3", "25.0.3", "", List.of(), null))), "w"));
        TrialContainer inside = new TrialContainer(2.0, null, null, "a CPU quota (cgroup v1 cpu.cfs_quota_us)", "the JVM under test",
                facts("temurin-25.0.3", "Parallel", 128L << 20, 2, null));
        assertEquals("Inside 2 CPUs (a CPU quota (cgroup v1 cpu.cfs_quota_us), on the JVM under test).",
                ContainerNotes.of(results(List.of(trial("temurin-25.0.3", "25.0.3", "Parallel", List.of("-XX:+UseParallelGC"), inside))), "w"));
    }
}
