package org.jvmmark.runner.output;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.jvmmark.runner.UserException;
import org.jvmmark.runner.fork.TrialExecutor;

/**
 * Joins the result sets of the slices of one plan ({@code run --shard I/N} on several machines)
 * into one. Refuses to mix: every input must have the same profile and have been started with the
 * same command (workloads, JDKs, parameters, collectors, JVM flags, forks, CPUs) apart from its
 * {@code --shard}; slices must come from the same cut into N; a trial id may appear only once.
 *
 * <p>Each trial of the merged set names its {@code machine} (the host name its slice recorded), and
 * {@code hosts} keeps every machine's facts; the report then ranks JVMs only within one machine.
 * {@code merged} lists the inputs (directory, slice, machine, trials). Stateless and thread-safe.
 */
public final class ResultsMerge {
    /** The fields of {@code command} that decide the plan; {@code shard} is what may differ. */
    private static final List<String> PLAN_FIELDS = List.of("workloads", "jdk", "params", "gc", "jvmArgs", "variants", "forks",
            "cpus", "workloadJars", "workloadClasspath", "tasks");

    private ResultsMerge() {
    }

    /** One input: where it came from (for messages) and its {@code results.json} root. */
    public record Input(Path dir, JsonNode root) {
        String machine() {
            String h = root.path("host").path("hostname").asText("");
            return h.isBlank() ? dir.getFileName().toString() : h;
        }

        String shard() {
            return root.path("command").path("shard").asText("");
        }
    }

    /**
     * @param warnings receives one line per slice missing from the cut (the merge still happens)
     * @throws UserException when the inputs do not belong to one plan
     */
    public static ObjectNode merge(List<Input> inputs, List<String> warnings) {
        Input first = inputs.get(0);
        for (Input in : inputs.subList(1, inputs.size())) {
            if (!in.root().path("profile").equals(first.root().path("profile"))) {
                throw new UserException("cannot merge " + in.dir() + " (profile " + in.root().path("profile").asText() + ") with "
                        + first.dir() + " (profile " + first.root().path("profile").asText() + ")");
            }
            for (String field : PLAN_FIELDS) {
                JsonNode a = first.root().path("command").path(field);
                JsonNode b = in.root().path("command").path(field);
                if (!a.equals(b)) {
                    throw new UserException("cannot merge " + in.dir() + " with " + first.dir() + ": run with different " + field
                            + " (" + b + " vs " + a + "); only the slices of one plan merge");
                }
            }
        }
        checkSlices(inputs, warnings);

        ObjectNode root = TrialExecutor.JSON.createObjectNode();
        root.put("schema", ResultsFile.SCHEMA);
        root.put("created", inputs.stream().map(i -> instant(i.root().path("created"))).min(Comparator.naturalOrder())
                .orElse(Instant.EPOCH).toString());
        // the last slice's end, not the merge's: the report's run time spans the measuring
        root.put("updated", inputs.stream().map(i -> instant(i.root().path(i.root().hasNonNull("finished") ? "finished" : "updated")))
                .max(Comparator.naturalOrder()).orElse(Instant.EPOCH).toString());
        root.put("mergedAt", Instant.now().toString());
        root.set("profile", first.root().path("profile"));
        root.set("host", first.root().path("host"));
        ObjectNode hosts = root.putObject("hosts");
        ObjectNode command = first.root().path("command").deepCopy();
        command.remove("shard");
        root.set("command", command);
        ArrayNode merged = root.putArray("merged");
        Map<String, Path> seen = new LinkedHashMap<>();
        List<ObjectNode> trials = new ArrayList<>();
        for (Input in : inputs) {
            String machine = in.machine();
            hosts.set(machine, in.root().path("host"));
            ObjectNode m = merged.addObject();
            m.put("dir", in.dir().toString());
            m.put("shard", in.shard().isEmpty() ? null : in.shard());
            m.put("machine", machine);
            m.put("trials", in.root().path("trials").size());
            for (JsonNode t : in.root().path("trials")) {
                String id = t.path("id").asText();
                Path before = seen.putIfAbsent(id, in.dir());
                if (before != null) {
                    throw new UserException("cannot merge: trial " + id + " is in both " + before + " and " + in.dir()
                            + " (the same slice twice?)");
                }
                ObjectNode copy = t.deepCopy();
                copy.put("machine", machine);
                trials.add(copy);
            }
        }
        // the whole plan's order: forks interleaved, fork 1 of every trial first (stable within a fork)
        trials.sort(Comparator.comparingInt(t -> t.path("fork").asInt(1)));
        root.putArray("trials").addAll(trials);
        return root;
    }

    private static Instant instant(JsonNode n) {
        try {
            return Instant.parse(n.asText(""));
        } catch (java.time.format.DateTimeParseException e) {
            return Instant.EPOCH;
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
        if (counts.size() > 1 || (sliced > 0 && sliced != inputs.size())) {
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
