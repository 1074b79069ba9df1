package org.jvmmark.workloads.http.server;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jvmmark.api.UnsupportedWorkloadException;
import org.jvmmark.workloads.http.common.AppUrl;

/**
 * A server that is a process of its own, started and watched by the workload's JVM: the user's jar
 * ({@code server=app}: run on this JVM's own {@code java}, so "on each JDK" means what it says,
 * with this JVM's {@code -X} flags) or the native reference ({@code server=axum}: a Rust axum 0.8
 * binary built by the project's {@code build.sh} with cargo). Its output goes to files in the
 * trial's work directory; the last line of its stderr explains a failure. Not thread-safe.
 */
final class ExternalServer implements ServerUnderTest {
    private final List<String> command;
    private final String description;
    private final int fixedPort;
    private final String host;
    private final long startSeconds;
    private final boolean printsPort;
    private Process process;
    private Path stderr;

    private ExternalServer(List<String> command, String description, String host, int fixedPort, long startSeconds, boolean printsPort) {
        this.command = command;
        this.description = description;
        this.host = host;
        this.fixedPort = fixedPort;
        this.startSeconds = startSeconds;
        this.printsPort = printsPort;
    }

    /**
     * The native reference: builds it (a second when up to date) and runs it on any free port.
     *
     * @throws UnsupportedWorkloadException when cargo is not installed: the row says so
     */
    static ExternalServer axum(ServerSettings s) throws IOException, InterruptedException, UnsupportedWorkloadException {
        Path script = axumSources().resolve("build.sh");
        if (!Files.isRegularFile(script)) {
            throw new IllegalStateException("the axum reference's sources are not in " + script.getParent() + ": rebuild jvmmark (./mvnw package)");
        }
        Path log = s.workDir().resolve("axum-build.log");
        Files.createDirectories(s.workDir());
        Process build = new ProcessBuilder("sh", script.toString()).redirectError(log.toFile()).start();
        String binary;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(build.getInputStream(), StandardCharsets.UTF_8))) {
            binary = out.readLine();
        }
        if (!build.waitFor(15, TimeUnit.MINUTES)) {
            build.destroyForcibly();
            throw new IllegalStateException("building the axum reference took more than 15 minutes");
        }
        if (build.exitValue() == 3) {
            throw new UnsupportedWorkloadException("not a JVM: the axum (Rust) reference needs cargo to build it, and there is no cargo on PATH"
                    + " (install Debian's cargo or rustup)");
        }
        if (build.exitValue() != 0 || binary == null) {
            throw new IllegalStateException("building the axum reference failed (" + lastLine(log) + "); log: " + log);
        }
        List<String> command = new ArrayList<>();
        command.add(binary);
        command.add(s.host());
        command.add(Integer.toString(s.port()));
        command.add(Long.toString(s.sleepMillis()));
        return new ExternalServer(command, "axum 0.8 on tokio (Rust, native: not a JVM)", s.host(), 0, 30, true);
    }

    /** Where the build copies the axum project: beside this workload's jar. */
    static Path axumSources() {
        try {
            Path jar = Paths.get(ExternalServer.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return jar.getParent().resolve("axum");
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The user's jar, told its port three ways: {@code PORT} in its environment,
     * {@code -Dserver.port}, and {@code {port}} in {@code appArgs}.
     *
     * @param url the URL template ({@code http://127.0.0.1:{port}/...}, or a fixed port)
     */
    static ExternalServer app(String jar, String appArgs, AppUrl url, long startSeconds) throws IOException {
        Path path = Paths.get(jar).toAbsolutePath();
        if (!Files.isRegularFile(path)) {
            throw new IllegalArgumentException("http: app jar " + path + " does not exist");
        }
        int port = url.fixedPort() > 0 ? url.fixedPort() : freePort(url.host());
        if (url.fixedPort() > 0 && accepts(url.host(), port)) {
            throw new IllegalArgumentException("http: " + url.host() + ":" + port + " is already in use by another process,"
                    + " so the app's server would not be the one measured; use {port} in the url or free the port");
        }
        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (arg.startsWith("-X")) {
                command.add(arg);
            }
        }
        command.add("-Dserver.port=" + port);
        command.add("-jar");
        command.add(path.toString());
        for (String arg : appArgs.trim().split("\\s+")) {
            if (!arg.isEmpty()) {
                command.add(arg.replace("{port}", Integer.toString(port)));
            }
        }
        return new ExternalServer(command, "the user's " + path.getFileName() + " on JDK " + Runtime.version().feature(),
                url.host(), port, startSeconds, false);
    }

    @Override
    public int start(ServerSettings s) throws IOException, InterruptedException {
        Files.createDirectories(s.workDir());
        stderr = s.workDir().resolve("server.stderr");
        ProcessBuilder pb = new ProcessBuilder(command).redirectError(stderr.toFile());
        if (fixedPort > 0) {
            pb.environment().put("PORT", Integer.toString(fixedPort));
            pb.redirectOutput(s.workDir().resolve("server.stdout").toFile());
        }
        process = pb.start();
        return printsPort ? readPort() : awaitListening();
    }

    private int readPort() throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine();
        if (line == null || !line.startsWith("listening ")) {
            throw new IllegalStateException(description + " did not start: " + lastLine(stderr));
        }
        Thread drain = new Thread(() -> {
            try {
                while (out.readLine() != null) {
                    // discard
                }
            } catch (IOException e) {
                // the server is gone
            }
        }, "jvmmark-server-stdout");
        drain.setDaemon(true);
        drain.start();
        return Integer.parseInt(line.substring("listening ".length()).trim());
    }

    private int awaitListening() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(startSeconds);
        while (!accepts(host, fixedPort)) {
            if (!process.isAlive()) {
                throw new IllegalStateException(description + " exited with status " + process.exitValue()
                        + " before it listened on " + host + ":" + fixedPort + ": " + lastLine(stderr));
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException(description + " never listened on " + host + ":" + fixedPort + " within "
                        + startSeconds + " s (it was told the port as PORT, -Dserver.port and {port} in appArgs)");
            }
            Thread.sleep(50);
        }
        return fixedPort;
    }

    static boolean accepts(String host, int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static int freePort(String host) throws IOException {
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress(host, 0));
            return s.getLocalPort();
        }
    }

    static String lastLine(Path file) {
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = lines.size() - 1; i >= 0; i--) {
                if (!lines.get(i).trim().isEmpty()) {
                    return lines.get(i).trim();
                }
            }
            return "no output on stderr";
        } catch (IOException e) {
            return "no output on stderr";
        }
    }

    @Override
    public long pid() {
        return process.pid();
    }

    @Override
    public boolean inThisJvm() {
        return false;
    }

    /** The server's exit, or {@code null} while it runs. */
    String exitReason() {
        return process != null && !process.isAlive()
                ? description + " exited with status " + process.exitValue() + ": " + lastLine(stderr) : null;
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public void close() throws InterruptedException {
        if (process != null && process.isAlive()) {
            process.destroy();
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        }
    }
}
