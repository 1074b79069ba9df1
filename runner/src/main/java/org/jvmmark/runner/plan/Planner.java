package org.jvmmark.runner.plan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jvmmark.api.Parameter;
import org.jvmmark.api.Variant;
import org.jvmmark.api.WorkloadInfo;
import org.jvmmark.runner.jdk.GarbageCollector;
import org.jvmmark.runner.jdk.GcProbe;
import org.jvmmark.runner.jdk.Jdk;
import org.jvmmark.runner.base.UserException;

/**
 * Builds the plan: workloads × JDKs × collectors × {@code --jvm-args} sets × workload variants ×
 * forks (the workload's variants as {@link VariantSelection} chose them: {@code --variant}, or a
 * {@code --param} that a variant sets). Every parameter is resolved and checked here, before anything is forked, so a typo fails
 * in a second rather than after an hour of trials. A combination the JDK cannot run (too old for
 * the workload or variant, collector missing) becomes one {@code unsupported} trial with the
 * reason, not a failure. Stateless apart from the collector probe's cache.
 */
public final class Planner {
    private final GcProbe gcProbe;
    private final List<String> variantNames;
    private final boolean allVariants;
    /** What the default set left out while planning, one line each (see {@link #leftOut()}). */
    private final List<String[]> leftOut = new ArrayList<>();

    /** A planner of every variant (as {@code --all-variants}): tests and callers that choose no default set. */
    public Planner(GcProbe gcProbe) {
        this(gcProbe, List.of());
    }

    /** @param variantNames {@code --variant} names: only these of each workload's own variants run (empty: all) */
    public Planner(GcProbe gcProbe, List<String> variantNames) {
        this(gcProbe, variantNames, true);
    }

    /**
     * @param variantNames {@code --variant} names: only these of each workload's own variants run
     * @param allVariants false for a plain run: without names, each workload's default set
     *     ({@link Variant#inDefaultSet()}) runs; true ({@code --all-variants}): every variant
     */
    public Planner(GcProbe gcProbe, List<String> variantNames, boolean allVariants) {
        this.gcProbe = gcProbe;
        this.variantNames = List.copyOf(variantNames);
        this.allVariants = allVariants;
    }

    /**
     * What the default set left out of the plans made so far ({@link DefaultSet}): "http
     * tomcat-platform on temurin-11 (compared with tomcat-virtual, which needs JDK 21)". The one
     * mutable part of a planner: use one per run, from one thread.
     */
    public List<String> leftOut() {
        // workload → variant → the JDKs it was left out on; variants left out on the same JDKs are said together
        Map<String, Map<String, java.util.Set<String>>> where = new LinkedHashMap<>();
        Map<String, java.util.Set<String>> why = new LinkedHashMap<>();
        for (String[] l : leftOut) {
            where.computeIfAbsent(l[0], k -> new LinkedHashMap<>()).computeIfAbsent(l[1], k -> new java.util.LinkedHashSet<>()).add(l[2]);
            why.computeIfAbsent(l[0], k -> new java.util.LinkedHashSet<>()).add(l[3]);
        }
        List<String> lines = new ArrayList<>();
        where.forEach((w, byVariant) -> {
            Map<java.util.Set<String>, List<String>> byJdks = new LinkedHashMap<>();
            byVariant.forEach((v, jdks) -> byJdks.computeIfAbsent(jdks, k -> new ArrayList<>()).add(v));
            List<String> parts = new ArrayList<>();
            byJdks.forEach((jdks, vs) -> parts.add(String.join(", ", vs) + " on " + String.join(", ", jdks)));
            lines.add(w + " " + String.join("; ", parts) + " (" + String.join("; ", why.get(w)) + "; --all-variants runs them there)");
        });
        return lines;
    }

    /**
     * @param overrides {@code --param} settings; each applies to every selected workload declaring it
     * @param jvmArgSets one entry per {@code --jvm-args} (each a variant); empty for none
     * @throws UserException for a parameter no selected workload declares or a bad value
     */
    List<PlannedTrial> plan(List<CatalogEntry> workloads, List<Jdk> jdks, List<GarbageCollector> gcs,
                            List<List<String>> jvmArgSets, int forks, String profile, Map<String, String> overrides) {
        checkOverridesKnown(workloads, overrides);
        List<PlannedTrial> trials = new ArrayList<>();
        List<GarbageCollector> gcChoices = gcs.isEmpty() ? java.util.Collections.singletonList(null) : gcs;
        List<List<String>> argChoices = jvmArgSets.isEmpty() ? List.of(List.of()) : jvmArgSets;
        for (CatalogEntry w : workloads) {
            WorkloadInfo info = w.info();
            Map<String, String> own = ownOverrides(info, overrides, workloads.size() == 1);
            List<Variant> chosen = VariantSelection.select(info, own, variantNames, allVariants);
            List<Variant> variants = chosen.isEmpty() ? java.util.Collections.singletonList(null) : chosen;
            boolean defaultSet = VariantSelection.isDefaultSet(info, own, variantNames, allVariants);
            for (Jdk jdk : jdks) {
                for (GarbageCollector gc : gcChoices) {
                    for (int a = 0; a < argChoices.size(); a++) {
                        for (Variant v : variants) {
                            if (v != null && !v.jvm() && (jdk != jdks.get(0) || gc != gcChoices.get(0) || a > 0)) {
                                continue; // not a JVM: once per run, whatever the JVM variants
                            }
                            String out = v == null || !defaultSet ? null : DefaultSet.leftOut(info, v, chosen, jdk.feature());
                            if (out != null) {
                                if (gc == gcChoices.get(0) && a == 0) {
                                    leftOut.add(new String[] {info.name(), v.name(), jdk.label(), out});
                                }
                                continue;
                            }
                            Map<String, String> settings = new LinkedHashMap<>(own);
                            List<String> flags = new ArrayList<>();
                            List<String> label = new ArrayList<>();
                            if (gc != null) {
                                flags.addAll(gc.flags());
                                label.add(gc.label());
                            }
                            flags.addAll(argChoices.get(a));
                            if (!argChoices.get(a).isEmpty()) {
                                label.add(argsLabel(argChoices.get(a)));
                            }
                            if (v != null) {
                                flags.addAll(Arrays.asList(v.jvmArgs()));
                                settings.putAll(parseVariant(info, v));
                                label.add(v.name());
                            }
                            Map<String, String> params = resolve(info, profile, settings);
                            String variant = label.isEmpty() ? "default" : String.join("+", label);
                            String reason = unsupported(info, jdk, gc, v);
                            int n = reason == null ? forks : 1;
                            for (int fork = 1; fork <= n; fork++) {
                                trials.add(new PlannedTrial(info.name() + "/" + jdk.label() + "/" + variant + "/fork" + fork,
                                        w, jdk, variant, gc == null ? null : gc.label(), v == null ? null : v.name(),
                                        List.copyOf(flags), params, fork, profile, info.timeoutSeconds(profile),
                                        reason == null ? Math.max(1, (int) Math.round(info.estimatedSeconds(profile) * DurationEstimates.lengthFactor(info, profile, params))) : 0, reason));
                            }
                        }
                    }
                }
            }
        }
        return interleaveForks(trials);
    }

    /**
     * Orders each workload's trials fork-major: fork 1 of every JVM variant, then fork 2, and so on.
     * A machine's state drifts (a VM's host, frequency, page cache); with a JVM's forks back to back
     * that drift would be charged to the JVM, and a difference between JVMs could pass a
     * significance test while being nothing but time. Stable: within a fork the plan's order stays.
     */
    static List<PlannedTrial> interleaveForks(List<PlannedTrial> trials) {
        List<String> workloadOrder = trials.stream().map(t -> t.workload().name()).distinct().collect(Collectors.toList());
        List<PlannedTrial> ordered = new ArrayList<>(trials);
        ordered.sort(java.util.Comparator.<PlannedTrial>comparingInt(t -> workloadOrder.indexOf(t.workload().name()))
                .thenComparingInt(PlannedTrial::fork));
        return ordered;
    }

    /**
     * Resolves every workload's parameters (with each of its variants) without any JDK, so a typo
     * is reported before JDKs are searched and started.
     *
     * @throws UserException as {@link #plan} does
     */
    static void checkParams(List<CatalogEntry> workloads, String profile, Map<String, String> overrides) {
        checkParams(workloads, profile, overrides, List.of());
    }

    /** The same, with the {@code --variant} names: each must be declared by a selected workload. */
    static void checkParams(List<CatalogEntry> workloads, String profile, Map<String, String> overrides, List<String> variantNames) {
        checkOverridesKnown(workloads, overrides);
        VariantSelection.checkNames(workloads, variantNames);
        for (CatalogEntry w : workloads) {
            Map<String, String> own = ownOverrides(w.info(), overrides, workloads.size() == 1);
            resolve(w.info(), profile, own);
            for (Variant v : VariantSelection.select(w.info(), own, variantNames)) {
                Map<String, String> settings = new LinkedHashMap<>(own);
                settings.putAll(parseVariant(w.info(), v));
                resolve(w.info(), profile, settings);
            }
        }
    }

    private static Map<String, String> parseVariant(WorkloadInfo info, Variant v) {
        try {
            return WorkloadInfo.parseAssignments(v.params());
        } catch (IllegalArgumentException e) {
            throw new UserException(info.name() + " variant " + v.name() + ": " + e.getMessage());
        }
    }

    private String unsupported(WorkloadInfo info, Jdk jdk, GarbageCollector gc, Variant v) {
        if (jdk.feature() < info.requiresJdk()) {
            return info.name() + " requires JDK " + info.requiresJdk() + " or later; this is " + jdk.feature();
        }
        if (v != null && jdk.feature() < v.since()) {
            return "variant " + v.name() + " requires JDK " + v.since() + " or later; this is " + jdk.feature();
        }
        return gc == null ? null : gcProbe.unsupportedReason(jdk, gc);
    }

    private static Map<String, String> resolve(WorkloadInfo info, String profile, Map<String, String> settings) {
        try {
            return info.resolveParams(profile, settings);
        } catch (IllegalArgumentException e) {
            throw new UserException(e.getMessage());
        }
    }

    static void checkOverridesKnown(List<CatalogEntry> workloads, Map<String, String> overrides) {
        if (workloads.size() == 1) {
            return; // the workload's own message names its parameters
        }
        for (String key : overrides.keySet()) {
            boolean known = workloads.stream().anyMatch(w -> w.info().parameters().stream().anyMatch(p -> p.name().equals(key)));
            if (!known) {
                throw new UserException("no selected workload has parameter '" + key + "'; valid: " + workloads.stream()
                        .flatMap(w -> w.info().parameters().stream().map(Parameter::name)).distinct().sorted()
                        .collect(Collectors.joining(", ")));
            }
        }
    }

    /**
     * With one workload every override is its own (so an unknown key fails with that workload's
     * list of parameters); with several, each takes the overrides it declares.
     */
    private static Map<String, String> ownOverrides(WorkloadInfo info, Map<String, String> overrides, boolean single) {
        Map<String, String> own = new LinkedHashMap<>(overrides);
        if (!single) {
            own.keySet().removeIf(k -> info.parameters().stream().noneMatch(p -> p.name().equals(k)));
        }
        return own;
    }

    /** {@code -Xmx1g -XX:+AlwaysPreTouch} → {@code -Xmx1g_-XX:+AlwaysPreTouch}: readable and free of slashes. */
    static String argsLabel(List<String> args) {
        return String.join("_", args).replace('/', '_');
    }

    /** Estimated wall time of the plan in seconds. */
    public static long estimatedSeconds(List<PlannedTrial> trials) {
        return trials.stream().mapToLong(PlannedTrial::estimatedSeconds).sum();
    }
}
