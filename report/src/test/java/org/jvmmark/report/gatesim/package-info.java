/**
 * The gate's error rates on data the judge did not make (issue 48, item 7): {@link
 * org.jvmmark.report.gatesim.WildGates} turns {@code org.jvmmark.testkit.gates.WildRuns}' hostile runs into
 * {@code compare}'s evidence and family, and prints the table the judge's DESIGN.md §8 and docs/ci.md publish; {@link
 * org.jvmmark.report.gatesim.WildGatesTest} holds it. Stateless and thread-safe.
 */
package org.jvmmark.report.gatesim;
