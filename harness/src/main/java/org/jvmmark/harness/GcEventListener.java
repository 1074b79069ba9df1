package org.jvmmark.harness;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * Collects garbage collections while the benchmark runs, from the collector beans' notifications.
 * The notification's payload is read as plain {@link CompositeData} (keys of
 * {@code com.sun.management.GarbageCollectionNotificationInfo}) so that only {@code java.management}
 * is needed, not {@code jdk.management}, which trimmed runtimes may lack. Notifications arrive
 * up to a hundred milliseconds after the collection on a JVM service thread, and their start times
 * use a different time base than {@code RuntimeMXBean.getUptime()}; so a run is delimited by each
 * collector's collection count at its start and end, and an event belongs to the run whose count
 * range holds its {@code id} (the collector's running number of the collection). Exact, whatever
 * the delivery delay.
 *
 * <p>Thread-safe.
 */
final class GcEventListener implements NotificationListener {
    static final String NOTIFICATION = "com.sun.management.gc.notification";

    private final ConcurrentLinkedQueue<Received> events = new ConcurrentLinkedQueue<>();
    private final List<NotificationEmitter> emitters = new ArrayList<>();

    private Map<String, Long> atStart = Map.of();

    void start() {
        atStart = counts();
        for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (bean instanceof NotificationEmitter) {
                NotificationEmitter emitter = (NotificationEmitter) bean;
                emitter.addNotificationListener(this, n -> NOTIFICATION.equals(n.getType()), null);
                emitters.add(emitter);
            }
        }
    }

    void stop() {
        for (NotificationEmitter emitter : emitters) {
            try {
                emitter.removeNotificationListener(this);
            } catch (ListenerNotFoundException e) {
                // already gone
            }
        }
        emitters.clear();
    }

    @Override
    public void handleNotification(Notification notification, Object handback) {
        if (!(notification.getUserData() instanceof CompositeData)) {
            return;
        }
        CompositeData data = (CompositeData) notification.getUserData();
        CompositeData info = (CompositeData) data.get("gcInfo");
        long start = ((Number) info.get("startTime")).longValue();
        long end = ((Number) info.get("endTime")).longValue();
        long id = ((Number) info.get("id")).longValue();
        events.add(new Received(id, new GcEvent(String.valueOf(data.get("gcName")), String.valueOf(data.get("gcAction")),
                String.valueOf(data.get("gcCause")), start, end - start)));
    }

    private static final class Received {
        final long id;
        final GcEvent event;

        Received(long id, GcEvent event) {
            this.id = id;
            this.event = event;
        }
    }

    /** Each collector's collection count now. */
    static Map<String, Long> counts() {
        Map<String, Long> m = new LinkedHashMap<>();
        for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
            m.put(bean.getName(), bean.getCollectionCount());
        }
        return m;
    }

    /** Waits up to {@code millis} for the notifications of every collection counted in {@code until}. */
    void awaitDelivery(Map<String, Long> until, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (System.nanoTime() < deadline && !delivered(until)) {
            Thread.sleep(5);
        }
    }

    private boolean delivered(Map<String, Long> until) {
        if (emitters.isEmpty()) {
            return true;
        }
        for (Map.Entry<String, Long> e : until.entrySet()) {
            long latest = 0;
            for (Received r : events) {
                if (r.event.collector().equals(e.getKey())) {
                    latest = Math.max(latest, r.id);
                }
            }
            if (e.getValue() > atStart.getOrDefault(e.getKey(), 0L) && latest < e.getValue()) {
                return false;
            }
        }
        return true;
    }

    /** The collections counted after {@code from} and up to {@code to}, in order of start. */
    List<GcEvent> between(Map<String, Long> from, Map<String, Long> to) {
        List<GcEvent> in = new ArrayList<>();
        for (Received r : events) {
            String collector = r.event.collector();
            if (r.id > from.getOrDefault(collector, 0L) && r.id <= to.getOrDefault(collector, Long.MAX_VALUE)) {
                in.add(r.event);
            }
        }
        in.sort((a, b) -> Long.compare(a.startMillis(), b.startMillis()));
        return in;
    }
}
