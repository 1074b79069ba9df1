package org.jvmmark.runner.jdk;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.jvmmark.runner.base.Text;
import org.jvmmark.runner.base.ShortProcess;

/**
 * Describes one candidate JDK home: reads its {@code release} file and starts it once
 * ({@code java -XshowSettings:all -XX:+PrintFlagsFinal -version}) to prove it runs and to learn what the release
 * file lacks (jlink'ed runtimes often carry no {@code IMPLEMENTOR}); the same launch, with {@link
 * JvmFactsProbe#OPTIONS}, tells the JVM's own facts. Stateless and thread-safe.
 */
public final class JdkProbe {
    private static final Map<String, String> VENDOR_LABELS = Map.ofEntries(
            Map.entry("eclipse adoptium", "temurin"), Map.entry("adoptium", "temurin"),
            Map.entry("adoptopenjdk", "adoptopenjdk"), Map.entry("debian", "debian"), Map.entry("ubuntu", "ubuntu"),
            Map.entry("oracle corporation", "oracle"), Map.entry("amazon.com inc.", "corretto"),
            Map.entry("azul systems, inc.", "zulu"), Map.entry("bellsoft", "liberica"),
            Map.entry("graalvm community", "graalvm"), Map.entry("microsoft", "microsoft"),
            Map.entry("red hat, inc.", "redhat"), Map.entry("sap se", "sapmachine"),
            Map.entry("ibm corporation", "semeru"), Map.entry("international business machines corporation", "semeru"),
            Map.entry("jetbrains s.r.o.", "jbr"), Map.entry("alibaba", "dragonwell"), Map.entry("tencent", "kona"));

    /** How long {@code java -version} may take: a JDK on a slow network file system starts within it. */
    static final Duration LIMIT = Duration.ofSeconds(30);

    private JdkProbe() {
    }

    /**
     * @return the JDK, never null
     * @throws IOException with a one-line reason when {@code home} is not a JDK that starts
     */
    static Jdk probe(Path home) throws IOException {
        return probe(home, LIMIT);
    }

    /** As {@link #probe(Path)}, with {@code java -version} given {@code limit} to finish. */
    static Jdk probe(Path home, Duration limit) throws IOException {
        Path java = home.resolve("bin").resolve("java");
        if (!Files.isExecutable(java)) {
            throw new IOException("no executable bin/java in " + home);
        }
        Map<String, String> release = readRelease(home.resolve("release"));
        StringBuilder printed = new StringBuilder();
        Map<String, String> props = startAndDescribe(java, limit, printed);
        String version = firstNonBlank(release.get("JAVA_VERSION"), props.get("java.version"));
        String vendor = firstNonBlank(release.get("IMPLEMENTOR"), props.get("java.vendor"));
        if (version == null) {
            throw new IOException(java + " did not report its version");
        }
        int feature = feature(firstNonBlank(props.get("java.specification.version"), version));
        String vm = firstNonBlank(props.get("java.vm.name"), release.get("JVM_VARIANT"), "unknown VM");
        String label = vendorLabel(vendor) + "-" + version;
        return new Jdk(home.toRealPath(), vendor == null ? "unknown" : vendor, version, feature, vm, label,
                JvmFactsProbe.read(home.toRealPath(), label, printed.toString()));
    }

    static Map<String, String> readRelease(Path file) {
        Map<String, String> values = new HashMap<>();
        if (!Files.isRegularFile(file)) {
            return values;
        }
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                int eq = line.indexOf('=');
                if (eq > 0) {
                    String v = line.substring(eq + 1).trim();
                    if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")) {
                        v = v.substring(1, v.length() - 1);
                    }
                    values.put(line.substring(0, eq).trim(), v);
                }
            }
        } catch (IOException e) {
            // an unreadable release file: the properties of the running JVM are used instead
        }
        return values;
    }

    /**
     * Starts {@code java} with {@link JvmFactsProbe#OPTIONS} and {@code -version} and reads what it
     * prints, within {@code limit} whatever the process does: its output is read on a thread of its own
     * (a {@code bin/java} that never closes its output cannot block this one), and at the limit the
     * process and everything it started are killed.
     *
     * @param printed receives what the JVM printed, for {@link JvmFactsProbe}
     */
    private static Map<String, String> startAndDescribe(Path java, Duration limit, StringBuilder printed) throws IOException {
        // -XshowSettings:all prints the properties (and, for JvmFactsProbe, the container's limits: only the last
        // -XshowSettings option counts); -XX:+PrintFlagsFinal the flags as ergonomics set them
        String text = describe(List.of(), java, List.of(), limit);
        printed.append(text);
        Properties props = new Properties();
        for (String line : text.split("\n")) {
            int eq = line.indexOf(" = ");
            if (line.startsWith("    ") && eq > 0) {
                props.setProperty(line.substring(0, eq).trim(), line.substring(eq + 3).trim());
            }
        }
        Map<String, String> map = new HashMap<>();
        props.stringPropertyNames().forEach(k -> map.put(k, props.getProperty(k)));
        return map;
    }

    /**
     * What {@code java} prints, stdout and stderr together, when started as {@code prefix java flags
     * -XshowSettings:all -XX:+PrintFlagsFinal -version} ({@link JvmFactsProbe#OPTIONS}), for {@link JvmFactsProbe#read}:
     * the JDK as it is, or (with a {@code prefix} that puts it in a container and a variant's {@code flags}) what its
     * ergonomics choose there.
     *
     * @throws IOException with one line when it does not start, fails, or does not finish within {@code limit}
     */
    public static String describe(List<String> prefix, Path java, List<String> flags, Duration limit) throws IOException {
        List<String> command = new java.util.ArrayList<>(prefix);
        command.add(java.toString());
        command.addAll(flags);
        command.addAll(JvmFactsProbe.OPTIONS);
        command.add("-version");
        ShortProcess.Result r;
        try {
            r = ShortProcess.run(command, null, limit);
        } catch (ShortProcess.TimedOut e) {
            throw new IOException(java + " did not finish -version within " + seconds(limit) + "; killed");
        }
        if (!r.ok()) {
            throw new IOException(java + " does not start: " + Text.firstLine(r.output()));
        }
        return r.output();
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }

    static int feature(String version) {
        String v = version.startsWith("1.") ? version.substring(2) : version;
        int end = 0;
        while (end < v.length() && Character.isDigit(v.charAt(end))) {
            end++;
        }
        return end == 0 ? 0 : Integer.parseInt(v.substring(0, end));
    }

    static String vendorLabel(String vendor) {
        if (vendor == null || vendor.isBlank()) {
            return "jdk";
        }
        String known = VENDOR_LABELS.get(vendor.toLowerCase(Locale.ROOT).trim());
        if (known != null) {
            return known;
        }
        String first = vendor.trim().split("[\\s,]+")[0].toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
        return first.isEmpty() ? "jdk" : first;
    }

    private static String firstNonBlank(String... values) {
        for (String v : values) {
            if (v != null && !v.isBlank()) {
                return v;
            }
        }
        return null;
    }
}
