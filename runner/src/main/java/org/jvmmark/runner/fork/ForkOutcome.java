package org.jvmmark.runner.fork;

import java.nio.file.Path;
import java.util.List;
import org.jvmmark.results.ChildResult;
import org.jvmmark.results.TrialStatus;

/**
 * A forked JVM's trial as the runner judged it. Immutable.
 *
 * @param status how the trial ended, as the runner judged it
 * @param error one readable line when not ok, else {@code null}
 * @param result what the child said of its trial, or {@code null} when it wrote nothing readable
 * @param stderrTail the last lines of its stderr
 * @param hsErr the crash log the JVM left, or {@code null}
 */
public record ForkOutcome(TrialStatus status, String error, ChildResult result, ProcessOutcome process, List<String> command,
                   List<String> stderrTail, Path hsErr) {

    public boolean ok() {
        return status == TrialStatus.OK;
    }
}
