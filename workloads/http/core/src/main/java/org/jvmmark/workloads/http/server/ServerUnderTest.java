package org.jvmmark.workloads.http.server;

/**
 * One HTTP server under test, answering the workload's two handlers on keep-alive HTTP/1.1:
 * {@code GET /hello} with {@link ServerSettings#BODY} and {@code GET /sleep} with the same body after
 * {@link ServerSettings#sleepMillis()} — a blocking sleep on thread-per-request servers, a timer on
 * event loops. Every other path answers 404.
 *
 * <p>Implementations have a public no-argument constructor; {@link Servers} loads them by name, so
 * the workload links a server's classes only in the JVM that runs that server. Not thread-safe:
 * started and closed by the workload's thread.
 */
public interface ServerUnderTest extends AutoCloseable {

    /** Starts serving and returns the port it listens on. */
    int start(ServerSettings settings) throws Exception;

    /** The process that serves: this JVM, unless the server is a process of its own. */
    default long pid() {
        return ProcessHandle.current().pid();
    }

    /** Whether the server runs in this JVM (so its heap is this JVM's heap). */
    default boolean inThisJvm() {
        return true;
    }

    /** What the row says about the server, e.g. {@code Tomcat 11.0.27, NIO connector, 200 threads}. */
    String describe();

    @Override
    void close() throws Exception;
}
