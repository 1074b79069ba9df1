package org.jvmmark.runner.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jvmmark.runner.base.UserException;

/**
 * {@code run --shard I/N}: slice {@code I} of {@code N} of the plan, counted from 1 as a person counts
 * and as Playwright, Jest and Vitest count {@code --shard} ({@code 1/4 … 4/4}), so that one matrix
 * can be run across identical machines by a scheduler (a Kubernetes Indexed Job, a Slurm array) and
 * joined again with {@code jvmmark merge}.
 *
 * <p>The plan is cut into units — one per workload and swept value ({@link Sweep#unitOf}) — and
 * unit {@code k} (in plan order) goes to slice {@code k mod N}. A unit holds every JDK, variant and
 * fork compared at that point, so the JVMs ranked against each other always ran on the same
 * machine; within a slice the plan's order, forks interleaved across JVMs, is kept. The slicing
 * depends only on the command line and the workloads' metadata, never on the JDKs or collectors a
 * machine happens to have, so every machine computes the same cut.
 *
 * <p>{@code I} may be {@code auto}: the index then comes from {@code JOB_COMPLETION_INDEX}
 * (Kubernetes Indexed Job, 0-based) or {@code SLURM_ARRAY_TASK_ID} less {@code SLURM_ARRAY_TASK_MIN}
 * (so {@code --array=0-3} and {@code --array=1-4} both give the four slices). Immutable, hence
 * thread-safe.
 *
 * @param index the slice, 0-based (what the arithmetic uses); {@link #label()} shows it counted from 1
 * @param count the number of slices, N
 */
public record Shard(int index, int count) {

    /** Checks the components: {@code 0 <= index < count}. */
    public Shard {
        if (count < 1 || index < 0 || index >= count) {
            throw new IllegalArgumentException("slice index " + index + " (0-based) of " + count);
        }
    }

    /**
     * @param spec {@code I/N} (I counted from 1) or {@code auto/N}
     * @param env the environment, for {@code auto}
     * @throws UserException for a malformed spec, an index out of range, or {@code auto} outside a scheduler
     */
    public static Shard parse(String spec, Map<String, String> env) {
        String[] parts = spec.trim().split("/", -1);
        if (parts.length != 2) {
            throw new UserException("--shard " + spec + ": expected I/N (slice I of N, counted from 1, e.g. 1/4) or auto/N");
        }
        int count = number(parts[1], spec);
        if (count < 1) {
            throw new UserException("--shard " + spec + ": N must be at least 1");
        }
        if (parts[0].equals("auto")) {
            int index = fromScheduler(env, spec);
            if (index < 0 || index >= count) {
                throw new UserException("--shard " + spec + ": the scheduler's index " + index + " (0-based) is outside 0.." + (count - 1)
                        + "; run as many tasks as N (--array=0-" + (count - 1) + " or 1-" + count + ", completions: " + count + ")");
            }
            return new Shard(index, count);
        }
        int number = number(parts[0], spec);
        if (number < 1 || number > count) {
            throw new UserException("--shard " + spec + ": I must be 1.." + count + " (slices are counted from 1: 1/" + count + " … "
                    + count + "/" + count + ")");
        }
        return new Shard(number - 1, count);
    }

    private static int fromScheduler(Map<String, String> env, String spec) {
        String k8s = env.get("JOB_COMPLETION_INDEX");
        if (k8s != null && !k8s.isBlank()) {
            return number(k8s, spec + " (JOB_COMPLETION_INDEX=" + k8s + ")");
        }
        String slurm = env.get("SLURM_ARRAY_TASK_ID");
        if (slurm != null && !slurm.isBlank()) {
            String min = env.getOrDefault("SLURM_ARRAY_TASK_MIN", "0");
            return number(slurm, spec + " (SLURM_ARRAY_TASK_ID=" + slurm + ")") - number(min, spec + " (SLURM_ARRAY_TASK_MIN=" + min + ")");
        }
        throw new UserException("--shard " + spec + ": neither JOB_COMPLETION_INDEX nor SLURM_ARRAY_TASK_ID is set; give the slice, e.g. --shard 1/" + spec.substring(spec.indexOf('/') + 1).trim());
    }

    private static int number(String s, String context) {
        try {
            return Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            throw new UserException("--shard " + context + ": '" + s + "' is not a whole number");
        }
    }

    /**
     * The trials of this slice, in plan order.
     *
     * @param unit the unit each trial belongs to; trials of one unit stay together
     * @throws UserException when the plan has fewer units than slices (a slice would be empty)
     */
    public List<PlannedTrial> slice(List<PlannedTrial> plan, Function<PlannedTrial, String> unit) {
        Map<String, Integer> units = new LinkedHashMap<>();
        plan.forEach(t -> units.putIfAbsent(unit.apply(t), units.size()));
        if (units.size() < count) {
            throw new UserException("--shard " + label() + ": this plan has " + units.size() + (units.size() == 1 ? " unit" : " units")
                    + " (one per workload and swept value, each run whole on one machine: " + String.join("; ", units.keySet())
                    + "); use at most " + units.size() + " slices");
        }
        List<PlannedTrial> mine = new ArrayList<>();
        for (PlannedTrial t : plan) {
            if (units.get(unit.apply(t)) % count == index) {
                mine.add(t);
            }
        }
        return mine;
    }

    /** {@code I/N} with I counted from 1, as given and as recorded in {@code results.json}. */
    public String label() {
        return (index + 1) + "/" + count;
    }
}
