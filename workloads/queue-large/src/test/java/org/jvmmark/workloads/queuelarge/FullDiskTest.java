package org.jvmmark.workloads.queuelarge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.testkit.OutsideTool;

/**
 * A disk that fills up while the trial runs (someone else's files): the trial fails with the
 * numbers and its queue is removed. Runs on a 200 MiB ext4 file system in a loop device, which
 * needs root; under CI (root) it must run.
 */
class FullDiskTest {
    private static final boolean CI = "true".equals(System.getenv("CI"));

    @TempDir
    Path scratch;

    @Test
    void shouldFailTheTrialAndRemoveTheQueueWhenTheDiskFillsUpMidRun() throws Exception {
        Path image = scratch.resolve("disk.img");
        Path mount = Files.createDirectories(scratch.resolve("mnt"));
        Path mkfs = OutsideTool.require("mkfs.ext4", Path.of("/sbin/mkfs.ext4"), Path.of("/usr/sbin/mkfs.ext4"));
        boolean mounted = sh("truncate", "-s", "200M", image.toString()) && sh(mkfs.toString(), "-q", "-F", image.toString())
                && sh("mount", "-o", "loop", image.toString(), mount.toString());
        if (!mounted) {
            // not a missing tool but a missing privilege: the same rule as OutsideTool's
            assertFalse(CI, "cannot mount a loop file system under CI (root is expected there)");
            assumeTrue(false, "a loop mount needs root");
        }
        try {
            Fork f = Fork.start(scratch.resolve("trial"), Map.of("dir", mount.toString(), "totalBytes", "96m", "burstBytes", "32m",
                    "blockSize", "4m", "diskBaselineBytes", "8m", "memoryLimit", "none", "pauseMillis", "3000"),
                    "-D" + QueueDir.MARGIN_PROPERTY + "=" + (16 << 20));
            f.awaitLog("burst 1/3", 60);
            fill(mount.resolve("someone-elses-file"));
            f.await(60);
            JsonNode r = f.result();
            assertEquals("failed", r.path("status").asText());
            String error = r.path("error").asText();
            // Either the check before the next burst sees it, or — when the first burst's pages were
            // still waiting for write-back — a write into the mapped file meets the full disk (SIGBUS,
            // which HotSpot turns into an InternalError): both are named as what they are.
            assertTrue(error.startsWith("IOException: the disk is filling up: ") && error.contains("the next burst needs 32.3 MiB")
                    || error.startsWith("IOException: the file system of " + mount + " filled up mid-run"), error);
            try (DirectoryStream<Path> left = Files.newDirectoryStream(mount, QueueDir.PREFIX + "*")) {
                assertFalse(left.iterator().hasNext(), "queue removed");
            }
            assertTrue(Files.exists(mount.resolve("someone-elses-file")), "nothing of anyone else's removed");
        } finally {
            sh("umount", mount.toString());
        }
    }

    /** Writes until the file system is full. */
    private static void fill(Path file) throws IOException {
        byte[] block = new byte[1 << 20];
        try (OutputStream out = Files.newOutputStream(file)) {
            while (true) {
                out.write(block);
            }
        } catch (IOException full) {
            // No space left on device
        }
    }

    private static boolean sh(String... command) throws Exception {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException notInstalled) {
            return false;
        }
    }
}
