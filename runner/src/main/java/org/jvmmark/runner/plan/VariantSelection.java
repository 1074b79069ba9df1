package org.jvmmark.runner.plan;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.jvmmark.api.Variant;
import org.jvmmark.api.WorkloadInfo;
import org.jvmmark.runner.base.UserException;

/**
 * Which of a workload's own {@link Variant}s a run includes. A variant is a set of parameter
 * values, so a {@code --param} that a variant sets is a choice of variants, never an override that
 * would quietly turn every variant into the same one: {@code run chat --param impl=nio} runs only
 * the {@code nio} variant, and a value no variant has is refused with the values that exist —
 * unless it is one of the parameter's declared choices (the http workload's {@code server=app}): then
 * the trial runs without a workload variant, with the user's settings alone.
 * {@code --variant NAME,...} picks variants by name. Without either, a plain run takes the workload's
 * <em>default set</em> — the variants declared {@link Variant#inDefaultSet()} — so that the main job
 * answers each workload's questions in minutes; {@code --all-variants} takes every variant.
 * Stateless and thread-safe.
 */
public final class VariantSelection {
    private VariantSelection() {
    }

    /**
     * @param overrides the workload's own {@code --param} settings
     * @param names {@code --variant} names (empty: no choice by name); names this workload does not
     *     declare are ignored here, {@link #checkNames} refuses names no workload declares
     * @return the chosen variants in declaration order; empty when the workload declares none
     * @throws UserException when the choices leave none of the workload's variants
     */
    static List<Variant> select(WorkloadInfo info, Map<String, String> overrides, List<String> names) {
        return select(info, overrides, names, true);
    }

    /**
     * @param allVariants {@code --all-variants}: without it, and without a choice by name or by a
     *     parameter a variant sets, only the default set ({@link Variant#inDefaultSet()}) is taken
     */
    static List<Variant> select(WorkloadInfo info, Map<String, String> overrides, List<String> names, boolean allVariants) {
        List<Variant> chosen = new ArrayList<>(info.variants());
        if (chosen.isEmpty()) {
            return chosen;
        }
        boolean byName = chosen.stream().anyMatch(v -> names.contains(v.name()));
        if (byName) {
            chosen.removeIf(v -> !names.contains(v.name()));
        }
        boolean byParam = overrides.keySet().stream().anyMatch(k -> info.variants().stream().anyMatch(v -> sets(info, v, k)));
        if (!byName && !byParam && !allVariants && chosen.stream().anyMatch(Variant::inDefaultSet)) {
            chosen.removeIf(v -> !v.inDefaultSet());
        }
        for (Map.Entry<String, String> o : overrides.entrySet()) {
            String key = o.getKey();
            if (info.variants().stream().noneMatch(v -> sets(info, v, key))) {
                continue;
            }
            String wanted = ParamValues.typed(info, Map.of(key, o.getValue())).get(key).toString();
            chosen.removeIf(v -> sets(info, v, key) && !value(info, v, key).equals(wanted));
            if (chosen.isEmpty() && !byName && isChoiceOfItsOwn(info, key, o.getValue())) {
                return chosen; // e.g. http's server=app: a declared choice no variant makes runs without one
            }
            if (chosen.isEmpty()) {
                throw new UserException(info.name() + ": --param " + key + "=" + o.getValue() + " selects no variant"
                        + (byName ? " of --variant " + String.join(",", names) : "") + "; its variants set " + key + " to "
                        + info.variants().stream().filter(v -> sets(info, v, key))
                                .map(v -> declared(info, v, key) + " (" + v.name() + ")").collect(Collectors.joining(", ")));
            }
        }
        return chosen;
    }

    /**
     * Whether {@link #select} took the workload's default set: no {@code --all-variants}, no
     * {@code --variant} name of this workload, no parameter that a variant sets.
     */
    static boolean isDefaultSet(WorkloadInfo info, Map<String, String> overrides, List<String> names, boolean allVariants) {
        return !allVariants && info.variants().stream().noneMatch(v -> names.contains(v.name()))
                && overrides.keySet().stream().noneMatch(k -> info.variants().stream().anyMatch(v -> sets(info, v, k)));
    }

    /** @throws UserException for a {@code --variant} name that none of the workloads declares */
    static void checkNames(List<CatalogEntry> workloads, List<String> names) {
        Set<String> known = new LinkedHashSet<>();
        workloads.forEach(w -> w.info().variants().forEach(v -> known.add(v.name())));
        for (String name : names) {
            if (!known.contains(name)) {
                throw new UserException("unknown variant '" + name + "'; valid: "
                        + (known.isEmpty() ? "none (the selected workloads declare no variants)" : String.join(", ", known)));
            }
        }
    }

    /** A value the parameter declares among its choices although no variant sets it. */
    private static boolean isChoiceOfItsOwn(WorkloadInfo info, String key, String value) {
        return info.parameters().stream().anyMatch(p -> p.name().equals(key) && java.util.Arrays.asList(p.choices()).contains(value))
                && info.variants().stream().noneMatch(v -> value.equals(params(info, v).get(key)));
    }

    private static boolean sets(WorkloadInfo info, Variant v, String key) {
        return params(info, v).containsKey(key);
    }

    private static String value(WorkloadInfo info, Variant v, String key) {
        return ParamValues.typed(info, Map.of(key, params(info, v).get(key))).get(key).toString();
    }

    private static String declared(WorkloadInfo info, Variant v, String key) {
        return params(info, v).get(key);
    }

    private static Map<String, String> params(WorkloadInfo info, Variant v) {
        try {
            return WorkloadInfo.parseAssignments(v.params());
        } catch (IllegalArgumentException e) {
            throw new UserException(info.name() + " variant " + v.name() + ": " + e.getMessage());
        }
    }
}
