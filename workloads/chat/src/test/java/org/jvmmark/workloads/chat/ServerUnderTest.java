package org.jvmmark.workloads.chat;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * One of our chat servers for a test: in this JVM, or — for {@code virtual} when the tests run on
 * a JDK older than 21 — in a forked JDK 21+ running {@link ChatServerMain}. Not thread-safe.
 */
final class ServerUnderTest implements Closeable {
    private final ChatServer inProcess;
    private final Process forked;
    private final int port;

    private ServerUnderTest(ChatServer inProcess, Process forked, int port) {
        this.inProcess = inProcess;
        this.forked = forked;
        this.port = port;
    }

    static ServerUnderTest start(String impl) throws IOException {
        return start(impl, ServerConfig.DEFAULT_MAX_QUEUED_LINES);
    }

    static ServerUnderTest start(String impl, int maxQueuedLines) throws IOException {
        if (!impl.equals("virtual") || Runtime.version().feature() >= 21) {
            ChatServer s = ChatServer.start(impl, ServerConfig.loopback().withMaxQueuedLines(maxQueuedLines));
            return new ServerUnderTest(s, null, s.port());
        }
        Optional<Path> java = jdk21OrLater();
        assumeTrue(java.isPresent(), "no JDK 21+ on this machine for the virtual-thread server");
        Process p = new ProcessBuilder(java.get().toString(), "-cp", System.getProperty("java.class.path"),
                ChatServerMain.class.getName(), "impl=virtual", "port=0", "maxQueuedLines=" + maxQueuedLines)
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine();
        if (line == null || !line.contains("listening on")) {
            p.destroyForcibly();
            throw new IOException("forked server did not start: " + line);
        }
        return new ServerUnderTest(null, p, Integer.parseInt(line.substring(line.lastIndexOf(':') + 1).trim()));
    }

    /** A JDK 21+ to fork: {@code JVMMARK_TEST_JDK21}, then the usual places. */
    static Optional<Path> jdk21OrLater() throws IOException {
        List<Path> candidates = new ArrayList<>();
        String env = System.getenv("JVMMARK_TEST_JDK21");
        if (env != null) {
            candidates.add(Paths.get(env));
        }
        for (Path dir : List.of(Paths.get("/usr/lib/jvm"), Paths.get(System.getProperty("user.home"), ".cache/jvmmark/jdks"))) {
            if (Files.isDirectory(dir)) {
                try (Stream<Path> s = Files.list(dir)) {
                    s.sorted().forEach(candidates::add);
                }
            }
        }
        for (Path home : candidates) {
            Path java = home.resolve("bin/java");
            Path release = home.resolve("release");
            if (Files.isExecutable(java) && Files.isRegularFile(release)) {
                for (String l : Files.readAllLines(release)) {
                    if (l.startsWith("JAVA_VERSION=\"")) {
                        String v = l.substring("JAVA_VERSION=\"".length());
                        int feature = Integer.parseInt(v.split("[.\"]")[0]);
                        if (feature >= 21) {
                            return Optional.of(java);
                        }
                    }
                }
            }
        }
        return Optional.empty();
    }

    int port() {
        return port;
    }

    /** The in-process server's counters, or empty for a forked one. */
    Optional<ServerStats> stats() {
        return inProcess == null ? Optional.empty() : Optional.of(inProcess.stats());
    }

    @Override
    public void close() {
        if (inProcess != null) {
            inProcess.close();
        } else {
            forked.destroy();
            try {
                if (!forked.waitFor(5, TimeUnit.SECONDS)) {
                    forked.destroyForcibly();
                }
            } catch (InterruptedException e) {
                forked.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
