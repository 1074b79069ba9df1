package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A disk that fills while the report is written, as the fault-injection round found it: a 128 KiB
 * tmpfs as {@code --out} holds the results (a few KiB) but not report.html (hundreds). Mounting
 * needs root; elsewhere the test is skipped (the same path without a mount: RunSessionTest).
 */
class ReportNotWrittenTest {
    @TempDir
    Path tmp;
    Path disk;
    boolean mounted;

    @BeforeEach
    void mountTinyDisk() throws Exception {
        disk = Files.createDirectories(tmp.resolve("tiny"));
        mounted = run("mount", "-t", "tmpfs", "-o", "size=128k", "tmpfs", disk.toString());
        assumeTrue(mounted, "cannot mount a tmpfs here (needs root)");
    }

    @AfterEach
    void unmount() throws Exception {
        if (mounted) {
            run("umount", disk.toString());
        }
    }

    @Test
    void shouldExitFourWithOneLineAndKeepTheTrialsWhenTheDiskFillsWhileTheReportIsWritten() throws Exception {
        Path out = disk.resolve("run");

        Cli.Result r = Cli.run("run", "fault-sleep", "--jdk", Cli.HOST_JDK, "--profile", "smoke", "--out", out.toString());

        assertEquals(4, r.status(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertEquals("jvmmark: no space left on the device; the report is not written, the results are kept in "
                + out.resolve("results.json") + " (free space, then: jvmmark report " + out + ")", r.errLines().get(0));
        JsonNode trial = Cli.trial(Cli.results(out), "fault-sleep/");
        assertEquals("ok", trial.path("status").asText(), "the trial measured is kept");
        assertFalse(Files.exists(out.resolve("report.html")));

        Cli.Result again = Cli.run("report", out.toString());
        assertEquals(4, again.status(), again.err());
        assertEquals(1, again.errLines().size(), again.err());
        assertTrue(again.errLines().get(0).startsWith("jvmmark: no space left on the device; the report of " + out),
                again.err());
    }

    private static boolean run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
    }
}
