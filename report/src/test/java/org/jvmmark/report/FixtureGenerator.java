package org.jvmmark.report;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.HdrHistogram.Histogram;
import org.jvmmark.report.judge.Stats;
import org.jvmmark.results.Results;
import org.jvmmark.results.ResultsReader;
import org.jvmmark.results.ResultsWriter;

/**
 * Writes the two realistic {@code results.json} fixtures the tests render and compare: a
 * {@code baseline} run and a {@code regressed} one, where queue-latency's p50 on Temurin 25 is about
 * 30 % slower and chat's score on Temurin 25 (platform threads) about 15 % lower. Latencies are drawn
 * from a seeded model of this 2-core machine (log-normal body near 320 ns, an exponential tail, rare
 * millisecond scheduler stalls) and recorded into real HdrHistograms, so the percentiles, per-run
 * figures and compressed histograms are consistent with each other.
 *
 * <p>Not thread-safe (one generator per thread).
 */
final class FixtureGenerator {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final String[] KEYS = {"50", "90", "99", "99.9", "99.99"};

    private final boolean regressed;
    private final Random random;
    /** The baseline plus what only the renderers' tests need: GC per run, an http sweep over connections, a series. */
    private final boolean showcase;
    /** For what only the showcase adds (GC events, http, queue-large): the baseline's figures stay as they were. */
    private final Random later;
    /** Run-to-run variation of a run's median inside one fork (a coefficient of variation). */
    private final double runSpread;

    FixtureGenerator(boolean regressed) {
        this(regressed ? 20261121L : 20261120L, regressed, 0.02);
    }

    private FixtureGenerator(long seed, boolean regressed, double runSpread) {
        this(seed, regressed, runSpread, false);
    }

    private FixtureGenerator(long seed, boolean regressed, double runSpread, boolean showcase) {
        this.regressed = regressed;
        this.showcase = showcase;
        this.later = new Random(seed + 2);
        this.random = new Random(seed);
        this.runSpread = runSpread;
    }

    /**
     * One row of a fixture with known truth: a workload on a JDK, and the level each of its forks is
     * drawn around (the fork's true p50 in ns; its runs scatter around it by the generator's run spread).
     * A level of {@link #FAILED} makes that fork fail (exit code 1), {@link #TIMED_OUT} time out.
     */
    record Truth(String workload, int feature, double... forkLevelsNs) {
        /** The same forks on another JDK. */
        Truth withJdk(int otherFeature) {
            return new Truth(workload, otherFeature, forkLevelsNs);
        }
    }

    /** A fork level that makes the fork fail. */
    static final double FAILED = -1;
    /** A fork level that makes the fork time out. */
    static final double TIMED_OUT = -2;

    /**
     * A results.json whose every fork is drawn around a set level: the truth a verdict must find.
     *
     * @param runSpread how much a run's median varies inside a fork (0.001: tight runs)
     */
    static String truthJson(long seed, double runSpread, List<Truth> rows) throws IOException {
        FixtureGenerator g = new FixtureGenerator(seed, false, runSpread);
        Map<String, Object> r = g.header();
        List<Object> trials = new ArrayList<>();
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("rate", 100000);
        params.put("runs", 3);
        for (Truth row : rows) {
            for (int fork = 1; fork <= row.forkLevelsNs().length; fork++) {
                double level = row.forkLevelsNs()[fork - 1];
                if (level == FAILED || level == TIMED_OUT) {
                    Map<String, Object> t = g.notOk(row.workload(), params, jvm(row.feature()), "G1",
                            level == FAILED ? "failed" : "timeout",
                            level == FAILED ? "exit code 1: delivered 99,812 of 100,000 messages" : "no result within 120 s");
                    t.put("fork", fork);
                    t.put("id", ((String) t.get("id")).replace("/fork1", "/fork" + fork));
                    trials.add(t);
                } else {
                    trials.add(g.latencyTrial(row.workload(), params, jvm(row.feature()), "G1", fork, 3, level, 0, false));
                }
            }
        }
        r.put("trials", trials);
        return written(r);
    }

    /**
     * The result set {@code r} as the runner writes it: read by the one reader and written by the one writer, so
     * a fixture has the shape, order and numbers of a real {@code results.json} and cannot drift from them.
     */
    private static String written(Map<String, Object> r) throws IOException {
        Results read = ResultsReader.results(JSON.valueToTree(r), "fixture");
        return new String(ResultsWriter.bytes(read), java.nio.charset.StandardCharsets.UTF_8);
    }

    static Path writeTruth(Path dir, long seed, double runSpread, Truth... rows) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("results.json"), truthJson(seed, runSpread, List.of(rows)));
        return dir;
    }

    /** {@code n} fork levels drawn from {@code levels} at random: a two-level population when given two. */
    static double[] drawn(long seed, int n, double... levels) {
        Random random = new Random(seed);
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = levels[random.nextInt(levels.length)] * (1 + 0.02 * random.nextGaussian());
        }
        return out;
    }

    /** {@code n} fork levels around {@code level}, forks differing by {@code forkSpread} (a coefficient of variation). */
    static double[] around(long seed, int n, double level, double forkSpread) {
        Random random = new Random(seed);
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = level * (1 + forkSpread * random.nextGaussian());
        }
        return out;
    }

    static String json(boolean regressed) throws IOException {
        return written(new FixtureGenerator(regressed).results());
    }

    /** The baseline with GC events per run, an http sweep over connections and a queue-large series. */
    static String showcaseJson() throws IOException {
        return written(new FixtureGenerator(20261120L, false, 0.02, true).results());
    }

    /**
     * A platform-vs-virtual http run with known truth: Tomcat on JDK 21 and 25 at 1,000 connections, 3 forks
     * a side. On JDK 25 virtual threads answer the held requests 2.7× sooner (1.1 s against 3.0 s), serve
     * 12 % more requests/s and take 8 % less RSS per held connection; on JDK 21 requests/s are the same
     * (within 1 %) and the held latency of the platform rows' forks disagree (two levels). The closed-loop
     * endToEnd block is not corrected for coordinated omission, as in max mode. The questions are recorded
     * as the runner records them.
     */
    static String httpQuestionJson() throws IOException {
        FixtureGenerator g = new FixtureGenerator(20261124L, false, 0.01);
        Map<String, Object> r = g.header();
        List<Object> trials = new ArrayList<>();
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("connections", 1000);
        params.put("mode", "max");
        for (int feature : new int[] {21, 25}) {
            for (String variant : new String[] {"tomcat-platform", "tomcat-virtual"}) {
                boolean virtual = variant.endsWith("virtual");
                Map<String, Object> p = new LinkedHashMap<>(params);
                p.put("server", "tomcat");
                p.put("threads", virtual ? "virtual" : "platform");
                for (int fork = 1; fork <= 3; fork++) {
                    Map<String, Object> t = g.trial("http", p, jvm(feature), variant, fork, "ok", null);
                    t.put("process", process(0, 12.0, 9.0, 0));
                    double hold = virtual ? 1100 : feature == 21 && fork == 2 ? 5100 : 3000;
                    double rps = feature == 21 ? 20000 : virtual ? 22400 : 20000;
                    double perHeld = virtual ? 92_000 : 100_000;
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("holdLatencyMillis", metric(hold * g.jiggle(0.01), "ms", "lower", null));
                    m.put("serverRssPerHeldRequest", metric(perHeld * g.jiggle(0.01), "bytes", "lower", null));
                    m.put("requestsPerSecond", metric(rps * g.jiggle(0.01), "req/s", "higher", null));
                    m.put("heldConnections", metric(1000, "connections", "none", null));
                    // The rest of what the real driver reports (issue 23's run): a page with all of them must still
                    // fit 1,280 px. Drawn from their own generator, so the question's figures above stay as they were.
                    double wide = 1 + 0.3 * g.later.nextGaussian();
                    m.put("serverRssBaseline", metric(200e6 * wide, "bytes", "lower", null));
                    m.put("serverHeapUsedBaseline", metric(40e6 * wide, "bytes", "lower", null));
                    m.put("serverHeapCommittedBaseline", metric(150e6 * wide, "bytes", "lower", null));
                    m.put("holdLatencyMaxMillis", metric(hold * 1.6, "ms", "lower", null));
                    m.put("serverRssHeld", metric(210e6 * wide, "bytes", "lower", null));
                    m.put("serverHeapUsedHeld", metric(42e6 * wide, "bytes", "lower", null));
                    m.put("serverHeapCommittedHeld", metric(155e6 * wide, "bytes", "lower", null));
                    m.put("serverHeapPerHeldRequest", metric(3753 * wide, "bytes", "lower", null));
                    m.put("serverRssSlope", metric(1.52 * wide, "MiB per 1,000 connections", "lower", null));
                    m.put("serverRssIdle", metric(106e6 * wide, "bytes", "lower", null));
                    m.put("serverPeakRss", metric(259e6 * wide, "bytes", "lower", null));
                    m.put("driverIoThreadBusy", metric(0.17 * wide, "share of a CPU", "none", null));
                    m.put("driverCpuPerRequest", metric(20777 * wide, "ns", "none", null));
                    t.put("metrics", m);
                    Map<String, Object> block = new LinkedHashMap<>();
                    block.put("unit", "ns");
                    block.put("count", 100_000);
                    block.put("coCorrected", false);
                    Map<String, Object> pct = new LinkedHashMap<>();
                    pct.put("50", virtual ? 12_700_000.0 * g.jiggle(0.01) : 62_000.0 * g.jiggle(0.01));
                    pct.put("99", virtual ? 40_000_000.0 * g.jiggle(0.01) : 889_000_000.0 * g.jiggle(0.01));
                    block.put("percentiles", pct);
                    t.put("latency", Map.of("endToEnd", block));
                    t.put("info", Map.of());
                    t.put("warnings", List.of());
                    trials.add(t);
                }
            }
        }
        r.put("trials", trials);
        Map<String, Object> q = new LinkedHashMap<>();
        q.put("name", "tomcat-virtual-vs-platform");
        q.put("text", "Do virtual threads beat platform threads for Tomcat: held requests, memory per held connection, requests/s?");
        q.put("across", "variants");
        q.put("figures", List.of("holdLatencyMillis", "serverRssPerHeldRequest", "requestsPerSecond", "endToEnd p50", "endToEnd p99"));
        q.put("baseline", "tomcat-platform");
        q.put("variants", List.of("tomcat-virtual"));
        r.put("questions", Map.of("http", List.of(q)));
        return written(r);
    }

    /**
     * A startup run with AppCDS: JDK 17 and 25, variants default and appcds, 3 forks each. Truth: JDK 25
     * starts 20 % faster than 17 on default; AppCDS starts 30 % faster than default on each JDK; AppCDS's
     * training takes 900 ms (its first ranked metric, which must never be the headline).
     */
    static String startupQuestionJson() throws IOException {
        FixtureGenerator g = new FixtureGenerator(20261125L, false, 0.01);
        Map<String, Object> r = g.header();
        List<Object> trials = new ArrayList<>();
        for (int feature : new int[] {17, 25}) {
            for (String variant : new String[] {"default", "appcds"}) {
                Map<String, Object> p = new LinkedHashMap<>();
                p.put("variant", variant);
                p.put("launches", 10);
                for (int fork = 1; fork <= 3; fork++) {
                    Map<String, Object> t = g.trial("startup", p, jvm(feature), variant, fork, "ok", null);
                    t.put("process", process(60_000_000, 2.0, 2.5, 0));
                    double start = (feature == 25 ? 40 : 50) * (variant.equals("appcds") ? 0.7 : 1);
                    Map<String, Object> m = new LinkedHashMap<>();
                    if (variant.equals("appcds")) {
                        m.put("hello.trainingMs", metric(900 * g.jiggle(0.01), "ms", "lower", null));
                        m.put("hello.archiveMiB", metric(12.5, "MiB", "lower", null));
                    }
                    m.put("hello.startupMs", metric(start * g.jiggle(0.01), "ms", "lower", null));
                    m.put("hello.peakRssMiB", metric(41 * g.jiggle(0.01), "MiB", "lower", null));
                    t.put("metrics", m);
                    t.put("latency", Map.of());
                    t.put("info", Map.of("processRssNotRanked", "the process is a launcher"));
                    t.put("warnings", List.of());
                    trials.add(t);
                }
            }
        }
        r.put("trials", trials);
        List<String> figures = List.of("hello.startupMs", "http.firstResponseMs", "hello.peakRssMiB", "http.idleRssMiB");
        Map<String, Object> jvms = new LinkedHashMap<>();
        jvms.put("name", "fastest-start");
        jvms.put("text", "Which JVM starts fastest and with the smallest footprint?");
        jvms.put("across", "jvms");
        jvms.put("figures", figures);
        Map<String, Object> variants = new LinkedHashMap<>();
        variants.put("name", "startup-settings");
        variants.put("text", "Do AppCDS, AOT, CDS off or C1 only change startup time and footprint on the same JVM?");
        variants.put("across", "variants");
        variants.put("figures", figures);
        variants.put("baseline", "default");
        variants.put("variants", List.of("appcds", "aot", "cds-off", "c1", "serial", "xmx15m"));
        r.put("questions", Map.of("startup", List.of(jvms, variants)));
        return written(r);
    }

    /** 1 ± spread·N(0,1): a fork's scatter around its true level. */
    private double jiggle(double spread) {
        return 1 + spread * random.nextGaussian();
    }

    static void write(Path dir, boolean regressed) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("results.json"), json(regressed));
    }

    Map<String, Object> results() {
        Map<String, Object> r = header();
        trialsOf(r, new ArrayList<>());
        return r;
    }

    private Map<String, Object> header() {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("schema", "jvmmark/results/1");
        r.put("created", regressed ? "2026-11-21T09:00:00Z" : "2026-11-20T22:00:00Z");
        r.put("updated", regressed ? "2026-11-21T09:13:41Z" : "2026-11-20T22:14:05Z");
        r.put("profile", "quick");
        Map<String, Object> host = new LinkedHashMap<>();
        host.put("cpuModel", "Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz");
        host.put("cpus", 2);
        host.put("memoryBytes", 4_124_000_256L);
        host.put("os", "Linux");
        host.put("kernel", "6.1.102");
        host.put("isolatedCpus", "");
        host.put("clockSource", "tsc");
        host.put("governor", "");
        host.put("thp", "madvise");
        host.put("virtualization", "firecracker");
        r.put("host", host);
        return r;
    }

    private void trialsOf(Map<String, Object> r, List<Object> trials) {
        Map<String, Object> jdk17 = jvm(17);
        Map<String, Object> jdk25 = jvm(25);
        Map<String, Object> synth = Map.of("rate", 100000, "serviceNanos", 0, "runs", 5);
        trials.add(latencyTrial("synthetic", synth, jdk17, "G1", 1, 5, 300, 0, true));
        trials.add(latencyTrial("synthetic", synth, jdk25, "G1", 1, 5, 296, 0, true));
        Map<String, Object> queue = Map.of("messageBytes", 256, "rate", 100000, "transport", "chronicle");
        for (int fork = 1; fork <= 3; fork++) {
            trials.add(latencyTrial("queue-latency", queue, jdk17, "G1", fork, 3, 345 * forkLevel(), 0, false));
        }
        for (int fork = 1; fork <= 3; fork++) {
            trials.add(latencyTrial("queue-latency", queue, jdk25, "G1", fork, 3, (regressed ? 410 : 315) * forkLevel(), 0, false));
        }
        trials.add(notOk("queue-latency", queue, jdk25, "ZGC", "timeout",
                "no result after 120 s (profile quick timeout); last stderr: [jvmmark] run 2 of 3"));
        Map<String, Object> startup = Map.of("launches", 10, "program", "hello");
        trials.add(startupTrial(startup, jdk17, 118, 41_900_000));
        trials.add(startupTrial(startup, jdk25, 92, 44_300_000));
        Map<String, Object> chat = Map.of("rooms", 4, "users", 20, "count", 100);
        for (int fork = 1; fork <= 3; fork++) {
            trials.add(chatTrial(chat, jdk17, "platform", fork, 48_000 * forkLevel()));
        }
        trials.add(notOk("chat", chat, jdk17, "virtual", "unsupported",
                "variant virtual needs JDK 21 or newer; this JVM is 17"));
        trials.add(notOk("chat", chat, jdk17, "nio", "failed",
                "validation failed: room #3 received 11988 of 12000 messages"));
        for (int fork = 1; fork <= 3; fork++) {
            trials.add(chatTrial(chat, jdk25, "platform", fork, (regressed ? 41_500 : 49_000) * forkLevel()));
        }
        trials.add(chatTrial(chat, jdk25, "virtual", 1, 52_500));
        if (showcase) {
            showcase(trials, jdk17, jdk25);
        }
        r.put("trials", trials);
    }

    /** A fresh JVM's own level: forks of one JVM differ by about 2 % on this machine's quiet levels. */
    private double forkLevel() {
        return 1 + 0.02 * random.nextGaussian();
    }

    static Map<String, Object> jvm(int feature) {
        Map<String, Object> j = new LinkedHashMap<>();
        if (feature == 21 || feature == 11) {
            j.put("home", "/root/.cache/jvmmark/jdks/temurin-" + feature);
            j.put("version", feature == 21 ? "21.0.8" : "11.0.13");
            j.put("vendor", "Eclipse Adoptium");
            j.put("vmName", "OpenJDK 64-Bit Server VM");
        } else if (feature == 17) {
            j.put("home", "/usr/lib/jvm/java-17-openjdk-amd64");
            j.put("version", "17.0.17");
            j.put("vendor", "Debian");
            j.put("vmName", "OpenJDK 64-Bit Server VM");
        } else {
            j.put("home", "/usr/lib/jvm/temurin-25-jdk-amd64");
            j.put("version", "25.0.1");
            j.put("vendor", "Eclipse Adoptium");
            j.put("vmName", "OpenJDK 64-Bit Server VM");
        }
        j.put("feature", feature);
        return j;
    }

    private Map<String, Object> trial(String workload, Map<String, Object> params, Map<String, Object> jvm,
                                      String variant, int fork, String status, String error) {
        Map<String, Object> t = new LinkedHashMap<>();
        int feature = (Integer) jvm.get("feature");
        String label = feature == 17 ? "debian-17.0.17" : "temurin-" + jvm.get("version");
        t.put("id", workload + "/" + label + "/" + variant + "/fork" + fork);
        t.put("workload", workload);
        t.put("params", new java.util.TreeMap<>(params));
        // As the runner records a variant: the collector asked for, and the variant's own flags.
        boolean zgc = variant.equals("ZGC");
        t.put("gc", zgc ? "ZGC" : null);
        t.put("variantJvmArgs", zgc ? List.of("-XX:+UseZGC") : List.of());
        t.put("fork", fork);
        Map<String, Object> j = new LinkedHashMap<>(jvm);
        List<String> args = new ArrayList<>(List.of("-Dchronicle.analytics.disable=true",
                "-XX:ErrorFile=/tmp/results/logs/" + workload + "_" + label + "_" + variant + "_fork" + fork + "/jvm-hs_err_pid%p.log"));
        List<String> gc = List.of("G1 Young Generation", "G1 Concurrent GC", "G1 Old Generation");
        if (zgc) {
            args.add("-XX:+UseZGC");
            gc = List.of("ZGC Cycles", "ZGC Pauses");
        }
        if (feature == 25) {
            args.add("--enable-native-access=ALL-UNNAMED");
        }
        j.put("args", args);
        j.put("gc", gc);
        t.put("jvm", j);
        t.put("variant", variant);
        t.put("status", status);
        t.put("error", error);
        return t;
    }

    private Map<String, Object> notOk(String workload, Map<String, Object> params, Map<String, Object> jvm,
                                      String variant, String status, String error) {
        Map<String, Object> t = trial(workload, params, jvm, variant, 1, status, error);
        boolean ran = !status.equals("unsupported");
        t.put("process", process(ran ? 180_000_000 : 0, status.equals("timeout") ? 120.0 : ran ? 14.2 : 0,
                status.equals("timeout") ? 238.1 : ran ? 20.3 : 0, status.equals("timeout") ? null : ran ? 1 : null));
        t.put("metrics", Map.of());
        t.put("latency", Map.of());
        t.put("info", Map.of());
        t.put("warnings", List.of());
        return t;
    }

    private static Map<String, Object> process(long rss, double wall, double cpu, Integer exit) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("peakRssBytes", rss);
        p.put("wallSeconds", wall);
        p.put("cpuSeconds", cpu);
        p.put("exitCode", exit);
        p.put("timedOut", exit == null && wall > 0);
        return p;
    }

    private Map<String, Object> latencyTrial(String workload, Map<String, Object> params, Map<String, Object> jvm,
                                             String variant, int fork, int runs, double medianNs, int unused,
                                             boolean jitter) {
        Map<String, Object> t = trial(workload, params, jvm, variant, fork, "ok", null);
        t.put("process", process(140_000_000L + random.nextInt(3_000_000), 31.5 + random.nextInt(30) / 10.0,
                62.0 + random.nextInt(40) / 10.0, 0));
        Map<String, Object> latency = new LinkedHashMap<>();
        Map<String, Object> endToEnd = block(runs, medianNs, 100_000, true);
        latency.put("endToEnd", endToEnd);
        if (showcase) {
            addGcEvents(endToEnd, (Integer) jvm.get("feature"));
        }
        if (workload.equals("queue-latency")) {
            latency.put("append", block(runs, medianNs * 0.35, 100_000, false));
            latency.put("read", block(runs, medianNs * 0.30, 100_000, false));
        }
        if (jitter) {
            // As the harness nests it: gaps above 1 µs seen by its spinning sampler thread.
            Map<String, Object> sampled = block(runs, 9_000, 0, false);
            Map<String, Object> j = new LinkedHashMap<>();
            j.put("thresholdNanos", 1000);
            j.put("count", 412 + random.nextInt(40));
            j.put("percentiles", sampled.get("percentiles"));
            endToEnd.put("jitter", j);
        }
        t.put("metrics", Map.of("achievedRate", metric((Double) endToEnd.get("achievedRate"), "msg/s", "higher", null)));
        t.put("latency", latency);
        Map<String, Object> info = new LinkedHashMap<>();
        // Ordered maps only: Map.of iterates in a per-JVM random order, and the fixture must be reproducible.
        // As the harness records them: the CPUs the trial obtained, then one entry per thread it pinned.
        Map<String, Object> cpus = new LinkedHashMap<>();
        cpus.put("available", 2);
        cpus.put("process", "0-1");
        cpus.put("benchmark", pinned(1, "1"));
        if (workload.equals("queue-latency")) {
            cpus.put("consumer", pinned(0, "0"));
        }
        info.put("harness", Map.of("cpus", cpus));
        info.put("transport", workload.equals("queue-latency") ? "chronicle" : "none");
        t.put("info", info);
        t.put("warnings", List.of("2 CPUs: producer and consumer share cores with the OS; only p50 and p90 mean anything"));
        return t;
    }

    private static Map<String, Object> pinned(int requested, String obtained) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("requested", requested);
        m.put("obtained", obtained);
        return m;
    }

    /** A latency block as the harness writes it, from {@code runs} runs of 20 000 samples each. */
    private Map<String, Object> block(int runs, double medianNs, double rate, boolean coCorrected) {
        Histogram all = new Histogram(3);
        Histogram allUncorrected = new Histogram(3);
        List<Object> runList = new ArrayList<>();
        for (int run = 0; run < runs; run++) {
            Histogram h = new Histogram(3);
            Histogram u = new Histogram(3);
            double runMedian = medianNs * (1 + runSpread * random.nextGaussian());
            double stallRate = 0.0002 + 0.0008 * random.nextDouble();
            for (int i = 0; i < 20_000; i++) {
                double v = runMedian * Math.exp(0.18 * random.nextGaussian());
                if (random.nextDouble() < 0.012) {
                    v += -Math.log(1 - random.nextDouble()) * medianNs * 4;
                }
                double uncorrected = v;
                if (random.nextDouble() < stallRate) {
                    double stall = 200_000 + random.nextDouble() * 3_000_000;
                    v += stall;
                    // Without CO correction the stalled sample's own wait is seen only partly.
                    uncorrected += stall * 0.05;
                }
                h.recordValue(Math.max(1, Math.round(v)));
                u.recordValue(Math.max(1, Math.round(uncorrected)));
            }
            all.add(h);
            allUncorrected.add(u);
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("count", h.getTotalCount());
            r.put("percentiles", percentiles(h));
            if (rate > 0) {
                r.put("achievedRate", round(rate * (1 - 0.0004 * random.nextDouble())));
                r.put("fellBehind", false);
            }
            runList.add(r);
        }
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("unit", "ns");
        b.put("count", all.getTotalCount());
        b.put("coCorrected", coCorrected);
        b.put("targetRate", rate);
        b.put("achievedRate", rate > 0 ? round(rate * (1 - 0.0002 * random.nextDouble())) : 0.0);
        b.put("fellBehind", false);
        b.put("percentiles", percentiles(all));
        b.put("uncorrected", Map.of("percentiles", percentiles(allUncorrected)));
        b.put("runs", runList);
        ByteBuffer buffer = ByteBuffer.allocate(all.getNeededByteBufferCapacity());
        int length = all.encodeIntoCompressedByteBuffer(buffer);
        byte[] bytes = new byte[length];
        buffer.flip();
        buffer.get(bytes);
        b.put("histogram", Base64.getEncoder().encodeToString(bytes));
        return b;
    }

    private static Map<String, Object> percentiles(Histogram h) {
        Map<String, Object> p = new LinkedHashMap<>();
        for (String k : KEYS) {
            p.put(k, h.getValueAtPercentile(Double.parseDouble(k)));
        }
        p.put("max", h.getMaxValue());
        return p;
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }

    private Map<String, Object> startupTrial(Map<String, Object> params, Map<String, Object> jvm, double ms, long rss) {
        Map<String, Object> t = trial("startup", params, jvm, "G1", 1, "ok", null);
        t.put("process", process(95_000_000L + random.nextInt(1_000_000), 4.8, 7.9, 0));
        Map<String, Object> metrics = new LinkedHashMap<>();
        double[] start = samples(10, ms, 0.04);
        double[] toMain = samples(10, ms * 0.55, 0.05);
        double[] footprint = samples(10, rss, 0.01);
        metrics.put("startupMillis", metric(Stats.median(start), "ms", "lower", start));
        metrics.put("forkToMainMillis", metric(Stats.median(toMain), "ms", "lower", toMain));
        metrics.put("coldStartupMillis", metric(ms * 1.9, "ms", "lower", null));
        metrics.put("peakRssBytes", metric(Stats.median(footprint), "bytes", "lower", footprint));
        t.put("metrics", metrics);
        t.put("latency", Map.of());
        t.put("info", Map.of("method", "CLOCK_MONOTONIC fork to exit, 10 launches"));
        t.put("warnings", List.of());
        return t;
    }

    private Map<String, Object> chatTrial(Map<String, Object> params, Map<String, Object> jvm, String variant, int fork,
                                          double score) {
        Map<String, Object> t = trial("chat", params, jvm, variant, fork, "ok", null);
        t.put("process", process(210_000_000L + random.nextInt(3_000_000), 22.0, 39.5, 0));
        Map<String, Object> metrics = new LinkedHashMap<>();
        double[] runs = samples(5, score, 0.03);
        metrics.put("score", metric(Stats.mean(runs), "msg/s", "higher", runs));
        metrics.put("serverHeapUsedBytes", metric(variant.equals("virtual") ? 61_000_000 : 83_000_000, "bytes", "lower", null));
        t.put("metrics", metrics);
        t.put("latency", Map.of());
        t.put("info", Map.of("threads", variant));
        t.put("warnings", List.of());
        return t;
    }

    private double[] samples(int n, double mean, double cv) {
        return samples(random, n, mean, cv);
    }

    private static double[] samples(Random from, int n, double mean, double cv) {
        double[] s = new double[n];
        for (int i = 0; i < n; i++) {
            s[i] = round(mean * (1 + cv * from.nextGaussian()));
        }
        return s;
    }

    private static Map<String, Object> metric(double value, String unit, String better, double[] samples) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("value", round(value));
        m.put("unit", unit);
        m.put("better", better);
        if (samples != null) {
            m.put("samples", samples);
        }
        return m;
    }

    private void showcase(List<Object> trials, Map<String, Object> jdk17, Map<String, Object> jdk25) {
        Map<String, Object> http = Map.of("requestBytes", 128);
        for (int connections : new int[] {100, 1000, 10000}) {
            for (Map<String, Object> jvm : List.of(jdk17, jdk25)) {
                for (String threads : List.of("platform", "virtual")) {
                    Map<String, Object> p = new java.util.TreeMap<>(http);
                    p.put("connections", connections);
                    p.put("threads", threads);
                    if (threads.equals("virtual") && jvm == jdk17) {
                        trials.add(notOk("http", p, jvm, threads, "unsupported", "variant virtual needs JDK 21 or newer; this JVM is 17"));
                    } else {
                        for (int fork = 1; fork <= 3; fork++) {
                            trials.add(httpTrial(p, jvm, threads, connections, fork));
                        }
                    }
                }
            }
        }
        for (Map<String, Object> jvm : List.of(jdk17, jdk25)) {
            trials.add(queueLargeTrial(jvm));
        }
    }

    /** Requests/s falls and RSS grows with connections; virtual threads scale further. */
    private Map<String, Object> httpTrial(Map<String, Object> params, Map<String, Object> jvm, String threads, int connections,
                                          int fork) {
        Map<String, Object> t = trial("http", params, jvm, threads, fork, "ok", null);
        t.put("id", t.get("id") + "/c" + connections);
        t.put("process", process(300_000_000L + later.nextInt(5_000_000), 30.0, 50.0, 0));
        boolean v = threads.equals("virtual");
        double rps = 42_000 * (jvm.get("feature").equals(25) ? 1.06 : 1.0) / (1 + Math.log10(connections / 100.0) * (v ? 0.15 : 0.45));
        double rss = 90e6 + connections * (v ? 12_000 : 140_000);
        Map<String, Object> metrics = new LinkedHashMap<>();
        double[] runs = laterSamples(5, rps, 0.03);
        metrics.put("requestsPerSecond", metric(Stats.mean(runs), "/s", "higher", runs));
        double[] rssRuns = laterSamples(5, rss, 0.02);
        metrics.put("serverRssBytes", metric(Stats.median(rssRuns), "bytes", "lower", rssRuns));
        metrics.put("serverPeakThreads", metric(v ? 24 : connections + 20, "threads", "none", null));
        metrics.put("requestsSent", metric(Math.round(rps * 10), "requests", "none", null));
        t.put("metrics", metrics);
        t.put("latency", Map.of());
        t.put("info", Map.of("threads", threads));
        t.put("warnings", List.of());
        return t;
    }

    /** Write and read time per GiB as the queue grows past the 4 GiB memory limit. */
    private Map<String, Object> queueLargeTrial(Map<String, Object> jvm) {
        Map<String, Object> t = trial("queue-large", Map.of("gib", 8, "memoryLimitGiB", 4), jvm, "G1", 1, "ok", null);
        t.put("process", process(4_100_000_000L, 95.0, 80.0, 0));
        List<Double> x = new ArrayList<>();
        List<Double> write = new ArrayList<>();
        List<Double> read = new ArrayList<>();
        double base = jvm.get("feature").equals(25) ? 860 : 900;
        for (int gib = 1; gib <= 8; gib++) {
            x.add((double) gib);
            write.add(round(base * (gib > 4 ? 1.9 + 0.1 * (gib - 4) : 1) * (1 + 0.03 * later.nextGaussian())));
            read.add(round(base * 0.22 * (gib > 4 ? 3.5 : 1) * (1 + 0.03 * later.nextGaussian())));
        }
        Map<String, Object> bursts = new LinkedHashMap<>();
        Map<String, Object> written = new LinkedHashMap<>();
        written.put("name", "written");
        written.put("unit", "GiB");
        written.put("values", x);
        bursts.put("x", written);
        bursts.put("y", List.of(axis("writeMsPerGiB", write), axis("readMsPerGiB", read)));
        Map<String, Object> limit = new LinkedHashMap<>();
        limit.put("at", 4);
        limit.put("label", "memory limit 4 GiB");
        bursts.put("markers", List.of(limit));
        t.put("series", Map.of("bursts", bursts));
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("writeMsPerGiB", metric(write.stream().mapToDouble(Double::doubleValue).average().orElseThrow(), "ms/GiB", "lower", null));
        metrics.put("bytesWritten", metric(8L * 1024 * 1024 * 1024, "bytes", "none", null));
        t.put("metrics", metrics);
        t.put("latency", Map.of());
        t.put("info", Map.of());
        t.put("warnings", List.of());
        return t;
    }

    private static Map<String, Object> axis(String name, List<Double> values) {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("name", name);
        a.put("unit", "ms/GiB");
        a.put("better", "lower");
        a.put("values", values);
        return a;
    }

    private double[] laterSamples(int n, double mean, double cv) {
        return samples(later, n, mean, cv);
    }

    /** Collections during each measured run, as the harness's listener records them: young pauses, a concurrent cycle now and then. */
    @SuppressWarnings("unchecked")
    private void addGcEvents(Map<String, Object> block, int feature) {
        for (Object o : (List<Object>) block.get("runs")) {
            Map<String, Object> run = (Map<String, Object>) o;
            List<Object> events = new ArrayList<>();
            long pause = 0;
            int young = 2 + later.nextInt(3);
            long at = 5_000;
            for (int i = 0; i < young; i++) {
                at += 400 + later.nextInt(600);
                long ms = (feature == 25 ? 1 : 2) + later.nextInt(4);
                events.add(gcEvent("G1 Young Generation", "end of minor GC", "G1 Evacuation Pause", at, ms));
                pause += ms;
            }
            if (later.nextInt(3) == 0) {
                long ms = 40 + later.nextInt(30);
                events.add(gcEvent("G1 Concurrent GC", "end of concurrent GC pause", "No GC", at + 100, ms));
                pause += ms;
            }
            // As the harness writes them: every event counted and timed, concurrent or not.
            run.put("gcCount", events.size());
            run.put("gcMillis", pause);
            run.put("gcEvents", events);
        }
    }

    private static Map<String, Object> gcEvent(String collector, String action, String cause, long start, long ms) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("collector", collector);
        e.put("action", action);
        e.put("cause", cause);
        e.put("startMillis", start);
        e.put("durationMillis", ms);
        return e;
    }

}
