package org.jvmmark.workloads.startup.programs;

import com.sun.net.httpserver.HttpServer;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

/**
 * A small server application: starts the JDK's embedded HTTP server on loopback, asks it for
 * {@code /hello} with the JDK's {@link HttpClient}, checks the answer, and stops. Between them the
 * two load about five times the classes of {@link HelloWorld} (server, client, selector, URI,
 * lambdas), so the figures show how startup grows with an application rather than with the JVM
 * alone. The time the answer arrived is reported as the "first response" (what a server's users
 * wait for after a deploy).
 *
 * <p>Exits with status 3 if the answer is not {@code 200 Hello, world!}, so a broken run never
 * becomes a number. Not instantiated; {@code main} runs once per process.
 */
public final class HttpHello {
    static final String BODY = "Hello, world!";

    private HttpHello() {
    }

    public static void main(String[] args) throws Exception {
        long mainNanos = System.nanoTime();
        byte[] body = BODY.getBytes(StandardCharsets.UTF_8);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/hello", exchange -> {
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        try {
            URI uri = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/hello");
            HttpResponse<String> response = HttpClient.newHttpClient()
                    .send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
            long responseNanos = System.nanoTime();
            if (response.statusCode() != 200 || !BODY.equals(response.body())) {
                System.err.println("unexpected answer from " + uri + ": " + response.statusCode() + " '" + response.body() + "'");
                System.exit(3);
            }
            System.out.println(response.body());
            // Still serving: the idle footprint is that of a live server waiting for requests.
            ProgramReport.finish(args, "http", mainNanos, responseNanos);
        } finally {
            server.stop(0);
        }
    }
}
