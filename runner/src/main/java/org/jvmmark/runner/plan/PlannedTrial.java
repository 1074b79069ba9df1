package org.jvmmark.runner.plan;

import java.util.List;
import java.util.Map;
import org.jvmmark.runner.jdk.Jdk;
import org.jvmmark.api.Variant;

/**
 * One trial of the plan: which workload, on which JDK, in which variant, which fork. Immutable.
 *
 * @param id stable identity, {@code workload/jdk/variant/forkN}; {@code --resume} matches on it
 * @param variant {@code default}, or the parts that make it joined by {@code +} (e.g. {@code ZGC+virtual})
 * @param gc the collector label asked for with {@code --gc}, or {@code null}
 * @param workloadVariant the workload's own {@code @Variant} name, or {@code null}
 * @param variantJvmArgs the flags of the variant ({@code --gc}, {@code --jvm-args}, {@code @Variant})
 * @param params the fully resolved parameters
 * @param unsupportedReason why this trial cannot run on this JDK, or {@code null}
 */
public record PlannedTrial(String id, CatalogEntry workload, Jdk jdk, String variant, String gc, String workloadVariant,
                           List<String> variantJvmArgs, Map<String, String> params, int fork, String profile,
                           int timeoutSeconds, int estimatedSeconds, String unsupportedReason) {

    /** Every flag of the forked JVM: the variant's, then those the workload needs on this JDK. */
    public List<String> jvmArgs() {
        List<String> all = new java.util.ArrayList<>(variantJvmArgs);
        all.addAll(workload.info().jvmArgs(jdk.feature()));
        return all;
    }

    /**
     * The JVM under test's classpath: the workload's, plus the jars of its variant's own directory
     * ({@link org.jvmmark.api.Variant#classpath()}) when it has one.
     */
    public String classpath() {
        String extra = workload.info().variants().stream().filter(v -> v.name().equals(workloadVariant)).findFirst()
                .map(Variant::classpath).orElse("");
        return workload.classpath(extra);
    }

    /** The same trial under another id (a swept point's label inserted). */
    public PlannedTrial withId(String newId) {
        return new PlannedTrial(newId, workload, jdk, variant, gc, workloadVariant, variantJvmArgs, params, fork, profile,
                timeoutSeconds, estimatedSeconds, unsupportedReason);
    }

    /** The same trial with another estimate (measured durations, {@link DurationEstimates}). */
    public PlannedTrial withEstimatedSeconds(int seconds) {
        return new PlannedTrial(id, workload, jdk, variant, gc, workloadVariant, variantJvmArgs, params, fork, profile,
                timeoutSeconds, seconds, unsupportedReason);
    }

    /** The same trial as another fork of its row ({@code …/forkN}): what adaptive forks add. */
    public PlannedTrial asFork(int n) {
        return new PlannedTrial(rowId() + "/fork" + n, workload, jdk, variant, gc, workloadVariant, variantJvmArgs, params, n,
                profile, timeoutSeconds, estimatedSeconds, unsupportedReason);
    }

    /** The id without its {@code /forkN}: the row this trial is one fork of. */
    public String rowId() {
        return rowOf(id);
    }

    /** {@code workload/jdk/variant[/point]/forkN} → {@code workload/jdk/variant[/point]}. */
    public static String rowOf(String trialId) {
        int slash = trialId.lastIndexOf('/');
        return slash > 0 && trialId.startsWith("fork", slash + 1) ? trialId.substring(0, slash) : trialId;
    }

    public boolean runnable() {
        return unsupportedReason == null;
    }
}
