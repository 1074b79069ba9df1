package org.jvmmark.workloads.http.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.jvmmark.workloads.http.common.HeldRequests;

/**
 * Starts one server under test as a trial would, asks it {@code GET /hello}, {@code GET /sleep} and
 * {@code GET /nope} on one keep-alive connection, and prints what came back in a normal form — the
 * status, the headers every server must send alike ({@code content-type}, {@code content-length},
 * {@code connection}), the body —, whether ten more answers came without a Nagle stall, and on which
 * kind of thread the sleeping handler ran. The server
 * modules' tests run it in a JVM of the JDK they need and compare the lines:
 *
 * <pre>
 * java -cp … org.jvmmark.workloads.http.server.ServerProbe SERVER THREADS
 * </pre>
 *
 * Not thread-safe; a command-line program.
 */
public final class ServerProbe {
    private ServerProbe() {
    }

    /**
     * What a server under test must print here: the one answer every server module's test compares with,
     * so "answers alike" has one definition.
     *
     * @param connection the {@code Connection} header it sends, "(none)" for every server but Helidon, which
     *     adds {@code keep-alive} (HTTP/1.1's default, so it changes nothing for the driver)
     */
    public static String expectedAnswers(boolean virtual, String connection) {
        String ok = " -> 200 content-type=text/plain content-length=13 connection=" + connection + " body=Hello, World!\n";
        return "GET /hello" + ok + "GET /sleep" + ok + "GET /nope -> 404\n" + "10 more answers without a Nagle stall: true\n"
                + "sleep handler on a virtual thread: " + virtual + "\n";
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: ServerProbe SERVER THREADS (e.g. tomcat virtual)");
            System.exit(2);
        }
        ServerSettings s = new ServerSettings("127.0.0.1", 0, args[1], 4, 50, Files.createTempDirectory("jvmmark-probe"));
        try (ServerUnderTest server = args[0].equals("jdk") ? new JdkServer() : Servers.library(args[0])) {
            int port = server.start(s);
            try (Socket c = new Socket()) {
                c.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
                c.setSoTimeout(10_000);
                for (String path : new String[] {"/hello", "/sleep", "/nope"}) {
                    System.out.println("GET " + path + " -> " + ask(c, path));
                }
                System.out.println("10 more answers without a Nagle stall: " + noNagleStall(c));
            }
            System.out.println("sleep handler on a virtual thread: " + HeldRequests.lastOnVirtualThread());
        }
        System.exit(0);
    }

    /**
     * Whether the median of ten more {@code /hello} answers took under 20 ms. A server that writes
     * the headers and the body in two writes with Nagle on makes every answer wait for the client's
     * delayed ACK, 40 ms on Linux: the driver would measure that, not the server.
     */
    private static boolean noNagleStall(Socket c) throws IOException {
        long[] nanos = new long[10];
        for (int i = 0; i < nanos.length; i++) {
            long start = System.nanoTime();
            ask(c, "/hello");
            nanos[i] = System.nanoTime() - start;
        }
        java.util.Arrays.sort(nanos);
        return nanos[nanos.length / 2] < 20_000_000L;
    }

    /** One request on the connection; its answer in one line. */
    private static String ask(Socket c, String path) throws IOException {
        OutputStream out = c.getOutputStream();
        out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: jvmmark\r\nAccept: */*\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        InputStream in = c.getInputStream();
        String head = readHead(in);
        String[] lines = head.split("\r\n");
        Map<String, String> headers = new TreeMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
        }
        int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        byte[] body = in.readNBytes(length);
        String status = lines[0].split(" ")[1];
        if (!status.equals("200")) {
            return status; // the 404's headers and body are each server's own
        }
        return status + " content-type=" + headers.get("content-type") + " content-length=" + headers.get("content-length")
                + " connection=" + headers.getOrDefault("connection", "(none)") + " body=" + new String(body, StandardCharsets.UTF_8);
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int matched = 0;
        for (int x; (x = in.read()) >= 0; ) {
            b.write(x);
            matched = (x == '\r' && (matched == 0 || matched == 2)) || (x == '\n' && (matched == 1 || matched == 3)) ? matched + 1 : 0;
            if (matched == 4) {
                return b.toString(StandardCharsets.ISO_8859_1.name());
            }
        }
        throw new IOException("the connection closed after '" + b + "'");
    }
}
