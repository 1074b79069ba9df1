package org.jvmmark.runner.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.runner.base.ExitStatus;

/** How a run ends when jvmmark itself fails: the trace in error.log, written without following a link there. */
class RunEndTest {
    @TempDir
    Path tmp;

    @Test
    void shouldReplaceALinkAtErrorLogInsteadOfWritingThroughIt() throws Exception {
        Path victim = Files.writeString(tmp.resolve("passwd"), "root:x:0:0\n");
        Path dir = Files.createDirectories(tmp.resolve("out"));
        Files.createSymbolicLink(dir.resolve(RunEnd.ERROR_LOG), victim);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = RunEnd.internalError(new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8),
                dir, null, new IllegalStateException("boom"), 0.05);
        assertEquals(ExitStatus.INTERNAL_ERROR, status);
        assertEquals("root:x:0:0\n", Files.readString(victim), "the link's target is untouched");
        assertFalse(Files.isSymbolicLink(dir.resolve(RunEnd.ERROR_LOG)));
        assertTrue(Files.readString(dir.resolve(RunEnd.ERROR_LOG)).contains("IllegalStateException: boom"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("stack trace in " + dir.resolve(RunEnd.ERROR_LOG)), err.toString());
    }
}
