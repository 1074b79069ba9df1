/**
 * The answer of a {@code jvmmark tune} run, from its trials and the {@value org.jvmmark.report.tune.TuneRecord#KEY}
 * block of {@code results.json}: per JDK, the pick and its gain over the JDK's default configuration (and over the
 * user's baseline), judged on the fresh forks of the race's confirmation round alone ({@link
 * org.jvmmark.report.tune.Confirmation}, the rule the runner's race answers by too), the points ranked as the race
 * ranks them ({@link org.jvmmark.report.tune.RoundCentres}: each round's run effect taken out), what the race did with
 * the other points, and the Pareto frontier of the objective against the footprint. Every "better", "worse" and
 * "cannot tell" here is the {@link org.jvmmark.report.judge.Judge}'s; {@link org.jvmmark.report.words.Words} says them.
 */
package org.jvmmark.report.tune;
