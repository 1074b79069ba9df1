package org.jvmmark.workloads.http.helidon;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.function.Consumer;
import org.jvmmark.workloads.http.common.Handlers;
import org.jvmmark.workloads.http.common.HeldRequests;
import org.jvmmark.workloads.http.server.ServerSettings;
import org.jvmmark.workloads.http.server.ServerUnderTest;

/**
 * Helidon 4 SE web server: a virtual thread per request, always — Helidon 4 has no other model;
 * {@code /sleep} sleeps blocking, as Helidon expects.
 *
 * <p>Helidon 4 is compiled for Java 21 and jvmmark builds on 17, so this adapter calls Helidon's
 * public API by reflection — the same calls as {@code WebServer.builder().host(h).port(p)
 * .routing(r -> r.get("/hello", handler)).build().start()} — and implements its {@code Handler}
 * with a {@link Proxy}. Reflection costs nothing per request: the proxy's handler calls
 * {@code ServerResponse.send(byte[])} through a {@link Method} looked up once. Not thread-safe.
 */
public final class HelidonServer implements ServerUnderTest {
    private Object server;
    private Class<?> webServer;
    private String version = "4";

    @Override
    public int start(ServerSettings s) throws Exception {
        ClassLoader cl = HelidonServer.class.getClassLoader();
        webServer = Class.forName("io.helidon.webserver.WebServer", true, cl);
        Class<?> handler = Class.forName("io.helidon.webserver.http.Handler", true, cl);
        Class<?> response = Class.forName("io.helidon.webserver.http.ServerResponse", true, cl);
        Class<?> routingBuilder = Class.forName("io.helidon.webserver.http.HttpRouting$Builder", true, cl);
        Method send = response.getMethod("send", byte[].class);
        Method header = response.getMethod("header", String.class, String[].class);
        Method builderMethod = webServer.getMethod("builder");
        Class<?> builderType = builderMethod.getReturnType();
        Object builder = builderMethod.invoke(null);
        builderType.getMethod("host", String.class).invoke(builder, s.host());
        builderType.getMethod("port", int.class).invoke(builder, s.port());
        builderType.getMethod("backlog", int.class).invoke(builder, ServerSettings.ACCEPT_BACKLOG);
        builderType.getMethod("idleConnectionTimeout", java.time.Duration.class)
                .invoke(builder, java.time.Duration.ofMillis(ServerSettings.IDLE_TIMEOUT_MILLIS));
        // TCP_NODELAY, as the other servers under test have it (Helidon's default is off)
        Class<?> socketOptions = Class.forName("io.helidon.common.socket.SocketOptions", true, cl);
        Method optionsBuilder = socketOptions.getMethod("builder");
        Object options = optionsBuilder.invoke(null);
        optionsBuilder.getReturnType().getMethod("tcpNoDelay", boolean.class).invoke(options, true);
        builderType.getMethod("connectionOptions", socketOptions)
                .invoke(builder, optionsBuilder.getReturnType().getMethod("build").invoke(options));
        Method get = routingBuilder.getMethod("get", String.class, java.lang.reflect.Array.newInstance(handler, 0).getClass());
        Object hello = handler(handler, send, header, 0);
        Object sleep = handler(handler, send, header, s.sleepMillis());
        Consumer<Object> routing = r -> {
            try {
                get.invoke(r, Handlers.HELLO_PATH, array(handler, hello));
                get.invoke(r, Handlers.SLEEP_PATH, array(handler, sleep));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        };
        builderType.getMethod("routing", Consumer.class).invoke(builder, routing);
        Object built = builderType.getMethod("build").invoke(builder);
        server = webServer.getMethod("start").invoke(built);
        try {
            Class<?> v = Class.forName("io.helidon.common.Version", true, cl);
            version = String.valueOf(v.getField("VERSION").get(null));
        } catch (ReflectiveOperationException e) {
            // the version is a description only
        }
        return (Integer) webServer.getMethod("port").invoke(server);
    }

    private static Object array(Class<?> type, Object element) {
        Object a = java.lang.reflect.Array.newInstance(type, 1);
        java.lang.reflect.Array.set(a, 0, element);
        return a;
    }

    /** A Helidon {@code Handler} that answers the body, after {@code sleepMillis} when not 0. */
    private static Object handler(Class<?> type, Method send, Method header, long sleepMillis) {
        InvocationHandler h = (proxy, method, args) -> {
            if (method.getName().equals("handle") && args != null && args.length == 2) {
                if (sleepMillis > 0) {
                    HeldRequests.sleep(sleepMillis);
                }
                header.invoke(args[1], "Content-Type", new String[] {"text/plain"});
                send.invoke(args[1], (Object) Handlers.BODY_BYTES);
                return null;
            }
            if (method.isDefault()) {
                return InvocationHandler.invokeDefault(proxy, method, args);
            }
            switch (method.getName()) {
                case "toString":
                    return "jvmmark handler";
                case "hashCode":
                    return System.identityHashCode(proxy);
                case "equals":
                    return proxy == args[0];
                default:
                    throw new UnsupportedOperationException(method.toString());
            }
        };
        return Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, h);
    }

    @Override
    public String describe() {
        return "Helidon " + version + " SE web server, a virtual thread per request";
    }

    @Override
    public void close() throws ReflectiveOperationException {
        if (server != null) {
            webServer.getMethod("stop").invoke(server);
        }
    }
}
