package org.jvmmark.runner.cli;

import java.net.InetAddress;
import java.util.Map;
import org.jvmmark.history.HistoryDatabase;
import org.jvmmark.results.Results;
import org.jvmmark.runner.fork.ContainerLimits;
import picocli.CommandLine.Option;
import org.jvmmark.runner.base.UserException;

/**
 * {@code --history} and {@code --machine}, shared by {@code run} and {@code tune} (through {@link SessionOptions}) and
 * every {@code history} command.
 * Default database: {@code $JVMMARK_HISTORY} when set, else the embedded SQLite file in the user's
 * data directory. Not thread-safe (picocli fills it).
 */
public final class HistoryOptions {
    @Option(names = "--history", paramLabel = "off|FILE|jdbc:postgresql://HOST/DB",
            description = "History database (default: $JVMMARK_HISTORY, else ~/.local/share/jvmmark/history.db; 'off' records nothing)."
                    + " PostgreSQL credentials come from PGUSER/PGPASSWORD or ~/.pgpass.")
    String history;

    @Option(names = "--machine", paramLabel = "LABEL",
            description = "The machine label that keeps series from different hosts apart (default: host name and CPU model;"
                    + " a run with --cpus or --memory adds ' inside 1 CPU / 512 MiB').")
    String machine;

    /** The chosen target, or null for off. */
    public String target() {
        String t = history != null ? history : System.getenv("JVMMARK_HISTORY");
        if (t == null || t.isBlank()) {
            return HistoryDatabase.defaultFile().toString();
        }
        return t.equals("off") ? null : t;
    }

    /** @throws UserException for a target that cannot be a history database */
    HistoryDatabase database() {
        String t = target();
        if (t == null) {
            throw new UserException("--history off: there is no history to read");
        }
        try {
            return HistoryDatabase.of(t);
        } catch (IllegalArgumentException e) {
            throw new UserException(e.getMessage());
        }
    }

    /**
     * The label for a run: {@code --machine}, else the file's host name and CPU model; a run inside the user's container
     * ({@code --cpus} or {@code --memory}) adds it ("… inside 1 CPU / 512 MiB"), so that its series stay apart from the
     * host's: the JVM's own defaults differ there.
     */
    public String machine(Results r) {
        ContainerLimits limits = ContainerLimits.of(r.command().shared().container());
        String inside = limits.cpus() == null && limits.memoryBytes() == null ? "" : " inside " + limits.label();
        return hostLabel(r) + inside;
    }

    private String hostLabel(Results r) {
        if (machine != null && !machine.isBlank()) {
            return machine;
        }
        Map<String, String> host = r.host();
        String name = host.getOrDefault("hostname", "");
        if (name.isEmpty()) {
            try {
                name = InetAddress.getLocalHost().getHostName();
            } catch (java.io.IOException e) {
                name = "unknown host";
            }
        }
        String cpu = host.getOrDefault("cpuModel", "");
        return cpu.isEmpty() ? name : name + " (" + cpu + ")";
    }
}
