package org.jvmmark.runner.instruments;

import java.nio.file.Path;

/**
 * Where the instruments of one JVM under test write: its trial's log directory, with the same
 * prefix as its stdout and stderr logs ({@code jvm}, or {@code server} for a client/server
 * workload). Immutable.
 */
public record TrialFiles(Path logDir, String prefix) {
    public Path gcLog() {
        return logDir.resolve(prefix + "-gc.log");
    }

    public Path jfr() {
        return logDir.resolve(prefix + ".jfr");
    }

    public Path flameGraph() {
        return logDir.resolve(prefix + "-flamegraph.html");
    }
}
