package org.jvmmark.results;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * The top level of {@code results.json} as the file lays it out: where its field names are written, once. Each
 * trial is kept as its own tree here ({@link TrialJson} binds it) so that a trial that cannot be read is named
 * by its place and id. Immutable, hence thread-safe.
 *
 * @param schemaId the published JSON Schema the file follows ({@link Results#SCHEMA_ID})
 * @param schema the format's name and major version ({@link Results#SCHEMA})
 * @param updated when the last trial was recorded, or null
 * @param finished when the run ended, or null when that is {@code updated}
 * @param forkAccount written as {@code forkAccount}; files written before it was named apart from the {@code forks}
 *     option (a number, in {@code command}) call it {@code forks}
 * @param more the top-level fields this model does not name (questions, jvms, forks, a merge's hosts ...)
 */
record ResultsJson(@JsonProperty("$schema") String schemaId, String schema, String created, String profile,
                   Map<String, Object> host, @JsonInclude(Include.NON_EMPTY) Map<String, Object> command,
                   List<JsonNode> trials, @JsonInclude(Include.NON_NULL) String updated,
                   @JsonInclude(Include.NON_NULL) String finished,
                   @JsonInclude(Include.NON_EMPTY) Map<String, List<WorkloadQuestion>> questions,
                   @JsonAlias("forks") @JsonInclude(Include.NON_NULL) ForkAccount forkAccount,
                   @JsonInclude(Include.NON_EMPTY) Map<String, JvmFacts> jvms,
                   @JsonAnySetter @JsonAnyGetter Map<String, Object> more) {

    /** The file's shape of {@code r}. */
    static ResultsJson of(Results r) {
        return new ResultsJson(Results.SCHEMA_ID, r.schema(), r.created(), r.profile(), r.hostValues(), r.command().toJson(),
                r.trials().stream().map(t -> ResultsMapper.tree(TrialJson.of(t))).toList(), r.updated(),
                r.finished() != null && !r.finished().equals(r.updated()) ? r.finished() : null, r.questions(),
                r.forkAccount(), r.jvmFacts(), r.more());
    }

    /** The result set with {@code trials}, read one by one by the caller. */
    Results results(List<Trial> read) {
        Map<String, Object> hostValues = host == null ? Map.of() : host;
        return new Results(schema, created == null ? "" : created, finished, profile == null ? "" : profile,
                JsonValues.strings(hostValues), read, updated, hostValues, Command.of(command),
                questions, forkAccount, jvms, more);
    }
}
