package org.jvmmark.runner.fork;

import java.nio.file.Path;
import java.util.List;
import org.jvmmark.results.ChildResult;

/**
 * A forked JVM's trial as the runner judged it. Immutable.
 *
 * @param status {@code ok}, {@code failed}, {@code unsupported} or {@code timeout}
 * @param error one readable line when not ok, else {@code null}
 * @param result what the child said of its trial, or {@code null} when it wrote nothing readable
 * @param stderrTail the last lines of its stderr
 * @param hsErr the crash log the JVM left, or {@code null}
 */
public record ForkOutcome(String status, String error, ChildResult result, ProcessOutcome process, List<String> command,
                   List<String> stderrTail, Path hsErr) {

    public boolean ok() {
        return status.equals("ok");
    }
}
