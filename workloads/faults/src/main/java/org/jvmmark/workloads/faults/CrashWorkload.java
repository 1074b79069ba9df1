package org.jvmmark.workloads.faults;

import java.lang.reflect.Field;
import org.jvmmark.api.Name;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.Workload;

/**
 * Crashes the JVM for real: a read from address 0 through {@code sun.misc.Unsafe} raises SIGSEGV,
 * which HotSpot answers with an {@code hs_err_pid*.log} and an abort — the path a buggy JIT or
 * native library takes. Stateless.
 */
@Name("fault-crash")
@Summary("Crashes the JVM (SIGSEGV through Unsafe), leaving an hs_err file")
public final class CrashWorkload implements Workload {
    @Override
    public void run(TrialContext context) throws Exception {
        Class<?> type = Class.forName("sun.misc.Unsafe");
        Field f = type.getDeclaredField("theUnsafe");
        f.setAccessible(true);
        Object unsafe = f.get(null);
        context.log("reading address 0 on purpose");
        byte b = (byte) type.getMethod("getByte", long.class).invoke(unsafe, 0L);
        throw new IllegalStateException("reading address 0 returned " + b + " instead of crashing");
    }
}
