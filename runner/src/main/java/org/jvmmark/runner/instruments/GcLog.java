package org.jvmmark.runner.instruments;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A unified GC log ({@code -Xlog:gc*,safepoint}, JDK 9 and later) written with the decorators
 * {@code uptime,timenanos,level,tags}, parsed: every pause with its duration, every safepoint, the
 * heap before and after each collection. {@code timenanos} is the clock of {@code System.nanoTime()}
 * (CLOCK_MONOTONIC on Linux, shared by all processes), so the pauses land exactly on the harness's
 * clock, even in another JVM (a client/server workload's driver measures, its server collects).
 *
 * <p>Formats understood: G1, Parallel, Serial ({@code [gc] GC(3) Pause Young (Normal) (G1 Evacuation
 * Pause) 24M->3M(256M) 3.456ms}), ZGC and Shenandoah pauses ({@code Pause Mark Start 0.012ms}, also
 * with a generation prefix {@code y:}), ZGC's {@code Garbage Collection (...) 80M(1%)->20M(0%)},
 * JDK 17+ safepoint lines ({@code Safepoint "Op", ... Reaching safepoint: N ns, ... Total: N ns}) and
 * JDK 11's ({@code Entering safepoint region: Op} … {@code Leaving safepoint region}). Immutable.
 */
final class GcLog {
    private static final Pattern LINE = Pattern.compile("^\\[([0-9.]+)s\\]\\[(\\d+)ns\\]\\[\\w+\\s*\\]\\[([a-z,]+)\\s*\\] (.*)$");
    private static final Pattern PAUSE = Pattern.compile(
            "^GC\\((\\d+)\\) (?:[A-Za-z]: )?(Pause .*?)(?: \\d+[BKMG](?:\\(\\d+%\\))?->\\S+)? (\\d+(?:\\.\\d+)?)ms$");
    private static final Pattern GC_ID = Pattern.compile("^GC\\((\\d+)\\)");
    private static final Pattern TRANSITION = Pattern.compile("(\\d+)([BKMG])(?:\\(\\d+%\\))?->(\\d+)([BKMG])");
    private static final Pattern USING = Pattern.compile("^Using (.+)$");
    private static final Pattern SAFEPOINT = Pattern.compile("^Safepoint \"([^\"]+)\".*Reaching safepoint: (\\d+) ns.*Total: (\\d+) ns");
    private static final Pattern ENTERING = Pattern.compile("^Entering safepoint region: (.+)$");
    private static final Pattern STOPPING = Pattern.compile("Stopping threads took: ([0-9.]+) seconds");

    final String collector;
    final List<Pause> gcPauses;
    final List<Pause> safepoints;
    /** Nanoseconds to reach each safepoint, where the log says. */
    final List<Long> timeToSafepointNanos;
    final int collections;
    /** Per collection {@code [atNanos, beforeBytes, afterBytes]}. */
    final List<long[]> transitions;
    /** The JVM's start on the log's clock (a line's {@code timenanos} minus its {@code uptime}). */
    final long jvmStartNanos;

    private GcLog(String collector, List<Pause> gcPauses, List<Pause> safepoints, List<Long> tts, int collections,
                  List<long[]> transitions, long jvmStartNanos) {
        this.collector = collector;
        this.gcPauses = List.copyOf(gcPauses);
        this.safepoints = List.copyOf(safepoints);
        this.timeToSafepointNanos = List.copyOf(tts);
        this.collections = collections;
        this.transitions = List.copyOf(transitions);
        this.jvmStartNanos = jvmStartNanos;
    }

    static GcLog read(Path file) throws IOException {
        return parse(Files.readAllLines(file, StandardCharsets.UTF_8));
    }

    static GcLog parse(List<String> lines) {
        String collector = "";
        List<Pause> pauses = new ArrayList<>();
        List<Pause> safepoints = new ArrayList<>();
        List<Long> tts = new ArrayList<>();
        List<long[]> transitions = new ArrayList<>();
        Set<Long> ids = new TreeSet<>();
        long jvmStart = Long.MIN_VALUE;
        long entered = -1;
        String enteredOp = null;
        for (String raw : lines) {
            Matcher l = LINE.matcher(raw);
            if (!l.matches()) {
                continue;
            }
            long nanos = Long.parseLong(l.group(2));
            if (jvmStart == Long.MIN_VALUE) {
                jvmStart = nanos - Math.round(Double.parseDouble(l.group(1)) * 1e9);
            }
            String tags = l.group(3);
            String msg = l.group(4).trim();
            if (tags.equals("gc") || tags.equals("gc,phases")) {
                Matcher u = USING.matcher(msg);
                if (tags.equals("gc") && u.matches()) {
                    collector = u.group(1);
                }
                Matcher id = GC_ID.matcher(msg);
                if (id.find()) {
                    ids.add(Long.parseLong(id.group(1)));
                }
                Matcher p = PAUSE.matcher(msg);
                if (p.matches()) {
                    long d = Math.round(Double.parseDouble(p.group(3)) * 1e6);
                    pauses.add(new Pause(Pause.Kind.GC, label(collector, p.group(2)), nanos - d, d));
                }
                Matcher t = TRANSITION.matcher(msg);
                if (tags.equals("gc") && t.find() && (p.matches() || msg.contains("Garbage Collection"))) {
                    transitions.add(new long[] {nanos, bytes(t.group(1), t.group(2)), bytes(t.group(3), t.group(4))});
                }
            } else if (tags.equals("safepoint")) {
                Matcher s = SAFEPOINT.matcher(msg);
                Matcher e = ENTERING.matcher(msg);
                Matcher stop = STOPPING.matcher(msg);
                if (s.find()) {
                    long total = Long.parseLong(s.group(3));
                    safepoints.add(new Pause(Pause.Kind.SAFEPOINT, "safepoint (" + s.group(1) + ")", nanos - total, total));
                    tts.add(Long.parseLong(s.group(2)));
                } else if (e.matches()) {
                    entered = nanos;
                    enteredOp = e.group(1).trim();
                } else if (msg.startsWith("Leaving safepoint region") && entered >= 0) {
                    safepoints.add(new Pause(Pause.Kind.SAFEPOINT, "safepoint (" + enteredOp + ")", entered, nanos - entered));
                    entered = -1;
                } else if (stop.find()) {
                    tts.add(Math.round(Double.parseDouble(stop.group(1)) * 1e9));
                }
            }
        }
        return new GcLog(collector, pauses, safepoints, tts, ids.size(), transitions, jvmStart == Long.MIN_VALUE ? 0 : jvmStart);
    }

    /** {@code Pause Young (Normal) (G1 Evacuation Pause)} with G1 → {@code G1 young pause}. */
    static String label(String collector, String pause) {
        String kind = pause.substring("Pause ".length());
        int paren = kind.indexOf(" (");
        kind = (paren >= 0 ? kind.substring(0, paren) : kind).trim().toLowerCase(Locale.ROOT);
        String who = collector.isEmpty() ? "GC" : collector.replace("The Z Garbage Collector", "ZGC");
        return who + " " + kind + " pause";
    }

    private static long bytes(String n, String unit) {
        long v = Long.parseLong(n);
        switch (unit) {
            case "K": return v << 10;
            case "M": return v << 20;
            case "G": return v << 30;
            default: return v;
        }
    }
}
