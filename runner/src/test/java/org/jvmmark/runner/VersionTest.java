package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code jvmmark --version}: the pom's version and the commit the build embedded, or "unknown commit". */
class VersionTest {
    private static String describe(String properties) {
        return Main.Version.describe(new ByteArrayInputStream(properties.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void shouldNameTheVersionAndTheCommitOfThisBuild() {
        String v = new Main.Version().getVersion()[0];
        assertTrue(v.matches("jvmmark \\d+\\.\\d+\\.\\d+ \\((commit [0-9a-f]{12}|unknown commit)\\) on Java .+"), "a release, not a snapshot: " + v);
    }

    /** The version a pipeline pins is one the changelog names, as a release of its own. */
    @Test
    void shouldBeAVersionTheChangelogNames() throws Exception {
        String version = new Main.Version().getVersion()[0].split(" ")[1];
        String changelog = Files.readString(Path.of(System.getProperty("jvmmark.home"), "CHANGELOG.md"));
        assertTrue(changelog.lines().anyMatch(l -> l.startsWith("## [" + version + "] — 20")), "CHANGELOG.md has no section ## [" + version + "]");
    }

    @Test
    void shouldSayUnknownCommitWhenTheBuildHadNoGit() {
        assertEquals("0.4.1 (unknown commit)", describe("version=0.4.1\ncommit=unknown\n"));
        assertEquals("0.4.1 (unknown commit)", describe("version=0.4.1\ncommit=${buildNumber}\n"));
        assertEquals("0.4.1 (commit 0123456789ab)", describe("version=0.4.1\ncommit=0123456789ab\n"));
        assertEquals("(development build)", Main.Version.describe(null));
    }
}
