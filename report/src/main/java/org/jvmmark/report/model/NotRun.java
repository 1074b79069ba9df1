package org.jvmmark.report.model;

import java.util.ArrayList;
import java.util.List;

/**
 * A row that did not end ok in every fork, as Who won lists it: the row, its status ("failed", "unsupported", or
 * "partly failed" when some forks ran ok) and the reason. The one rule for which rows are listed.
 *
 * @param row the row's label
 * @param status the trials' status, "partly " + status when only some forks failed
 * @param reason why, or empty when the trials gave none
 */
public record NotRun(String row, String status, String reason) {

    /** "Temurin 11 · virtual: unsupported (needs JDK 21)". */
    public String text() {
        return row + ": " + status + (reason.isEmpty() ? "" : " (" + reason + ")");
    }

    /** "Temurin 11 · virtual: unsupported": without the reason, for a table cell (the reason goes in its tooltip). */
    public String head() {
        return row + ": " + status;
    }

    /** The rows of {@code rows} with a fork that did not end ok, in order. */
    public static List<NotRun> of(List<Row> rows) {
        List<NotRun> out = new ArrayList<>();
        for (Row r : rows) {
            boolean anyNotOk = r.trials().stream().anyMatch(t -> !t.ok());
            if (!anyNotOk && !r.okTrials().isEmpty()) {
                continue;
            }
            String status = !r.okTrials().isEmpty() ? "partly " + r.trials().stream().filter(t -> !t.ok()).findFirst()
                    .map(t -> t.outcome().trialStatus().json()).orElse("") : r.status();
            out.add(new NotRun(r.label(), status, r.failureNote()));
        }
        return out;
    }
}
