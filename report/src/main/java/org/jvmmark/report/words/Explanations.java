package org.jvmmark.report.words;

import java.util.List;
import org.jvmmark.results.Results;
import org.jvmmark.results.Trial;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.api.PercentileTrust;
import org.jvmmark.results.Probe;
import org.jvmmark.report.model.Cell;
import org.jvmmark.report.model.Column;
import org.jvmmark.report.numbers.Format;
import org.jvmmark.report.model.Row;
import org.jvmmark.report.model.Section;
import org.jvmmark.report.model.Table;

/**
 * The words every rendering shares: the legend and the "How to read this" section, so the Markdown
 * and the HTML never explain the method differently. Thread-safe (constants).
 */
public final class Explanations {
    static final String BEST = "★";
    static final String SIGNIFICANT = "▲";
    static final String WITHIN_NOISE = "≈";
    static final String TOO_FEW = "?";
    public static final String UNTRUSTED = "†";

    public static final String LEGEND = BEST + " best, every other row worse beyond noise and threshold · " + SIGNIFICANT
            + " worse than the best, beyond noise and threshold · " + WITHIN_NOISE + " no difference: the whole interval within"
            + " the threshold · " + TOO_FEW + " cannot tell: the interval reaches past the threshold, too few forks ("
            + Judge.MIN_FORKS + " a side needed) · " + UNTRUSTED
            + " percentile not trusted on this machine (no difference called) · ± fork-to-fork variation";

    public static final List<String> HOW_TO_READ = List.of(
            "Rows are JVM variants: vendor, version, collector, tuning flags, workload variant (and parameters when "
                    + "they differ). A fresh JVM (a fork) is the unit of evidence: each fork gives one value per figure "
                    + "(a latency percentile from that fork's own histogram over its measured runs, a metric as the workload "
                    + "reports it per fork), and a row's figure is the geometric mean of its forks' values.",
            "Latency is measured from each request's intended start time (corrected for coordinated omission); the "
                    + "uncorrected figures are kept in results.json and results.csv. A probe that could not be corrected "
                    + "(no fixed schedule, e.g. a call timed inside the server) is titled \"" + Column.NOT_CORRECTED
                    + "\" and its columns are shown but neither ranked nor marked best: timing from the actual start "
                    + "hides the requests a stall delayed, which flatters a stalling JVM. \"worst\" is the single largest sample.",
            "Each figure is compared with the best row of its column (the best level-adjusted figure among rows with "
                    + Judge.MIN_FORKS + " forks or more) on the logarithms of the fork values (one value per fork; runs "
                    + "inside a JVM are not independent and never count as replicates). The difference is the ratio of the "
                    + "geometric means with its confidence interval; the intervals of all comparisons of a table are "
                    + "Bonferroni's at a family-wise " + Format.percent(Judge.ALPHA) + ". Worse (" + SIGNIFICANT + ") only when the "
                    + "whole interval lies past the practical threshold (default "
                    + Format.percent(Judge.DEFAULT_THRESHOLD) + ", --threshold); no difference (" + WITHIN_NOISE + ") only when "
                    + "the whole 90 % interval lies within ±threshold; otherwise cannot tell (" + TOO_FEW + "), with the forks a "
                    + "side that would tell. " + BEST + " goes to a row only when every other row is worse.",
            "The noise is pooled over the rows of a column whose fork-to-fork spreads agree; a row whose forks vary more "
                    + "than the others' beyond chance keeps its own spread (its fork values are shown). Where the machine "
                    + "probe beside each fork observed two launch levels, rows are compared within them (row + level on the "
                    + "log fork values); levels are never guessed from the figure itself (the judge's DESIGN.md, §3).",
            "A percentile is trusted only when every fork had " + PercentileTrust.TAIL_SAMPLES + " samples "
                    + "beyond it (p99 needs 10⁴ samples, p99.99 10⁶) and the trial obtained more CPUs than the threads it "
                    + "spins (else p99 and above record the scheduler); the maximum is one sample and never ranked ("
                    + UNTRUSTED + ").",
            "Failed, timed-out and unsupported trials stay in the tables with their reason.");

    private Explanations() {
    }

    /** The marker and the difference in words for a cell, e.g. "12 % slower ▲"; "" when there is nothing to say. */
    public static String markText(Column column, Cell cell) {
        return switch (cell.mark()) {
            case BEST -> BEST;
            case SIGNIFICANT -> delta(column, cell) + SIGNIFICANT;
            case WITHIN_NOISE -> delta(column, cell) + WITHIN_NOISE;
            case CANNOT_TELL, TOO_FEW_FORKS -> delta(column, cell) + TOO_FEW;
            case LEADS, UNTRUSTED, NONE -> "";
        };
    }

    /** A cell's tooltip: forks, the effect in words with its interval, what the mark rests on. */
    public static String cellTitle(Column column, Cell cell) {
        int forks = cell.figure().forks().length;
        StringBuilder sb = new StringBuilder(forks + (forks == 1 ? " fork" : " forks"));
        if (cell.effect() != null && Double.isFinite(cell.effect().ratio())) {
            sb.append("; against the best: ").append(Words.effect(column, cell.effect()));
        }
        if (!cell.why().isEmpty()) {
            sb.append("; ").append(cell.why());
        }
        if (forks > 1) {
            sb.append("; forks: ").append(forkValues(column, cell));
        }
        return sb.toString();
    }

    /** "512 ns, 1.03 µs, 498 ns": a row's per-fork values, in fork order. */
    public static String forkValues(Column column, Cell cell) {
        return java.util.Arrays.stream(cell.figure().forks()).mapToObj(v -> Format.value(v, column.unit()))
                .collect(java.util.stream.Collectors.joining(", "));
    }

    /** "12 % slower ", or "" when there is no relative difference (the best is zero). */
    private static String delta(Column column, Cell cell) {
        String w = Words.worse(column, cell.delta());
        return w.isEmpty() ? "" : w + " ";
    }

    /** " ±3.1 %" for a metric whose forks vary, else "". */
    public static String spread(Column column, Cell cell) {
        if (column.kind() != Column.Kind.METRIC || cell.figure() == null || Double.isNaN(cell.figure().cv())) {
            return "";
        }
        return " ±" + Format.percent(cell.figure().cv());
    }

    /** The row's notes: failures first, then a fell-behind flag that says by how much. */
    public static String notes(Table table, int row) {
        Row r = table.rows().get(row);
        StringBuilder sb = new StringBuilder(r.failureNote());
        for (int c = 0; c < table.columns().size(); c++) {
            Column col = table.columns().get(c);
            if (col.kind() == Column.Kind.RATE) {
                List<Probe> probes = probes(r, col);
                List<Probe> behind = probes.stream().filter(Probe::fellBehind).toList();
                if (!behind.isEmpty()) {
                    double worst = behind.stream().filter(p -> p.targetRate() > 0)
                            .mapToDouble(p -> p.achievedRate() / p.targetRate()).min().orElse(Double.NaN);
                    String forks = behind.size() == probes.size() ? "" : " in " + behind.size() + " of " + probes.size() + " forks";
                    String howMuch = Double.isNaN(worst) ? ""
                            : worst < 1 && !shareOf(worst).equals("100 %") ? " (worst fork: " + shareOf(worst) + " of it achieved)"
                            : " (requests started late; the rate itself was met)";
                    sb.append(sb.length() == 0 ? "" : "; ").append("fell behind the target rate").append(forks).append(howMuch);
                }
            }
        }
        return sb.toString();
    }

    /**
     * After an achieved rate whose row fell behind its target: " (99.2 % of the 100 k/s target)", with as many
     * digits as it takes not to read "100 %" — a flag beside a bare "100 k/s" would contradict it. Else "".
     */
    public static String shortfall(Column column, Cell cell, Row row) {
        if (column.kind() != Column.Kind.RATE || cell.figure() == null) {
            return "";
        }
        double target = probes(row, column).stream().filter(p -> p.fellBehind() && p.targetRate() > 0)
                .mapToDouble(Probe::targetRate).max().orElse(Double.NaN);
        return Double.isNaN(target) ? "" : " (" + shareOf(cell.figure().value() / target) + " of the "
                + Format.value(target, column.unit()) + " target)";
    }

    /** The latency probe behind a rate column, of each of the row's ok trials that has it. */
    private static List<Probe> probes(Row row, Column column) {
        return row.okTrials().stream().map(t -> t.measured().latency().get(column.probe())).filter(java.util.Objects::nonNull).toList();
    }

    /** 0.9991 → "99.91 %": one decimal, more (up to three) when fewer would round a shortfall up to 100 %. */
    public static String shareOf(double ratio) {
        String s = "";
        for (int decimals = 1; decimals <= 3; decimals++) {
            s = String.format(java.util.Locale.ROOT, "%." + decimals + "f", ratio * 100);
            if (ratio >= 1 || Double.parseDouble(s) < 100) {
                break;
            }
        }
        return s.replaceAll("\\.0+$", "") + " %";
    }

    /** A section's shared parameters: "messageBytes=256, rate=100000", or "" when there are none. */
    public static String params(Section s) {
        // An empty value is a parameter not set (app=, sleepUrl=): said by leaving it out.
        StringBuilder p = new StringBuilder();
        s.params().forEach((k, v) -> {
            if (!v.isEmpty()) {
                p.append(p.length() == 0 ? "" : ", ").append(k).append('=').append(v);
            }
        });
        return p.toString();
    }

    /** "4 workloads (synthetic, chat, ...) on 2 JVMs (Temurin 25.0.1, ...)". */
    public static String whatRan(Results r) {
        java.util.Set<String> workloads = new java.util.LinkedHashSet<>();
        java.util.Set<String> jvms = new java.util.TreeSet<>();
        for (Trial t : r.trials()) {
            workloads.add(t.workload());
            jvms.add(t.provenance().jvm().label());
        }
        if (workloads.isEmpty()) {
            return "Nothing ran";
        }
        return count(workloads.size(), "workload") + " (" + String.join(", ", workloads) + ") on " + count(jvms.size(), "JVM")
                + " (" + String.join(", ", jvms) + ")";
    }

    public static String profile(Results r) {
        return r.profile().isEmpty() ? "unknown" : r.profile();
    }

    public static String trials(Results r) {
        return count(r.trials().size(), "trial");
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** "14 min 5 s". */
    static String duration(double seconds) {
        long s = Math.round(seconds);
        if (s < 60) {
            return s + " s";
        }
        if (s < 3600) {
            return s / 60 + " min " + s % 60 + " s";
        }
        return s / 3600 + " h " + (s % 3600) / 60 + " min";
    }

    /** "started X, finished Y (14 min 5 s)", or "started X" alone. */
    public static String when(Results r) {
        String s = "started " + (r.created().isEmpty() ? "at an unknown time" : r.created());
        if (r.finished() != null) {
            try {
                double secs = java.time.Duration.between(java.time.Instant.parse(r.created()),
                        java.time.Instant.parse(r.finished())).toMillis() / 1000.0;
                s += ", finished " + r.finished() + " (" + duration(secs) + ")";
            } catch (java.time.format.DateTimeParseException e) {
                s += ", finished " + r.finished();
            }
        }
        return s + "; the trials themselves took " + duration(r.trialSeconds());
    }

    /**
     * The host's L3 domains as the header says them: "one L3 cache (CPUs 0-1)", "2 L3 domains (0 | 1)"; null when not
     * recorded. Two CPUs in two domains hand a cache line over several times slower than two in one.
     */
    public static String l3Domains(Object recorded) {
        List<String> groups = groups(recorded);
        if (groups == null) {
            return null;
        }
        return groups.size() == 1 ? "one L3 cache (CPUs " + groups.get(0) + ")"
                : groups.size() + " L3 domains (" + String.join(" | ", groups) + ")";
    }

    /** The host's SMT siblings as the header says them: "no SMT siblings", "SMT siblings 0,4 | 1,5"; null when not recorded. */
    public static String smtSiblings(Object recorded) {
        List<String> groups = groups(recorded);
        if (groups == null) {
            return null;
        }
        boolean none = groups.stream().allMatch(g -> g.matches("\\d+"));
        return none ? "no SMT siblings" : "SMT siblings " + String.join(" | ", groups);
    }

    /** A recorded list of CPU lists, or null when absent, null or not a non-empty list. */
    private static List<String> groups(Object recorded) {
        if (!(recorded instanceof List<?> l) || l.isEmpty()) {
            return null;
        }
        return l.stream().map(String::valueOf).toList();
    }

    /** The host line: "Intel ... · 2 CPUs (none isolated) · 3.84 GiB · Linux 6.1 · clock tsc · ...". */
    public static String host(Results r) {
        java.util.Map<String, String> h = r.host();
        List<String> parts = new java.util.ArrayList<>();
        add(parts, h.get("cpuModel"), "");
        if (h.containsKey("cpus")) {
            String iso = h.getOrDefault("isolatedCpus", "");
            parts.add(h.get("cpus") + " CPUs (" + (iso.isBlank() ? "none isolated" : "isolated: " + iso) + ")");
        }
        add(parts, l3Domains(r.hostValues().get("l3Domains")), "");
        add(parts, smtSiblings(r.hostValues().get("smtSiblings")), "");
        String memory = h.get("memoryBytes");
        if (memory != null) {
            // Recorded as null means the runner could not read it: say so rather than print " memory".
            parts.add(memory.isBlank() ? "memory unknown" : memory(memory));
        }
        add(parts, (h.getOrDefault("os", "") + " " + h.getOrDefault("kernel", "")).strip(), "");
        add(parts, h.get("clockSource"), "clock source ");
        add(parts, h.get("governor"), "governor ");
        // The runner's key; "thp" is read too for files written before it was named so.
        add(parts, h.getOrDefault("transparentHugePages", h.get("thp")), "THP ");
        add(parts, h.get("virtualization"), "virtualization: ");
        List<String> machines = r.trials().stream().map(t -> t.identity().machine()).filter(m -> !m.isEmpty())
                .distinct().toList();
        if (machines.size() > 1) {
            // merged from several machines (jvmmark merge): the facts are the first's; results.json's hosts has each one's
            return machines.size() + " machines (" + String.join(", ", machines) + "; JVMs ranked within each) · facts of "
                    + machines.get(0) + ": " + String.join(" · ", parts);
        }
        return String.join(" · ", parts);
    }

    private static String memory(String bytes) {
        try {
            return Format.value(Double.parseDouble(bytes), "bytes") + " memory";
        } catch (NumberFormatException e) {
            return bytes + " memory";
        }
    }

    private static void add(List<String> parts, String value, String prefix) {
        if (value != null && !value.isBlank()) {
            parts.add(prefix + value);
        }
    }
}
