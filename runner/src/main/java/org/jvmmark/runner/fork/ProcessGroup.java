package org.jvmmark.runner.fork;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Every child in a process group of its own, and a watchdog that kills that group when the runner is
 * gone — killed with SIGKILL, by the OOM killer, or crashed — so nothing of a run (the JVM under
 * test, the driver, the user's {@code server=app} jar, axum, ngircd: whatever the child starts stays
 * in its group) lives on to skew later runs.
 *
 * <p>How: the child is started through util-linux {@code setsid}, which execs it in place (the pid
 * stays the child's) as leader of a new session and process group; a tiny {@code sh} loop, itself in
 * a session of its own, polls once a second whether the runner's process still exists and, when it
 * does not, sends the group SIGTERM (shutdown hooks run: a queue in {@code /dev/shm} is removed) and,
 * three seconds later, SIGKILL. It exits by itself when the group is gone. Chosen over
 * {@code prctl(PR_SET_PDEATHSIG)}: that needs native code on JDK 17, reaches only the direct child
 * (not the server the child starts), and fires when the forking <em>thread</em> ends, which in a
 * JVM is not the runner's death. A process that leaves the group on purpose (its own {@code
 * setsid}) escapes, as it would any process-group scheme. Where {@code setsid} is missing, children
 * run as before, without a group or watchdog.
 *
 * <p>Stateless and thread-safe.
 */
final class ProcessGroup {
    private static final Path SETSID = find("setsid");
    private static final String WATCHDOG = "r=$1; g=$2\n"
            + "while [ -d /proc/$r ] && kill -0 -- -$g 2>/dev/null; do sleep 1; done\n"
            + "kill -0 -- -$g 2>/dev/null || exit 0\n"
            + "kill -TERM -- -$g 2>/dev/null; sleep 3; kill -KILL -- -$g 2>/dev/null\n";

    private ProcessGroup() {
    }

    static boolean available() {
        return SETSID != null;
    }

    /** {@code command} started as leader of a new process group (its pid is the group's id). */
    static List<String> wrap(List<String> command) {
        if (SETSID == null) {
            return command;
        }
        List<String> wrapped = new ArrayList<>();
        wrapped.add(SETSID.toString());
        wrapped.addAll(command);
        return wrapped;
    }

    /** Starts the watchdog of group {@code group}, which outlives nothing of the run. */
    static void watch(long group) throws IOException {
        if (SETSID == null) {
            return;
        }
        ProcessBuilder pb = new ProcessBuilder(SETSID.toString(), "sh", "-c", WATCHDOG, "jvmmark-watchdog",
                Long.toString(ProcessHandle.current().pid()), Long.toString(group))
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        ChildEnvironment.scrub(pb.environment());
        pb.start();
    }

    /** Sends {@code signal} ({@code TERM}, {@code KILL}) to every process of the group. */
    static void signal(long group, String signal) {
        if (SETSID == null) {
            return;
        }
        try {
            new ProcessBuilder("kill", "-" + signal, "--", "-" + group).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start().waitFor();
        } catch (IOException e) {
            // the group is gone or kill is missing: the descendants were signalled one by one as well
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Path find(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            Path p = Path.of(dir, tool);
            if (!dir.isEmpty() && Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }
}
