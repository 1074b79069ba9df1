package org.jvmmark.api;

/**
 * A workload's own check of one parameter's value, beyond {@link ParamType} and choices: a file that must exist and
 * parse (an http request mix, a server's jar). Named by {@link Parameter#check()}; the runner calls it while it
 * resolves the parameters, before it forks anything, so a bad value is one line and exit 2 instead of a failed trial.
 *
 * <p>It runs in the runner's JVM, loaded from the workload's own jars: it may use the JDK and what the runner
 * shares with workloads (this API, Jackson), nothing else of the workload's dependencies. Implementations need a
 * public no-argument constructor and must be stateless (thread-safe).
 */
public interface ParamCheck {

    /**
     * Checks a non-empty value and returns the value to use instead — a relative path made absolute, since trials run
     * in a directory of their own — or the value itself.
     *
     * @throws IllegalArgumentException with one line saying what is wrong and what would be right
     */
    String check(String value);
}
