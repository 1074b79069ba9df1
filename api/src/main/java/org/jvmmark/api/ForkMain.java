package org.jvmmark.api;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Entry point of every forked JVM: {@code ForkMain <spec.properties> <result.json>}.
 *
 * <p>Reads the {@link TrialSpec}, runs the workload, and writes the outcome — {@code ok},
 * {@code failed} or {@code unsupported}, with a one-line reason — together with what the workload
 * recorded and a description of this JVM. The result file is written atomically (temp file, then
 * rename), so the runner sees either a whole result or none; a JVM that dies before this point
 * leaves no result, which the runner reports as such.
 */
public final class ForkMain {
    public static final String SCHEMA = "jvmmark/trial-result/1";

    private ForkMain() {
    }

    public static void main(String[] args) {
        if (args.length != 2) {
            System.err.println("usage: " + ForkMain.class.getName() + " <spec.properties> <result.json>");
            System.exit(2);
        }
        watchParent();
        Map<String, Object> outcome = runTrial(Paths.get(args[0]));
        try {
            writeAtomically(Paths.get(args[1]), Json.write(outcome));
        } catch (IOException e) {
            System.err.println("jvmmark: cannot write result " + args[1] + ": " + e);
            System.exit(1);
        }
        // Workloads may leave non-daemon threads behind; the trial is over.
        System.exit(0);
    }

    /**
     * Ends this JVM when the process that forked it is gone. The runner kills its children when it
     * is stopped or interrupted, but not when it is itself killed outright ({@code kill -9}, an OOM
     * kill); a server or a spinning producer left behind would then skew every later measurement
     * on the machine. {@link ProcessHandle#onExit()} watches on the JDK's own daemon thread.
     *
     * <p>Its own descendants are signalled first (SIGTERM, then SIGKILL with the halt): the user's
     * server or a native reference server started by a workload must not outlive the trial.
     *
     * <p>The JVM exits through {@link System#exit} so that workloads' shutdown hooks run (a queue
     * of gigabytes on disk is removed, a cgroup left); a hook that hangs is cut short by a halt
     * {@value #HOOKS_GRACE_SECONDS} s later.
     */
    private static void watchParent() {
        ProcessHandle.current().parent().ifPresent(parent -> parent.onExit().thenRun(() -> {
            System.err.println("jvmmark: the process that started this trial is gone; stopping");
            // what this JVM started (the user's server=app jar, axum, ngircd) goes too: SIGTERM now,
            // SIGKILL with the halt; once this JVM is gone they would be orphans no one tracks
            java.util.List<ProcessHandle> started = descendants();
            started.forEach(ProcessHandle::destroy);
            Thread halt = new Thread(() -> {
                try {
                    Thread.sleep(HOOKS_GRACE_SECONDS * 1000L);
                } catch (InterruptedException e) {
                    // halt now
                }
                started.forEach(ProcessHandle::destroyForcibly);
                descendants().forEach(ProcessHandle::destroyForcibly);
                Runtime.getRuntime().halt(143);
            }, "jvmmark-halt");
            halt.setDaemon(true);
            halt.start();
            System.exit(143);
        }));
    }

    static final int HOOKS_GRACE_SECONDS = 10;

    private static java.util.List<ProcessHandle> descendants() {
        try (java.util.stream.Stream<ProcessHandle> all = ProcessHandle.current().descendants()) {
            return all.collect(java.util.stream.Collectors.toList());
        }
    }

    /** Runs the trial described in {@code specFile}; never throws. */
    static Map<String, Object> runTrial(Path specFile) {
        String status = "ok";
        String error = null;
        TrialContext context = null;
        try {
            TrialSpec spec = TrialSpec.read(specFile);
            context = new TrialContext(spec);
            Workload workload = instantiate(spec.workloadClass());
            workload.run(context);
        } catch (ValidationException e) {
            status = "failed";
            error = "validation failed: " + oneLine(e.getMessage());
        } catch (UnsupportedWorkloadException e) {
            status = "unsupported";
            error = oneLine(e.getMessage());
        } catch (Throwable t) {
            status = "failed";
            error = describe(t);
            t.printStackTrace();
        }
        Map<String, Object> outcome = new LinkedHashMap<>();
        outcome.put("schema", SCHEMA);
        outcome.put("status", status);
        outcome.put("error", error);
        outcome.put("jvm", JvmDescription.current());
        if (context != null) {
            outcome.putAll(context.result().toMap());
        }
        return outcome;
    }

    private static Workload instantiate(String className) throws Exception {
        Class<?> type = Class.forName(className);
        if (!Workload.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException(className + " does not implement " + Workload.class.getName());
        }
        try {
            return (Workload) type.getDeclaredConstructor().newInstance();
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
        }
    }

    /** {@code SimpleName: message}, following causes until one has a message; one line. */
    static String describe(Throwable t) {
        Throwable shown = t;
        while (shown.getMessage() == null && shown.getCause() != null) {
            shown = shown.getCause();
        }
        String message = shown.getMessage();
        String name = shown.getClass().getSimpleName();
        return message == null ? name : name + ": " + oneLine(message);
    }

    private static String oneLine(String message) {
        if (message == null) {
            return "(no message)";
        }
        int eol = message.indexOf('\n');
        return (eol < 0 ? message : message.substring(0, eol)).trim();
    }

    static void writeAtomically(Path target, String text) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, target.getFileName().toString(), ".tmp");
        Files.write(tmp, text.getBytes(StandardCharsets.UTF_8));
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
