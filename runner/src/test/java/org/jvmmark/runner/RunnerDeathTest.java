package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner killed outright (SIGKILL: no hook runs) mid-trial of {@code run http} with the user's
 * own server: nothing of the run may be left running or listening, and the user's server never saw
 * the runner's history password.
 */
class RunnerDeathTest {
    private static final String APP = """
            import com.sun.net.httpserver.HttpServer;
            import java.net.InetSocketAddress;
            import java.nio.file.*;
            public class App {
                public static void main(String[] args) throws Exception {
                    Files.writeString(Path.of(args[0]), "PGPASSWORD=" + System.getenv("PGPASSWORD"));
                    HttpServer s = HttpServer.create(new InetSocketAddress("127.0.0.1", Integer.parseInt(System.getenv("PORT"))), 0);
                    s.createContext("/hello", x -> { byte[] b = "Hello, World!".getBytes();
                        x.sendResponseHeaders(200, b.length); x.getResponseBody().write(b); x.close(); });
                    s.start();
                }
            }
            """;

    @TempDir
    Path dir;

    @Test
    void shouldLeaveNothingOfTheRunAliveWhenTheRunnerIsKilledMidTrial() throws Exception {
        Path jar = appJar();
        Path seen = dir.resolve("env-seen-by-app");
        ProcessBuilder pb = new ProcessBuilder(Cli.forkedCommand("run", "http", "--jdk", Cli.HOST_JDK, "--profile", "smoke",
                "--out", dir.resolve("out").toString(), "--history", "off", "--param", "server=app", "--param", "app=" + jar,
                "--param", "appArgs=" + seen, "--param", "url=http://127.0.0.1:{port}/hello", "--param", "seconds=60",
                "--param", "warmupSeconds=0", "--param", "appStartSeconds=20"))
                .redirectOutput(dir.resolve("runner.log").toFile()).redirectErrorStream(true);
        pb.environment().put("PGPASSWORD", "s3cret");
        Process runner = pb.start();
        try {
            long until = System.nanoTime() + 120_000_000_000L;
            while (!Files.exists(seen) && System.nanoTime() < until && runner.isAlive()) {
                Thread.sleep(200);
            }
            assertTrue(Files.exists(seen), "the app never started: " + Files.readString(dir.resolve("runner.log")) + logs());
            Thread.sleep(2000); // mid-trial: the driver is running too
            assertTrue(ofTheRun().size() >= 3, "server JVM, app and driver should be running: " + ofTheRun());
        } finally {
            runner.destroyForcibly(); // SIGKILL
            runner.waitFor();
        }
        long until = System.nanoTime() + 20_000_000_000L;
        while (!ofTheRun().isEmpty() && System.nanoTime() < until) {
            Thread.sleep(250);
        }
        assertEquals(List.of(), ofTheRun(), "left running after the runner died");
        assertEquals("PGPASSWORD=null", Files.readString(seen));
    }

    private String logs() throws IOException {
        try (Stream<Path> files = Files.walk(dir.resolve("out"))) {
            StringBuilder b = new StringBuilder();
            for (Path f : files.filter(p -> p.toString().endsWith(".log")).collect(Collectors.toList())) {
                b.append("\n--- ").append(f.getFileName()).append(":\n").append(Files.readString(f));
            }
            return b.toString();
        }
    }

    /** Command lines of live processes that name this test's directory (every process of the run does). */
    private List<String> ofTheRun() throws IOException {
        String mark = dir.toString();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            return procs.filter(p -> p.getFileName().toString().matches("\\d+"))
                    .map(p -> {
                        try {
                            return new String(Files.readAllBytes(p.resolve("cmdline")), StandardCharsets.UTF_8).replace('\0', ' ');
                        } catch (IOException e) {
                            return "";
                        }
                    })
                    .filter(c -> c.contains(mark))
                    .collect(Collectors.toList());
        }
    }

    private Path appJar() throws IOException {
        Path src = Files.writeString(dir.resolve("App.java"), APP);
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", dir.toString(), src.toString()));
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "App");
        Path jar = dir.resolve("app.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), m)) {
            out.putNextEntry(new JarEntry("App.class"));
            out.write(Files.readAllBytes(dir.resolve("App.class")));
            out.closeEntry();
        }
        return jar;
    }
}
