package org.jvmmark.api.scratch;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;

/**
 * Who made a scratch folder, written into it as {@value #MARKER} the moment it is created: the user
 * id, the boot id ({@code /proc/sys/kernel/random/boot_id}, one per machine and boot), the inode of
 * the pid namespace ({@code /proc/self/ns/pid}), the process id and the process's start time in
 * clock ticks since boot ({@code /proc/<pid>/stat}, field 22).
 *
 * <p>A folder may be swept as stale only when its stamp <em>proves</em> the maker gone: same user,
 * same machine and boot, same pid namespace, and no process with that pid and that start time.
 * "No such pid here" alone proves nothing — the folder may belong to another host (NFS), another
 * container sharing {@code /dev/shm}, or a pid reused since. Where {@code /proc} is missing no stamp
 * can be made, and nothing is ever swept.
 *
 * <p>Immutable and thread-safe.
 */
public final class OwnerStamp {
    /** The marker file's name inside a stamped folder. */
    public static final String MARKER = ".jvmmark-owner";
    /** A marker is a few lines; anything larger is not one of ours. */
    static final int MAX_MARKER_BYTES = 4096;

    private final long uid;
    private final String bootId;
    private final String pidNamespace;
    private final long pid;
    private final long startTicks;

    OwnerStamp(long uid, String bootId, String pidNamespace, long pid, long startTicks) {
        this.uid = uid;
        this.bootId = bootId;
        this.pidNamespace = pidNamespace;
        this.pid = pid;
        this.startTicks = startTicks;
    }

    /** This process's stamp, or empty where {@code /proc} does not give one (not Linux). */
    public static Optional<OwnerStamp> current() {
        try {
            long pid = ProcessHandle.current().pid();
            OptionalLong start = startTicks(pid);
            if (start.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(new OwnerStamp(currentUid(), bootId(), pidNamespace(), pid, start.getAsLong()));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The real user id of this process (the owner of {@code /proc/self}). */
    public static long currentUid() throws IOException {
        return ((Number) Files.getAttribute(Paths.get("/proc/self"), "unix:uid")).longValue();
    }

    public long uid() {
        return uid;
    }

    public long pid() {
        return pid;
    }

    /**
     * True when this stamp's maker is provably gone, judged by {@code here} (the stamp of the
     * process judging): same user, boot and pid namespace, and no live process with the same pid
     * and start time.
     */
    public boolean provesGoneFrom(OwnerStamp here) {
        if (uid != here.uid || !bootId.equals(here.bootId) || !pidNamespace.equals(here.pidNamespace)) {
            return false;
        }
        OptionalLong now = startTicks(pid);
        return now.isEmpty() || now.getAsLong() != startTicks;
    }

    /** The marker's text. */
    String text() {
        return "uid=" + uid + "\nbootId=" + bootId + "\npidNamespace=" + pidNamespace + "\npid=" + pid
                + "\nstartTicks=" + startTicks + "\n";
    }

    /** Writes the marker into the open folder {@code dir}; fails when one is there already. */
    void writeInto(SecureDirectoryStream<Path> dir) throws IOException {
        try (SeekableByteChannel out = dir.newByteChannel(Paths.get(MARKER),
                Set.<OpenOption>of(StandardOpenOption.WRITE, StandardOpenOption.CREATE_NEW, LinkOption.NOFOLLOW_LINKS))) {
            ByteBuffer bytes = ByteBuffer.wrap(text().getBytes(StandardCharsets.UTF_8));
            while (bytes.hasRemaining()) {
                out.write(bytes);
            }
        }
    }

    /**
     * Reads the marker of the open folder {@code dir} without following a link; empty when there
     * is none, it is not a small regular file, or it does not parse.
     */
    static Optional<OwnerStamp> readFrom(SecureDirectoryStream<Path> dir) {
        Path name = Paths.get(MARKER);
        try {
            java.nio.file.attribute.BasicFileAttributes attributes = dir
                    .getFileAttributeView(name, java.nio.file.attribute.BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                    .readAttributes();
            if (!attributes.isRegularFile() || attributes.size() > MAX_MARKER_BYTES) {
                return Optional.empty();
            }
            ByteBuffer buffer = ByteBuffer.allocate(MAX_MARKER_BYTES + 1);
            try (SeekableByteChannel in = dir.newByteChannel(name, Set.<OpenOption>of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS))) {
                while (buffer.hasRemaining() && in.read(buffer) > 0) {
                    // fill
                }
            }
            if (buffer.position() > MAX_MARKER_BYTES) {
                return Optional.empty();
            }
            return parse(new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    static Optional<OwnerStamp> parse(String text) {
        Properties p = new Properties();
        try {
            p.load(new java.io.StringReader(text));
            return Optional.of(new OwnerStamp(Long.parseLong(p.getProperty("uid")), Objects.requireNonNull(p.getProperty("bootId")),
                    Objects.requireNonNull(p.getProperty("pidNamespace")), Long.parseLong(p.getProperty("pid")),
                    Long.parseLong(p.getProperty("startTicks"))));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static String bootId() throws IOException {
        String id = new String(Files.readAllBytes(Paths.get("/proc/sys/kernel/random/boot_id")), StandardCharsets.US_ASCII).trim();
        if (id.isEmpty()) {
            throw new IOException("empty boot id");
        }
        return id;
    }

    /** {@code pid:[4026531836]}: the link's text names the namespace's inode. */
    private static String pidNamespace() throws IOException {
        return Files.readSymbolicLink(Paths.get("/proc/self/ns/pid")).toString();
    }

    /** Field 22 of {@code /proc/<pid>/stat}, read after the command name (which may hold spaces and parentheses). */
    static OptionalLong startTicks(long pid) {
        String stat;
        try {
            stat = new String(Files.readAllBytes(Paths.get("/proc", Long.toString(pid), "stat")), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            return OptionalLong.empty();
        }
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            return OptionalLong.empty();
        }
        // fields[0] is field 3 (state); field 22 is fields[19]
        String[] fields = stat.substring(close + 1).trim().split(" ");
        if (fields.length < 20) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(fields[19]));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }
}
