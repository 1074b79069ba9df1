package org.jvmmark.api;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * What the runner tells a forked JVM to do: which workload class, which profile, the fully resolved
 * parameters, the trial's scratch directory and its control directory. Stored as a plain
 * {@link Properties} file so the child needs nothing but the JDK to read it. Immutable.
 */
public final class TrialSpec {
    private static final String PARAM = "param.";

    private final String trialId;
    private final String workloadClass;
    private final String profile;
    private final Map<String, String> params;
    private final Path workDir;
    private final Path controlDir;

    public TrialSpec(String trialId, String workloadClass, String profile, Map<String, String> params,
                     Path workDir, Path controlDir) {
        this.trialId = trialId;
        this.workloadClass = workloadClass;
        this.profile = profile;
        this.params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        this.workDir = workDir;
        this.controlDir = controlDir;
    }

    public String trialId() {
        return trialId;
    }

    public String workloadClass() {
        return workloadClass;
    }

    public String profile() {
        return profile;
    }

    /** Fully resolved parameters: defaults, then profile, then the user's overrides. */
    public Map<String, String> params() {
        return params;
    }

    /** A fresh scratch directory for this trial; the runner removes it afterwards. */
    public Path workDir() {
        return workDir;
    }

    /** Where a server announces its endpoint ({@code ready.properties}) and is told to stop ({@code stop}). */
    public Path controlDir() {
        return controlDir;
    }

    /** A copy with {@code extra} added to (or replacing) the parameters. */
    public TrialSpec withParams(Map<String, String> extra) {
        Map<String, String> merged = new LinkedHashMap<>(params);
        merged.putAll(extra);
        return new TrialSpec(trialId, workloadClass, profile, merged, workDir, controlDir);
    }

    /** A copy for another workload class (the driver of a client/server workload). */
    public TrialSpec withWorkloadClass(String className) {
        return new TrialSpec(trialId, className, profile, params, workDir, controlDir);
    }

    public void write(Path file) throws IOException {
        Properties p = new Properties();
        p.setProperty("trial.id", trialId);
        p.setProperty("workload.class", workloadClass);
        p.setProperty("profile", profile);
        p.setProperty("work.dir", workDir.toString());
        p.setProperty("control.dir", controlDir.toString());
        params.forEach((k, v) -> p.setProperty(PARAM + k, v));
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            p.store(w, "jvmmark trial spec");
        }
    }

    public static TrialSpec read(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        Map<String, String> params = new TreeMap<>();
        for (String key : p.stringPropertyNames()) {
            if (key.startsWith(PARAM)) {
                params.put(key.substring(PARAM.length()), p.getProperty(key));
            }
        }
        return new TrialSpec(required(p, "trial.id"), required(p, "workload.class"), required(p, "profile"),
                params, Paths.get(required(p, "work.dir")), Paths.get(required(p, "control.dir")));
    }

    private static String required(Properties p, String key) throws IOException {
        String value = p.getProperty(key);
        if (value == null) {
            throw new IOException("trial spec lacks '" + key + "'");
        }
        return value;
    }
}
