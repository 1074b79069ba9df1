package org.jvmmark.runner.output;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.jvmmark.results.Results;
import org.jvmmark.results.Trial;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.tune.PlannedRound;
import org.jvmmark.runner.tune.TuneOptions;
import org.jvmmark.report.tune.TuneRecord;

/**
 * Checks that the result sets of the slices of one plan ({@code run --shard I/N} on several machines)
 * belong together, then joins them with {@link Results#merge}. Refuses to mix: every input must have the same profile and have been started with the
 * same command (workloads, JDKs, parameters, collectors, JVM flags, forks, CPUs) apart from its
 * {@code --shard}; slices must come from the same cut into N; a trial id may appear only once.
 *
 * <p>Each trial of the merged set names its {@code machine} (the host name its slice recorded), and
 * {@code hosts} keeps every machine's facts; the report then ranks JVMs only within one machine.
 * {@code merged} lists the inputs (directory, slice, machine, trials).
 *
 * <p>A tuning race's round ({@code tune --plan-only}, then {@code tune --resume --shard I/N}) merges as the race's
 * directory plus the slices of its recorded round, each carrying that race and round: see {@code mergeRound}.
 * Stateless and thread-safe.
 */
public final class ResultsMerge {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The fields of {@code command} that decide the plan; {@code shard} is what may differ. */
    private static final List<String> PLAN_FIELDS = List.of("workloads", "jdk", "params", "gc", "jvmArgs", "variants", "forks",
            "forksAuto", "maxForks", "budget", "allVariants", "cpus", "memoryBytes", "cpuset", "workloadJars", "workloadClasspath",
            "tasks");

    private ResultsMerge() {
    }

    /** One input: where it came from (for messages) and its result set. */
    public record Input(Path dir, Results results) {
        String machine() {
            Object h = results.hostValues().get("hostname");
            return h == null || h.toString().isBlank() ? dir.getFileName().toString() : h.toString();
        }

        String shard() {
            String s = results.command().shared().shard();
            return s == null ? "" : s;
        }
    }

    /**
     * @param warnings receives one line per slice missing from the cut (the merge still happens)
     * @throws UserException when the inputs do not belong to one plan
     */
    public static Results merge(List<Input> inputs, List<String> warnings) {
        if (inputs.stream().anyMatch(in -> TuneOptions.isTuning(in.results()))) {
            return mergeRound(inputs, warnings);
        }
        return mergePlan(inputs, warnings);
    }

    /**
     * A tuning race's round run as slices: the race's directory (the one input without {@code shard}, whose
     * {@value PlannedRound#KEY} names the round) joined with the slices of that round ({@code tune --resume --shard}),
     * each of which must carry the same race and round. Keeps every trial the race held (with the machine it ran on),
     * its {@value TuneRecord#KEY} and {@value PlannedRound#KEY} blocks, and the machines of earlier merges: the merged
     * set is the next {@code tune --plan-only}'s input.
     */
    private static Results mergeRound(List<Input> inputs, List<String> warnings) {
        List<Input> bases = inputs.stream().filter(in -> in.shard().isEmpty()).toList();
        if (bases.size() != 1) {
            throw new UserException("cannot merge a tuning round: give the race's directory once (the input without --shard)"
                    + " and its slices; got " + bases.size() + " inputs without a slice"
                    + (bases.isEmpty() ? "" : " (" + String.join(", ", bases.stream().map(b -> b.dir().toString()).toList()) + ")"));
        }
        Input base = bases.get(0);
        PlannedRound round = PlannedRound.of(base.results());
        if (!TuneOptions.isTuning(base.results()) || round == null) {
            throw new UserException("cannot merge: " + base.dir() + " is not a tuning race with a recorded round"
                    + " (jvmmark tune --plan-only records one)");
        }
        List<Input> ordered = new ArrayList<>(List.of(base));
        for (Input in : inputs) {
            if (in == base) {
                continue;
            }
            if (!round.equals(PlannedRound.of(in.results()))
                    || !java.util.Objects.equals(TuneRecord.block(base.results()), TuneRecord.block(in.results()))) {
                throw new UserException("cannot merge " + in.dir() + ": it is not a slice of the round recorded in " + base.dir()
                        + " (another race, or another round of it); merge the slices run from " + base.dir());
            }
            ordered.add(in);
        }
        Results merged = mergePlan(ordered, warnings);
        java.util.Set<String> ran = new java.util.HashSet<>();
        merged.trials().forEach(t -> ran.add(t.id()));
        long missing = round.trials().stream().filter(id -> !ran.contains(id)).count();
        if (missing > 0) {
            warnings.add(missing + " of the round's " + round.trials().size() + " trials are in no slice; tune --plan-only asks"
                    + " for them again");
        }
        Map<String, Object> hosts = new LinkedHashMap<>();
        if (base.results().more().get("hosts") instanceof Map<?, ?> earlier) {
            earlier.forEach((k, v) -> hosts.put(String.valueOf(k), v));
        }
        if (merged.more().get("hosts") instanceof Map<?, ?> now) {
            now.forEach((k, v) -> hosts.putIfAbsent(String.valueOf(k), v));
        }
        return merged.withTopLevel("hosts", hosts)
                .withTopLevel(TuneRecord.KEY, TuneRecord.block(base.results()))
                .withTopLevel(PlannedRound.KEY, round.toJson());
    }

    private static Results mergePlan(List<Input> inputs, List<String> warnings) {
        Input first = inputs.get(0);
        for (Input in : inputs.subList(1, inputs.size())) {
            if (!in.results().profile().equals(first.results().profile())) {
                throw new UserException("cannot merge " + in.dir() + " (profile " + in.results().profile() + ") with "
                        + first.dir() + " (profile " + first.results().profile() + ")");
            }
            Map<String, Object> firstCommand = first.results().command().toJson();
            Map<String, Object> inCommand = in.results().command().toJson();
            for (String field : PLAN_FIELDS) {
                Object a = firstCommand.get(field);
                Object b = inCommand.get(field);
                if (!java.util.Objects.equals(a, b)) {
                    throw new UserException("cannot merge " + in.dir() + " with " + first.dir() + ": run with different " + field
                            + " (" + json(b) + " vs " + json(a) + "); only the slices of one plan merge");
                }
            }
        }
        checkSlices(inputs, warnings);
        Map<String, Path> seen = new LinkedHashMap<>();
        List<Results.Slice> slices = new ArrayList<>();
        for (Input in : inputs) {
            for (Trial t : in.results().trials()) {
                Path before = seen.putIfAbsent(t.id(), in.dir());
                if (before != null) {
                    throw new UserException("cannot merge: trial " + t.id() + " is in both " + before + " and " + in.dir()
                            + " (the same slice twice?)");
                }
            }
            slices.add(new Results.Slice(in.dir().toString(), in.machine(), in.shard(), in.results()));
        }
        return Results.merge(slices, Instant.now().toString());
    }

    /** A recorded option as the user would recognise it in the file (a missing one as {@code null}). */
    private static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return String.valueOf(value);
        }
    }

    /**
     * Slices must come from one cut into N; a missing slice is said, not refused. Slices are counted
     * from 1 ({@code 1/N … N/N}); a set holding a {@code 0/N} was recorded when they were counted from
     * 0, and is read that way.
     */
    private static void checkSlices(List<Input> inputs, List<String> warnings) {
        TreeSet<Integer> counts = new TreeSet<>();
        TreeSet<Integer> present = new TreeSet<>();
        int sliced = 0;
        int first = inputs.stream().anyMatch(in -> in.shard().startsWith("0/")) ? 0 : 1;
        for (Input in : inputs) {
            if (!in.shard().isEmpty()) {
                String[] p = in.shard().split("/");
                if (!present.add(Integer.parseInt(p[0]))) {
                    throw new UserException("cannot merge: slice " + in.shard() + " is given twice (" + in.dir() + ")");
                }
                counts.add(Integer.parseInt(p[1]));
                sliced++;
            }
        }
        boolean race = TuneOptions.isTuning(inputs.get(0).results()); // a race's directory and its round's slices
        if (counts.size() > 1 || (sliced > 0 && sliced != inputs.size() - (race ? 1 : 0))) {
            throw new UserException("cannot merge slices of different cuts ("
                    + String.join(", ", inputs.stream().map(i -> i.shard().isEmpty() ? "whole plan" : i.shard()).toList())
                    + "); merge the slices of one --shard I/N plan");
        }
        if (!counts.isEmpty()) {
            int n = counts.first();
            List<String> missing = new ArrayList<>();
            for (int i = first; i < n + first; i++) {
                if (!present.contains(i)) {
                    missing.add(i + "/" + n);
                }
            }
            if (!missing.isEmpty()) {
                warnings.add("slices missing: " + String.join(", ", missing) + "; the merged set covers part of the plan");
            }
        }
    }
}
