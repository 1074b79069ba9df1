package org.jvmmark.workloads.http.driver;

import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.jvmmark.api.TrialContext;
import org.jvmmark.api.ValidationException;

/**
 * What every phase of one trial shares: the trial's context and settings, the {@link LoadEngine}, and the
 * checks between and after phases — the engine has not failed, the server is still alive, every connection
 * is open again. Not thread-safe: the driver's main thread uses it.
 */
final class ServerWatch {
    final TrialContext context;
    final DriverSettings settings;
    final LoadEngine engine;
    /** Connections open after each phase, by the phase's tag. */
    final Map<String, Integer> openAfterPhase = new LinkedHashMap<>();

    ServerWatch(TrialContext context, DriverSettings settings, LoadEngine engine) {
        this.context = context;
        this.settings = settings;
        this.engine = engine;
    }

    /** Fails the trial when the engine failed or the server process died. */
    void checkFailure() throws ValidationException {
        String failure = engine == null ? null : engine.failure();
        if (failure != null) {
            throw new ValidationException(failure);
        }
        if (settings.serverPid > 0) {
            Optional<ProcessHandle> server = ProcessHandle.of(settings.serverPid);
            if (!server.isPresent() || !server.get().isAlive()) {
                if (engine != null) {
                    engine.fail("the server died");
                }
                throw new ValidationException("the server process (pid " + settings.serverPid + ") died mid-run"
                        + (engine == null || engine.errors.total() == 0 ? "" : "; " + engine.errors.describe()));
            }
        }
    }

    /** After every phase every connection should be open again; says so when some are not. */
    void checkOpen(String tag) throws InterruptedException {
        long deadline = System.nanoTime() + 2_000_000_000L;
        while (engine.open() < settings.ownConnections && System.nanoTime() - deadline < 0) {
            Thread.sleep(5);
        }
        int open = engine.open();
        openAfterPhase.put(tag, open);
        if (open < settings.ownConnections) {
            context.result().warning(String.format(Locale.ROOT, "after %s only %,d of %,d connections were open (the rest are"
                    + " being opened again with back-off): %s", tag, open, settings.ownConnections, engine.errors.describe()));
        }
    }

    /** CPU time of this whole process so far, ns; -1 when the JVM cannot tell. */
    static long processCpuNanos() {
        java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean) {
            return ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime();
        }
        return -1;
    }
}
