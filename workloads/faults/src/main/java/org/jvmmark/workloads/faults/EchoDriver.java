package org.jvmmark.workloads.faults;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jvmmark.api.Better;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.ValidationException;
import org.jvmmark.api.Workload;

/**
 * Load driver of {@link EchoServerWorkload}: sends {@code messages} lines one at a time to
 * {@code server.host:server.port} and checks each echo. Records a rate, the round-trip latency (a
 * closed loop, so not CO-corrected, and flagged so) and the host JVM it ran on. Stateless.
 */
public final class EchoDriver implements Workload {
    @Override
    public void run(TrialContext context) throws Exception {
        if (context.param("mode").equals("driver-fails")) {
            throw new IllegalStateException("driver failing on purpose");
        }
        int messages = context.intParam("messages");
        long[] nanos = new long[messages];
        long start = System.nanoTime();
        try (Socket s = new Socket(context.param("server.host"), context.intParam("server.port"));
             BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
             Writer out = new OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8)) {
            for (int i = 0; i < messages; i++) {
                long t0 = System.nanoTime();
                out.write("line " + i + "\n");
                out.flush();
                String echo = in.readLine();
                nanos[i] = System.nanoTime() - t0;
                if (!("line " + i).equals(echo)) {
                    throw new ValidationException("sent 'line " + i + "', got back '" + echo + "'");
                }
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        context.result().metric("score", messages / seconds, "msg/s", Better.HIGHER);
        context.result().latency("endToEnd", block(nanos));
        context.result().info("driverJavaVersion", System.getProperty("java.version"));
    }

    private static Map<String, Object> block(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        Map<String, Object> percentiles = new LinkedHashMap<>();
        for (double p : new double[] {50, 90, 99}) {
            percentiles.put(p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p),
                    sorted[(int) Math.min(sorted.length - 1, Math.ceil(p / 100 * sorted.length) - 1)]);
        }
        percentiles.put("max", sorted[sorted.length - 1]);
        Map<String, Object> block = new LinkedHashMap<>();
        block.put("unit", "ns");
        block.put("count", sorted.length);
        block.put("coCorrected", false);
        block.put("percentiles", percentiles);
        return block;
    }
}
