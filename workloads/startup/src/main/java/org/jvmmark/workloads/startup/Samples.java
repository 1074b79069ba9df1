package org.jvmmark.workloads.startup;

import java.util.Arrays;

/** Order statistics of a handful of launches. Stateless. */
final class Samples {
    private Samples() {
    }

    /** The median; the mean of the two middle values for an even count. */
    static double median(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("median of no values");
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}
