package org.jvmmark.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How many forks each row of a {@code --forks auto} run took and why it stopped: the top-level
 * {@code "forkAccount"} object of {@code results.json} ({@code "forks"} in files written before it was named
 * apart from the {@code forks} option, which is a number). Absent for runs with a fixed number of forks.
 * Immutable, hence thread-safe.
 *
 * @param policy {@code "auto"}
 * @param budgetSeconds the run's time budget, or null when the file does not say (a merged set)
 * @param rows by row id ("http/temurin-25/tomcat-virtual/connections=1000"), in plan order
 */
public record ForkAccount(String policy, Long budgetSeconds, Map<String, Row> rows) {
    public ForkAccount {
        policy = policy == null ? "auto" : policy;
        rows = rows == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(rows));
    }

    /**
     * One row's account.
     *
     * @param forks its ok forks
     * @param reason why it stopped ("decided", "cap reached, cannot tell", ...)
     */
    public record Row(int forks, String reason) {
    }
}
