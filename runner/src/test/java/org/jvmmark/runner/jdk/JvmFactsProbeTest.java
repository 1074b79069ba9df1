package org.jvmmark.runner.jdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.results.JvmFacts;

/** The JVM's own facts, as the launch that describes a JDK tells them. */
class JvmFactsProbeTest {
    @TempDir
    Path tmp;

    private static final String PRINTED = String.join("\n",
            "     bool UseCompactObjectHeaders                  = false                          {product lp64_product} {default}",
            "     bool UseCompressedClassPointers               = true                           {product lp64_product} {default}",
            "     bool UseCompressedOops                        = true                           {product lp64_product} {ergonomic}",
            "     bool UseG1GC                                  = true                                      {product} {ergonomic}",
            "     bool UseSerialGC                              = false                                     {product} {default}",
            "   size_t MaxHeapSize                              = 6320816128                                {product} {ergonomic}",
            "     bool TieredCompilation                        = true                                   {pd product} {default}",
            "     intx TieredStopAtLevel                        = 4                                         {product} {default}",
            "    ccstr AOTCache                                 =                                           {product} {default}",
            "Operating System Metrics:",
            "    Provider: cgroupv2",
            "    Effective CPU Count: 2",
            "    Memory Limit: 512.00M",
            "openjdk version \"25.0.3\" 2026-04-21 LTS",
            "OpenJDK 64-Bit Server VM Temurin-25.0.3+9 (build 25.0.3+9-LTS, mixed mode, sharing)");

    @Test
    void shouldReadTheErgonomicChoicesTheContainerAndSharingFromTheLaunchsOutput() {
        JvmFacts f = JvmFactsProbe.read(tmp, "temurin-25.0.3", PRINTED);
        assertEquals("G1", f.gc());
        assertEquals(6320816128L, f.maxHeapBytes());
        assertEquals(Boolean.TRUE, f.compressedOops());
        assertEquals(Boolean.TRUE, f.compressedClassPointers());
        assertEquals(Boolean.FALSE, f.compactObjectHeaders());
        assertEquals(Boolean.TRUE, f.tieredCompilation());
        assertEquals(4, f.tieredStopAtLevel());
        assertEquals(Boolean.TRUE, f.sharing());
        assertEquals(new JvmFacts.Container("cgroupv2", null, 2, 512L << 20), f.container());
        assertEquals(List.of(), f.cdsArchives());
        assertFalse(f.hasDefaultCdsArchive());
        assertEquals("", f.aotCache(), "JDK 25 has -XX:AOTCache, not set");
        assertEquals(f, JvmFacts.fromJson(f.toJson()));
    }

    @Test
    void shouldRecordTheAotCacheTheJvmUses() {
        JvmFacts f = JvmFactsProbe.read(tmp, "x", PRINTED.replace("ccstr AOTCache                                 =            ",
                "ccstr AOTCache                                 = /srv/app.aot"));
        assertEquals("/srv/app.aot", f.aotCache());
        assertEquals(Boolean.TRUE, ((java.util.Map<?, ?>) f.toJson().get("aot")).get("used"));
        assertEquals(f, JvmFacts.fromJson(f.toJson()));
    }

    @Test
    void shouldLeaveAFlagTheJdkLacksUnknown() {
        JvmFacts f = JvmFactsProbe.read(tmp, "x", PRINTED.replaceAll("(?m)^.*UseCompactObjectHeaders.*\n", "")
                .replace(", sharing)", ")"));
        assertNull(f.compactObjectHeaders());
        assertNull(JvmFactsProbe.read(tmp, "x", PRINTED.replaceAll("(?m)^.*AOTCache.*\n", "")).aotCache(), "no such flag before 24");
        assertEquals(Boolean.FALSE, f.sharing());
        assertEquals("classes.jsa", f.defaultCdsArchive());
    }

    /**
     * A JDK without a CDS archive is recorded as such: the Temurin 21 runtime scripts/install-jdks.sh installs (it
     * has none), else a copy of the JDK running this test with its archives removed.
     */
    @Test
    void shouldRecordAJdkWithoutACdsArchive() throws Exception {
        Path home = installedWithoutArchive();
        boolean installed = home != null;
        if (home == null) {
            home = copyWithoutArchives(Path.of(System.getProperty("java.home")));
        }
        Jdk jdk = JdkProbe.probe(home);
        if (installed) {
            // its release file names no IMPLEMENTOR: the vendor comes from the same launch's properties
            assertEquals("Eclipse Adoptium", jdk.vendor());
        }
        JvmFacts f = jdk.facts();
        assertNotNull(f, "facts recorded");
        assertEquals(List.of(), f.cdsArchives(), home.toString());
        assertFalse(f.hasDefaultCdsArchive());
        assertEquals(Boolean.FALSE, f.sharing(), "the JVM started without class data sharing");
        assertEquals(Boolean.FALSE, JvmFacts.fromJson(f.toJson()).toJson().get("cds") instanceof java.util.Map<?, ?> cds
                ? cds.get("present") : null);
        assertFalse(f.gc().isEmpty());
        assertNotNull(f.maxHeapBytes());
    }

    /** A JDK that has its default archive: it is found, and the JVM maps it. */
    @Test
    void shouldRecordAJdkWithItsCdsArchiveAndUsingIt() throws Exception {
        Path home = Path.of(System.getProperty("java.home"));
        if (!Files.exists(home.resolve("lib/server/classes.jsa"))) {
            home = Path.of("/usr/lib/jvm/java-17-openjdk-amd64");
        }
        if (!Files.exists(home.resolve("lib/server/classes.jsa"))) {
            return; // no JDK with a default archive on this machine: the other test covers the absent one
        }
        JvmFacts f = JdkProbe.probe(home).facts();
        assertTrue(f.cdsArchives().contains("classes.jsa"), f.cdsArchives().toString());
        assertTrue(f.hasDefaultCdsArchive());
        assertEquals(Boolean.TRUE, f.sharing());
    }

    private static Path installedWithoutArchive() throws Exception {
        Path dir = Path.of(System.getProperty("user.home"), ".cache/jvmmark/jdks");
        if (!Files.isDirectory(dir)) {
            return null;
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().startsWith("temurin-21")).filter(p -> Files.isExecutable(p.resolve("bin/java")))
                    .filter(p -> !Files.exists(p.resolve("lib/server/classes.jsa"))).findFirst().orElse(null);
        }
    }

    private Path copyWithoutArchives(Path jdk) throws Exception {
        Path copy = tmp.resolve("jdk");
        Files.createDirectories(copy);
        for (String part : List.of("bin", "lib", "conf", "release")) {
            if (Files.exists(jdk.resolve(part))) {
                Process cp = new ProcessBuilder("cp", "-a", jdk.resolve(part).toString(), copy.toString()).inheritIO().start();
                assertTrue(cp.waitFor(120, TimeUnit.SECONDS) && cp.exitValue() == 0, "cp -a " + part);
            }
        }
        try (Stream<Path> s = Files.list(copy.resolve("lib/server"))) {
            for (Path p : s.filter(p -> p.toString().endsWith(".jsa")).toList()) {
                Files.delete(p);
            }
        }
        return copy;
    }
}
