package org.jvmmark.workloads.chronicle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Removal must never reach outside the tree, even while someone swaps a subfolder for a link to a
 * directory outside it (as another user can in {@code /dev/shm}, and root would then follow).
 */
class QueueFilesTest {
    private static final int FOLDERS = 20;

    @TempDir
    Path dir;

    @Test
    void shouldTouchNothingOutsideWhenSubfoldersAreSwappedForLinksDuringRemoval() throws Exception {
        Path outside = Files.createDirectories(dir.resolve("etc"));
        for (int i = 0; i < 50; i++) {
            Files.writeString(outside.resolve("f" + i), "precious");
        }
        for (int round = 0; round < 8; round++) {
            Path tree = Files.createDirectories(dir.resolve("jvmmark-queue-1-" + round));
            for (int i = 0; i < FOLDERS; i++) {
                Path sub = Files.createDirectories(tree.resolve("d" + i));
                for (int j = 0; j < 20; j++) {
                    Files.writeString(sub.resolve("f" + j), "x");
                }
            }
            AtomicBoolean stop = new AtomicBoolean();
            Thread attacker = new Thread(() -> swapLoop(tree, outside, stop));
            attacker.start();
            try {
                QueueFiles.deleteTree(tree);
            } finally {
                stop.set(true);
                attacker.join();
            }
            try (var left = Files.list(outside)) {
                assertEquals(50, left.filter(p -> p.getFileName().toString().startsWith("f")).count(),
                        "files outside the tree were removed (round " + round + ")");
            }
        }
    }

    @Test
    void shouldLeaveALinkNamedAsTheTreeAndItsTargetAlone() throws IOException {
        Path outside = Files.createDirectories(dir.resolve("target"));
        Files.writeString(outside.resolve("keep"), "x");
        Path link = Files.createSymbolicLink(dir.resolve("jvmmark-queue-1-link"), outside);
        QueueFiles.deleteTree(link);
        assertEquals(List.of(outside.resolve("keep")), List.of(outside.resolve("keep")).stream().filter(Files::exists).toList());
    }

    @Test
    void shouldRemoveAWholeTree() throws IOException {
        Path tree = Files.createDirectories(dir.resolve("t/a/b"));
        Files.writeString(tree.resolve("f"), "x");
        Files.createSymbolicLink(dir.resolve("t/a/link"), dir);
        assertEquals(List.of(), QueueFiles.deleteTree(dir.resolve("t")));
        assertFalse(Files.exists(dir.resolve("t")));
    }

    /** Moves a subfolder away and puts a link to {@code outside} in its place, then back, until stopped. */
    private static void swapLoop(Path tree, Path outside, AtomicBoolean stop) {
        int i = 0;
        while (!stop.get()) {
            Path sub = tree.resolve("d" + (i++ % FOLDERS));
            Path aside = tree.resolveSibling(tree.getFileName() + "-aside");
            try {
                Files.move(sub, aside);
                Files.createSymbolicLink(sub, outside);
                Thread.onSpinWait();
                Files.delete(sub);
                Files.move(aside, sub);
            } catch (IOException e) {
                // the remover got there first; try the next one
            }
        }
    }
}
