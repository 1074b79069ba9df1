package org.jvmmark.workloads.chronicle;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.jvmmark.api.JvmArgs;

/**
 * The JVM flags Chronicle Queue needs, per JDK, declared once: a workload class carrying this
 * annotation gets them (see {@link JvmArgs} on annotation types).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
// Analytics would phone home and write to $HOME; the announcer prints a banner; the disk-space
// monitor is a background thread polling the file system — noise on a small machine. Workloads
// check the space their queue needs before they start instead.
@JvmArgs({"-Dchronicle.analytics.disable=true", "-Dchronicle.announcer.disable=true", "-Dchronicle.disk.monitor.disable=true"})
// Without sun.nio.ch Chronicle falls back to a read-only table store; without the other two it
// cannot map files or release direct buffers.
@JvmArgs(since = 9, value = {"--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
        "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED", "--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED"})
// JEP 471: from 23 the JDK controls sun.misc.Unsafe memory access (and warns from 24).
@JvmArgs(since = 23, value = "--sun-misc-unsafe-memory-access=allow")
// JEP 472: from 24 loading native code through JNI (jffi, JNA) warns unless enabled. The flag
// exists from 17, but is not needed before 24.
@JvmArgs(since = 24, value = "--enable-native-access=ALL-UNNAMED")
public @interface ChronicleFlags {
}
