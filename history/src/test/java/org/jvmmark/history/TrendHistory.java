package org.jvmmark.history;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Random;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.jvmmark.results.Results;
import org.jvmmark.results.ResultsReader;

/**
 * A history of {@value #SERIES} series for the trend page's tests, recorded through the store's public
 * API: 5 workloads × 2 parameter sets × 2 JVMs × 2 variants, each trial with a ranked metric and the
 * p50, p90, p99 and p99.9 of a latency probe, over {@value #RUNS} runs of 3 forks (2 % noise per fork,
 * fixed seed). Planted: chat at connections=1000 on Temurin 25 · default gets 15 % less throughput and an
 * 18 % higher p50 from run {@value #STEP} on (a regression in effect); http-json at server=netty on
 * Temurin 21 · zgc gets a 20 % lower p50 from run 6 on (an improvement). Magnitudes are a benchmark's:
 * a startup probe near 550 ms (550,000,000 ns, the axis issue 23 shows), queue latencies in µs, a heap in MiB.
 * Not thread-safe (one per test class).
 */
final class TrendHistory {
    static final int SERIES = 200;
    static final int RUNS = 12;
    /** The run (0-based) from which the planted regression is in effect. */
    static final int STEP = 8;
    static final String MACHINE = "ci-1 (AMD EPYC 7763)";

    private record Workload(String name, String param, List<String> values, Map<String, Object> constant, String metric,
                            String unit, boolean higherIsBetter, double metricLevel, String probe, double p50Nanos) {
    }

    private static final List<Workload> WORKLOADS = List.of(
            new Workload("chat", "connections", List.of("1000", "5000"), Map.of("rooms", 10, "users", 20, "host", "127.0.0.1"),
                    "score", "msg/s", true, 125_000, "endToEnd", 1.31e6),
            new Workload("http-json", "server", List.of("netty", "vertx"), Map.of("connections", 64, "payloadBytes", 1024),
                    "score", "requests/s", true, 48_000, "endToEnd", 2.4e6),
            new Workload("kv-store", "threads", List.of("4", "16"), Map.of("keys", 1_000_000, "valueBytes", 256),
                    "serverHeapUsed", "bytes", false, 48.2 * 1024 * 1024, "get", 38_000),
            new Workload("queue-latency", "transport", List.of("chronicle", "memory"), Map.of("rate", 100_000, "messageBytes", 64),
                    "achievedRate", "msg/s", true, 100_000, "endToEnd", 920),
            new Workload("startup", "app", List.of("hello", "http"), Map.of("iterations", 5),
                    "coldStartupMs", "ms", false, 591, "firstResponse", 5.5e8));

    private static final ObjectMapper JSON = new ObjectMapper();

    private TrendHistory() {
    }

    /** Records the whole history into {@code store}; returns the planted regression's throughput series. */
    static HistoryStore.StoredSeries fill(HistoryStore store) throws Exception {
        Random random = new Random(23);
        for (int r = 0; r < RUNS; r++) {
            String created = Instant.parse("2026-11-01T02:00:00Z").plusSeconds(86_400L * r).toString();
            Results run = Results.started(created, "quick", Map.of("hostname", "ci-1", "cpuModel", "AMD EPYC 7763"), Map.of());
            for (Workload w : WORKLOADS) {
                for (String value : w.values()) {
                    for (String jvm : List.of("21.0.8", "25.0.1")) {
                        for (String variant : List.of("default", "zgc")) {
                            for (int fork = 1; fork <= 3; fork++) {
                                run = run.with(ResultsReader.trial(trial(w, value, jvm, variant, fork, r, random)), created);
                            }
                        }
                    }
                }
            }
            store.importRun(run, MACHINE, null);
        }
        return store.series().stream().filter(s -> s.key().workload().equals("chat") && s.key().params().contains("connections=1000,")
                && s.key().jvm().equals("Temurin 25.0.1") && s.key().variant().startsWith("default") && s.key().figure().equals("score"))
                .findFirst().orElseThrow();
    }

    private static ObjectNode trial(Workload w, String value, String jvm, String variant, int fork, int run, Random random) {
        boolean regressed = w.name().equals("chat") && value.equals("1000") && jvm.startsWith("25") && variant.equals("default")
                && run >= STEP;
        boolean improved = w.name().equals("http-json") && value.equals("netty") && jvm.startsWith("21") && variant.equals("zgc")
                && run >= 6;
        double jvmFactor = jvm.startsWith("25") ? 1.04 : 1.0;
        double variantFactor = variant.equals("zgc") ? 0.97 : 1.0;
        double paramFactor = value.equals(w.values().get(0)) ? 1.0 : 0.8;
        ObjectNode t = JSON.createObjectNode();
        t.put("id", w.name() + "/" + w.param() + "=" + value + "/temurin-" + jvm + "/" + variant + "/fork" + fork);
        t.put("workload", w.name());
        t.put("status", "ok");
        t.put("fork", fork);
        ObjectNode params = t.putObject("params");
        w.constant().forEach((k, v) -> params.put(k, String.valueOf(v)));
        params.put(w.param(), value);
        ObjectNode j = t.putObject("jvm");
        j.put("vendor", "Eclipse Adoptium");
        j.put("version", jvm);
        j.put("feature", Integer.parseInt(jvm.substring(0, 2)));
        t.put("variant", variant);
        t.put("gc", variant.equals("zgc") ? "ZGC" : "G1");
        t.putArray("variantJvmArgs");
        ObjectNode metric = t.putObject("metrics").putObject(w.metric());
        double better = jvmFactor * variantFactor * paramFactor;
        double level = w.higherIsBetter() ? w.metricLevel() * better : w.metricLevel() / better;
        metric.put("value", level * (regressed ? 0.85 : 1.0) * noise(random));
        metric.put("unit", w.unit());
        metric.put("better", w.higherIsBetter() ? "higher" : "lower");
        ObjectNode probe = t.putObject("latency").putObject(w.probe());
        probe.put("unit", "ns");
        probe.put("count", 10_000);
        double p50 = w.p50Nanos() / better * (regressed ? 1.18 : 1.0) * (improved ? 0.8 : 1.0) * noise(random);
        ObjectNode pct = probe.putObject("percentiles");
        pct.put("50", p50);
        pct.put("90", p50 * 2.1 * noise(random));
        pct.put("99", p50 * 5.3 * noise(random));
        pct.put("99.9", p50 * 11.8 * noise(random));
        return t;
    }

    private static double noise(Random random) {
        return 1 + 0.02 * random.nextGaussian();
    }
}
