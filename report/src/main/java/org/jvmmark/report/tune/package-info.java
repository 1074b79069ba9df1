/**
 * The answer of a {@code jvmmark tune} run, from its trials and the {@value org.jvmmark.report.tune.TuneRecord#KEY}
 * block of {@code results.json}: per JDK, the best point and its gain over the JDK's default configuration, the
 * points that cannot be told apart from it, and the Pareto frontier of the objective against the footprint.
 * Every "better", "worse" and "cannot tell" here is the {@link org.jvmmark.report.judge.Judge}'s ({@link
 * org.jvmmark.report.tune.Standings} asks it, for the race and for the answer alike); {@link
 * org.jvmmark.report.Words} says them.
 */
package org.jvmmark.report.tune;
