package org.jvmmark.report.model;

import java.util.List;
import java.util.Objects;

import org.jvmmark.api.PercentileTrust;
import org.jvmmark.results.Probe;
import org.jvmmark.results.Trial;
import org.jvmmark.results.HarnessInfo;

/**
 * Applies {@link PercentileTrust} — the rule the harness warns by — to a latency column: a
 * percentile is trusted in a workload's table only when every fork behind it had the samples it
 * needs and the CPUs its spinning threads need. The CPUs are those each trial obtained (the
 * harness records its affinity mask and the threads it pinned), never the runner's machine.
 *
 * <p>Stateless and thread-safe.
 */
public final class ColumnTrust {
    private ColumnTrust() {
    }

    /** Why this percentile of this probe is not trusted for these rows, or null when it is. */
    public static String distrust(List<Row> rows, String probe, String key) {
        return distrust(rows.stream().flatMap(r -> r.okTrials().stream()), probe, key);
    }

    /**
     * Why a latency column is not trusted on these trials (every ok trial's fork, as a workload's table asks), or null when
     * it is or is not a latency percentile: what {@code tune} asks of its objective before it races on it.
     */
    public static String distrust(List<Trial> trials, Column col) {
        return col.kind() != Column.Kind.LATENCY ? null : distrust(trials.stream().filter(Trial::ok), col.probe(), col.key());
    }

    private static String distrust(java.util.stream.Stream<Trial> ok, String probe, String key) {
        double percentile = Percentiles.value(key);
        return ok.map(t -> distrust(t, probe, percentile)).filter(Objects::nonNull).findFirst().orElse(null);
    }

    private static String distrust(Trial t, String probe, double percentile) {
        Probe p = t.measured().latency().get(probe);
        if (p == null) {
            return null;
        }
        int[] cpus = cpus(t);
        return PercentileTrust.distrust(percentile, p.count() > 0 ? p.count() : -1, cpus[0], cpus[1]);
    }

    /**
     * The CPUs a trial obtained and the threads its harness kept spinning, from the harness's record
     * ({@link org.jvmmark.results.HarnessInfo}); {@code {0, 0}} when not recorded.
     */
    static int[] cpus(Trial t) {
        HarnessInfo h = t.measured().harness();
        return new int[] {h.availableCpus(), h.pinnedThreads().size()};
    }
}
