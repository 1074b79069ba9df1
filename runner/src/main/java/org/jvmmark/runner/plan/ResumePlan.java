package org.jvmmark.runner.plan;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jvmmark.results.Trial;
import org.jvmmark.runner.base.UserException;

/**
 * What {@code run --resume} still has to run. A trial id names workload, JDK, variant and fork but
 * not the parameters, so a recorded trial counts as done only when its {@code params} and
 * {@code variantJvmArgs} are the plan's: a file holding the same id measured with other parameters
 * is refused rather than silently mixed into one result set. Only {@code ok} and
 * {@code unsupported} trials are done; a {@code failed} or {@code timeout} one is run again and its
 * record replaced. Immutable.
 *
 * @param todo the planned trials still to run, in plan order
 * @param done how many planned trials the file already holds as done
 * @param rerun how many of {@code todo} replace a failed or timed-out record
 */
public record ResumePlan(List<PlannedTrial> todo, int done, int rerun) {
    private static final ObjectMapper JSON = new ObjectMapper();


    /**
     * @param file the results file, for the message
     * @param recorded the trials it holds
     * @throws UserException when a recorded trial with a planned id has other parameters or flags
     */
    public static ResumePlan of(List<PlannedTrial> plan, Iterable<Trial> recorded, Path file) {
        Map<String, Trial> byId = new HashMap<>();
        recorded.forEach(t -> byId.put(t.id(), t));
        List<PlannedTrial> todo = new ArrayList<>();
        int done = 0;
        int rerun = 0;
        for (PlannedTrial t : plan) {
            Trial r = byId.get(t.id());
            if (r == null) {
                todo.add(t);
                continue;
            }
            String difference = difference(t, r);
            if (difference != null) {
                throw new UserException(file + " holds " + t.id() + " with other parameters (" + difference
                        + "); use another --out");
            }
            if (!r.outcome().trialStatus().failure()) {
                done++;
            } else {
                todo.add(t);
                rerun++;
            }
        }
        return new ResumePlan(List.copyOf(todo), done, rerun);
    }

    /** What the record has that the plan does not, as {@code key=recorded} items, or {@code null} if they agree. */
    static String difference(PlannedTrial planned, Trial record) {
        ObjectNode want = ParamValues.typed(planned.workload().info(), planned.params());
        ObjectNode have = ParamValues.typed(planned.workload().info(), (JsonNode) JSON.valueToTree(record.identity().paramValues()));
        List<String> diffs = new ArrayList<>();
        have.properties().forEach(e -> {
            if (!e.getValue().equals(want.get(e.getKey()))) {
                diffs.add(e.getKey() + "=" + e.getValue().asText() + " recorded, " + (want.has(e.getKey())
                        ? want.get(e.getKey()).asText() + " now" : "not a parameter now"));
            }
        });
        want.properties().forEach(e -> {
            if (!have.has(e.getKey())) {
                diffs.add(e.getKey() + " not recorded, " + e.getValue().asText() + " now");
            }
        });
        List<String> flags = record.provenance().variantJvmArgs() == null ? List.of() : record.provenance().variantJvmArgs();
        if (!flags.equals(planned.variantJvmArgs())) {
            diffs.add("JVM flags '" + String.join(" ", flags) + "' recorded, '" + String.join(" ", planned.variantJvmArgs()) + "' now");
        }
        return diffs.isEmpty() ? null : diffs.stream().collect(Collectors.joining(", "));
    }
}
