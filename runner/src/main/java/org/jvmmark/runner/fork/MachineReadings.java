package org.jvmmark.runner.fork;

import java.util.function.UnaryOperator;
import org.jvmmark.results.MachineState;
import org.jvmmark.runner.base.UserException;

/**
 * Where the runner's look at the machine beside each fork comes from ({@link MachineState}: a reading just before the
 * fork's JVM starts and one just after its processes end). On a real machine that is {@link MachineProbe}; in tests, and
 * wherever a run must be tried on a host whose level flips without having one, {@link FlippingMachine}, which the
 * environment variable {@value FlippingMachine#ENV} selects.
 *
 * <p>Implementations must be thread-safe: the runner reads the machine from the thread that runs its trials.
 */
public interface MachineReadings {
    /** One reading now; never throws (what could not be measured is null, with the reason). */
    MachineState.Reading measure();

    /**
     * The readings of a trial pinned to {@code cpus} ({@code taskset -c} syntax, or null for the runner's own): the probe,
     * unless {@value FlippingMachine#ENV} names a double.
     *
     * @throws UserException when {@value FlippingMachine#ENV} is set but malformed
     */
    static MachineReadings forCpus(String cpus) {
        return forCpus(cpus, name -> {
            String v = System.getenv(name);
            // the same as a system property, for a test that runs the CLI in its own JVM
            return v != null && !v.isBlank() ? v : System.getProperty(PROPERTY);
        });
    }

    /** The system property that names a double as {@value FlippingMachine#ENV} does, where the environment does not. */
    String PROPERTY = "jvmmark.probe.double";

    /** As {@link #forCpus(String)}, the environment read through {@code env}. */
    static MachineReadings forCpus(String cpus, UnaryOperator<String> env) {
        String spec = env.apply(FlippingMachine.ENV);
        return spec == null || spec.isBlank() ? MachineProbe.forCpus(cpus) : FlippingMachine.parse(spec);
    }
}
