package org.jvmmark.runner.fork;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;

/**
 * A forked JVM's trial as the runner judged it. Immutable (the result document is not copied: do not change it).
 *
 * @param status {@code ok}, {@code failed}, {@code unsupported} or {@code timeout}
 * @param error one readable line when not ok, else {@code null}
 * @param result the child's result document, or {@code null} when it wrote none (or garbage)
 * @param stderrTail the last lines of its stderr
 * @param hsErr the crash log the JVM left, or {@code null}
 */
public record ForkOutcome(String status, String error, ObjectNode result, ProcessOutcome process, List<String> command,
                   List<String> stderrTail, Path hsErr) {

    public boolean ok() {
        return status.equals("ok");
    }
}
