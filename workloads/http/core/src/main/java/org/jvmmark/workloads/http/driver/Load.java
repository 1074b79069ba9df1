package org.jvmmark.workloads.http.driver;

/** How the {@code LoadEngine}'s I/O threads send: not at all, closed loop, open model at a rate, or hold. */
enum Load { IDLE, MAX, RATE, HOLD }
