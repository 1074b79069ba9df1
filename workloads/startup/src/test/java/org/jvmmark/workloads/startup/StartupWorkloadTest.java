package org.jvmmark.workloads.startup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.testkit.ForkedTrial;
import org.jvmmark.testkit.Jdks;

/** End to end through {@code ForkMain}, on every JDK this machine has. */
class StartupWorkloadTest {
    @TempDir
    Path tmp;

    /**
     * One trial on {@code javaHome}, forked as the runner forks it, with nothing but the api and this
     * module's classes on its class path; it must exit 0 and leave nothing in its work directory.
     */
    static JsonNode fork(Path javaHome, Path dir, Map<String, String> params) throws Exception {
        ForkedTrial trial = ForkedTrial.of(StartupWorkload.class, dir).java(javaHome).params(params)
                .classpath(ForkedTrial.classpathOf(org.jvmmark.api.ForkMain.class, StartupWorkload.class)).run(240);
        if (trial.exitValue() != 0) {
            throw new AssertionError("ForkMain on " + javaHome + " exited " + trial.exitValue() + ":\n" + trial.stderr());
        }
        JsonNode result = trial.result();
        if (!trial.leftInWorkDir().isEmpty()) {
            throw new AssertionError("the trial left files in its work dir: " + trial.leftInWorkDir());
        }
        return result;
    }

    @TestFactory
    List<DynamicTest> shouldMeasureBothProgramsWithTheSmokeProfileOnEveryJdk() throws Exception {
        List<DynamicTest> tests = new ArrayList<>();
        for (Jdks.Jdk jdk : Jdks.all()) {
            tests.add(DynamicTest.dynamicTest("JDK " + jdk, () -> {
                JsonNode r = StartupWorkloadTest.fork(jdk.home, Files.createTempDirectory(tmp, "jdk"), ForkedTrial.params());
                assertEquals("ok", r.path("status").asText(), r.path("error").asText());
                assertEquals(jdk.feature, r.path("jvm").path("feature").asInt());
                assertSane(r, "hello", 2);
                boolean sharing = r.path("info").path("hello.vmInfo").asText().contains("sharing");
                long sharingWarnings = count(r.path("warnings").toString(), "no default CDS archive");
                assertEquals(sharing ? 0 : 1, sharingWarnings, "one warning when the JDK has no default CDS archive: " + r.path("warnings"));
                boolean hasHttpServer = Files.exists(jdk.home.resolve("jmods/jdk.httpserver.jmod"))
                        || r.path("metrics").has("http.startupMs");
                if (hasHttpServer) {
                    assertSane(r, "http", 2);
                    double response = ForkedTrial.value(r, "http.firstResponseMs");
                    assertTrue(response > ForkedTrial.value(r, "http.mainMs") && response < ForkedTrial.value(r, "http.startupMs"),
                            "fork < main < first response < exit");
                    assertTrue(ForkedTrial.value(r, "http.loadedClasses") > ForkedTrial.value(r, "hello.loadedClasses") + 500,
                            "the http program loads far more classes than hello world");
                } else {
                    assertTrue(r.path("warnings").toString().contains("jdk.httpserver"), r.path("warnings").toString());
                }
            }));
        }
        assertFalse(tests.isEmpty(), "no JDK found under /usr/lib/jvm");
        return tests;
    }

    @Test
    void shouldReportTheAotCacheAsUnsupportedInTheJvmsOwnWordsBeforeJdk24() throws Exception {
        Jdks.Jdk jdk17 = Jdks.required(17);
        JsonNode r = StartupWorkloadTest.fork(jdk17.home, tmp, ForkedTrial.params("variant", "aot", "program", "hello"));
        assertEquals("unsupported", r.path("status").asText());
        assertEquals("aot: Unrecognized VM option 'AOTCacheOutput=<work>/hello.aot'", r.path("error").asText());
    }

    @TestFactory
    List<DynamicTest> shouldRunEveryVariantOnJdk17And25OrSayWhyNot() throws Exception {
        List<DynamicTest> tests = new ArrayList<>();
        for (int feature : new int[] {17, 25}) {
            Jdks.Jdk jdk = Jdks.feature(feature);
            if (jdk == null) {
                continue;
            }
            for (StartupVariant v : StartupVariant.values()) {
                tests.add(DynamicTest.dynamicTest(v.id() + " on JDK " + feature, () -> {
                    JsonNode r = StartupWorkloadTest.fork(jdk.home, Files.createTempDirectory(tmp, v.id()),
                            ForkedTrial.params("variant", v.id(), "program", "hello", "launches", "1"));
                    boolean aotBefore25 = v == StartupVariant.AOT && feature < 25;
                    assertEquals(aotBefore25 ? "unsupported" : "ok", r.path("status").asText(), r.path("error").asText());
                    if (!aotBefore25) {
                        assertSane(r, "hello", 1);
                        assertTrue(r.path("info").path("hello.command").toString().contains("HelloWorld"));
                    }
                    if (v.trains() && !aotBefore25) {
                        assertTrue(ForkedTrial.value(r, "hello.archiveMiB") > 0);
                    }
                    if (v == StartupVariant.XMX15M) {
                        // The heap is rounded up to the collector's alignment: 16 MiB for G1 here.
                        assertTrue(ForkedTrial.value(r, "hello.idleHeapCommittedMiB") <= 16.0);
                    }
                    if (v == StartupVariant.CDS_OFF) {
                        assertFalse(r.path("info").path("hello.vmInfo").asText().contains("sharing"));
                    }
                }));
            }
        }
        return tests;
    }

    private static long count(String text, String what) {
        return (text.length() - text.replace(what, "").length()) / what.length();
    }

    /** Figures present, one sample per launch, and in the order time imposes. */
    private static void assertSane(JsonNode r, String p, int launches) {
        double[] wall = ForkedTrial.samples(r, p + ".startupMs");
        assertEquals(launches, wall.length);
        assertEquals(1, ForkedTrial.samples(r, p + ".coldStartupMs").length);
        double main = ForkedTrial.value(r, p + ".mainMs");
        double startup = ForkedTrial.value(r, p + ".startupMs");
        assertTrue(main > 1 && main < startup, p + ": 1 ms < fork to main " + main + " < fork to exit " + startup);
        double peak = ForkedTrial.value(r, p + ".peakRssMiB");
        assertTrue(peak > 10 && peak < 1024, p + ": peak RSS " + peak + " MiB");
        assertTrue(ForkedTrial.value(r, p + ".idleRssMiB") > 10);
        double used = ForkedTrial.value(r, p + ".idleHeapUsedMiB");
        // G1 counts retired regions only, so a hello world's heap can be 0 bytes "used".
        assertTrue(used >= 0 && used <= ForkedTrial.value(r, p + ".idleHeapCommittedMiB"));
        assertTrue(ForkedTrial.value(r, p + ".idleMetaspaceMiB") > 0.1);
        assertTrue(ForkedTrial.value(r, p + ".idleJavaThreads") >= 2);
        assertTrue(r.path("info").path(p + ".idleOsThreads").asDouble() >= ForkedTrial.value(r, p + ".idleJavaThreads"));
        assertTrue(ForkedTrial.value(r, p + ".loadedClasses") > 300);
        assertEquals("lower", r.path("metrics").path(p + ".startupMs").path("better").asText());
        assertEquals("ms", r.path("metrics").path(p + ".startupMs").path("unit").asText());
    }
}
