/**
 * The {@code queue-latency} workload: producer/consumer latency through Chronicle Queue (or an
 * in-memory ring) at a fixed rate, driven by the jvmmark harness.
 *
 * <h2>How the pieces fit</h2>
 * {@link org.jvmmark.workloads.queue.QueueLatencyWorkload} reads the parameters
 * ({@code QueueSettings}), makes a fresh directory in {@code /dev/shm} ({@code QueueDirectory}),
 * opens a {@code Transport} ({@code ChronicleTransport} or {@code MemoryTransport}) and hands a
 * {@code HandOffTask} to the harness. The harness calls the task on its pinned benchmark thread
 * at the target rate — that thread is the producer — passing the time each message was due; the
 * task's {@code Consumer} thread, pinned where a CPU is left ({@code ThreadPlacement}), records the
 * end-to-end latency from that due time and checks every message ({@code MessageCodec}).
 *
 * <h2>What a trial never does</h2>
 * It never reports a number for messages that were lost, repeated or corrupted; never waits
 * forever on a queue that cannot be written; never leaves queue files behind; never writes to
 * {@code $HOME} or lets Chronicle phone home.
 */
package org.jvmmark.workloads.queue;
