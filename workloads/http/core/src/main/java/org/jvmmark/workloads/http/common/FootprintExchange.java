package org.jvmmark.workloads.http.common;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Properties;

/**
 * The driver asks the server for its footprint at the moments only the driver knows (idle before
 * the load, every connection held) through the trial's control directory, which both processes
 * share: the driver writes {@code footprint-<label>.request}, the server's server side's {@code FootprintMonitor}
 * answers with {@code footprint-<label>.properties}. Files, not a side channel on the server's own
 * port, so every server under test — ours, the user's jar, the native reference — is asked alike.
 * Stateless and thread-safe.
 */
public final class FootprintExchange {
    private FootprintExchange() {
    }

    /**
     * A label that starts with this asks for the footprint as it is, without the full collection the answer is
     * otherwise taken after: the resident set while requests are held, which a collection would shrink.
     */
    public static final String AS_IS = "as-is-";

    /** Whether the answer to {@code label} is taken after a full collection (heap used is then what is live). */
    public static boolean collects(String label) {
        return !label.startsWith(AS_IS);
    }

    public static Path request(Path controlDir, String label) {
        return controlDir.resolve("footprint-" + label + ".request");
    }

    public static Path answer(Path controlDir, String label) {
        return controlDir.resolve("footprint-" + label + ".properties");
    }

    /**
     * Asks and waits up to {@code timeoutMillis} for the answer.
     *
     * @return the footprint, or {@code null} when no server answered (a server started without jvmmark)
     */
    public static Footprint ask(Path controlDir, String label, long timeoutMillis) throws IOException, InterruptedException {
        if (controlDir == null) {
            return null;
        }
        Files.createDirectories(controlDir);
        Files.write(request(controlDir, label), new byte[0]);
        Path answer = answer(controlDir, label);
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (!Files.exists(answer)) {
            if (System.nanoTime() - deadline > 0) {
                return null;
            }
            Thread.sleep(10);
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(answer, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        return Footprint.of(p);
    }

    /** Writes the answer atomically. */
    public static void answer(Path controlDir, String label, Footprint f) throws IOException {
        Path target = answer(controlDir, label);
        Path tmp = controlDir.resolve(target.getFileName() + ".tmp");
        try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            f.toProperties().store(w, "footprint " + label);
        }
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
