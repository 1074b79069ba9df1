package org.jvmmark.workloads.chat;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.ThreadFactory;

/**
 * Starts the threads of a thread-per-connection server: platform daemon threads, or virtual
 * threads. This code compiles for Java 11, so {@code Thread.ofVirtual()} is reached through method
 * handles; on a JDK without it (or with it only as a preview) {@link #virtual()} says so.
 *
 * <p>Thread-safe.
 */
abstract class ThreadStarter {

    abstract Thread start(String name, Runnable task);

    /** {@code platform} or {@code virtual}. */
    abstract String kind();

    static ThreadStarter platform() {
        return new ThreadStarter() {
            @Override
            Thread start(String name, Runnable task) {
                Thread t = new Thread(task, name);
                t.setDaemon(true);
                t.start();
                return t;
            }

            @Override
            String kind() {
                return "platform";
            }
        };
    }

    /** @throws UnsupportedOperationException when this JDK has no (final) virtual threads */
    static ThreadStarter virtual() {
        ThreadFactory factory = virtualThreadFactory();
        return new ThreadStarter() {
            @Override
            Thread start(String name, Runnable task) {
                Thread t = factory.newThread(task);
                t.setName(name);
                t.start();
                return t;
            }

            @Override
            String kind() {
                return "virtual";
            }
        };
    }

    private static ThreadFactory virtualThreadFactory() {
        int feature = Runtime.version().feature();
        if (feature < 21) {
            throw new UnsupportedOperationException("virtual threads need JDK 21 or later; this is JDK " + feature);
        }
        try {
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            Class<?> ofVirtual = Class.forName("java.lang.Thread$Builder$OfVirtual");
            Class<?> builder = Class.forName("java.lang.Thread$Builder");
            MethodHandle create = lookup.findStatic(Thread.class, "ofVirtual", MethodType.methodType(ofVirtual));
            MethodHandle factory = lookup.findVirtual(builder, "factory", MethodType.methodType(ThreadFactory.class));
            return (ThreadFactory) factory.invoke(create.invoke());
        } catch (Throwable t) {
            throw new UnsupportedOperationException("virtual threads are not available on JDK " + feature + ": " + t, t);
        }
    }
}
