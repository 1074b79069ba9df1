package org.jvmmark.harness;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One collection reported by the JVM's garbage-collector management beans. Times are milliseconds
 * of JVM uptime, the beans' own resolution. Immutable.
 */
public final class GcEvent {
    private final String collector;
    private final String action;
    private final String cause;
    private final long startMillis;
    private final long durationMillis;

    public GcEvent(String collector, String action, String cause, long startMillis, long durationMillis) {
        this.collector = collector;
        this.action = action;
        this.cause = cause;
        this.startMillis = startMillis;
        this.durationMillis = durationMillis;
    }

    public String collector() {
        return collector;
    }

    public String action() {
        return action;
    }

    public String cause() {
        return cause;
    }

    public long startMillis() {
        return startMillis;
    }

    public long durationMillis() {
        return durationMillis;
    }

    Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("collector", collector);
        m.put("action", action);
        m.put("cause", cause);
        m.put("startMillis", startMillis);
        m.put("durationMillis", durationMillis);
        return m;
    }

    @Override
    public String toString() {
        return collector + " " + durationMillis + " ms at " + startMillis + " ms (" + cause + ")";
    }
}
