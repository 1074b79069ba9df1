package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run} recording into the history, and the {@code history} commands, against an embedded database. */
class HistoryCliTest {
    @TempDir
    Path tmp;

    @Test
    void shouldRecordARunAndImportItAgainWithoutAddingAnything() throws Exception {
        String db = tmp.resolve("h.db").toString();
        Path out = tmp.resolve("run");
        Cli.Result run = Cli.run("run", "synthetic", "--jdk", Cli.HOST_JDK, "--profile", "smoke", "--out", out.toString(),
                "--history", db, "--machine", "ci-box");
        assertEquals(0, run.status(), run.err());
        Cli.Result list = Cli.run("history", "list", "--history", db);
        assertEquals(0, list.status(), list.err());
        assertEquals(2, list.out().lines().count(), "a header and one line for the run's one series group: " + list.out());
        assertTrue(list.out().lines().skip(1).allMatch(l -> l.startsWith("synthetic ")), list.out());
        assertTrue(list.out().matches("(?s).*p50 latency [0-9.]+ (ns|µs|ms|s) .*"), "units formatted: " + list.out());
        Cli.Result none = Cli.run("history", "list", "--history", db, "--workload", "chat");
        assertTrue(none.out().startsWith("no series matches the filters"), none.out());
        Cli.Result again = Cli.run("history", "import", out.toString(), "--history", db, "--machine", "ci-box");
        assertTrue(again.out().contains("0 of 1 trials added"), again.out());
        Cli.Result check = Cli.run("history", "check", "--history", db);
        // One run is no baseline: cannot tell, with the runs that would tell — never "no regression".
        assertEquals(5, check.status(), check.out() + check.err());
        // 3 series, and the p50's tail where this machine's CPUs and samples let the run trust it (issue 48).
        assertTrue(check.out().matches("(?s)CANNOT TELL: 0 regressed, [34] cannot tell.*"), check.out());
        assertTrue(check.out().contains("5 more runs would"), check.out());
        Cli.Result csv = Cli.run("history", "export", "--csv", "--history", db);
        assertTrue(csv.out().lines().count() > 5 && csv.out().startsWith("series_id,machine,"), csv.out());
        Cli.Result page = Cli.run("history", "report", "--history", db, "--out", tmp.resolve("h.html").toString());
        assertEquals(0, page.status(), page.err());
        assertTrue(Files.readString(tmp.resolve("h.html")).contains("new Chart("));
    }

    @Test
    void shouldKeepTheResultsAndSayOneLineWhenTheDatabaseCannotBeReached() throws Exception {
        Path out = tmp.resolve("run");
        Cli.Result run = Cli.run("run", "synthetic", "--jdk", Cli.HOST_JDK, "--profile", "smoke", "--out", out.toString(),
                "--history", "jdbc:postgresql://127.0.0.1:1/nowhere");
        assertEquals(0, run.status(), run.err());
        assertTrue(Files.isRegularFile(out.resolve("results.json")));
        List<String> warnings = run.err().lines().filter(l -> l.contains("history")).toList();
        assertEquals(1, warnings.size(), run.err());
        assertTrue(warnings.get(0).startsWith("jvmmark: warning: history database jdbc:postgresql://127.0.0.1:1/nowhere cannot be used"),
                warnings.get(0));
    }

    @Test
    void shouldExitWithOneOnARegressionAtTheNewestRun() throws Exception {
        String db = tmp.resolve("h.db").toString();
        java.util.Random random = new java.util.Random(3);
        List<String> dirs = new java.util.ArrayList<>();
        for (int i = 0; i < 26; i++) {
            double score = (i < 20 ? 1000 : 880) * (1 + 0.01 * random.nextGaussian());
            Path dir = Files.createDirectories(tmp.resolve("r" + i));
            Files.writeString(dir.resolve("results.json"), String.format(java.util.Locale.ROOT, """
                    {"schema": "jvmmark/results/1", "created": "2026-06-01T00:%02d:00Z", "profile": "quick",
                     "host": {"hostname": "h", "cpuModel": "c"},
                     "trials": [{"id": "w/j/default/fork1", "workload": "w", "status": "ok", "error": null, "fork": 1,
                       "jvm": {"vendor": "Eclipse Adoptium", "version": "25.0.1", "feature": 25}, "variant": "default",
                       "metrics": {"score": {"value": %f, "unit": "ops/s", "better": "higher"}}}]}
                    """, i, score));
            dirs.add(dir.toString());
        }
        List<String> args = new java.util.ArrayList<>(List.of("history", "import", "--history", db));
        args.addAll(dirs.subList(0, 21));
        assertEquals(0, Cli.run(args.toArray(String[]::new)).status());
        Cli.Result atStep = Cli.run("history", "check", "--history", db);
        assertEquals(5, atStep.status(), "one run past the change: the next run would tell\n" + atStep.out());
        assertTrue(atStep.out().startsWith("CANNOT TELL: 0 regressed, 1 cannot tell"), atStep.out());
        args = new java.util.ArrayList<>(List.of("history", "import", "--history", db));
        args.addAll(dirs.subList(21, 25));
        Cli.run(args.toArray(String[]::new));
        Cli.Result inEffect = Cli.run("history", "check", "--history", db);
        assertEquals(1, inEffect.status(), "in effect at the newest run, wherever it began\n" + inEffect.out());
        assertTrue(inEffect.out().contains("since run 21 (2026-06-01T00:20:00Z)"), inEffect.out());
        assertTrue(inEffect.out().lines().allMatch(l -> l.length() <= 100), inEffect.out());
        Cli.Result accept = Cli.run("history", "accept", "--history", db, "1@21");
        assertEquals(0, accept.status(), accept.out() + accept.err());
        Cli.Result fiveRuns = Cli.run("history", "check", "--history", db);
        assertEquals(5, fiveRuns.status(), "5 runs since the accepted one: 3 a side needed\n" + fiveRuns.out());
        assertTrue(fiveRuns.out().replaceAll("\n +", " ").contains("1 more run would tell"), fiveRuns.out());
        Cli.run("history", "import", "--history", db, dirs.get(25));
        Cli.Result after = Cli.run("history", "check", "--history", db);
        assertEquals(0, after.status(), "accepted, and 3 runs a side: the gate is green on purpose\n" + after.out());
        Cli.Result bad = Cli.run("history", "accept", "--history", db, "1@999");
        assertEquals(Main.USAGE, bad.status());
        assertTrue(bad.err().contains("series 1 has no run '999'"), bad.err());
    }

    @Test
    void shouldSayCannotTellForRunsOfAnotherHostUnlessAllowed() throws Exception {
        // One --machine label, two CPU models: the newest runs on a faster runner, the JVM as slow as before (issue 48).
        String db = tmp.resolve("hosts.db").toString();
        List<String> args = new java.util.ArrayList<>(List.of("history", "import", "--history", db, "--machine", "ci"));
        java.util.Random random = new java.util.Random(5);
        for (int i = 0; i < 14; i++) {
            Path dir = Files.createDirectories(tmp.resolve("h" + i));
            StringBuilder trials = new StringBuilder();
            for (int f = 1; f <= 3; f++) {
                trials.append(f == 1 ? "" : ",").append(String.format(java.util.Locale.ROOT, """
                        {"id": "w/j/default/fork%d", "workload": "w", "status": "ok", "error": null, "fork": %d,
                         "jvm": {"vendor": "Eclipse Adoptium", "version": "25.0.1", "feature": 25}, "variant": "default",
                         "metrics": {"score": {"value": %f, "unit": "ops/s", "better": "higher"}}}""", f, f,
                        1000 * (1 + 0.01 * random.nextGaussian())));
            }
            Files.writeString(dir.resolve("results.json"), String.format(java.util.Locale.ROOT, """
                    {"schema": "jvmmark/results/1", "created": "2026-06-01T00:%02d:00Z", "profile": "quick",
                     "host": {"hostname": "runner-%d", "cpuModel": "%s", "cpus": 4}, "trials": [%s]}
                    """, i, i, i < 9 ? "Intel Xeon 8375C" : "AMD EPYC 9R14", trials));
            args.add(dir.toString());
        }
        assertEquals(0, Cli.run(args.toArray(String[]::new)).status());
        Cli.Result check = Cli.run("history", "check", "--history", db);
        assertEquals(5, check.status(), check.out());
        assertTrue(check.out().lines().findFirst().orElseThrow().startsWith("CANNOT TELL: Temurin 25.0.1 · default · score:"
                + " another host: the CPU model differs"), check.out());
        Cli.Result allowed = Cli.run("history", "check", "--history", db, "--allow", "other-host");
        assertEquals(0, allowed.status(), allowed.out());
        Cli.Result bad = Cli.run("history", "check", "--history", db, "--allow", "everything");
        assertEquals(Main.USAGE, bad.status());
        assertTrue(bad.err().contains("--allow takes other-host, not 'everything'"), bad.err());
    }

    @Test
    void shouldRefuseAPasswordOnTheCommandLine() {
        Cli.Result r = Cli.run("history", "list", "--history", "jdbc:postgresql://h/db?password=secret");
        assertEquals(Main.USAGE, r.status());
        assertTrue(r.err().contains("PGPASSWORD"), r.err());
    }
}
