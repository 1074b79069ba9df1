/**
 * The {@code chat} workload: a VolanoMark-style chat server speaking an IRC subset, and its load
 * driver.
 *
 * <h2>Two processes</h2>
 * {@link org.jvmmark.workloads.chat.ChatWorkload} runs in the JVM under test: it starts a
 * {@code ChatServer} — thread per connection on platform or virtual threads
 * ({@code ThreadPerConnectionServer}), or one NIO selector thread ({@code NioChatServer}) — and
 * records its footprint when stopped. {@link org.jvmmark.workloads.chat.ChatDriver} runs on the
 * host JDK, the same for every server: {@code VolanoRun} (rooms of users taking turns to broadcast;
 * msg/s and delivery latency, every message checked) or {@code CapacityRun} (idle connections and
 * what each costs the server). Both also run without the runner ({@code
 * ChatServerMain}, {@code ChatDriverMain}) against any IRC client or server.
 *
 * <p>Compiled for Java 11: virtual threads are reached through {@code ThreadStarter}. Thread-safety is
 * stated per class: the servers are thread-safe, a workload, driver or run is one trial's and is not.
 */
package org.jvmmark.workloads.chat;
