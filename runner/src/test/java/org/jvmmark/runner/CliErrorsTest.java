package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input: one clear line naming the valid choices, exit status 2, no stack trace, nothing forked. */
class CliErrorsTest {
    @TempDir
    Path tmp;

    private static void assertUsageError(Cli.Result r, String expected) {
        assertEquals(2, r.status(), r.err());
        assertTrue(r.err().contains(expected), r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
        assertTrue(r.errLines().size() <= 2, "one line (plus a --help hint): " + r.err());
    }

    @Test
    void shouldSendACpuListGivenToCpusToCpusetOnRunAndTune() {
        assertUsageError(Cli.run("run", "fault-sleep", "--jdk", Cli.HOST_JDK, "--cpus", "0-1", "--out", tmp.toString()),
                "jvmmark: --cpus takes a number of CPUs (e.g. 1 or 1.5, a CPU quota); to pin to the CPUs 0-1 use --cpuset 0-1");
        assertUsageError(Cli.run("tune", "fault-sleep", "--jdk", Cli.HOST_JDK, "--cpus", "1,3", "--out", tmp.toString()),
                "use --cpuset 1,3");
        assertUsageError(Cli.run("run", "fault-sleep", "--jdk", Cli.HOST_JDK, "--memory", "lots", "--out", tmp.toString()),
                "--memory 'lots' is not a size (e.g. 512m, 2g)");
        assertFalse(Files.exists(tmp.resolve("results.json")));
    }

    @Test
    void shouldNameTheValidWorkloadsForAnUnknownOne() {
        Cli.Result r = Cli.run("run", "no-such-workload", "--jdk", Cli.HOST_JDK, "--out", tmp.toString());
        assertUsageError(r, "unknown workload 'no-such-workload'; valid: ");
        assertFalse(r.err().contains("fault-"), "fault workloads are not advertised: " + r.err());
        assertFalse(Files.exists(tmp.resolve("results.json")));
    }

    @Test
    void shouldNameTheValidPoliciesForAnUnknownDisturbedOne() {
        Cli.Result r = Cli.run("run", "synthetic", "--jdk", Cli.HOST_JDK, "--disturbed", "retry", "--out", tmp.toString());
        assertUsageError(r, "--disturbed retry: unknown; valid: rerun, mark, ignore");
        assertFalse(Files.exists(tmp.resolve("results.json")));
    }

    @Test
    void shouldNameTheValidParametersForAnUnknownOne() {
        assertUsageError(Cli.run("run", "fault-sleep", "--param", "sleepy=1", "--jdk", Cli.HOST_JDK),
                "fault-sleep has no parameter 'sleepy' (--param); valid: millis, mood");
    }

    @Test
    void shouldRefuseAMalformedParameter() {
        assertUsageError(Cli.run("run", "fault-sleep", "--param", "millis", "--jdk", Cli.HOST_JDK),
                "malformed parameter 'millis': expected KEY=VALUE");
    }

    @Test
    void shouldRefuseAValueOfTheWrongTypeOrOutsideTheChoices() {
        assertUsageError(Cli.run("run", "fault-sleep", "-p", "millis=soon", "--jdk", Cli.HOST_JDK), "expected a whole number");
        assertUsageError(Cli.run("run", "fault-sleep", "-p", "mood=happy", "--jdk", Cli.HOST_JDK), "valid: calm, grumpy");
    }

    @Test
    void shouldRefuseAJdkPathThatIsNotAJdk() {
        assertUsageError(Cli.run("run", "fault-sleep", "--jdk", tmp.toString()), "not a JDK: " + tmp);
        assertUsageError(Cli.run("run", "fault-sleep", "--jdk", tmp.resolve("missing").toString()), "not a JDK: ");
    }

    @Test
    void shouldNameTheFoundFeatureVersionsForAMissingOne() {
        assertUsageError(Cli.run("run", "fault-sleep", "--jdk", "7"), "no JDK 7 found; valid: all, ");
        assertUsageError(Cli.run("run", "fault-sleep", "--jdk", "99999999999"), "no JDK 99999999999 found; valid: all, ");
    }

    @Test
    void shouldRefuseUnknownOptionsProfilesAndCollectors() {
        assertUsageError(Cli.run("run", "--fast"), "Unknown option: '--fast'");
        assertUsageError(Cli.run("run", "fault-sleep", "--profile", "huge"), "unknown profile 'huge'; valid: smoke, quick, standard");
        assertUsageError(Cli.run("run", "fault-sleep", "--gc", "Boehm"), "unknown collector 'Boehm'; valid: G1, ");
        assertUsageError(Cli.run("nonsense"), "Unmatched argument");
    }

    @Test
    void shouldRefuseToOverwriteAResultsFileWithoutResume() throws Exception {
        Files.writeString(tmp.resolve("results.json"), "{}");
        assertUsageError(Cli.run("run", "fault-sleep", "--jdk", Cli.HOST_JDK, "--out", tmp.toString()), "add --resume");
    }

    @Test
    void shouldRefuseToResumeAFileThatIsNotAResultsFile() throws Exception {
        Files.writeString(tmp.resolve("results.json"), "{\"schema\": \"other\", \"trials\": []}");
        assertUsageError(Cli.run("run", "fault-sleep", "--jdk", Cli.HOST_JDK, "--out", tmp.toString(), "--resume"),
                "is not a jvmmark/results/1 file");
    }

    @Test
    void shouldRefuseServeForAWorkloadWithoutDriver() {
        assertUsageError(Cli.run("serve", "fault-sleep"), "fault-sleep is not a client/server workload; valid: ");
    }

    @Test
    void shouldRunOnlyTheVariantThatAParameterNames() {
        Cli.Result r = Cli.run("run", "chat", "--param", "impl=nio", "--jdk", Cli.HOST_JDK, "--dry-run");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("/nio/fork1"), r.out());
        assertFalse(r.out().contains("/platform/fork1") || r.out().contains("/virtual/fork1"),
                "the other variants would run with impl=nio under their own names: " + r.out());
    }

    @Test
    void shouldRefuseAnUnknownVariantAndAResumeWithoutItsDirectory() {
        assertUsageError(Cli.run("run", "chat", "--variant", "carrier", "--jdk", Cli.HOST_JDK, "--dry-run"),
                "unknown variant 'carrier'; valid: platform, virtual, nio");
        assertUsageError(Cli.run("run", "--resume"), "--resume needs --out DIR, the directory of the run to continue");
        assertUsageError(Cli.run("run", "--resume", "--out", tmp.toString()), "no results.json in " + tmp + " to resume");
    }

    @Test
    void shouldRefuseAContainerTheMachineCannotGiveBeforeMakingTheResultsDirectory() {
        Path out = tmp.resolve("refused");
        long start = System.nanoTime();
        Cli.Result r = Cli.run("run", "synthetic", "--jdk", "17", "--profile", "smoke", "--cpus", "512", "--out", out.toString(),
                "--history", "off");
        assertEquals(2, r.status(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("jvmmark: --cpus 512: only "), r.err());
        assertFalse(Files.exists(out), "nothing to resume");
        assertTrue(System.nanoTime() - start < 10_000_000_000L, "no wait for a Ctrl-C hook");
    }
}
