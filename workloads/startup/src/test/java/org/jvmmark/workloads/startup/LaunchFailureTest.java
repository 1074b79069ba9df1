package org.jvmmark.workloads.startup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jvmmark.api.UnsupportedWorkloadException;
import org.jvmmark.api.ValidationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LaunchFailureTest {
    private static final String REFUSED = "Unrecognized VM option 'AOTCacheOutput=/w/hello.aot'\n"
            + "Error: Could not create the Java Virtual Machine.\nError: A fatal exception has occurred. Program will exit.\n";

    @TempDir
    Path tmp;

    private Launch launch(int exitCode, String stdout, String stderr) throws Exception {
        Path out = Files.writeString(tmp.resolve("out"), stdout);
        Path err = Files.writeString(tmp.resolve("err"), stderr);
        return new Launch(List.of("java"), 0, 1, 2, exitCode, out, err, tmp.resolve("report"));
    }

    @Test
    void shouldCallAVariantTheJvmRefusesUnsupportedInItsOwnWords() throws Exception {
        UnsupportedWorkloadException e = assertThrows(UnsupportedWorkloadException.class,
                () -> LaunchFailure.check(launch(1, "", REFUSED), Program.HELLO, StartupVariant.AOT));
        assertEquals("aot: Unrecognized VM option 'AOTCacheOutput=/w/hello.aot'", e.getMessage());
    }

    @Test
    void shouldFailWhenTheJvmRefusesItsDefaults() throws Exception {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> LaunchFailure.check(launch(1, "", REFUSED), Program.HELLO, StartupVariant.DEFAULT));
        assertEquals("the JVM did not start with its default settings: Unrecognized VM option 'AOTCacheOutput=/w/hello.aot'", e.getMessage());
    }

    @Test
    void shouldFailValidationOnAWrongAnswerOrMissingOutput() throws Exception {
        assertThrows(ValidationException.class,
                () -> LaunchFailure.check(launch(3, "", "unexpected answer from http://127.0.0.1:1/hello: 500 ''\n"), Program.HTTP, StartupVariant.DEFAULT));
        assertThrows(ValidationException.class, () -> LaunchFailure.check(launch(0, "Goodbye\n", ""), Program.HELLO, StartupVariant.C1));
    }

    @Test
    void shouldFailWithTheLastErrorLineWhenTheProgramCrashes() throws Exception {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> LaunchFailure.check(
                launch(1, "", "Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space\n\tat X.main(X.java:1)\n"),
                Program.HELLO, StartupVariant.XMX15M));
        assertEquals("hello exited with status 1: at X.main(X.java:1)", e.getMessage());
    }

    @Test
    void shouldAcceptAHealthyLaunch() throws Exception {
        LaunchFailure.check(launch(0, "Hello, world!\n", ""), Program.HELLO, StartupVariant.DEFAULT);
        LaunchFailure.check(launch(0, "", "openjdk version \"17.0.15\" 2025-04-15\n"), Program.VERSION, StartupVariant.DEFAULT);
    }

    @Test
    void shouldExplainAMissingArchiveWithTheJvmsWarningWithoutLogDecorations() throws Exception {
        Launch training = launch(0, "[0.009s][warning][cds] -XX:ArchiveClassesAtExit is unsupported when base CDS archive is not loaded.\nHello, world!\n", "");
        assertEquals("-XX:ArchiveClassesAtExit is unsupported when base CDS archive is not loaded.", LaunchFailure.explainMissingArchive(training));
    }
}
