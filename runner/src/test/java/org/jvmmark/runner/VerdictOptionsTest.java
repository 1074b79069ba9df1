package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.jvmmark.runner.cli.Threshold;

/** The options behind verdicts: default forks per profile, --threshold on run, report and compare. */
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
