package org.jvmmark.report.words;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jvmmark.results.JvmFacts;
import org.jvmmark.results.Results;
import org.jvmmark.results.Trial;
import org.jvmmark.results.TrialContainer;

/**
 * The sentence a section shows when its trials ran inside the user's container ({@code --cpus}, {@code --memory}): what
 * each JDK's ergonomics chose there with its default settings, beside what the same JDK chooses on this host without
 * limits — "Inside 1 CPU / 512 MiB (a CPU quota (cgroup v1 cpu.cfs_quota_us), a memory limit (...), on the JVM under test), with
 * its default settings Temurin 25.0.3 chose Serial, heap 128 MiB, 1 processor (on this host without limits: G1, heap
 * 6,028 MiB, 2 processors)." The first from the trials' {@link TrialContainer} blocks, the
 * second from the run's {@link JvmFacts}; a JDK with only non-default rows (a {@code --gc} or {@code --jvm-args} of its
 * own) is left out, as its flags, not its ergonomics, chose. Stateless and thread-safe.
 */
public final class ContainerNotes {
    private ContainerNotes() {
    }

    /** The sentence of section {@code workload} ("workload" or "workload · on machine"), or "" when it ran without limits. */
    public static String of(Results results, String workload) {
        Map<String, Trial> byJdk = new LinkedHashMap<>();
        TrialContainer limits = null;
        for (Trial t : results.trials()) {
            TrialContainer c = TrialContainer.of(t);
            boolean section = t.workload().equals(workload) || (t.workload() + " · on " + t.identity().machine()).equals(workload);
            if (c == null || !section || t.provenance().jdk() == null) {
                continue;
            }
            limits = limits == null ? c : limits;
            if (c.chosen() != null && t.provenance().requestedGc().isEmpty() && t.provenance().flags().isEmpty()) {
                byJdk.putIfAbsent(t.provenance().jdk().label(), t);
            }
        }
        if (limits == null) {
            return "";
        }
        List<String> each = new ArrayList<>();
        for (Trial t : byJdk.values()) {
            TrialContainer c = TrialContainer.of(t);
            JvmFacts host = results.jvmFacts().get(t.provenance().jdk().label());
            Integer processors = c.processors() != null ? c.processors()
                    : t.provenance().jvm().more().get("availableProcessors") instanceof Number n ? n.intValue() : null;
            String line = t.provenance().jvm().label() + " chose " + choice(c.chosen(), processors);
            if (host != null) {
                line += " (on this host without limits: " + choice(host, hostProcessors(results, host)) + ")";
            }
            each.add(line);
        }
        String head = "Inside " + limits.label() + " (" + limits.how() + ", on " + limits.limited() + ")";
        return each.isEmpty() ? head + "." : head + ", with " + (each.size() == 1 ? "its" : "their") + " default settings "
                + String.join("; ", each) + ".";
    }

    /** The sentences of every workload of {@code results} that ran inside limits, in file order: for the console. */
    public static List<String> all(Results results) {
        List<String> out = new ArrayList<>();
        results.trials().stream().map(Trial::workload).distinct().forEach(w -> {
            String s = of(results, w);
            if (!s.isEmpty()) {
                out.add(w + ": " + s);
            }
        });
        return out;
    }

    /** "Serial, heap 128 MiB, 1 processor". */
    static String choice(JvmFacts f, Integer processors) {
        List<String> parts = new ArrayList<>();
        parts.add(f.gc().isEmpty() ? "an unknown collector" : f.gc());
        if (f.maxHeapBytes() != null) {
            parts.add("heap " + TrialContainer.mib(f.maxHeapBytes()));
        }
        if (processors != null) {
            parts.add(processors + (processors == 1 ? " processor" : " processors"));
        }
        return String.join(", ", parts);
    }

    /** The processors a JDK counts on the host: what it said ({@code Effective CPU Count}), else the host's CPUs. */
    private static Integer hostProcessors(Results results, JvmFacts host) {
        if (host.container() != null && host.container().effectiveCpus() != null) {
            return host.container().effectiveCpus();
        }
        return results.hostValues().get("cpus") instanceof Number n ? n.intValue() : null;
    }
}
