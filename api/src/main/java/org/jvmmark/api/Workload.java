package org.jvmmark.api;

/**
 * A scenario jvmmark measures. One instance runs one trial, in the JVM under test, on the thread
 * that calls {@link #run}.
 *
 * <p>The workload validates its own work: if messages were lost, reordered or corrupted it throws
 * {@link ValidationException} and the trial is recorded as {@code failed}, never as a number. If the
 * JVM cannot run it (a missing API, a library that refuses the JDK) it throws
 * {@link UnsupportedWorkloadException} and the trial is recorded as {@code unsupported}.
 */
public interface Workload {

    /**
     * Runs the trial and records what it measured into {@link TrialContext#result()}.
     *
     * @param context parameters, scratch directory and result sink of this trial
     * @throws Exception any failure; the trial becomes {@code failed} with a one-line reason
     */
    void run(TrialContext context) throws Exception;
}
