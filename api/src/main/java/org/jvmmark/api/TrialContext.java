package org.jvmmark.api;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * Everything a running workload sees of the trial: its parameters (typed getters), profile, scratch
 * directory, result sink, and — for servers — the endpoint handshake with the runner.
 *
 * <p>Thread-safe.
 */
public final class TrialContext {
    /** File in the control directory where a server publishes its endpoint. */
    public static final String READY_FILE = "ready.properties";
    /** File the runner creates in the control directory to stop a server. */
    public static final String STOP_FILE = "stop";

    private final TrialSpec spec;
    private final TrialResult result = new TrialResult();
    private final Properties announced = new Properties();
    private final PrintStream log;

    public TrialContext(TrialSpec spec) {
        this(spec, System.err);
    }

    public TrialContext(TrialSpec spec, PrintStream log) {
        this.spec = spec;
        this.log = log;
    }

    public TrialSpec spec() {
        return spec;
    }

    public String profile() {
        return spec.profile();
    }

    public Map<String, String> params() {
        return spec.params();
    }

    /** A parameter's value; a missing one is a programming error in the workload's metadata. */
    public String param(String name) {
        String value = spec.params().get(name);
        if (value == null) {
            throw new IllegalArgumentException("parameter '" + name + "' was not supplied; known: " + spec.params().keySet());
        }
        return value;
    }

    public String param(String name, String fallback) {
        return spec.params().getOrDefault(name, fallback);
    }

    public long longParam(String name) {
        try {
            return Long.parseLong(param(name).replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("parameter '" + name + "' must be a whole number, not '" + param(name) + "'");
        }
    }

    public int intParam(String name) {
        long value = longParam(name);
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("parameter '" + name + "' must be between " + Integer.MIN_VALUE + " and "
                    + Integer.MAX_VALUE + ", not '" + param(name) + "'");
        }
        return (int) value;
    }

    public double doubleParam(String name) {
        try {
            return Double.parseDouble(param(name).replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("parameter '" + name + "' must be a number, not '" + param(name) + "'");
        }
    }

    public boolean booleanParam(String name) {
        return Boolean.parseBoolean(param(name));
    }

    /** The trial's own scratch directory (exists; removed by the runner after the trial). */
    public Path workDir() {
        return spec.workDir();
    }

    public TrialResult result() {
        return result;
    }

    /** A progress line for the person watching; goes to stderr, whose tail the runner keeps. */
    public void log(String line) {
        log.println("[jvmmark] " + line);
        log.flush();
    }

    /**
     * Publishes a key of this server's endpoint (e.g. {@code server.port}) to the runner, which
     * passes every announced key to the driver as a parameter. Call once per key, then
     * {@link #ready()}.
     */
    public synchronized void announce(String key, String value) {
        announced.setProperty(key, value);
    }

    /** Tells the runner the server accepts connections; writes the ready file atomically. */
    public synchronized void ready() throws IOException {
        Path dir = spec.controlDir();
        Files.createDirectories(dir);
        Path tmp = dir.resolve(READY_FILE + ".tmp");
        try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            announced.store(w, "endpoint");
        }
        Files.move(tmp, dir.resolve(READY_FILE), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** Blocks until the runner asks this server to stop (or {@code timeout} passes: returns false). */
    public boolean awaitStop(long timeout, TimeUnit unit) throws InterruptedException {
        Path stop = spec.controlDir().resolve(STOP_FILE);
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (!Files.exists(stop)) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.sleep(10);
        }
        return true;
    }
}
