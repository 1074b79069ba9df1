package org.jvmmark.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Debian's headless Chromium, driven from the command line: {@code --dump-dom} gives the page as the
 * scripts left it, {@code --screenshot} a PNG. Chosen over Selenium because chromedriver is not part
 * of the project's test set-up and the page records everything the test needs (errors, charts drawn)
 * in DOM attributes. Shared by the report's and the history's browser tests; a test first calls
 * {@code OutsideTool.require("chromium", Chromium.BINARY)}. Every launch gets a fresh profile
 * directory and no network beyond the page.
 *
 * <p>Not thread-safe (one instance per test).
 */
public final class Chromium {
    public static final Path BINARY = Path.of("/usr/bin/chromium");
    private static final long TIMEOUT_SECONDS = 90;

    private final Path work;

    /** @param work where each launch's profile directory and captured output go */
    public Chromium(Path work) {
        this.work = work;
    }

    /** What one launch printed (a class, not a record: testkit compiles for Java 11). Immutable. */
    public static final class Output {
        private final String stdout;
        private final String stderr;

        Output(String stdout, String stderr) {
            this.stdout = stdout;
            this.stderr = stderr;
        }

        public String stdout() {
            return stdout;
        }

        public String stderr() {
            return stderr;
        }
    }

    /** The page as its scripts left it, opened at {@code fragment} ("#all", "#chat" or "") in a window of this size. */
    public Output dumpDom(Path page, String fragment, int width, int height) throws IOException, InterruptedException {
        return run(List.of("--window-size=" + width + "," + height, "--virtual-time-budget=10000", "--dump-dom",
                page.toUri() + fragment));
    }

    /** What a reader sees in a window of this size, opened at {@code fragment} ("#chat" scrolls to that section). */
    public Output screenshot(Path page, String fragment, Path png, int width, int height) throws IOException, InterruptedException {
        Files.deleteIfExists(png);
        return run(List.of("--hide-scrollbars", "--window-size=" + width + "," + height, "--virtual-time-budget=10000",
                "--screenshot=" + png.toAbsolutePath(), page.toUri() + fragment));
    }

    private Output run(List<String> args) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(work, "chromium-profile");
        List<String> cmd = new ArrayList<>(List.of(BINARY.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--no-first-run",
                "--enable-logging=stderr", "--v=0", "--user-data-dir=" + profile));
        cmd.addAll(args);
        Path out = work.resolve("chromium.out");
        Path err = work.resolve("chromium.err");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new IllegalStateException("chromium did not finish within " + TIMEOUT_SECONDS + " s: " + cmd);
        }
        return new Output(Files.readString(out), Files.readString(err));
    }
}
