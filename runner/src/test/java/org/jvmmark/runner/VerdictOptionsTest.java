package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.runner.cli.Threshold;

/** The options behind verdicts: default forks per profile, --threshold on run, report and compare, and what it changes. */
class VerdictOptionsTest {
    @Test
    void shouldForkThreeTimesUnderTheQuickProfileSoThatVerdictsCanBeGiven() {
        Cli.Result r = Cli.run("run", "fault-sleep", "--jdk", Cli.HOST_JDK, "--dry-run");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("3 trials (3 to run, 0 unsupported), profile quick"), r.out());
        Cli.Result smoke = Cli.run("run", "fault-sleep", "--jdk", Cli.HOST_JDK, "--profile", "smoke", "--dry-run");
        assertTrue(smoke.out().contains("1 trials (1 to run, 0 unsupported), profile smoke")
                || smoke.out().contains("1 trial (1 to run, 0 unsupported), profile smoke"), smoke.out());
    }

    /** The report module's fixtures: the same files its own tests judge. */
    private static final Path FIXTURES = Path.of(System.getProperty("jvmmark.home"), "report", "src", "test", "resources", "fixtures");

    @Test
    void shouldJudgeCompareAtTheThresholdItIsGiven() {
        String baseline = FIXTURES.resolve("baseline").toString();
        String regressed = FIXTURES.resolve("regressed").toString();

        Cli.Result strict = Cli.run("compare", baseline, regressed, "--threshold", "5%");
        Cli.Result lenient = Cli.run("compare", baseline, regressed, "--threshold", "40%");

        // One run a side on a host with no history: the run-to-run spread is assumed (5.2 %, issue 48), and the
        // fixture's 25 % slowdown cannot be told from it at either threshold; each is judged at its own.
        assertEquals(5, strict.status(), strict.out() + strict.err());
        assertTrue(strict.out().startsWith("CANNOT TELL whether anything regressed: 0 regressed, 0 improved, 0 no difference"
                + " (within ±5 %)"), strict.out());
        assertEquals(5, lenient.status(), lenient.out() + lenient.err());
        assertTrue(lenient.out().startsWith("CANNOT TELL whether anything regressed: 0 regressed, 0 improved, 0 no difference"
                + " (within ±40 %)"), lenient.out());
    }

    @Test
    void shouldTakeOtherHostAsTheOnlyAllowance() {
        String baseline = FIXTURES.resolve("baseline").toString();
        Cli.Result ok = Cli.run("compare", baseline, baseline, "--allow", "other-host");
        assertTrue(ok.status() == 0 || ok.status() == 5, ok.out() + ok.err());
        Cli.Result bad = Cli.run("compare", baseline, baseline, "--allow", "anything");
        assertEquals(2, bad.status(), bad.err());
        assertTrue(bad.err().contains("--allow takes other-host, not 'anything'"), bad.err());
    }

    @Test
    void shouldSayCannotTellAtFivePercentWhereFiftyPercentSeesNoDifference(@TempDir Path tmp) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("showcase"));
        Files.copy(FIXTURES.resolve("showcase").resolve("results.json"), dir.resolve("results.json"));

        Cli.Result strict = Cli.run("report", dir.toString(), "--threshold", "5%");
        Cli.Result lenient = Cli.run("report", dir.toString(), "--threshold", "50%");

        assertEquals(0, strict.status(), strict.err());
        assertEquals(0, lenient.status(), lenient.err());
        // 6.4 % slower, its interval 3.7–9.1 %: not wholly past 5 % (a call needs that), wholly inside 50 %.
        assertTrue(row(strict.out(), "queue-latency").matches("queue-latency\\s+p50 latency\\s+cannot tell\\s+.*"),
                strict.out());
        assertTrue(row(lenient.out(), "queue-latency").matches("queue-latency\\s+p50 latency\\s+no difference\\s+.*"),
                lenient.out());
    }

    /** The first line of the printed verdict table that starts with {@code workload}. */
    private static String row(String printed, String workload) {
        return printed.lines().filter(l -> l.startsWith(workload + " ")).findFirst().orElse("(no row for " + workload + ")");
    }

    @Test
    void shouldReadTheThresholdAsAFractionOrAPercentage() {
        assertEquals(0.05, new Threshold().convert("5%"), 1e-12);
        assertEquals(0.05, new Threshold().convert("0.05"), 1e-12);
        assertEquals(0.125, new Threshold().convert(" 12.5 % "), 1e-12);
    }

    @Test
    void shouldRefuseABadThresholdInOneLine() {
        for (String command : new String[] {"run", "report", "compare"}) {
            Cli.Result r = command.equals("compare") ? Cli.run(command, "a", "b", "--threshold", "lots")
                    : command.equals("report") ? Cli.run(command, "a", "--threshold", "-3%")
                    : Cli.run(command, "fault-sleep", "--dry-run", "--threshold", "150%");
            assertEquals(2, r.status(), command + ": " + r.err());
            assertTrue(r.err().contains("--threshold must be"), command + ": " + r.err());
            assertTrue(r.errLines().size() <= 2, command + ": " + r.err());
        }
    }
}
