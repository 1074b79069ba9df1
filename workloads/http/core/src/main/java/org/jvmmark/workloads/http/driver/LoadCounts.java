package org.jvmmark.workloads.http.driver;

/**
 * What one I/O thread has left of the current load, for the driver thread to wait on: scheduled
 * requests still to send (rate mode) and requests sent and not yet answered. Written by the I/O
 * thread only; volatile, so the driver thread reads them as they are.
 */
final class LoadCounts {
    /** Requests sent (or armed for the sender) and not yet answered, failed or given up. */
    volatile long outstanding;
    /** Rate mode: requests of this thread's share of the schedule not yet sent or armed. */
    volatile long remaining;
}
