/**
 * Running one trial: the JVM under test is forked with only its workload's classpath
 * ({@link org.jvmmark.runner.fork.ForkedJvm}), a client/server workload adds the load driver as a second
 * process ({@link org.jvmmark.runner.fork.ClientServerTrial}), and the child is watched from outside
 * (peak RSS, CPU time, wall time, exit, time limit, stderr tail, crash logs). What comes back is read
 * from the child's result file, never from its stdout.
 *
 * <p>The user's container ({@code --cpus}, {@code --memory}, {@code --cpuset}: {@link
 * org.jvmmark.runner.fork.ContainerLimits}) is applied in one place: {@link org.jvmmark.runner.fork.Container} checks
 * what this machine can give ({@link org.jvmmark.runner.fork.CgroupHost}) and makes, per launch, a {@link
 * org.jvmmark.runner.fork.Confinement} — a child {@link org.jvmmark.runner.fork.Cgroup} entered before the JVM execs,
 * and a cpuset — that {@link org.jvmmark.runner.fork.ForkedJvm} puts in front of its command line; {@link
 * org.jvmmark.runner.fork.Ergonomics} asks the same JVM inside the same limits what it chose there.
 */
package org.jvmmark.runner.fork;
