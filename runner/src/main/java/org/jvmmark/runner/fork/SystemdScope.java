package org.jvmmark.runner.fork;

import org.jvmmark.runner.base.ShortProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The JVM under test in a transient systemd scope with the limits as its properties: {@code systemd-run --scope
 * --quiet --collect -p CPUQuota=150% -p MemoryMax=536870912 -- java ...} (with {@code --user} when the runner is not
 * root). On a cgroup v2 host whose cgroup the runner cannot hand controllers from, systemd can: it owns the hierarchy
 * and makes the scope where the controllers are. {@code systemd-run --scope} registers the scope and execs the command
 * in it, so the process's pid stays the JVM's. Used only where systemd runs (its {@code /run/systemd/system}) and
 * {@code systemd-run} is installed. The OOM killer's kills are not read back in a scope (its cgroup is systemd's); a
 * JVM killed at the limit reads as killed by a signal.
 *
 * <p>Immutable, hence thread-safe.
 *
 * @param systemdRun the {@code systemd-run} executable
 * @param user whether to ask the user's own systemd ({@code --user}: the runner is not root)
 */
record SystemdScope(Path systemdRun, boolean user) {
    /** Where the JVM asks systemd to answer: a place systemd creates when it runs as the init system. */
    static final Path SYSTEMD_RUNNING = Path.of("/run/systemd/system");
    private static final List<Path> SEARCH = List.of(Path.of("/usr/bin/systemd-run"), Path.of("/bin/systemd-run"));

    /** This machine's, or null where systemd does not run or {@code systemd-run} is missing. */
    static SystemdScope current(boolean root) {
        return find(SYSTEMD_RUNNING, SEARCH, root);
    }

    /** The scope {@code running} and {@code candidates} allow (parameters, so that a test can stand in for systemd). */
    static SystemdScope find(Path running, List<Path> candidates, boolean root) {
        if (!Files.isDirectory(running)) {
            return null;
        }
        return candidates.stream().filter(Files::isExecutable).findFirst().map(p -> new SystemdScope(p, !root)).orElse(null);
    }

    /** The words before the JVM's command line that put it in a scope with these limits. */
    List<String> prefix(Double cpus, Long memoryBytes) {
        List<String> words = new ArrayList<>(List.of(systemdRun.toString()));
        if (user) {
            words.add("--user");
        }
        words.addAll(List.of("--scope", "--quiet", "--collect"));
        if (cpus != null) {
            words.addAll(List.of("-p", "CPUQuota=" + cpuQuotaPercent(cpus) + "%"));
        }
        if (memoryBytes != null) {
            words.addAll(List.of("-p", "MemoryMax=" + memoryBytes));
        }
        words.add("--");
        return words;
    }

    /** systemd's CPUQuota of {@code cpus} CPUs: a percentage of one CPU's time, Docker's 1 ms a 100 ms period at least. */
    static String cpuQuotaPercent(double cpus) {
        long micros = Cgroup.quotaMicros(cpus);
        return micros % 1000 == 0 ? Long.toString(micros / 1000) : String.format(Locale.ROOT, "%.1f", micros / 1000.0);
    }

    /** What {@code --cpus}/{@code --memory} become: "a transient systemd scope (CPUQuota=150%, MemoryMax=...)". */
    String how(Double cpus, Long memoryBytes) {
        List<String> props = new ArrayList<>();
        if (cpus != null) {
            props.add("CPUQuota=" + cpuQuotaPercent(cpus) + "%");
        }
        if (memoryBytes != null) {
            props.add("MemoryMax=" + memoryBytes);
        }
        return "a transient systemd scope per trial (systemd-run" + (user ? " --user" : "") + " --scope -p " + String.join(" -p ", props)
                + ")";
    }

    /**
     * Starts {@code true} in such a scope: systemd's refusal (no user manager, a property it does not know) becomes an
     * exception here, before any trial.
     */
    void check(Double cpus, Long memoryBytes) throws IOException {
        List<String> command = new ArrayList<>(prefix(cpus, memoryBytes));
        command.add("true");
        ShortProcess.Result r = ShortProcess.run(command, null, Duration.ofSeconds(20));
        if (!r.ok()) {
            String said = r.output().strip();
            throw new IOException(String.join(" ", command) + " failed" + (said.isEmpty() ? "" : ": " + said.lines().findFirst().orElse("")));
        }
    }
}
