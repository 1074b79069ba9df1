package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bring your own server ({@code --param server=app --param app=PATH.jar --param url=...{port}...})
 * and the http workload's fault behaviour, with a small app jar built here: it serves
 * {@code /hello} on the port it is given, and on request crashes after a while or never listens.
 */
class HttpOwnServerTest {
    private static final String APP = """
            import com.sun.net.httpserver.HttpServer;
            import java.net.InetSocketAddress;
            public class App {
                static byte[] held;
                public static void main(String[] args) throws Exception {
                    int port = Integer.parseInt(System.getenv("PORT"));
                    String mode = args.length > 0 ? args[0] : "serve";
                    if (mode.equals("big")) { held = new byte[256 << 20]; java.util.Arrays.fill(held, (byte) 1); }
                    if (mode.equals("deaf")) { Thread.sleep(60_000); return; }
                    HttpServer s = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
                    s.createContext("/hello", x -> { byte[] b = "Hello, World!".getBytes();
                        x.sendResponseHeaders(200, b.length); x.getResponseBody().write(b); x.close(); });
                    s.start();
                    if (mode.startsWith("crash")) { Thread.sleep(Long.parseLong(mode.substring(5))); Runtime.getRuntime().halt(3); }
                }
            }
            """;

    @TempDir
    static Path dir;
    static Path jar;

    @BeforeAll
    static void buildApp() throws Exception {
        Path src = Files.writeString(dir.resolve("App.java"), APP);
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", dir.toString(), src.toString()));
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "App");
        jar = dir.resolve("app.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), m)) {
            out.putNextEntry(new JarEntry("App.class"));
            out.write(Files.readAllBytes(dir.resolve("App.class")));
            out.closeEntry();
        }
    }

    private static JsonNode trial(Path out, String appArgs, String url, int expectedStatus) throws Exception {
        Cli.Result r = Cli.run("run", "http", "--jdk", Cli.HOST_JDK, "--profile", "smoke", "--out", out.toString(),
                "--param", "server=app", "--param", "app=" + jar, "--param", "appArgs=" + appArgs, "--param", "url=" + url,
                "--param", "seconds=2", "--param", "warmupSeconds=0", "--param", "appStartSeconds=3");
        assertEquals(expectedStatus, r.status(), r.out() + r.err());
        return Cli.results(out).path("trials").get(0);
    }

    @Test
    void shouldDriveTheUsersOwnJarOnTheJdkUnderTest() throws Exception {
        JsonNode t = trial(dir.resolve("ok"), "serve", "http://127.0.0.1:{port}/hello", 0);
        assertEquals("ok", t.path("status").asText(), t.path("error").asText());
        assertEquals("default", t.path("variant").asText());
        assertTrue(t.path("metrics").path("requestsPerSecond").path("value").asDouble() > 0);
        assertTrue(t.path("metrics").path("serverPeakRss").path("value").asLong() > 0, "the app's own RSS");
        assertTrue(t.path("driver").path("info").path("holdNote").asText().contains("sleepUrl"), t.toString());
    }

    /**
     * The console's and the report's peak RSS is the user's server's, not that of the JVM that started it: an app that
     * holds 256 MiB peaks far above its launcher.
     */
    @Test
    void shouldReportTheOwnServersPeakRssNotTheLaunchers() throws Exception {
        Path out = dir.resolve("big");
        JsonNode t = trial(out, "big", "http://127.0.0.1:{port}/hello", 0);
        assertEquals("ok", t.path("status").asText(), t.path("error").asText());
        JsonNode p = t.path("process");
        long peak = p.path("peakRssBytes").asLong();
        long launcher = p.path("launcherPeakRssBytes").asLong();
        assertTrue(peak > 256L << 20, "the app's tree holds 256 MiB: " + p);
        assertTrue(launcher > 0 && launcher < peak, "the launching JVM's own peak is kept apart: " + p);
        assertEquals(t.path("info").path("serverPid").asLong(), p.path("peakRssPid").asLong(), p.toString());
        assertTrue(peak >= t.path("metrics").path("serverPeakRss").path("value").asLong(), "at least what the workload saw: " + t);
        String md = Files.readString(out.resolve("report.md"));
        String shown = org.jvmmark.report.numbers.Format.value(peak, "bytes");
        assertTrue(md.contains(shown), "the report's peak RSS is the app's (" + shown + "):\n" + md);
    }

    @Test
    void shouldFailTheRowWhenTheServerCrashesMidRun() throws Exception {
        JsonNode t = trial(dir.resolve("crash"), "crash1500", "http://127.0.0.1:{port}/hello", 1);
        assertEquals("failed", t.path("status").asText());
        assertTrue(t.path("error").asText().matches("driver: validation failed: the server process \\(pid \\d+\\) died mid-run.*"),
                t.path("error").asText());
    }

    @Test
    void shouldSayInOneLineThatTheAppNeverListened() throws Exception {
        JsonNode t = trial(dir.resolve("deaf"), "deaf", "http://127.0.0.1:{port}/hello", 1);
        assertEquals("failed", t.path("status").asText());
        assertTrue(t.path("error").asText().matches("server never became ready: IllegalStateException: the user's app.jar on JDK \\d+"
                + " never listened on 127.0.0.1:\\d+ within 3 s \\(it was told the port as PORT, -Dserver.port and \\{port\\} in appArgs\\)"),
                t.path("error").asText());
    }

    @Test
    void shouldFailAWrongUrlWithTheStatusItGot() throws Exception {
        JsonNode t = trial(dir.resolve("url"), "serve", "http://127.0.0.1:{port}/helo", 1);
        assertEquals("failed", t.path("status").asText());
        assertEquals("driver: validation failed: GET /helo answered 404 (expected 200 with the 13-byte body 'Hello, World!')",
                t.path("error").asText());
    }

    private static JsonNode mixTrial(Path out, String mix, int expectedStatus) throws Exception {
        Path file = Files.writeString(dir.resolve(out.getFileName() + ".json"), mix);
        Cli.Result r = Cli.run("run", "http", "--jdk", Cli.HOST_JDK, "--profile", "smoke", "--out", out.toString(),
                "--param", "server=app", "--param", "app=" + jar, "--param", "url=http://127.0.0.1:{port}/hello",
                "--param", "mix=" + file, "--param", "seconds=2", "--param", "warmupSeconds=0", "--param", "appStartSeconds=3");
        assertEquals(expectedStatus, r.status(), r.out() + r.err());
        return expectedStatus == 2 ? null : Cli.results(out).path("trials").get(0);
    }

    /** A mix entry answered with another status than it expects: that entry's errors, and the trial says which. */
    @Test
    void shouldCountAWrongStatusAsThatEndpointsError() throws Exception {
        JsonNode t = mixTrial(dir.resolve("mixstatus"), "{\"requests\": [{\"name\": \"hello\", \"path\": \"/hello\", \"weight\": 999},"
                + " {\"name\": \"created\", \"path\": \"/hello\", \"status\": 201, \"weight\": 1}]}", 1);
        assertEquals("failed", t.path("status").asText());
        assertEquals("driver: validation failed: endpoint created (GET /hello): none of its", t.path("error").asText().replaceAll(" \\d+ measured.*", ""),
                t.path("error").asText());
        assertTrue(t.path("error").asText().endsWith("created (GET /hello) answered with status 200 (expected 201)"), t.path("error").asText());
    }

    /** An endpoint the app does not have: one line naming it and what it answered. */
    @Test
    void shouldSayWhichEndpointIsUnreachable() throws Exception {
        JsonNode t = mixTrial(dir.resolve("mixmissing"), "{\"requests\": [{\"name\": \"hello\", \"path\": \"/hello\"},"
                + " {\"name\": \"orders\", \"method\": \"POST\", \"path\": \"/orders\", \"body\": {\"item\": 1}, \"status\": 201}]}", 1);
        String error = t.path("error").asText();
        assertTrue(error.startsWith("driver: validation failed: ") && error.contains("orders (POST /orders) answered with status 404 (expected 201)")
                && !error.contains("\n"), error);
    }

    /** A malformed mix is refused before any trial: one line, exit 2, no results written. */
    @Test
    void shouldRefuseAMalformedMixBeforeAnyTrial() throws Exception {
        Path out = dir.resolve("mixbad");
        Path file = Files.writeString(dir.resolve("bad.json"), "{\"requests\": [{\"path\": \"/hello\", \"method\": \"FETCH\"}]}");
        Cli.Result r = Cli.run("run", "http", "--jdk", Cli.HOST_JDK, "--profile", "smoke", "--out", out.toString(),
                "--param", "server=app", "--param", "app=" + jar, "--param", "mix=" + file);
        assertEquals(2, r.status(), r.out() + r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("http: mix " + file + ": request 1: unknown method 'FETCH'; valid: GET, POST"), r.err());
        assertTrue(!Files.exists(out.resolve("results.json")), "no trial ran");
    }
}
