package org.jvmmark.workloads.http.server;

import java.lang.reflect.InvocationTargetException;
import java.util.List;
import java.nio.file.Path;
import org.jvmmark.api.UnsupportedWorkloadException;

/**
 * Creates the server a trial names. Built-in JVM servers are loaded by class name from their own
 * directory of jars ({@code workloads/http/servers/<server>/}), which the runner puts on the class
 * path of that server's variants only; before loading one, the jars' class file versions are read,
 * so a JDK too old for the server gives an {@code unsupported} row naming the jar. Stateless.
 */
final class Servers {
    /** The JVM servers with their own jars, in the order of the workload's variants. */
    static final List<String> LIBRARY_SERVERS = List.of("tomcat", "jetty", "vertx", "helidon", "netty");

    private Servers() {
    }

    static ServerUnderTest create(String server, ServerConfig c) throws Exception {
        if (LIBRARY_SERVERS.contains(server)) {
            checkJars(server);
        }
        if (c.settings.virtual() && Runtime.version().feature() < 21) {
            throw new UnsupportedWorkloadException("virtual threads need JDK 21 or later; this is " + Runtime.version().feature());
        }
        switch (server) {
            case "jdk":
                if (!ModuleLayer.boot().findModule("jdk.httpserver").isPresent()) {
                    throw new UnsupportedWorkloadException("this JDK's runtime image has no jdk.httpserver module (com.sun.net.httpserver)");
                }
                return new JdkServer();
            case "axum":
                return ExternalServer.axum(c.settings);
            case "app":
                if (c.app.isEmpty()) {
                    throw new IllegalArgumentException("http: server=app needs --param app=PATH.jar (and --param url=http://127.0.0.1:{port}/PATH)");
                }
                return ExternalServer.app(c.app, c.appArgs, c.url, c.appStartSeconds);
            default:
                return library(server);
        }
    }

    private static void checkJars(String server) throws Exception {
        List<Path> jars = ServerJars.of(server);
        if (jars.isEmpty()) {
            throw new IllegalStateException("the " + server + " server's jars are not on the class path: the runner adds"
                    + " workloads/http/servers/" + server + "/ for its variants (select one with --param server=" + server + ")");
        }
        ServerJars.Requirement newest = ServerJars.newest(jars);
        int feature = Runtime.version().feature();
        if (newest != null && newest.feature > feature) {
            throw new UnsupportedWorkloadException(newest.jar + " is compiled for Java " + newest.feature + "; this is " + feature);
        }
    }

    static ServerUnderTest library(String server) throws Exception {
        String className = "org.jvmmark.workloads.http." + server + "."
                + Character.toUpperCase(server.charAt(0)) + server.substring(1) + "Server";
        try {
            return (ServerUnderTest) Class.forName(className).getDeclaredConstructor().newInstance();
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
        }
    }
}
