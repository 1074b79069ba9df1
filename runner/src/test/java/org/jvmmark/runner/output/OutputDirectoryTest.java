package org.jvmmark.runner.output;

import org.jvmmark.runner.Cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.runner.base.ExitStatus;
import org.jvmmark.runner.base.UserException;

/** {@code --out}: nothing of the user's is ever deleted; a path jvmmark cannot use is one line and exit 2. */
class OutputDirectoryTest {
    @TempDir
    Path tmp;

    private static void assertOneLine(Cli.Result r, String expected) {
        assertEquals(ExitStatus.USAGE, r.status(), r.err());
        assertTrue(r.err().contains(expected), r.err());
        assertFalse(r.err().contains("internal error") || r.err().contains("\tat "), r.err());
        assertEquals(1, r.errLines().size(), r.err());
    }

    @Test
    void shouldRefuseADirectoryItDidNotMakeAndLeaveEveryFileOfItAlone() throws Exception {
        Path home = Files.createDirectories(tmp.resolve("home"));
        Path precious = Files.createDirectories(home.resolve("work")).resolve("thesis.tex");
        Files.writeString(precious, "two years of work");
        Files.writeString(home.resolve("notes.txt"), "mine");

        assertOneLine(Cli.run("run", "fault-sleep", "--jdk", Cli.HOST_JDK, "--profile", "smoke", "--out", home.toString()),
                "is not empty and holds no jvmmark results");
        assertOneLine(Cli.run("run", "fault-sleep", "--jdk", Cli.HOST_JDK, "--out", home.toString(), "--dry-run"),
                "is not empty and holds no jvmmark results");
        assertEquals("two years of work", Files.readString(precious));
        try (var files = Files.list(home)) {
            assertEquals(List.of("notes.txt", "work"), files.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void shouldRunInAnEmptyDirectoryAndRemoveOnlyItsOwnScratch() throws Exception {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        Cli.Result r = Cli.run("run", "fault-sleep", "--jdk", Cli.HOST_JDK, "--profile", "smoke", "--out", empty.toString());
        assertEquals(0, r.status(), r.out() + r.err());
        assertFalse(Files.exists(empty.resolve(OutputDirectory.WORK)), "scratch removed");
        assertTrue(Files.isRegularFile(empty.resolve("results.json")));
    }

    @Test
    void shouldRefuseAFileInOneLine() throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        assertOneLine(Cli.run("run", "fault-sleep", "--jdk", Cli.HOST_JDK, "--out", file.toString()), "is a file, not a directory");
        assertOneLine(Cli.run("run", "fault-sleep", "--jdk", Cli.HOST_JDK, "--out", file.resolve("below").toString()),
                "cannot create the directory");
        assertEquals("x", Files.readString(file));
    }

    @Test
    void shouldRefuseAPlaceItCannotWriteInOneLine() {
        // /sys refuses new entries even to root, where a chmod'ed directory would not
        assertOneLine(Cli.run("run", "fault-sleep", "--jdk", Cli.HOST_JDK, "--out", "/sys/jvmmark-test-out"),
                "--out /sys/jvmmark-test-out: cannot create the directory (");
    }

    @Test
    void shouldWriteResultsJsonWithTheModeOfTheOtherOutputs() throws Exception {
        Path dir = tmp.resolve("modes");
        assertEquals(0, Cli.run("run", "fault-sleep", "--jdk", Cli.HOST_JDK, "--profile", "smoke", "--out", dir.toString()).status());
        assertEquals(Files.getPosixFilePermissions(dir.resolve("report.md")), Files.getPosixFilePermissions(dir.resolve("results.json")));
        assertEquals(Files.getPosixFilePermissions(Files.writeString(tmp.resolve("umask"), "")),
                Files.getPosixFilePermissions(dir.resolve("results.json")), "the umask decides, as for any file");
    }

    @Test
    void shouldTellAFullDiskFromOtherFailures() {
        IOException full = new FileSystemException("/data/results.json", null, "No space left on device");
        assertNotNull(ExitStatus.noSpace(new java.io.UncheckedIOException(full)));
        assertNotNull(ExitStatus.noSpace(new IOException("Disk quota exceeded")));
        assertNull(ExitStatus.noSpace(new IOException("Permission denied")));
        assertNull(ExitStatus.noSpace(new IllegalStateException("a bug")));
    }

    @Test
    void shouldRefuseAnOutThatOthersMayWriteAndCloseOneItMakes() throws Exception {
        Path open = Files.createDirectories(tmp.resolve("open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        UserException e = assertThrows(UserException.class, () -> OutputDirectory.forNewRun(open));
        assertEquals("--out " + open + " is writable by everyone (rwxrwxrwx); chmod go-w it or name another", e.getMessage());
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxr-x"));
        e = assertThrows(UserException.class, () -> OutputDirectory.checkNewRun(open));
        assertTrue(e.getMessage().contains("is writable by its group"), e.getMessage());
        Path made = tmp.resolve("made");
        OutputDirectory.forNewRun(made);
        Set<PosixFilePermission> p = Files.getPosixFilePermissions(made);
        assertFalse(p.contains(PosixFilePermission.GROUP_WRITE)
                || p.contains(PosixFilePermission.OTHERS_WRITE), "made closed to others: " + p);
    }

    @Test
    void shouldRefuseAnOutOwnedByAnotherUserOrALinkToOne() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "only root can give a directory away");
        Path theirs = Files.createDirectories(tmp.resolve("theirs"));
        Files.setPosixFilePermissions(theirs, PosixFilePermissions.fromString("rwxr-xr-x"));
        UserPrincipal nobody = theirs.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
        Files.setOwner(theirs, nobody);
        UserException e = assertThrows(UserException.class, () -> OutputDirectory.forNewRun(theirs));
        assertEquals("--out " + theirs + " belongs to nobody, not to root; name a directory of your own (jvmmark never writes where"
                + " another user can)", e.getMessage());
        Path link = Files.createSymbolicLink(tmp.resolve("link"), Files.createDirectories(tmp.resolve("mine")));
        Files.getFileAttributeView(link, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                .setOwner(nobody);
        e = assertThrows(UserException.class, () -> OutputDirectory.forNewRun(link));
        assertTrue(e.getMessage().contains("is a link owned by nobody"), e.getMessage());
    }
}
