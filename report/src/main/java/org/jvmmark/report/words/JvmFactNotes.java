package org.jvmmark.report.words;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.jvmmark.results.JvmFacts;
import org.jvmmark.results.Results;
import org.jvmmark.results.Trial;
import org.jvmmark.results.TrialContainer;

/**
 * Sentences that say which of the JVMs' own facts ({@link JvmFacts}, recorded once per run by the runner) explain a
 * difference between a workload's rows: a JDK without its default CDS archive starts without class data sharing
 * (said for workloads that ask about starting, where it makes a JVM start about twice as slow), and a JDK whose
 * ergonomics chose another collector, heap, object layout or JIT than the others' (said where rows run with the
 * JVMs' own defaults). Empty where the rows' JDKs agree, or no facts were recorded. Stateless and thread-safe.
 */
public final class JvmFactNotes {
    /** The workload whose questions are about starting. */
    static final String STARTUP = "startup";

    private JvmFactNotes() {
    }

    /**
     * The sentences for section {@code workload} ("workload" or "workload · on machine"), in this order: the CDS
     * archives, then what the JDKs chose differently by themselves.
     */
    public static List<String> of(Results results, String workload) {
        Map<String, JvmFacts> all = results.jvmFacts();
        List<String> lines = new ArrayList<>();
        if (all.isEmpty()) {
            return lines;
        }
        Map<String, JvmFacts> used = new LinkedHashMap<>();
        Map<String, String> names = new LinkedHashMap<>();
        boolean defaults = true;
        String name = null;
        for (Trial t : results.trials()) {
            if (!inSection(t, workload) || t.provenance().jdk() == null) {
                continue;
            }
            name = t.workload();
            // inside the user's container the JVM's own choices are the ones it made there, not the host's
            TrialContainer inside = TrialContainer.of(t);
            JvmFacts f = inside != null && inside.chosen() != null ? inside.chosen() : all.get(t.provenance().jdk().label());
            if (f != null) {
                used.putIfAbsent(f.label(), f);
                names.putIfAbsent(f.label(), t.provenance().jvm().label());
                defaults &= t.provenance().requestedGc().isEmpty() && t.provenance().flags().isEmpty();
            }
        }
        if (used.size() < 2) {
            return lines;
        }
        if (aboutStarting(name)) {
            lines.addAll(cds(used, names));
        }
        if (defaults) {
            String differ = chosenDifferently(used, names);
            if (!differ.isEmpty()) {
                lines.add(differ);
            }
        }
        return lines;
    }

    /**
     * The CDS sentence for every JDK of {@code used} that runs without class data sharing while another runs with
     * it: "Temurin 21.0.8 has no default CDS archive (lib/server/classes.jsa missing): it starts without class data
     * sharing; `java -Xshare:dump` creates it."
     */
    static List<String> cds(Map<String, JvmFacts> used, Map<String, String> names) {
        List<String> lines = new ArrayList<>();
        boolean someShare = used.values().stream().anyMatch(JvmFacts::hasDefaultCdsArchive);
        if (!someShare) {
            return lines;
        }
        for (JvmFacts f : used.values()) {
            String who = names.get(f.label());
            if (!f.hasDefaultCdsArchive()) {
                lines.add(who + " has no default CDS archive (lib/server/" + f.defaultCdsArchive() + " missing): it starts "
                        + "without class data sharing, unlike " + others(used, names, f, JvmFacts::hasDefaultCdsArchive)
                        + "; `" + f.home() + "/bin/java -Xshare:dump` creates it.");
            } else if (Boolean.FALSE.equals(f.sharing())) {
                lines.add(who + " has a default CDS archive (lib/server/" + f.defaultCdsArchive() + ") but did not map it "
                        + "when it was described (its -version line lacks \"sharing\"): it may start without class data sharing.");
            }
        }
        return lines;
    }

    /** The JDKs of {@code used} but {@code f} for which {@code test} holds, by name: "Temurin 25.0.3 and OpenJDK 17.0.15". */
    private static String others(Map<String, JvmFacts> used, Map<String, String> names, JvmFacts f,
                                 java.util.function.Predicate<JvmFacts> test) {
        List<String> who = used.values().stream().filter(o -> o != f && test.test(o)).map(o -> names.get(o.label())).toList();
        return who.size() <= 1 ? String.join("", who)
                : String.join(", ", who.subList(0, who.size() - 1)) + " and " + who.get(who.size() - 1);
    }

    /**
     * One sentence naming each fact the JDKs chose differently by themselves: "The JVMs' own defaults differ here:
     * collector G1 (Temurin 25.0.3, ...) against Serial (Zero 17.0.15); ..." — or "" when they agree. A JDK without a
     * fact (no AOT cache flag before 24) is left out of that fact's comparison.
     */
    static String chosenDifferently(Map<String, JvmFacts> used, Map<String, String> names) {
        List<String> parts = new ArrayList<>();
        differ(parts, "collector", used, names, JvmFacts::gc, v -> v);
        differ(parts, "maximum heap", used, names, f -> f.maxHeapBytes() == null ? null : mib(f.maxHeapBytes()), v -> v);
        differ(parts, "compressed oops", used, names, JvmFacts::compressedOops, JvmFactNotes::onOff);
        differ(parts, "compact object headers", used, names, JvmFacts::compactObjectHeaders, JvmFactNotes::onOff);
        differ(parts, "JIT", used, names, JvmFactNotes::jit, v -> v);
        differ(parts, "container CPUs", used, names, f -> f.container() == null ? null : f.container().effectiveCpus(), v -> v);
        differ(parts, "AOT cache", used, names, f -> f.aotCache() == null ? null : f.aotCache().isEmpty() ? "none" : f.aotCache(),
                v -> v);
        return parts.isEmpty() ? "" : "The JVMs' own defaults differ here: " + String.join("; ", parts) + ".";
    }

    private static <T> void differ(List<String> parts, String what, Map<String, JvmFacts> used, Map<String, String> names,
                                   Function<JvmFacts, T> fact, Function<T, Object> words) {
        Map<T, List<String>> byValue = new LinkedHashMap<>();
        for (JvmFacts f : used.values()) {
            T v = fact.apply(f);
            if (v == null || "".equals(v)) {
                continue; // unknown, or a JDK without the flag: nothing to compare
            }
            byValue.computeIfAbsent(v, k -> new ArrayList<>()).add(names.get(f.label()));
        }
        if (byValue.size() > 1) {
            List<String> each = new ArrayList<>();
            byValue.forEach((v, who) -> each.add(words.apply(v) + " (" + String.join(", ", who) + ")"));
            parts.add(what + " " + String.join(" against ", each));
        }
    }

    private static String jit(JvmFacts f) {
        if (f.tieredCompilation() == null) {
            return null;
        }
        if (!f.tieredCompilation()) {
            return "C2 only (no tiered compilation)";
        }
        return Objects.equals(f.tieredStopAtLevel(), 4) || f.tieredStopAtLevel() == null ? "tiered C1+C2"
                : "tiered up to level " + f.tieredStopAtLevel();
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%,d MiB", bytes >> 20);
    }

    private static String onOff(Boolean b) {
        return b ? "on" : "off";
    }

    private static boolean inSection(Trial t, String section) {
        return t.workload().equals(section) || (t.workload() + " · on " + t.identity().machine()).equals(section);
    }

    /**
     * What a JVM fact says beside one row of a ranking, after its effect against the best row: for a question about
     * starting, that this row's JDK has no default CDS archive while the best row's has one (": this install has no
     * default CDS archive (lib/server/classes.jsa missing); `…/bin/java -Xshare:dump` creates it"), or that the best
     * row ran with an AOT cache and this one without. "" when no recorded fact explains the difference.
     *
     * @param row the facts of the row's JDK, or null when none were recorded
     * @param best the facts of the best row's JDK, or null
     * @param rowAot whether the row ran with an AOT cache ({@code -XX:AOTCache}, JDK 24+)
     * @param bestAot whether the best row did
     */
    public static String beside(JvmFacts row, JvmFacts best, boolean rowAot, boolean bestAot, boolean starting) {
        if (!starting) {
            return "";
        }
        if (row != null && best != null && best.hasDefaultCdsArchive() && !row.hasDefaultCdsArchive()) {
            return ": this install has no default CDS archive (lib/server/" + row.defaultCdsArchive() + " missing); `" + row.home()
                    + "/bin/java -Xshare:dump` creates it";
        }
        if (bestAot && !rowAot) {
            return ": the best row ran with an AOT cache (-XX:AOTCache), this one without";
        }
        return "";
    }

    /** Whether a row ran with an AOT cache: its own flags name one, or its JDK's defaults do ({@link JvmFacts#aotCache()}). */
    public static boolean aotCache(List<String> flags, JvmFacts facts) {
        return flags.stream().anyMatch(f -> f.startsWith("-XX:AOTCache=")) || (facts != null && facts.aotCache() != null
                && !facts.aotCache().isEmpty());
    }

    /**
     * Whether the questions of {@code workload} are about starting (where class data sharing and an AOT cache matter): the {@value #STARTUP} workload's questions are (its
     * figures are start times and the footprint right after the start). Decided by the workload, not by the question's
     * words.
     */
    public static boolean aboutStarting(String workload) {
        return STARTUP.equals(workload);
    }
}
