package org.jvmmark.workloads.http.driver;

/**
 * One mix entry's latency recorders: from the due time (corrected, failures included) and from the actual send
 * (answered as expected), each I/O thread its own writer, as the engine's own {@code endToEnd} pair. Thread-safe
 * as {@link SplitRecorder} is.
 */
final class EndpointRecorders {
    final SplitRecorder corrected;
    final SplitRecorder uncorrected;

    EndpointRecorders(int writers) {
        corrected = new SplitRecorder(writers);
        uncorrected = new SplitRecorder(writers);
    }
}
