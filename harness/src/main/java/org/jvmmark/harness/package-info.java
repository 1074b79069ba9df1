/**
 * jvmmark's latency harness: JLBH's model (a task called at a fixed rate, named probes, runs,
 * jitter sampling), with coordinated-omission correction on by default and the uncorrected figure
 * always kept beside it.
 *
 * <h2>What is measured</h2>
 * {@link org.jvmmark.harness.Harness} calls {@link org.jvmmark.harness.LatencyTask#run(long)} once
 * per iteration when the iteration is due, and passes the due time. The task measures its latency
 * from that time — end of iteration minus intended start — with
 * {@link org.jvmmark.harness.Harness#recordEndToEnd(long)}, on the benchmark thread or on one
 * consumer thread. The harness keeps, per run, the histogram of those latencies, the histogram of
 * end minus <em>actual</em> start, one histogram per probe, the gaps the jitter thread saw, and
 * the garbage collections that happened, with target and achieved throughput.
 *
 * <h2>Why correct for coordinated omission</h2>
 * When one iteration takes 5 ms at 10,000 per second, fifty more requests fall due while it runs. A
 * loop that waits for each call before timing the next omits them: it reports one slow sample
 * where clients saw fifty. Measuring from the intended start restores them (see
 * {@code Sample_03_CoordinatedOmission}). The uncorrected figure stays in the result because the
 * distance between the two is the queueing the system built up.
 *
 * <h2>What comes out</h2>
 * An immutable {@link org.jvmmark.harness.LatencyResult}: the {@code latency} blocks of
 * {@code results.json} (percentiles 50 … 99.999 as far as the count supports them, max, runs,
 * coefficient of variation across runs, compressed histograms), a JLBH-style text report, and
 * optionally an HdrHistogram interval log. See {@code harness/API.md} for a walk-through.
 *
 * <h2>Cost</h2>
 * A single-writer probe sample costs what {@code System.nanoTime()} plus
 * {@code Histogram.recordValue} cost (the benchmarks module measures it against exactly that
 * floor); the harness adds no allocation, lock or fence to the recording path.
 */
package org.jvmmark.harness;
