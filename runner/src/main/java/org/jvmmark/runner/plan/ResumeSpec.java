package org.jvmmark.runner.plan;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jvmmark.results.PlannedJdk;
import org.jvmmark.results.Trial;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.jdk.Jdk;
import picocli.CommandLine.ParseResult;

/**
 * What {@code run --out DIR --resume} and {@code tune --out DIR --resume} refuse: an option given again with another
 * value than the recorded command's ({@code RunOptions.recorded} and {@code TuneOptions.recorded} read that command; each
 * option's own mixin asks for its check), another host, or a JDK label
 * that now names another home. A result set never mixes settings, machines or JVMs; each refusal is one
 * line. Stateless.
 */
public final class ResumeSpec {
    private ResumeSpec() {
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

    /**
     * As {@link #refuseOther(Path, String, Object, Object)}, only when {@code option} was given on this command line (not
     * defaulted); {@code WORKLOAD} names the first positional parameter.
     */
    public static void refuseOther(ParseResult given, Path file, String option, Object now, Object recorded) {
        if (option.equals("WORKLOAD") ? given.hasMatchedPositional(0) : given.hasMatchedOption(option)) {
            refuseOther(file, option, now, recorded);
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
    public static void refuseOtherHost(Path file, Map<String, Object> recorded, Map<String, Object> here) {
        for (String key : List.of("hostname", "cpuModel", "cpus")) {
            Object r = recorded.get(key);
            Object h = here.get(key);
            if (r != null && h != null && !String.valueOf(r).equals(String.valueOf(h))) {
                throw new UserException(file + " was measured on another machine (" + key + " " + r + ", here " + h
                        + "); a result set never mixes machines: use another --out");
            }
        }
    }

    /**
     * @throws UserException when a recorded JDK label now names another home, or a recorded home now
     *     holds another JDK (its trial ids would no longer say which JVM ran)
     */
    public static void refuseMovedJdks(Path file, Iterable<Trial> trials, List<Jdk> jdks) {
        Map<String, String> homeByLabel = new HashMap<>();
        Map<String, String> labelByHome = new HashMap<>();
        trials.forEach(t -> {
            PlannedJdk jdk = t.provenance().jdk();
            if (jdk != null) {
                homeByLabel.put(jdk.label(), jdk.home());
                labelByHome.put(jdk.home(), jdk.label());
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
}
