package org.jvmmark.runner.output;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.jvmmark.runner.base.UserException;

/**
 * The one process that may write a results directory: an exclusive lock ({@link FileChannel#tryLock})
 * on {@value #NAME} inside it, held by {@code run}, {@code run --resume} and {@code merge} from before
 * they read {@code results.json} until they end. Without it two resumes of one directory would each
 * rewrite the file from their own copy (the last writer dropping the other's trials) and the first to
 * finish would remove the other's live scratch space.
 *
 * <p>The lock is the kernel's ({@code fcntl}): it goes with the process, so a run killed outright
 * leaves no lock behind, only the small file, which the next run takes over. The file says who holds
 * it (pid, host, command, since) so a refused second process can name the holder in its one line.
 * On a network file system without working locks the refusal may not happen; jvmmark does not try
 * to guess.
 *
 * <p>Not thread-safe: one per process and directory, closed by the thread that took it.
 */
public final class OutputLock implements AutoCloseable {
    /** The lock file's name inside the results directory. */
    public static final String NAME = ".jvmmark-lock";

    private final FileChannel channel;
    private final FileLock lock;

    private OutputLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the lock of the existing directory {@code dir} for {@code command} ({@code run}, {@code
     * merge}, …).
     *
     * @throws UserException one line naming the holder when another process has it
     */
    public static OutputLock acquire(Path dir, String command) {
        Path file = dir.resolve(NAME);
        FileChannel channel;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE,
                    LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw new UserException("--out " + dir + ": cannot open the lock file " + NAME + " (" + OutputDirectory.reason(e) + ")");
        }
        try {
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null; // this very process holds it
            }
            if (lock == null) {
                String holder = holder(channel);
                channel.close();
                throw new UserException("--out " + dir + " is in use by another jvmmark (" + holder
                        + "); wait for it to end, or choose another --out");
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(describe(command).getBytes(StandardCharsets.UTF_8)), 0);
            channel.force(false);
            return new OutputLock(channel, lock);
        } catch (IOException e) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // reported below
            }
            throw new UserException("--out " + dir + ": cannot lock " + NAME + " (" + OutputDirectory.reason(e) + ")");
        }
    }

    /** {@code pid 4242 on lab-3, jvmmark run --resume, since 2026-11-24T06:40:00Z}. */
    static String describe(String command) {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "this host";
        }
        return "pid " + ProcessHandle.current().pid() + " on " + host + ", jvmmark " + command + ", since "
                + Instant.now().truncatedTo(ChronoUnit.SECONDS);
    }

    private static String holder(FileChannel channel) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(512);
        channel.read(buffer, 0);
        String text = new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8).strip();
        return text.isEmpty() || text.contains("\n") ? "holder unknown" : text;
    }

    /** Releases the lock; the file stays (removing it would race with the next holder). */
    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            // closing the channel releases the lock in any case
        }
    }
}
