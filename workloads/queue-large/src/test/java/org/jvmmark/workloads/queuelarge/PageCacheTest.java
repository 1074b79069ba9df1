package org.jvmmark.workloads.queuelarge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Dropping one file's pages and counting what a read then fetches, on a 64 MiB file in the build's
 * {@code target/} (a disk: tmpfs could not drop anything). Each test is well under a second.
 */
class PageCacheTest {
    private static final int MIB = 1 << 20;
    private static final long BYTES = 64L * MIB;
    private static Path dir;
    private static Path file;

    @BeforeAll
    static void writeFile() throws IOException {
        dir = Files.createTempDirectory(Files.createDirectories(Paths.get("target")), "page-cache-");
        if (System.getProperty("jna.tmpdir") == null) {
            System.setProperty("jna.tmpdir", Files.createDirectories(dir.resolve("native")).toString());
        }
        file = dir.resolve("data");
        ByteBuffer chunk = ByteBuffer.allocateDirect(MIB);
        for (int i = 0; i < MIB; i += 8) {
            chunk.putLong(i, i * 0x9E3779B97F4A7C15L);
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            for (long written = 0; written < BYTES; written += MIB) {
                chunk.clear();
                while (chunk.hasRemaining()) {
                    ch.write(chunk);
                }
            }
        }
    }

    @AfterAll
    static void removeDir() throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) {
                Files.deleteIfExists(p);
            }
        }
    }

    @Test
    void shouldLeaveAFileJustWrittenCachedSoThatReadingItFetchesNothing() throws IOException {
        PageCache cache = PageCache.open();
        readWithPread();
        assertTrue(cache.residency(List.of(file)).share() > 0.9, "the file is cached once read");
        long storage = ProcessMemory.storageReadBytes();
        readWithPread();
        long fetched = ProcessMemory.storageReadBytes() - storage;
        assertTrue(fetched < BYTES / 10, fetched + " bytes fetched from storage for a cached file");
    }

    @Test
    void shouldDropTheFilesPagesSoThatAMappedReadFaultsAndFetchesThemFromStorage() throws IOException {
        PageCache cache = PageCache.open();
        readWithPread();
        PageCache.Residency before = cache.residency(List.of(file));
        assertEquals(BYTES, before.bytes);
        assertTrue(before.share() > 0.9, "cached before the drop: " + before.share());
        cache.drop(List.of(file));
        double after = cache.residency(List.of(file)).share();
        assertTrue(after < 0.1, "dropped: " + after + " still cached");

        long faults = ProcessMemory.now().majorFaults;
        long storage = ProcessMemory.storageReadBytes();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            MappedByteBuffer map = ch.map(FileChannel.MapMode.READ_ONLY, 0, BYTES);
            long sum = 0;
            long written = 0;
            for (int i = 0; i < BYTES; i += 4096) {
                sum += map.get(i);
                written += (byte) (((i % MIB) * 0x9E3779B97F4A7C15L) >>> 56);
            }
            assertEquals(written, sum, "the mapped read sees the bytes written");
        }
        long fetched = ProcessMemory.storageReadBytes() - storage;
        // Readahead brings most pages in before they are touched: one major fault may stand for all of them.
        assertTrue(ProcessMemory.now().majorFaults - faults >= 1, "the first page read after the drop is a major fault");
        assertTrue(fetched >= BYTES * 0.9, fetched + " of " + BYTES + " bytes fetched from storage after the drop");
        assertTrue(cache.residency(List.of(file)).share() > 0.9, "cached again after the read");
    }

    @Test
    void shouldRefuseASystemItsBindingsDoNotFit() {
        assertEquals("page cache control is implemented for Linux only, not Mac OS X",
                assertThrows(IOException.class, () -> PageCache.open("Mac OS X", 8)).getMessage());
        assertEquals("page cache control is implemented for 64-bit Linux only, not a JVM whose C long has 4 bytes",
                assertThrows(IOException.class, () -> PageCache.open("Linux", 4)).getMessage());
    }

    @Test
    void shouldNameTheFileAndTheErrorWhenItCannotBeOpened() throws IOException {
        Path missing = dir.resolve("missing");
        IOException e = assertThrows(IOException.class, () -> PageCache.open().drop(List.of(missing)));
        assertEquals("open of " + missing + " failed: No such file or directory (errno 2)", e.getMessage());
    }

    private static void readWithPread() throws IOException {
        ByteBuffer buffer = ByteBuffer.allocateDirect(MIB);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            for (long at = 0; at < BYTES; at += MIB) {
                buffer.clear();
                ch.read(buffer, at);
            }
        }
    }
}
