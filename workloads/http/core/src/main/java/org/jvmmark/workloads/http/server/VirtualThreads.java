package org.jvmmark.workloads.http.server;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadFactory;

/**
 * Virtual threads for servers compiled for Java 11 and 17, reached through method handles (they
 * exist from JDK 21). Stateless and thread-safe.
 */
public final class VirtualThreads {
    private VirtualThreads() {
    }

    /** {@code Executors.newVirtualThreadPerTaskExecutor()}. */
    public static ExecutorService newPerTaskExecutor() {
        try {
            MethodHandle h = MethodHandles.publicLookup().findStatic(java.util.concurrent.Executors.class,
                    "newVirtualThreadPerTaskExecutor", MethodType.methodType(ExecutorService.class));
            return (ExecutorService) h.invoke();
        } catch (Throwable t) {
            throw unsupported(t);
        }
    }

    /** {@code Thread.ofVirtual().name(prefix, 0).factory()}. */
    public static ThreadFactory factory(String prefix) {
        try {
            Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
            Class<?> ofVirtual = Class.forName("java.lang.Thread$Builder$OfVirtual");
            builder = ofVirtual.getMethod("name", String.class, long.class).invoke(builder, prefix, 0L);
            return (ThreadFactory) ofVirtual.getMethod("factory").invoke(builder);
        } catch (ReflectiveOperationException | LinkageError e) {
            throw unsupported(e);
        }
    }

    private static UnsupportedOperationException unsupported(Throwable cause) {
        return new UnsupportedOperationException("virtual threads need JDK 21 or later; this is "
                + Runtime.version().feature(), cause);
    }
}
