package org.jvmmark.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one JDK chooses by itself on this machine, as the runner learnt it once per run when it started the JDK
 * to describe it ({@code java -XshowSettings:properties -XshowSettings:system -XX:+PrintFlagsFinal -version}) and
 * from the files of its home: its default class data sharing (CDS) archive, the collector and heap its
 * ergonomics pick, compressed oops and class pointers, compact object headers, its JIT tiers, the AOT cache it
 * uses (JDK 24+) and the container limits it sees. These are the JDK's defaults: a variant's own flags ({@code --gc}, {@code
 * --jvm-args}) may change them for its trials. Kept in results.json as the top-level {@value #KEY} object,
 * by JDK label. Immutable, hence thread-safe.
 *
 * @param home the JDK's home directory
 * @param label the runner's name for it, as in trial ids ("temurin-21.0.8")
 * @param cdsArchives the CDS archives in {@code lib/server} ({@code classes.jsa}, {@code classes_nocoops.jsa},
 *     {@code classes_coh.jsa} ...), by file name; empty when there is none
 * @param sharing whether the JVM ran with class data sharing (its {@code -version} line says "sharing"), or null
 *     when it did not say
 * @param gc the collector its ergonomics chose, by flag name ("G1", "Serial", ...), or "" when unknown
 * @param maxHeapBytes the maximum heap its ergonomics chose, or null
 * @param compressedOops {@code UseCompressedOops}, or null when unknown
 * @param compressedClassPointers {@code UseCompressedClassPointers}, or null when unknown (or the flag is gone)
 * @param compactObjectHeaders {@code UseCompactObjectHeaders}, or null where the JDK has no such flag (before 24)
 * @param tieredCompilation {@code TieredCompilation}, or null when unknown
 * @param tieredStopAtLevel {@code TieredStopAtLevel} (4: C2), or null when unknown
 * @param container what the JVM saw of the container it runs in ({@code -XshowSettings:system}), or null
 * @param aotCache the AOT cache the JVM uses by default ({@code -XX:AOTCache}, JDK 24+, e.g. set through
 *     {@code JDK_JAVA_OPTIONS}): "" when none, null where the JDK has no such flag (before 24) or it is unknown
 */
public record JvmFacts(String home, String label, List<String> cdsArchives, Boolean sharing, String gc, Long maxHeapBytes,
                       Boolean compressedOops, Boolean compressedClassPointers, Boolean compactObjectHeaders,
                       Boolean tieredCompilation, Integer tieredStopAtLevel, Container container, String aotCache) {
    /** The top-level key of results.json. */
    public static final String KEY = "jvms";

    public JvmFacts {
        cdsArchives = List.copyOf(cdsArchives);
        gc = gc == null ? "" : gc;
    }

    /** Facts without the AOT cache fact (unknown). */
    public JvmFacts(String home, String label, List<String> cdsArchives, Boolean sharing, String gc, Long maxHeapBytes,
                    Boolean compressedOops, Boolean compressedClassPointers, Boolean compactObjectHeaders,
                    Boolean tieredCompilation, Integer tieredStopAtLevel, Container container) {
        this(home, label, cdsArchives, sharing, gc, maxHeapBytes, compressedOops, compressedClassPointers, compactObjectHeaders,
                tieredCompilation, tieredStopAtLevel, container, null);
    }

    /**
     * The container limits the JVM saw.
     *
     * @param provider "cgroupv1", "cgroupv2", or null
     * @param containerized false when the JVM said "System not containerized", null when it did not say
     * @param effectiveCpus the CPU count the JVM derived from the limits, or null
     * @param memoryLimitBytes the memory limit, or null for "Unlimited" or unknown
     */
    public record Container(String provider, Boolean containerized, Integer effectiveCpus, Long memoryLimitBytes) {
    }

    /**
     * The archive this JVM maps with its default flags: {@code classes.jsa} with compressed oops, {@code
     * classes_nocoops.jsa} without; with compact object headers {@code classes_coh.jsa} / {@code classes_nocoops_coh.jsa}.
     */
    public String defaultCdsArchive() {
        boolean coh = Boolean.TRUE.equals(compactObjectHeaders);
        boolean nocoops = Boolean.FALSE.equals(compressedOops);
        return "classes" + (nocoops ? "_nocoops" : "") + (coh ? "_coh" : "") + ".jsa";
    }

    /** Whether the JDK has the CDS archive its default flags would map ({@link #defaultCdsArchive()}). */
    public boolean hasDefaultCdsArchive() {
        return cdsArchives.contains(defaultCdsArchive());
    }

    /** These facts as plain JSON values. */
    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("home", home);
        m.put("label", label);
        Map<String, Object> cds = new LinkedHashMap<>();
        cds.put("archives", new ArrayList<>(cdsArchives));
        cds.put("defaultArchive", defaultCdsArchive());
        cds.put("present", hasDefaultCdsArchive());
        cds.put("used", sharing);
        m.put("cds", cds);
        m.put("gc", gc);
        m.put("maxHeapBytes", maxHeapBytes);
        m.put("compressedOops", compressedOops);
        m.put("compressedClassPointers", compressedClassPointers);
        m.put("compactObjectHeaders", compactObjectHeaders);
        m.put("tieredCompilation", tieredCompilation);
        m.put("tieredStopAtLevel", tieredStopAtLevel);
        if (aotCache != null) {
            Map<String, Object> aot = new LinkedHashMap<>();
            aot.put("cache", aotCache);
            aot.put("used", !aotCache.isEmpty());
            m.put("aot", aot);
        }
        if (container != null) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("provider", container.provider());
            c.put("containerized", container.containerized());
            c.put("effectiveCpus", container.effectiveCpus());
            c.put("memoryLimitBytes", container.memoryLimitBytes());
            m.put("container", c);
        }
        return m;
    }

    /** Facts as {@link #toJson()} wrote them; fields missing or of the wrong type read as unknown. */
    public static JvmFacts fromJson(Map<?, ?> m) {
        Map<?, ?> cds = m.get("cds") instanceof Map<?, ?> c ? c : Map.of();
        List<String> archives = new ArrayList<>();
        if (cds.get("archives") instanceof List<?> l) {
            l.forEach(a -> archives.add(String.valueOf(a)));
        }
        Container container = null;
        if (m.get("container") instanceof Map<?, ?> c) {
            container = new Container(text(c.get("provider")), bool(c.get("containerized")), integer(c.get("effectiveCpus")),
                    number(c.get("memoryLimitBytes")));
        }
        String aot = m.get("aot") instanceof Map<?, ?> a ? text(a.get("cache")) : null;
        return new JvmFacts(text(m.get("home")), text(m.get("label")), archives, bool(cds.get("used")), text(m.get("gc")),
                number(m.get("maxHeapBytes")), bool(m.get("compressedOops")), bool(m.get("compressedClassPointers")),
                bool(m.get("compactObjectHeaders")), bool(m.get("tieredCompilation")), integer(m.get("tieredStopAtLevel")),
                container, aot);
    }

    /** The {@value #KEY} object of a results file (the top-level {@code more}), by JDK label; empty when absent. */
    public static Map<String, JvmFacts> all(Map<String, Object> more) {
        Map<String, JvmFacts> out = new LinkedHashMap<>();
        if (more.get(KEY) instanceof Map<?, ?> byLabel) {
            byLabel.forEach((label, v) -> {
                if (v instanceof Map<?, ?> m) {
                    out.put(String.valueOf(label), fromJson(m));
                }
            });
        }
        return out;
    }

    /** {@code facts} as the {@value #KEY} object: by label, in the order given. */
    public static Map<String, Object> toJson(List<JvmFacts> facts) {
        Map<String, Object> out = new LinkedHashMap<>();
        facts.forEach(f -> out.put(f.label(), f.toJson()));
        return out;
    }

    private static String text(Object v) {
        return v == null ? null : String.valueOf(v);
    }

    private static Boolean bool(Object v) {
        return v instanceof Boolean b ? b : null;
    }

    private static Long number(Object v) {
        return v instanceof Number n ? n.longValue() : null;
    }

    private static Integer integer(Object v) {
        return v instanceof Number n ? n.intValue() : null;
    }
}
