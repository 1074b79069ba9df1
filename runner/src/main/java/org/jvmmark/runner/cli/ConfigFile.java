package org.jvmmark.runner.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jvmmark.runner.base.UserException;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * {@code jvmmark.toml} in the working directory: the settings a team would otherwise repeat as flags on every command —
 * JDKs, workloads, parameters, the request mix, threshold, budget, history database, machine label — read through
 * picocli's default value provider, so a flag given on the command line overrides its key (a {@code --param} given
 * replaces the file's parameters as a whole), and what a run used is what its results file records as its command.
 * {@code jvmmark init} writes one with comments ({@link #TEMPLATE}).
 *
 * <p>Keys and the options they feed: {@code jdks} ({@code --jdk} of run and tune), {@code workloads} (run's
 * WORKLOAD arguments), {@code profile}, {@code threshold}, {@code budget}, {@code history}, {@code machine},
 * {@code mix} (run's {@code --mix}) and the table {@code [params]} (run's and tune's {@code --param KEY=VALUE}, one per
 * key). An unknown key or a value of the wrong shape is one line and exit 2 before anything runs.
 *
 * <p>Immutable after {@link #load}; thread-safe.
 */
public final class ConfigFile implements IDefaultValueProvider {
    public static final String NAME = "jvmmark.toml";
    private static final Set<String> KEYS = Set.of("jdks", "workloads", "profile", "threshold", "budget", "history", "machine", "mix",
            "params");
    /** Commands whose {@code --jdk} and {@code --param} mean the JDKs and parameters of a run (not jdks' or history's). */
    private static final Set<String> RUNNING = Set.of("run", "tune");

    private final Path file;
    private final Map<String, String> values;

    private ConfigFile(Path file, Map<String, String> values) {
        this.file = file;
        this.values = values;
    }

    /** The file of {@code dir}, or none (every default as built in). */
    public static ConfigFile load(Path dir) {
        Path f = dir.resolve(NAME);
        if (!Files.isRegularFile(f)) {
            return new ConfigFile(null, Map.of());
        }
        JsonNode root;
        try {
            root = new TomlMapper().readTree(f.toFile());
        } catch (IOException e) {
            throw new UserException(f + " is not TOML: " + e.getMessage().split("\\R", 2)[0]);
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = e.getKey();
            JsonNode v = e.getValue();
            if (!KEYS.contains(key)) {
                throw new UserException(f + ": unknown key '" + key + "'; valid: " + String.join(", ", new TreeSet<>(KEYS)));
            }
            if (key.equals("params")) {
                if (!v.isObject()) {
                    throw new UserException(f + ": params must be a table ([params] with KEY = \"VALUE\" lines)");
                }
                List<String> params = new ArrayList<>();
                v.fields().forEachRemaining(p -> params.add(p.getKey() + "=" + scalar(f, "params." + p.getKey(), p.getValue())));
                if (!params.isEmpty()) {
                    values.put(key, String.join("\n", params));
                }
            } else if (key.equals("jdks") || key.equals("workloads")) {
                List<String> items = new ArrayList<>();
                if (v.isArray()) {
                    v.forEach(i -> items.add(scalar(f, key, i)));
                } else {
                    items.add(scalar(f, key, v));
                }
                if (!items.isEmpty()) { // an empty list: the built-in default (every JDK, the standard set)
                    values.put(key, String.join(key.equals("jdks") ? "," : "\n", items));
                }
            } else {
                values.put(key, scalar(f, key, v));
            }
        }
        return new ConfigFile(f, values);
    }

    private static String scalar(Path f, String key, JsonNode v) {
        if (!v.isValueNode() || v.isNull()) {
            throw new UserException(f + ": " + key + " must be a string or a number, not " + v);
        }
        return v.asText();
    }

    /**
     * A list option's values with the file's lists taken apart: picocli hands a default as one value, so the file's
     * {@code [params]} and {@code workloads} come as one value of lines (a line break is never in an argument).
     */
    static List<String> lines(List<String> values) {
        List<String> all = new ArrayList<>();
        for (String v : values) {
            for (String line : v.split("\\R")) {
                if (!line.isBlank()) {
                    all.add(line.strip());
                }
            }
        }
        return all;
    }

    /** The file read, or null when there is none. */
    public Path file() {
        return file;
    }

    @Override
    public String defaultValue(ArgSpec arg) {
        String command = arg.command().name();
        String key = null;
        if (arg instanceof OptionSpec o) {
            key = switch (o.longestName()) {
                case "--jdk" -> RUNNING.contains(command) ? "jdks" : null;
                case "--param" -> RUNNING.contains(command) ? "params" : null;
                case "--mix" -> "mix";
                case "--profile" -> RUNNING.contains(command) ? "profile" : null;
                case "--threshold" -> "threshold";
                case "--budget" -> "budget";
                case "--history" -> "history";
                case "--machine" -> "machine";
                default -> null;
            };
        } else if (arg instanceof PositionalParamSpec p && command.equals("run") && "WORKLOAD".equals(p.paramLabel())) {
            key = "workloads";
        }
        return key == null ? null : values.get(key);
    }

    /** What {@code jvmmark init} writes: every key, commented, the common ones set to the built-in defaults. */
    static final String TEMPLATE = """
            # jvmmark.toml: jvmmark's settings for this directory (written by `jvmmark init`). Every command run here reads
            # it; a flag on the command line overrides its key (--param replaces [params] as a whole). The results file
            # records the command the run used, these settings included.

            # JDKs to run on: "all", feature versions ("17", "25") or JDK homes       (--jdk)
            jdks = ["all"]

            # Workloads to run (empty: the standard set, the main job)                (run WORKLOAD...)
            workloads = []

            # smoke (seconds, CI), quick (minutes) or standard                       (--profile)
            profile = "quick"

            # The smallest difference that counts as real                            (--threshold)
            threshold = "5%"

            # Plan within this time, e.g. "30m" or "1h30m"                           (--budget)
            # budget = "15m"

            # History database: "off", a file, or jdbc:postgresql://HOST/DB         (--history)
            # history = "off"

            # The label that keeps series from different hosts apart                 (--machine)
            # machine = "ci-runner-1"

            # Your own server: the http workload's request mix (JSON)                (--mix)
            # mix = "jvmmark/mix.json"

            # Workload parameters, one per key                                       (--param KEY=VALUE)
            [params]
            # server = "app"
            # app = "target/my-service.jar"
            # url = "http://127.0.0.1:{port}/health"
            # mode = "rate"
            # rate = "500"
            """;
}
