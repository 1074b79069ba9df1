/**
 * The {@code queue-large} workload: Chronicle Queue written in bursts until the data outgrows memory
 * (the machine's RAM, or a memory cgroup), after Chronicle Queue's {@code RunLargeQueueMain}. See
 * the module's README for the method, the figures and the result layout.
 */
package org.jvmmark.workloads.queuelarge;
