package org.jvmmark.runner.jdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.fork.Container;

/** Discovery over fake JDKs (shell scripts answering like {@code java -XshowSettings:properties -version}). */
class JdkDiscoveryTest {
    @TempDir
    Path tmp;

    private Path fakeJdk(Path home, String release, String vendor, int exitCode) throws Exception {
        Path bin = Files.createDirectories(home.resolve("bin"));
        Path java = bin.resolve("java");
        Files.writeString(java, "#!/bin/sh\ncat >&2 <<'EOF'\nProperty settings:\n"
                + "    java.specification.version = 99\n    java.vendor = " + vendor + "\n"
                + "    java.version = 99.0.1\n    java.vm.name = Fake VM\n\nfake version \"99.0.1\"\nEOF\nexit " + exitCode + "\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        if (release != null) {
            Files.writeString(home.resolve("release"), release);
        }
        return home;
    }

    @Test
    void shouldFindJdksInEveryPlaceFoldSymlinksAndSkipWhatDoesNotStart() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("usr-lib-jvm"));
        Path fake = fakeJdk(root.resolve("fake-99"), "JAVA_VERSION=\"99.0.1\"\nIMPLEMENTOR=\"Eclipse Adoptium\"\n", "ignored", 0);
        Files.createSymbolicLink(root.resolve("fake-alias"), fake);
        fakeJdk(root.resolve("broken"), null, "Broken", 1);
        Files.createDirectories(root.resolve("not-a-jdk"));
        Path home = Files.createDirectories(tmp.resolve("home"));
        Path runtime = fakeJdk(home.resolve(".cache/jvmmark/jdks/runtime-99"), "JAVA_VERSION=\"99.0.2\"\n", "Runtime Vendor Inc.", 0);
        Path toolchain = fakeJdk(tmp.resolve("toolchain-jdk"), null, "Azul Systems, Inc.", 0);
        Files.createDirectories(home.resolve(".m2"));
        Files.writeString(home.resolve(".m2/toolchains.xml"), "<toolchains><toolchain><type>jdk</type><configuration><jdkHome>"
                + toolchain + "</jdkHome></configuration></toolchain></toolchains>");

        List<Jdk> found = new JdkDiscovery(Map.of("JAVA_HOME", root.resolve("fake-alias").toString(), "PATH", ""), home,
                List.of(root)).discover();

        List<Path> homes = found.stream().map(Jdk::home).toList();
        Path fakeReal = fake.toRealPath();
        Path runtimeReal = runtime.toRealPath();
        Path toolchainReal = toolchain.toRealPath();
        assertTrue(homes.contains(fake.toRealPath()), homes.toString());
        assertEquals(1, homes.stream().filter(h -> h.equals(fakeReal)).count(), "symlinked duplicate folded");
        assertTrue(homes.contains(runtime.toRealPath()), "~/.cache/jvmmark/jdks: " + homes);
        assertTrue(homes.contains(toolchain.toRealPath()), "toolchains.xml: " + homes);
        assertTrue(homes.contains(Path.of(System.getProperty("java.home")).toRealPath()), "the runner's own JDK: " + homes);
        assertTrue(homes.stream().noneMatch(h -> h.endsWith("broken") || h.endsWith("not-a-jdk")), homes.toString());

        Jdk f = found.stream().filter(j -> j.home().equals(fakeReal)).findFirst().orElseThrow();
        assertEquals("Eclipse Adoptium", f.vendor(), "release file first");
        assertEquals(99, f.feature());
        assertEquals("Fake VM", f.vmName());
        assertEquals("temurin-99.0.1", f.label());
        Jdk r = found.stream().filter(j -> j.home().equals(runtimeReal)).findFirst().orElseThrow();
        assertEquals("Runtime Vendor Inc.", r.vendor(), "java.vendor when the release file has no IMPLEMENTOR");
        assertEquals("runtime-99.0.2", r.label());
        assertEquals("zulu-99.0.1", found.stream().filter(j -> j.home().equals(toolchainReal)).findFirst().orElseThrow().label());
    }

    @Test
    void shouldFindAsdfMiseJenvAndHomebrewInstalls() throws Exception {
        Path home = Files.createDirectories(tmp.resolve("home"));
        Path asdf = fakeJdk(home.resolve(".asdf/installs/java/temurin-21.0.1+12"), null, "Asdf Vendor", 0);
        Path mise = fakeJdk(home.resolve(".local/share/mise/installs/java/21.0.2"), null, "Mise Vendor", 0);
        Path jenv = fakeJdk(home.resolve(".jenv/versions/21"), null, "Jenv Vendor", 0);
        Path brew = tmp.resolve("linuxbrew");
        Path cellar = fakeJdk(brew.resolve("Cellar/openjdk@21/21.0.3/libexec"), null, "Brew Vendor", 0);
        Files.createDirectories(brew.resolve("opt"));
        Files.createSymbolicLink(brew.resolve("opt/openjdk@21"), cellar.getParent());
        Files.createDirectories(brew.resolve("opt/wget/libexec"));

        List<Path> candidates = new JdkDiscovery(Map.of("PATH", "", "HOMEBREW_PREFIX", brew.toString()), home, List.of())
                .candidates();

        for (Path p : List.of(asdf, mise, jenv, brew.resolve("opt/openjdk@21/libexec"))) {
            assertTrue(candidates.contains(p), p + " in " + candidates);
        }
        assertTrue(candidates.stream().noneMatch(p -> p.toString().contains("wget")), "only openjdk formulae: " + candidates);
        List<Path> found = new JdkDiscovery(Map.of("PATH", "", "HOMEBREW_PREFIX", brew.toString()), home, List.of()).discover()
                .stream().map(Jdk::home).toList();
        assertTrue(found.contains(cellar.toRealPath()), "Homebrew's JDK starts: " + found);
    }

    @Test
    void shouldSkipAsRootAJavaAnotherUserCanChangeAndSaySo() throws Exception {
        assumeTrue(Container.isRoot(), "needs root: only root skips");
        Path root = Files.createDirectories(tmp.resolve("jvm"));
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path good = fakeJdk(root.resolve("good"), null, "Good", 0);
        Path groupWritable = fakeJdk(root.resolve("group-writable"), null, "Group", 0);
        Files.setPosixFilePermissions(groupWritable.resolve("bin"), PosixFilePermissions.fromString("rwxrwxr-x"));
        Path foreign = fakeJdk(root.resolve("foreign"), null, "Foreign", 0);
        Files.setAttribute(foreign.resolve("bin/java"), "unix:uid", 1000);
        List<String> said = new ArrayList<>();

        List<Path> found = new JdkDiscovery(Map.of("PATH", ""), tmp.resolve("nohome"), List.of(root), true, said::add).discover()
                .stream().map(Jdk::home).toList();

        assertTrue(found.contains(good.toRealPath()), found.toString());
        Path groupReal = groupWritable.toRealPath();
        Path foreignReal = foreign.toRealPath();
        assertTrue(found.stream().noneMatch(h -> h.startsWith(groupReal) || h.startsWith(foreignReal)), found.toString());
        String lines = String.join("\n", said);
        assertTrue(lines.contains("skipped " + groupWritable.resolve("bin/java") + ": its directory ")
                && lines.contains("is writable by its group"), lines);
        assertTrue(lines.contains("skipped " + foreign.resolve("bin/java") + ": ") && lines.contains("is owned by uid 1000"), lines);
        assertEquals(2, said.size(), lines);
    }

    @Test
    void shouldExplainWhyAPathIsNotAJdk() throws Exception {
        Path broken = fakeJdk(tmp.resolve("broken"), null, "Broken", 1);
        UserException e = assertThrows(UserException.class, () -> JdkSelection.select(List.of(broken.toString()), List::of));
        assertTrue(e.getMessage().startsWith("not a JDK: " + broken + " ("), e.getMessage());
        assertTrue(e.getMessage().contains("does not start"), e.getMessage());
    }

    @Test
    void shouldSelectByFeatureAndByPath() throws Exception {
        Path fake = fakeJdk(tmp.resolve("fake"), "JAVA_VERSION=\"99.0.1\"\n", "V", 0);
        List<Jdk> byPath = JdkSelection.select(List.of(fake.resolve("bin/java").toString()), List::of);
        assertEquals(fake.toRealPath(), byPath.get(0).home(), "a path to bin/java means its JDK");
        List<Jdk> byFeature = JdkSelection.select(List.of("99"), () -> byPath);
        assertEquals(byPath, byFeature);
        UserException e = assertThrows(UserException.class, () -> JdkSelection.select(List.of("98"), () -> byPath));
        assertEquals("no JDK 98 found; valid: all, 99 or a JDK path", e.getMessage());
        UserException huge = assertThrows(UserException.class, () -> JdkSelection.select(List.of("99999999999"), () -> byPath));
        assertEquals("no JDK 99999999999 found; valid: all, 99 or a JDK path", huge.getMessage(), "beyond int: no NumberFormatException");
    }

    @Test
    void shouldReadFeatureVersionsOfEveryScheme() {
        assertEquals(8, JdkProbe.feature("1.8.0_392"));
        assertEquals(11, JdkProbe.feature("11.0.13"));
        assertEquals(25, JdkProbe.feature("25"));
    }
}
