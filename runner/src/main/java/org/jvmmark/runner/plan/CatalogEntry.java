package org.jvmmark.runner.plan;

import java.nio.file.Path;
import java.util.Map;
import org.jvmmark.api.WorkloadInfo;
import org.jvmmark.api.Variant;

/**
 * One workload: found in the distribution, in a user's jar ({@code --workload-jar}), or a user's
 * bare task ({@code --task}). Immutable.
 *
 * @param info its declaration, read through its own class loader
 * @param module the directory name under {@code workloads/}, e.g. {@code queue}, or {@code external}
 * @param classpathDir the distribution's directory of its jars, or the user's jar
 * @param hidden true for the fault-injection workloads, which only run when named
 * @param classpath the {@code -cp} value of a forked JVM: that and nothing else is what it loads
 * @param fixedParams parameters every trial of it gets, whatever {@code --param} says (a task's class)
 */
public record CatalogEntry(WorkloadInfo info, String module, Path classpathDir, boolean hidden, String classpath,
                           Map<String, String> fixedParams) {

    public CatalogEntry {
        fixedParams = Map.copyOf(fixedParams);
    }

    /** A workload of the distribution: its classpath is every jar in {@code classpathDir}. */
    public CatalogEntry(WorkloadInfo info, String module, Path classpathDir, boolean hidden) {
        this(info, module, classpathDir, hidden, classpathDir.resolve("*").toString(), Map.of());
    }

    public String name() {
        return info.name();
    }

    /**
     * The classpath of a server run on its own with {@code params} ({@code jvmmark serve}): the
     * workload's, plus the jars of the variant those parameters make, if it has its own.
     */
    public String classpathFor(Map<String, String> params) {
        for (Variant v : info.variants()) {
            Map<String, String> made = WorkloadInfo.parseAssignments(v.params());
            if (!v.classpath().isEmpty() && made.entrySet().stream().allMatch(e -> e.getValue().equals(params.get(e.getKey())))) {
                return classpath(v.classpath());
            }
        }
        return classpath;
    }

    /**
     * {@link #classpath()} plus every jar in {@code extraDir}, a directory of the distribution's
     * workload directory (a variant's own jars, {@link org.jvmmark.api.Variant#classpath()}); just
     * {@link #classpath()} when {@code extraDir} is empty.
     */
    public String classpath(String extraDir) {
        return extraDir.isEmpty() ? classpath : classpath + java.io.File.pathSeparator + classpathDir.resolve(extraDir).resolve("*");
    }
}
