package org.jvmmark.runner.instruments;

import java.util.ArrayList;
import java.util.List;
import org.jvmmark.results.GcEvent;
import org.jvmmark.results.Probe;
import org.jvmmark.results.Trial;

/**
 * The collections the harness saw through the management beans' GC notifications, always recorded
 * per run ({@code latency.endToEnd.runs[].gcEvents}), as pauses on the harness clock. The beans count
 * in whole milliseconds from the JVM's start, hence {@link #SLACK_NANOS}. A concurrent collector's
 * bean ({@code ZGC Cycles}, {@code G1 Concurrent GC}, {@code Shenandoah Cycles}) reports a cycle the
 * application ran beside, not a pause; its duration is kept as the bean gives it, and its label
 * says "cycle". Stateless.
 */
public final class GcBeanPauses {
    static final long SLACK_NANOS = 1_000_000;

    private GcBeanPauses() {
    }

    /** The GC events of every measured run of {@code trial}, on the harness clock of {@code clock}. */
    public static List<Pause> of(Trial trial, WorstSamples clock) {
        List<Pause> out = new ArrayList<>();
        Probe endToEnd = trial.measured().latency().get("endToEnd");
        if (endToEnd == null) {
            return out;
        }
        for (Probe.Run run : endToEnd.runs()) {
            for (GcEvent e : run.gcEvents() == null ? List.<GcEvent>of() : run.gcEvents()) {
                String collector = e.collector().isEmpty() ? "GC" : e.collector();
                boolean concurrent = collector.contains("Cycles") || collector.contains("Concurrent");
                String label = collector.replace(" Generation", "").replace(" Cycles", "") + (concurrent ? " cycle" : " collection");
                long start = clock.nanoTimeOfUptimeMillis(e.startMillis());
                out.add(new Pause(Pause.Kind.GC, label, start, e.durationMillis() * 1_000_000));
            }
        }
        return out;
    }
}
