package org.jvmmark.workloads.http.driver;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A request mix ({@code --param mix=FILE.json}), in the style of a k6 scenario: the requests a server answers
 * in production, each with a method, path, headers, body, the status it must answer with and a weight.
 *
 * <pre>{@code
 * { "seed": 1,
 *   "requests": [
 *     { "name": "greet",  "method": "GET",  "path": "/greeting?name=jvm", "status": 200, "weight": 6 },
 *     { "name": "create", "method": "POST", "path": "/orders", "headers": { "Content-Type": "application/json" },
 *       "body": { "item": "book", "quantity": 2 }, "status": 201, "weight": 3 },
 *     { "name": "list",   "method": "GET",  "path": "/orders", "weight": 1 } ] }
 * }</pre>
 *
 * <p>Each scheduled request picks its entry by weight with a deterministic draw from the seed and the request's
 * index in the schedule ({@link #pick}), so two runs — and the slices of one schedule on several hosts — send the
 * same request at the same place, and the shares converge on the weights. {@code status} defaults to 200,
 * {@code weight} to 1, {@code method} to GET; {@code body} is a string or any JSON value (sent as JSON); {@code
 * expectBody}, when given, is the exact body a right answer must have. A file that is not JSON, an entry without
 * a path, a weight that is not above 0, a method outside {@link #METHODS} or an unknown field is one line naming
 * the file and the entry.
 *
 * <p>Immutable and thread-safe.
 */
public final class RequestMix {
    /** Methods a mix may use: those whose answer carries a body framed by its headers (HEAD's does not). */
    static final List<String> METHODS = List.of("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");
    /** Names become latency probes beside endToEnd: letters, digits, '.', '_', '-'. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9._-]{0,39}");
    private static final Set<String> FIELDS = Set.of("name", "method", "path", "headers", "body", "status", "weight", "expectBody");
    private static final Set<String> TOP = Set.of("seed", "requests");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One entry of the mix. Immutable. */
    public static final class Entry {
        final String name;
        final String method;
        final String path;
        final Map<String, String> headers;
        final byte[] body;
        final int status;
        final double weight;
        /** The exact body a right answer has, or null: any. */
        final byte[] expectBody;

        Entry(String name, String method, String path, Map<String, String> headers, byte[] body, int status, double weight,
              byte[] expectBody) {
            this.name = name;
            this.method = method;
            this.path = path;
            this.headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
            this.body = body;
            this.status = status;
            this.weight = weight;
            this.expectBody = expectBody;
        }

        public String name() {
            return name;
        }

        /** "create (POST /orders)". */
        public String label() {
            return name + " (" + method + " " + path + ")";
        }

        /** The request's bytes for a server at {@code target}: HTTP/1.1, keep-alive, the body's length given. */
        byte[] bytes(InetSocketAddress target) {
            StringBuilder b = new StringBuilder();
            b.append(method).append(' ').append(path).append(" HTTP/1.1\r\nHost: ").append(target.getHostString()).append(':')
                    .append(target.getPort()).append("\r\n");
            if (headers.keySet().stream().noneMatch(k -> k.equalsIgnoreCase("user-agent"))) {
                b.append("User-Agent: jvmmark\r\n");
            }
            if (headers.keySet().stream().noneMatch(k -> k.equalsIgnoreCase("accept"))) {
                b.append("Accept: */*\r\n");
            }
            headers.forEach((k, v) -> b.append(k).append(": ").append(v).append("\r\n"));
            if (body.length > 0 || !method.equals("GET") && !method.equals("DELETE") && !method.equals("OPTIONS")) {
                b.append("Content-Length: ").append(body.length).append("\r\n");
            }
            b.append("\r\n");
            byte[] head = b.toString().getBytes(StandardCharsets.UTF_8);
            byte[] all = Arrays.copyOf(head, head.length + body.length);
            System.arraycopy(body, 0, all, head.length, body.length);
            return all;
        }
    }

    private final List<Entry> entries;
    private final double[] cumulative;
    private final long seed;

    private RequestMix(List<Entry> entries, long seed) {
        this.entries = List.copyOf(entries);
        this.seed = seed;
        cumulative = new double[entries.size()];
        double sum = 0;
        for (int i = 0; i < entries.size(); i++) {
            sum += entries.get(i).weight;
            cumulative[i] = sum;
        }
        for (int i = 0; i < cumulative.length; i++) {
            cumulative[i] /= sum;
        }
    }

    public List<Entry> entries() {
        return entries;
    }

    /** The share of requests entry {@code i} gets (its weight ÷ the sum). */
    double share(int i) {
        return cumulative[i] - (i == 0 ? 0 : cumulative[i - 1]);
    }

    /**
     * The entry of request {@code index} of a schedule: a draw from {@code seed} and {@code index} through
     * SplitMix64 (a bijective mix, so neighbouring indexes draw independently), mapped onto the cumulative weights.
     */
    int pick(long index) {
        if (cumulative.length == 1) {
            return 0;
        }
        long z = seed + (index + 1) * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        double u = (z >>> 11) * 0x1.0p-53;
        int i = 0;
        while (i < cumulative.length - 1 && u >= cumulative[i]) {
            i++;
        }
        return i;
    }

    /**
     * Reads and checks a mix file.
     *
     * @throws IllegalArgumentException one line naming the file, the entry and what is wrong
     */
    public static RequestMix read(Path file) {
        String where = "http: mix " + file;
        JsonNode root;
        try {
            root = JSON.readTree(Files.readAllBytes(file));
        } catch (JsonProcessingException e) {
            String loc = e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")";
            throw new IllegalArgumentException(where + " is not JSON" + loc + ": " + e.getOriginalMessage().split("\n", 2)[0]);
        } catch (IOException e) {
            throw new IllegalArgumentException(where + " cannot be read: " + e.getMessage());
        }
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException(where + " must be a JSON object {\"requests\": [ ... ]}");
        }
        unknown(root, TOP, where);
        long seed = root.has("seed") ? integer(root.get("seed"), where + ": seed") : 1;
        JsonNode list = root.get("requests");
        if (list == null || !list.isArray() || list.size() == 0) {
            throw new IllegalArgumentException(where + " has no \"requests\": give a list of at least one {\"path\": \"/...\"}");
        }
        List<Entry> entries = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < list.size(); i++) {
            Entry e = entry(list.get(i), where + ": request " + (i + 1));
            if (!names.add(e.name)) {
                throw new IllegalArgumentException(where + ": request " + (i + 1) + ": the name '" + e.name + "' is used twice");
            }
            entries.add(e);
        }
        return new RequestMix(entries, seed);
    }

    private static Entry entry(JsonNode n, String where) {
        if (!n.isObject()) {
            throw new IllegalArgumentException(where + " must be an object such as {\"path\": \"/hello\"}");
        }
        unknown(n, FIELDS, where);
        JsonNode p = n.get("path");
        if (p == null || !p.isTextual() || !p.asText().startsWith("/") || p.asText().contains(" ")) {
            throw new IllegalArgumentException(where + ": missing or bad \"path\" (a path such as /orders?id=1, no spaces)");
        }
        String path = p.asText();
        String method = text(n, "method", "GET", where).toUpperCase(Locale.ROOT);
        if (!METHODS.contains(method)) {
            throw new IllegalArgumentException(where + ": unknown method '" + method + "'; valid: " + String.join(", ", METHODS));
        }
        String name = n.has("name") ? text(n, "name", "", where) : defaultName(method, path);
        if (!NAME.matcher(name).matches() || name.equals("endToEnd")) {
            throw new IllegalArgumentException(where + ": bad name '" + name + "' (a letter, then up to 39 letters, digits, '.', '_'"
                    + " or '-'; not endToEnd): it names the endpoint's latency probe");
        }
        String here = where + " (" + name + ")";
        double weight = 1;
        if (n.has("weight")) {
            JsonNode w = n.get("weight");
            if (!w.isNumber() || !(w.asDouble() > 0) || Double.isInfinite(w.asDouble())) {
                throw new IllegalArgumentException(here + ": weight must be a number above 0, not " + w);
            }
            weight = w.asDouble();
        }
        int status = n.has("status") ? (int) integer(n.get("status"), here + ": status") : 200;
        if (status < 200 || status > 599) {
            throw new IllegalArgumentException(here + ": status must be a final HTTP status, 200 to 599, not " + status);
        }
        Map<String, String> headers = new LinkedHashMap<>();
        if (n.has("headers")) {
            JsonNode h = n.get("headers");
            if (!h.isObject()) {
                throw new IllegalArgumentException(here + ": headers must be an object {\"Name\": \"value\"}");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = h.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                String key = f.getKey().toLowerCase(Locale.ROOT);
                if (!f.getValue().isValueNode() || f.getKey().isEmpty() || key.equals("host") || key.equals("content-length")
                        || key.equals("transfer-encoding") || f.getKey().matches(".*[\\s:].*") || f.getValue().asText().matches(".*[\r\n].*")) {
                    throw new IllegalArgumentException(here + ": bad header '" + f.getKey() + "' (a name without spaces or ':', a one-line"
                            + " value; Host, Content-Length and Transfer-Encoding are the driver's)");
                }
                headers.put(f.getKey(), f.getValue().asText());
            }
        }
        byte[] body = bodyOf(n.get("body"));
        byte[] expect = n.has("expectBody") ? bodyOf(n.get("expectBody")) : null;
        if (body.length > 0 && headers.keySet().stream().noneMatch(k -> k.equalsIgnoreCase("content-type"))) {
            headers.put("Content-Type", n.get("body").isTextual() ? "text/plain; charset=utf-8" : "application/json");
        }
        return new Entry(name, method, path, headers, body, status, weight, expect);
    }

    /** "get-orders" for GET /orders?id=1: the method and the path's words. */
    static String defaultName(String method, String path) {
        String words = path.split("\\?", 2)[0].replaceAll("[^A-Za-z0-9]+", "-").replaceAll("^-|-$", "");
        return (method.toLowerCase(Locale.ROOT) + (words.isEmpty() ? "-root" : "-" + words));
    }

    private static byte[] bodyOf(JsonNode b) {
        if (b == null || b.isNull()) {
            return new byte[0];
        }
        String s = b.isTextual() ? b.asText() : b.toString();
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(JsonNode n, String field, String dflt, String where) {
        JsonNode v = n.get(field);
        if (v == null) {
            return dflt;
        }
        if (!v.isTextual()) {
            throw new IllegalArgumentException(where + ": " + field + " must be a string, not " + v);
        }
        return v.asText();
    }

    private static long integer(JsonNode v, String where) {
        if (!v.isIntegralNumber()) {
            throw new IllegalArgumentException(where + " must be a whole number, not " + v);
        }
        return v.asLong();
    }

    private static void unknown(JsonNode n, Set<String> known, String where) {
        for (Iterator<String> it = ((ObjectNode) n).fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!known.contains(f)) {
                List<String> valid = new ArrayList<>(known);
                Collections.sort(valid);
                throw new IllegalArgumentException(where + ": unknown field '" + f + "'; valid: " + String.join(", ", valid));
            }
        }
    }
}
