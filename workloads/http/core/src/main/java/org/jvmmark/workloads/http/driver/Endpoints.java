package org.jvmmark.workloads.http.driver;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * What a load sends, ready on the wire: one request (a path the load drives with GET) or a {@link RequestMix}'s
 * entries, each with its bytes, the status a right answer has and, where given, its exact body; and which entry
 * request {@code j} of a schedule sends ({@link #pick}). A load of one request has one entry and no probe of its
 * own; a mix's entries each get a latency probe named after them.
 *
 * <p>Immutable and thread-safe: the I/O threads and senders read it.
 */
final class Endpoints {
    final byte[][] request;
    /** "GET /hello" for one request; "create (POST /orders)" for a mix's entry: how errors name it. */
    final String[] label;
    final int[] status;
    /** The exact body a right answer has, or null: any. */
    final byte[][] expectBody;
    /** The mix, or null for one request. */
    final RequestMix mix;

    /** The idle load's: nothing is sent. */
    static final Endpoints NONE = new Endpoints(new byte[][] {new byte[0]}, new String[] {""}, new int[] {200}, new byte[][] {null}, null);

    private Endpoints(byte[][] request, String[] label, int[] status, byte[][] expectBody, RequestMix mix) {
        this.request = request;
        this.label = label;
        this.status = status;
        this.expectBody = expectBody;
        this.mix = mix;
    }

    /** {@code GET path}, answered 200 with {@code body}. */
    static Endpoints get(String path, InetSocketAddress target, byte[] body) {
        return new Endpoints(new byte[][] {LoadEngine.get(path, target)}, new String[] {"GET " + path}, new int[] {200},
                new byte[][] {body}, null);
    }

    static Endpoints of(RequestMix mix, InetSocketAddress target) {
        int n = mix.entries().size();
        byte[][] request = new byte[n][];
        String[] label = new String[n];
        int[] status = new int[n];
        byte[][] expect = new byte[n][];
        for (int i = 0; i < n; i++) {
            RequestMix.Entry e = mix.entries().get(i);
            request[i] = e.bytes(target);
            label[i] = e.label();
            status[i] = e.status;
            expect[i] = e.expectBody;
        }
        return new Endpoints(request, label, status, expect, mix);
    }

    int size() {
        return request.length;
    }

    /** The entry request {@code index} of a schedule sends. */
    int pick(long index) {
        return mix == null ? 0 : mix.pick(index);
    }

    /** The closed loop has no schedule: connection {@code conn}'s {@code k}-th request, as one index. */
    int pick(int conn, long k) {
        return mix == null ? 0 : mix.pick(k * 1_000_003L + conn);
    }

    /** The kind an answer with another status counts as: the one request's as before, a mix's entry named. */
    String statusKind(int e, int got) {
        return mix == null ? ErrorCounts.status(got) : label[e] + " answered with status " + got + " (expected " + status[e] + ")";
    }

    /** The expected answer in words, for a problem line. */
    String expected(int e) {
        return expectBody[e] == null ? Integer.toString(status[e])
                : status[e] + " with the " + expectBody[e].length + "-byte body '" + new String(expectBody[e], StandardCharsets.UTF_8) + "'";
    }
}
