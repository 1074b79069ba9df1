/**
 * JDKs on this machine: where they are found ({@link org.jvmmark.runner.jdk.JdkDiscovery}), what each
 * one is (vendor, version, VM, started once to ask), which the user chose, which collectors each
 * supports, and the host facts recorded beside the results. Instances are immutable values.
 */
package org.jvmmark.runner.jdk;
