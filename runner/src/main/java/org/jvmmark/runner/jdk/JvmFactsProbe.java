package org.jvmmark.runner.jdk;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jvmmark.results.JvmFacts;

/**
 * Reads a JDK's own facts ({@link JvmFacts}) from the output of the one launch that describes it ({@link JdkProbe}:
 * {@code -XX:+PrintFlagsFinal} gives the flags as ergonomics set them, {@code -XshowSettings:all} the container
 * limits the JVM sees, the {@code -version} line says "sharing" when the CDS archive was mapped) and from the
 * CDS archives in its {@code lib/server} (or {@code jre/lib/amd64/server} on 8). Stateless and thread-safe.
 */
public final class JvmFactsProbe {
    /**
     * The options of the describing launch: {@code -XshowSettings:all} prints the system properties {@link JdkProbe}
     * reads and the container's limits (only the last {@code -XshowSettings} given counts, so it is "all", not
     * "properties" and "system"); {@code -XX:+PrintFlagsFinal} the flags as ergonomics set them.
     */
    public static final List<String> OPTIONS = List.of("-XshowSettings:all", "-XX:+PrintFlagsFinal");

    /**
     * {@code     bool UseG1GC     = true     {product} {ergonomic}} ({@code :=} on 8 for a changed flag); a string flag
     * that is not set has no value ({@code ccstr AOTCache  =   {product} {default}}): "".
     */
    private static final Pattern FLAG = Pattern.compile("^\\s*\\S+\\s+(\\w+)\\s+:?=\\s*([^\\s{]\\S*)?\\s*\\{.*$");
    private static final List<String[]> COLLECTORS = List.of(new String[] {"UseZGC", "ZGC"},
            new String[] {"UseShenandoahGC", "Shenandoah"}, new String[] {"UseEpsilonGC", "Epsilon"},
            new String[] {"UseG1GC", "G1"}, new String[] {"UseParallelGC", "Parallel"}, new String[] {"UseSerialGC", "Serial"});

    private JvmFactsProbe() {
    }

    /**
     * @param output what the describing launch printed, stdout and stderr together
     */
    public static JvmFacts read(Path home, String label, String output) {
        Map<String, String> flags = flags(output);
        String gc = "";
        for (String[] c : COLLECTORS) {
            if ("true".equals(flags.get(c[0]))) {
                gc = c[1];
                break;
            }
        }
        return new JvmFacts(home.toString(), label, cdsArchives(home), sharing(output), gc, number(flags.get("MaxHeapSize")),
                bool(flags.get("UseCompressedOops")), bool(flags.get("UseCompressedClassPointers")),
                bool(flags.get("UseCompactObjectHeaders")), bool(flags.get("TieredCompilation")),
                flags.containsKey("TieredStopAtLevel") ? Integer.valueOf(flags.get("TieredStopAtLevel")) : null, container(output),
                flags.get("AOTCache"));
    }

    /** Every flag line of {@code -XX:+PrintFlagsFinal}: name → value. */
    static Map<String, String> flags(String output) {
        Map<String, String> flags = new HashMap<>();
        for (String line : output.split("\\R")) {
            Matcher m = FLAG.matcher(line);
            if (m.matches()) {
                flags.put(m.group(1), m.group(2) == null ? "" : m.group(2));
            }
        }
        return flags;
    }

    /** The JVM's own line: "OpenJDK 64-Bit Server VM ... (build ..., mixed mode, sharing)"; null when it has none. */
    static Boolean sharing(String output) {
        for (String line : output.split("\\R")) {
            if (line.contains(" VM ") && line.contains("(build ") && line.trim().endsWith(")")) {
                String inside = line.substring(line.lastIndexOf('(') + 1, line.length() - 1);
                return List.of(inside.split(",\\s*")).contains("sharing");
            }
        }
        return null;
    }

    /** The {@code Operating System Metrics} block of {@code -XshowSettings:all} (or {@code :system}), or null when it is absent. */
    static JvmFacts.Container container(String output) {
        String provider = null;
        Boolean containerized = null;
        Integer cpus = null;
        Long memory = null;
        boolean seen = false;
        for (String raw : output.split("\\R")) {
            String line = raw.trim();
            if (line.startsWith("Operating System Metrics")) {
                seen = true;
            } else if (line.startsWith("Provider:")) {
                provider = line.substring("Provider:".length()).trim();
            } else if (line.startsWith("System not containerized")) {
                containerized = false;
            } else if (line.startsWith("Effective CPU Count:")) {
                cpus = Integer.valueOf(line.substring(line.indexOf(':') + 1).trim());
            } else if (line.startsWith("Memory Limit:")) {
                memory = bytes(line.substring(line.indexOf(':') + 1).trim());
            }
        }
        return seen ? new JvmFacts.Container(provider, containerized, cpus, memory) : null;
    }

    /** "Unlimited" → null; "512.00M", "2.00G", "1048576" → bytes. */
    static Long bytes(String text) {
        Matcher m = Pattern.compile("([0-9.]+)\\s*([KMGT]?)i?B?").matcher(text);
        if (!m.matches()) {
            return null;
        }
        double v = Double.parseDouble(m.group(1));
        int shift = switch (m.group(2)) {
            case "K" -> 10;
            case "M" -> 20;
            case "G" -> 30;
            case "T" -> 40;
            default -> 0;
        };
        return Math.round(v * (1L << shift));
    }

    /** The {@code *.jsa} files of the JVM's directory, sorted; empty when there is none. */
    static List<String> cdsArchives(Path home) {
        List<String> out = new ArrayList<>();
        for (Path dir : List.of(home.resolve("lib/server"), home.resolve("jre/lib/amd64/server"), home.resolve("bin/server"))) {
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "*.jsa")) {
                s.forEach(p -> out.add(p.getFileName().toString()));
            } catch (IOException e) {
                // unreadable: no archive seen
            }
        }
        out.sort(null);
        return out;
    }

    private static Boolean bool(String v) {
        return v == null ? null : Boolean.valueOf(v);
    }

    private static Long number(String v) {
        try {
            return v == null ? null : Long.valueOf(v);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
