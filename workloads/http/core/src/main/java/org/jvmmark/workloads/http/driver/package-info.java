/**
 * The load driver of the http workload, on the host JDK in a process of its own: {@link
 * org.jvmmark.workloads.http.driver.HttpDriver} runs one trial's phases (max, rate, sweep, hold) and
 * writes the figures; {@code LoadEngine} owns the connections and the I/O threads ({@code IoLoop},
 * each with its {@code Exchange}, {@code Connector}, {@code RateSchedule} and {@code Sender}); {@code
 * ResponseParser} reads and checks every response; {@code ErrorCounts} names every failure.
 *
 * <p>Every scheduled request ends in exactly one way — answered, failed with a named kind, timed
 * out, or not sent — and every one is counted; in the open model (rate mode) the failed, timed-out
 * and unsent ones are also recorded in the corrected histogram at (the moment they were given up −
 * their due time), so a percentile cannot look better because requests vanished.
 */
package org.jvmmark.workloads.http.driver;
