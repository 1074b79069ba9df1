package org.jvmmark.workloads.startup.programs;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryUsage;

/**
 * The management beans' view of an idle program: heap used and committed, metaspace used and
 * committed, live Java threads, loaded classes. A class of its own so that {@code java.management}
 * is loaded only by programs asked to idle; the figures therefore include the few hundred classes
 * that reading them loads, and are read after {@code /proc/self/status}, whose resident set does
 * not.
 *
 * <p>Not instantiated; called once from the program's main thread.
 */
final class IdleFootprint {
    private IdleFootprint() {
    }

    static void append(StringBuilder out) {
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        ProgramReport.line(out, "heapUsedBytes", Long.toString(heap.getUsed()));
        ProgramReport.line(out, "heapCommittedBytes", Long.toString(heap.getCommitted()));
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getName().equals("Metaspace")) {
                ProgramReport.line(out, "metaspaceUsedBytes", Long.toString(pool.getUsage().getUsed()));
                ProgramReport.line(out, "metaspaceCommittedBytes", Long.toString(pool.getUsage().getCommitted()));
            }
        }
        ProgramReport.line(out, "javaThreads", Integer.toString(ManagementFactory.getThreadMXBean().getThreadCount()));
        ProgramReport.line(out, "loadedClasses", Integer.toString(ManagementFactory.getClassLoadingMXBean().getLoadedClassCount()));
    }
}
