/**
 * Workloads that fail on purpose, one way each, so the runner's fault paths are tested against real
 * forked JVMs (after Renaissance's {@code DummySetupFailing}). They live in the {@code faults}
 * module, which {@code jvmmark list} and the default workload set hide; they run when named.
 *
 * <p>Besides the failures there are a few that succeed: {@code fault-sleep} (a trial of known
 * length, for resume and Ctrl-C), {@code fault-variants} and {@code fault-requires-future} (planning),
 * and {@code fault-echo-server}, a tiny client/server pair that exercises the runner's
 * {@link org.jvmmark.api.Driver} orchestration, including a server that dies, never becomes ready
 * or ignores the stop request.
 */
package org.jvmmark.workloads.faults;
