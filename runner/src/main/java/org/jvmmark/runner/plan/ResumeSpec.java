package org.jvmmark.runner.plan;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jvmmark.runner.UserException;
import org.jvmmark.runner.jdk.Jdk;

/**
 * The command a results directory was made with, as {@code run --out DIR --resume} reruns it:
 * the same workloads, JDKs, parameters, variants, collectors, flags, forks, CPUs and profile, read
 * from {@code results.json}'s {@code command} block. A result set never mixes settings, machines or
 * JVMs, so an option given again with another value, another host, or a JDK label that now names
 * another home is refused with one line. Immutable.
 *
 * @param jdkHomes the JDK homes the run resolved its {@code --jdk} to (empty in files written
 *     before they were recorded: then {@code jdk} is resolved again)
 */
public record ResumeSpec(List<String> workloads, List<String> jdk, List<String> jdkHomes, String profile, List<String> params,
                  List<String> gc, List<String> jvmArgs, List<String> variants, int forks, String cpus) {

    /** Reads the {@code command} block and root {@code profile} of a results file. */
    public static ResumeSpec read(JsonNode root) {
        JsonNode c = root.path("command");
        return new ResumeSpec(strings(c.path("workloads")), strings(c.path("jdk")), strings(c.path("jdkHomes")),
                root.path("profile").asText(), strings(c.path("params")), strings(c.path("gc")), strings(c.path("jvmArgs")),
                strings(c.path("variants")), c.path("forks").asInt(1), c.path("cpus").isTextual() ? c.path("cpus").asText() : null);
    }

    /** The {@code --jdk} selectors that find the same JDKs: the recorded homes when there are some. */
    public List<String> jdkSelectors() {
        return jdkHomes.isEmpty() ? jdk : jdkHomes;
    }

    /**
     * @param option the option as typed, e.g. {@code --cpus}
     * @param given its value on this command line
     * @param recorded its value in the results file
     * @throws UserException when the two differ
     */
    public static void refuseOther(Path file, String option, Object given, Object recorded) {
        if (!Objects.equals(given, recorded)) {
            throw new UserException(file + " was run with " + option + " " + show(recorded) + ", not " + show(given)
                    + "; --resume reruns the recorded command: drop " + option + ", or use another --out");
        }
    }

    private static String show(Object value) {
        if (value instanceof List<?> l) {
            return l.isEmpty() ? "(none)" : String.join(" ", l.stream().map(String::valueOf).toList());
        }
        return value == null ? "(none)" : value.toString();
    }

    /**
     * @throws UserException when this machine is not the one the results were measured on (host
     *     name, CPU model or CPU count differ)
     */
    public static void refuseOtherHost(Path file, JsonNode recorded, Map<String, Object> here) {
        for (String key : List.of("hostname", "cpuModel", "cpus")) {
            JsonNode r = recorded.get(key);
            Object h = here.get(key);
            if (r != null && !r.isNull() && h != null && !r.asText().equals(String.valueOf(h))) {
                throw new UserException(file + " was measured on another machine (" + key + " " + r.asText() + ", here " + h
                        + "); a result set never mixes machines: use another --out");
            }
        }
    }

    /**
     * @throws UserException when a recorded JDK label now names another home, or a recorded home now
     *     holds another JDK (its trial ids would no longer say which JVM ran)
     */
    public static void refuseMovedJdks(Path file, Iterable<JsonNode> trials, List<Jdk> jdks) {
        Map<String, String> homeByLabel = new HashMap<>();
        Map<String, String> labelByHome = new HashMap<>();
        trials.forEach(t -> {
            String label = t.path("jdk").path("label").asText(null);
            String home = t.path("jdk").path("home").asText(null);
            if (label != null && home != null) {
                homeByLabel.put(label, home);
                labelByHome.put(home, label);
            }
        });
        for (Jdk j : jdks) {
            String home = j.home().toString();
            String recordedHome = homeByLabel.get(j.label());
            if (recordedHome != null && !recordedHome.equals(home)) {
                throw new UserException(file + ": JDK " + j.label() + " was " + recordedHome + ", is now " + home
                        + "; a result set never mixes two JVMs under one name: use another --out");
            }
            String recordedLabel = labelByHome.get(home);
            if (recordedLabel != null && !recordedLabel.equals(j.label())) {
                throw new UserException(file + ": the JDK in " + home + " was " + recordedLabel + ", is now " + j.label()
                        + "; use another --out");
            }
        }
    }

    private static List<String> strings(JsonNode array) {
        List<String> list = new ArrayList<>();
        array.forEach(n -> list.add(n.asText()));
        return List.copyOf(list);
    }
}
