package org.jvmmark.results;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.type.TypeReference;

/**
 * What one JDK chooses by itself on this machine, as the runner learnt it once per run when it started the JDK
 * to describe it ({@code java -XshowSettings:properties -XshowSettings:system -XX:+PrintFlagsFinal -version}) and
 * from the files of its home: its default class data sharing (CDS) archive, the collector and heap its
 * ergonomics pick, compressed oops and class pointers, compact object headers, its JIT tiers and the
 * container limits it sees. These are the JDK's defaults: a variant's own flags ({@code --gc}, {@code
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
@JsonPropertyOrder({"home", "label", "cds"})
public record JvmFacts(String home, String label, @JsonIgnore List<String> cdsArchives, @JsonIgnore Boolean sharing, String gc,
                       Long maxHeapBytes, Boolean compressedOops, Boolean compressedClassPointers, Boolean compactObjectHeaders,
                       Boolean tieredCompilation, Integer tieredStopAtLevel,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Container container, @JsonIgnore String aotCache) {
    /** The top-level key of results.json. */
    public static final String KEY = "jvms";

    public JvmFacts {
        cdsArchives = cdsArchives == null ? List.of() : List.copyOf(cdsArchives);
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
    @JsonIgnore
    public boolean hasDefaultCdsArchive() {
        return cdsArchives.contains(defaultCdsArchive());
    }

    /** The {@code cds} object: the archives, which one the defaults map, whether it is there, whether it was used. */
    @JsonProperty("cds")
    private Cds cdsInFile() {
        return new Cds(cdsArchives, defaultCdsArchive(), hasDefaultCdsArchive(), sharing);
    }

    /** The {@code cds} object as the file has it ({@code defaultArchive} and {@code present} follow from the rest). */
    record Cds(List<String> archives, String defaultArchive, boolean present, Boolean used) {
    }

    /** The {@code aot} object: the AOT cache the JVM uses by default ("" for none) and whether it uses one; absent when unknown. */
    @JsonProperty("aot")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    private Aot aotInFile() {
        return aotCache == null ? null : new Aot(aotCache, !aotCache.isEmpty());
    }

    /** The {@code aot} object as the file has it ({@code used} follows from the cache). */
    record Aot(String cache, boolean used) {
    }

    /** Facts as the file has them; fields missing read as unknown. */
    @JsonCreator
    static JvmFacts fromFile(@JsonProperty("home") String home, @JsonProperty("label") String label, @JsonProperty("cds") Cds cds,
                             @JsonProperty("gc") String gc, @JsonProperty("maxHeapBytes") Long maxHeapBytes,
                             @JsonProperty("compressedOops") Boolean compressedOops,
                             @JsonProperty("compressedClassPointers") Boolean compressedClassPointers,
                             @JsonProperty("compactObjectHeaders") Boolean compactObjectHeaders,
                             @JsonProperty("tieredCompilation") Boolean tieredCompilation,
                             @JsonProperty("tieredStopAtLevel") Integer tieredStopAtLevel,
                             @JsonProperty("container") Container container, @JsonProperty("aot") Aot aot) {
        return new JvmFacts(home, label, cds == null || cds.archives() == null ? List.of() : cds.archives(),
                cds == null ? null : cds.used(), gc, maxHeapBytes, compressedOops, compressedClassPointers, compactObjectHeaders,
                tieredCompilation, tieredStopAtLevel, container, aot == null ? null : aot.cache() == null ? "" : aot.cache());
    }

    /** These facts as plain JSON values, as the file has them. */
    public Map<String, Object> toJson() {
        return ResultsMapper.MAPPER.convertValue(this, new TypeReference<LinkedHashMap<String, Object>>() { });
    }

    /** Facts as {@link #toJson()} wrote them; fields missing read as unknown. */
    public static JvmFacts fromJson(Map<?, ?> m) {
        return ResultsMapper.MAPPER.convertValue(m, JvmFacts.class);
    }

    /** {@code facts} as the {@value #KEY} object: by label, in the order given. */
    public static Map<String, Object> toJson(List<JvmFacts> facts) {
        Map<String, Object> out = new LinkedHashMap<>();
        facts.forEach(f -> out.put(f.label(), f.toJson()));
        return out;
    }
}
