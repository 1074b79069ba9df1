/**
 * Running one trial: the JVM under test is forked with only its workload's classpath
 * ({@link org.jvmmark.runner.fork.ForkedJvm}), a client/server workload adds the load driver as a second
 * process ({@link org.jvmmark.runner.fork.ClientServerTrial}), and the child is watched from outside
 * (peak RSS, CPU time, wall time, exit, time limit, stderr tail, crash logs). What comes back is read
 * from the child's result file, never from its stdout.
 */
package org.jvmmark.runner.fork;
