package org.jvmmark.workloads.chronicle;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.UnsupportedWorkloadException;

/**
 * What every Chronicle Queue workload does before and while opening its queue: keep native
 * libraries out of {@code $HOME}, route the library's warnings to the trial log, and turn "this
 * JVM cannot run Chronicle" into an {@code unsupported} trial in the library's own words.
 * Stateless; thread-safe.
 */
public final class ChronicleSetup {
    private ChronicleSetup() {
    }

    /**
     * Prepares this JVM for Chronicle Queue; call before the library is first used.
     *
     * @throws UnsupportedWorkloadException when Chronicle refuses this JVM (its {@code Jvm} class
     *     checks the JVM in its static initialiser)
     */
    public static ChronicleLog prepare(TrialContext ctx) throws IOException, UnsupportedWorkloadException {
        keepNativeLibrariesOutOfHome(ctx.workDir());
        try {
            return ChronicleLog.install(ctx::log);
        } catch (Throwable t) {
            throw new UnsupportedWorkloadException("Chronicle Queue cannot run on this JVM: " + ChronicleLog.rootCause(t), t);
        }
    }

    /**
     * Builds the queue and makes sure it can append.
     *
     * @throws UnsupportedWorkloadException when Chronicle Queue cannot run on this JVM, with the
     *     library's own reason — e.g. it fell back to a read-only table store because a required
     *     {@code --add-exports} is missing, where appending would fail and a reader wait forever
     */
    public static ChronicleQueue open(SingleChronicleQueueBuilder builder, Path dir, ChronicleLog log)
            throws UnsupportedWorkloadException {
        ChronicleQueue queue;
        try {
            queue = builder.build();
        } catch (Throwable t) {
            throw new UnsupportedWorkloadException("Chronicle Queue cannot run on this JVM: " + log.reason(t), t);
        }
        try {
            // Appenders are bound to their thread, so this one is only a probe: a queue that fell
            // back to read-only refuses it here rather than mid-benchmark.
            queue.createAppender().close();
        } catch (RuntimeException e) {
            queue.close();
            throw new UnsupportedWorkloadException("Chronicle Queue cannot append in " + dir + ": " + log.reason(e), e);
        }
        return queue;
    }

    /**
     * JNA (loaded by Chronicle's dependencies) unpacks its native library under
     * {@code $HOME/.cache/JNA} unless told otherwise; a benchmark must not write to {@code $HOME}.
     * The trial's scratch directory is removed by the runner.
     */
    static void keepNativeLibrariesOutOfHome(Path workDir) throws IOException {
        if (System.getProperty("jna.tmpdir") == null) {
            Path nativeDir = Files.createDirectories(workDir.resolve("native"));
            System.setProperty("jna.tmpdir", nativeDir.toString());
        }
    }

    /** The Chronicle Queue version on the classpath, from its Maven metadata, or {@code unknown}. */
    public static String queueVersion() {
        String resource = "/META-INF/maven/net.openhft/chronicle-queue/pom.properties";
        try (InputStream in = ChronicleSetup.class.getResourceAsStream(resource)) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
