package org.jvmmark.workloads.startup;

import java.util.ArrayList;
import java.util.List;

/**
 * Which of the launching JVM's own flags the launched programs inherit. The runner's JVM variants
 * ({@code --gc}, {@code --jvm-args}) arrive as flags of the JVM that runs this workload; passing on
 * its VM tuning flags makes {@code --gc ZGC} mean "start with ZGC" here as everywhere else. Flags
 * that concern only the launching JVM (system properties, agents, logging, module opens, dump and
 * error-file paths, flight recordings) stay behind. Stateless.
 */
final class ChildJvmArgs {
    private static final List<String> TUNING_PREFIXES = List.of(
            "-XX:", "-Xmx", "-Xms", "-Xmn", "-Xss", "-Xint", "-Xcomp", "-Xmixed", "-Xbatch", "-Xshare:", "-Xnoclassgc");
    private static final List<String> LAUNCHER_ONLY = List.of(
            "-XX:ErrorFile", "-XX:HeapDumpPath", "-XX:+HeapDumpOnOutOfMemoryError", "-XX:StartFlightRecording",
            "-XX:FlightRecorderOptions", "-XX:LogFile", "-XX:+LogVMOutput", "-XX:OnError", "-XX:OnOutOfMemoryError");

    private ChildJvmArgs() {
    }

    /** The subset of {@code launcherArgs} (in order) the launched programs get. */
    static List<String> inherited(List<String> launcherArgs) {
        List<String> kept = new ArrayList<>();
        for (String arg : launcherArgs) {
            if (startsWithAny(arg, TUNING_PREFIXES) && !startsWithAny(arg, LAUNCHER_ONLY)) {
                kept.add(arg);
            }
        }
        return kept;
    }

    /** Splits a user's {@code jvmArgs} parameter on white space. */
    static List<String> split(String flags) {
        List<String> list = new ArrayList<>();
        for (String f : flags.trim().split("\\s+")) {
            if (!f.isEmpty()) {
                list.add(f);
            }
        }
        return list;
    }

    private static boolean startsWithAny(String arg, List<String> prefixes) {
        for (String p : prefixes) {
            if (arg.startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}
