package org.jvmmark.runner;

import java.nio.file.Path;
import org.jvmmark.api.WorkloadInfo;

/**
 * One workload found in the distribution. Immutable.
 *
 * @param info its declaration, read through its own class loader
 * @param module the directory name under {@code workloads/}, e.g. {@code queue}
 * @param classpathDir that directory: its jars, and nothing else, are the forked JVM's classpath
 * @param hidden true for the fault-injection workloads, which only run when named
 */
public record CatalogEntry(WorkloadInfo info, String module, Path classpathDir, boolean hidden) {

    public String name() {
        return info.name();
    }

    /** The {@code -cp} value for a forked JVM: every jar in {@link #classpathDir()}. */
    public String classpath() {
        return classpathDir.resolve("*").toString();
    }

    /**
     * The classpath of a server run on its own with {@code params} ({@code jvmmark serve}): the
     * workload's, plus the jars of the variant those parameters make, if it has its own.
     */
    public String classpathFor(java.util.Map<String, String> params) {
        for (org.jvmmark.api.Variant v : info.variants()) {
            java.util.Map<String, String> made = WorkloadInfo.parseAssignments(v.params());
            if (!v.classpath().isEmpty() && made.entrySet().stream().allMatch(e -> e.getValue().equals(params.get(e.getKey())))) {
                return classpath(v.classpath());
            }
        }
        return classpath();
    }

    /** {@link #classpath()} plus every jar in {@code extraDir} (relative to {@link #classpathDir()}), if not empty. */
    public String classpath(String extraDir) {
        return extraDir.isEmpty() ? classpath()
                : classpath() + java.io.File.pathSeparator + classpathDir.resolve(extraDir).resolve("*");
    }
}
