/**
 * What the http workload's two processes agree on: the handlers and their body ({@link
 * org.jvmmark.workloads.http.common.Handlers}), the footprint of a server process ({@link
 * org.jvmmark.workloads.http.common.Footprint}) and how the driver asks for it through the control
 * directory ({@link org.jvmmark.workloads.http.common.FootprintExchange}), and the URL of a user's
 * server ({@link org.jvmmark.workloads.http.common.AppUrl}). Small, dependency-free, compiled for
 * Java 11 like the server side.
 */
package org.jvmmark.workloads.http.common;
