/**
 * A generator of gate inputs that is not the judge's model ({@link org.jvmmark.testkit.gates.WildRuns}): raw fork
 * values, machine-probe readings and failures of runs with heavy tails, rows of unequal spread, run effects up to 6 %,
 * drift, outliers, missing probe readings, unequal forks, two hosts and failing forks. The report's and the history's
 * tests turn its numbers into their own inputs, so the published error rates can fail where the judge's assumptions
 * do (issue 48, item 7). Immutable values and stateless functions: thread-safe; each draw's randomness is the caller's.
 */
package org.jvmmark.testkit.gates;
