package org.jvmmark.report.render;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * A page jvmmark writes where the user says ({@code compare --html FILE}, {@code history report
 * --out FILE}), written so that nothing of the user's is ever lost: atomically (a temporary file in
 * the same directory, then a rename — a reader or a crash sees the old page or the new one, never
 * half of one), and never over a file jvmmark did not write. A page jvmmark wrote carries
 * {@value #GENERATOR} in its head; any other existing file — a results file, a link, someone's page
 * — is refused with one line before anything is written.
 *
 * <p>Stateless and thread-safe.
 */
public final class OutputFile {
    /** The tag every HTML page jvmmark writes carries in its head. */
    public static final String GENERATOR = "<meta name=\"generator\" content=\"jvmmark\">";
    /** How much of an existing file is read to find {@link #GENERATOR}. */
    private static final int HEAD_BYTES = 4096;

    private OutputFile() {
    }

    /**
     * Refuses {@code file} when it exists and is not a page jvmmark wrote.
     *
     * @throws IOException one line: what is in the way and what to do
     */
    public static void checkReplaceable(Path file) throws IOException {
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException(file + " exists and is not a regular file; jvmmark writes only new files or pages it wrote itself");
        }
        if (!madeByJvmmark(file)) {
            throw new IOException(file + " exists and was not written by jvmmark; it is left as it is: name a new file"
                    + " (jvmmark replaces only pages it wrote itself)");
        }
    }

    /**
     * Writes {@code content} to {@code file} atomically, creating its directory; refuses a file
     * jvmmark did not write ({@link #checkReplaceable}).
     */
    public static void writeHtml(Path file, String content) throws IOException {
        checkReplaceable(file);
        writeAtomically(file, content);
    }

    /** Writes {@code content} to {@code file} through a temporary file in the same directory and a rename. */
    public static void writeAtomically(Path file, String content) throws IOException {
        Path absolute = file.toAbsolutePath();
        Path parent = absolute.getParent();
        Files.createDirectories(parent);
        // CREATE_NEW with a unique name, not createTempFile: the page gets the umask's mode, as any file
        Path tmp = parent.resolve("." + absolute.getFileName() + "." + ProcessHandle.current().pid() + "."
                + Long.toHexString(System.nanoTime()) + ".tmp");
        try {
            Files.writeString(tmp, content, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            try {
                Files.move(tmp, absolute, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    static boolean madeByJvmmark(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            return new String(in.readNBytes(HEAD_BYTES), StandardCharsets.UTF_8).contains(GENERATOR);
        }
    }
}
