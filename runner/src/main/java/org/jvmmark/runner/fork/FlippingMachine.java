package org.jvmmark.runner.fork;

import java.util.Random;
import org.jvmmark.results.MachineState;
import org.jvmmark.runner.base.UserException;

/**
 * A stand-in for {@link MachineProbe} on a host whose level flips: its cache-line round trip sits on one of two levels,
 * about {@value #LOWER_NS} ns or about {@value #UPPER_NS} ns (the AMD EPYC host of 2026-11-28 read 53–77 ns and 303–338 ns),
 * and before each reading the level flips with a set probability. The runner reads before and after each fork, so a
 * fork changes level while it runs with that probability, and consecutive forks land on either level: what the judge
 * and the plan must handle on such a host, reproducible on any machine (one CPU, Intel, CI).
 *
 * <p>Selected by the environment variable {@value #ENV}: {@code flip:RATE} or {@code flip:RATE:SEED} (RATE between 0
 * and 1; {@code flip:0.33} flips during a third of the forks). Each reading varies by about 5 % about its level (the
 * spread seen on one level there); the single-core speed reads 1.08 ns per operation, as there.
 *
 * <p>Thread-safe: {@link #measure()} is synchronised.
 */
public final class FlippingMachine implements MachineReadings {
    /** The environment variable that puts this double in place of the probe. */
    public static final String ENV = "JVMMARK_PROBE_DOUBLE";
    static final double LOWER_NS = 65;
    static final double UPPER_NS = 320;

    private final double rate;
    private final Random random;
    private boolean upper;

    /**
     * @param rate the probability that the level flips before a reading (0–1)
     * @param seed the seed of the flips and of each reading's spread
     */
    public FlippingMachine(double rate, long seed) {
        if (!(rate >= 0 && rate <= 1)) {
            throw new IllegalArgumentException("a flip rate is a probability between 0 and 1, not " + rate);
        }
        this.rate = rate;
        this.random = new Random(seed);
    }

    /** {@code flip:RATE} or {@code flip:RATE:SEED}, as {@value #ENV} holds it. */
    public static FlippingMachine parse(String spec) {
        String[] parts = spec.trim().split(":");
        try {
            if (parts.length >= 2 && parts.length <= 3 && parts[0].equals("flip")) {
                double rate = Double.parseDouble(parts[1]);
                if (rate >= 0 && rate <= 1) {
                    return new FlippingMachine(rate, parts.length == 3 ? Long.parseLong(parts[2]) : 1);
                }
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new UserException(ENV + "='" + spec + "': expected flip:RATE or flip:RATE:SEED, RATE between 0 and 1"
                + " (flip:0.33 changes level during a third of the forks)");
    }

    @Override
    public synchronized MachineState.Reading measure() {
        if (random.nextDouble() < rate) {
            upper = !upper;
        }
        double ns = (upper ? UPPER_NS : LOWER_NS) * Math.exp(0.05 * random.nextGaussian());
        return new MachineState.Reading(Math.round(ns * 100) / 100.0, 1.084, "0,1", null, 0.0);
    }

    /** Whether the last reading was on the upper level. */
    public synchronized boolean upper() {
        return upper;
    }
}
