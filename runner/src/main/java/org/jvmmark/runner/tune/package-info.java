/**
 * {@code jvmmark tune}: which JVM settings run a workload best. A {@link org.jvmmark.runner.tune.SearchSpace}
 * (collectors, heap sizes, flags) gives the {@link org.jvmmark.runner.tune.Point}s; each point is one row of
 * ordinary trials, so a tuning run's {@code results.json} is read by {@code report}, {@code compare},
 * {@code history} and {@code --resume} like any run's. The {@link org.jvmmark.runner.tune.EliteRace} decides, round
 * by round (each a batch of its own, two fresh forks a point), which points race on, drops a point only when the judge
 * says it is worse than the leader, lets a point left behind come back through a neighbour, and ends with a
 * confirmation round whose fresh forks alone give the answer's gain. A {@link org.jvmmark.runner.tune.PlannedRound} is a
 * round recorded to run as slices on many machines ({@code tune --plan-only}, {@code --shard I/N}, {@code merge}).
 */
package org.jvmmark.runner.tune;
