package org.jvmmark.runner.base;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Whether this jvmmark runs as root: what JDK discovery and the cgroups ask before they act. Stateless, thread-safe. */
public final class Privileges {
    private Privileges() {
    }

    /** True when the runner's own process has uid 0 (read from {@code /proc/self}); false when it cannot tell. */
    public static boolean isRoot() {
        try {
            return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
