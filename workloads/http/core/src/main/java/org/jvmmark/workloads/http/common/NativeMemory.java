package org.jvmmark.workloads.http.common;

import java.lang.management.ManagementFactory;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.ObjectName;

/**
 * This JVM's Native Memory Tracking summary, when it runs with {@code -XX:NativeMemoryTracking=summary} (or
 * {@code detail}): what {@code jcmd PID VM.native_memory summary} prints, asked in-process through the
 * {@code DiagnosticCommand} MBean, so no attach and no second JDK is needed. The cross-check of what grew
 * while requests were held: the Java heap, thread stacks, or other native memory. Stateless and thread-safe.
 */
public final class NativeMemory {
    /** The whole JVM's line, under this name in {@link #committedBytes()}. */
    public static final String TOTAL = "Total";
    private static final Pattern CATEGORY = Pattern.compile("^-\\s+(.+?) \\(reserved=(\\d+)KB, committed=(\\d+)KB\\)", Pattern.MULTILINE);
    private static final Pattern TOTAL_LINE = Pattern.compile("^Total: reserved=(\\d+)KB, committed=(\\d+)KB", Pattern.MULTILINE);

    private NativeMemory() {
    }

    /** Committed bytes by NMT category, with {@link #TOTAL}; empty when NMT is off or cannot be asked. */
    public static Map<String, Long> committedBytes() {
        try {
            Object out = ManagementFactory.getPlatformMBeanServer().invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"),
                    "vmNativeMemory", new Object[] {new String[] {"summary", "scale=KB"}}, new String[] {String[].class.getName()});
            return parse(String.valueOf(out));
        } catch (Exception | LinkageError e) {
            return Collections.emptyMap();
        }
    }

    /** Committed bytes by category from a {@code VM.native_memory summary scale=KB} text; empty when NMT is off. */
    static Map<String, Long> parse(String summary) {
        Map<String, Long> m = new LinkedHashMap<>();
        Matcher total = TOTAL_LINE.matcher(summary);
        if (!total.find()) {
            return Collections.emptyMap(); // "Native memory tracking is not enabled"
        }
        m.put(TOTAL, Long.parseLong(total.group(2)) * 1024);
        Matcher c = CATEGORY.matcher(summary);
        while (c.find()) {
            m.put(c.group(1).trim(), Long.parseLong(c.group(3)) * 1024);
        }
        return m;
    }
}
