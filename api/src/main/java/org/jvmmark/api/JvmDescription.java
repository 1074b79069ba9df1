package org.jvmmark.api;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The {@code jvm} block of a trial: what this JVM says about itself. */
final class JvmDescription {
    private JvmDescription() {
    }

    static Map<String, Object> current() {
        Map<String, Object> jvm = new LinkedHashMap<>();
        jvm.put("home", System.getProperty("java.home"));
        jvm.put("version", System.getProperty("java.version"));
        jvm.put("feature", Runtime.version().feature());
        jvm.put("vendor", System.getProperty("java.vendor"));
        jvm.put("vendorVersion", System.getProperty("java.vendor.version"));
        jvm.put("vmName", System.getProperty("java.vm.name"));
        jvm.put("vmVersion", System.getProperty("java.vm.version"));
        jvm.put("pid", ProcessHandle.current().pid());
        jvm.put("args", ManagementFactory.getRuntimeMXBean().getInputArguments());
        List<String> gcs = new ArrayList<>();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            gcs.add(gc.getName());
        }
        jvm.put("gc", gcs);
        jvm.put("availableProcessors", Runtime.getRuntime().availableProcessors());
        jvm.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
        return jvm;
    }
}
