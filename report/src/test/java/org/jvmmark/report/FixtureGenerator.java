package org.jvmmark.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import org.HdrHistogram.Histogram;
import org.jvmmark.api.Better;
import org.jvmmark.report.judge.Stats;
import org.jvmmark.results.GcEvent;
import org.jvmmark.results.JvmInfo;
import org.jvmmark.results.MachineState;
import org.jvmmark.results.Metric;
import org.jvmmark.results.Probe;
import org.jvmmark.results.ProcessFacts;
import org.jvmmark.results.Results;
import org.jvmmark.results.ResultsWriter;
import org.jvmmark.results.Series;
import org.jvmmark.results.Trial;
import org.jvmmark.results.TrialBuilder;
import org.jvmmark.results.TrialStatus;
import org.jvmmark.results.WorkloadQuestion;

/**
 * Writes the two realistic {@code results.json} fixtures the tests render and compare: a
 * {@code baseline} run and a {@code regressed} one, where queue-latency's p50 on Temurin 25 is about
 * 30 % slower and chat's score on Temurin 25 (platform threads) about 15 % lower. Latencies are drawn
 * from a seeded model of this 2-core machine (log-normal body near 320 ns, an exponential tail, rare
 * millisecond scheduler stalls) and recorded into real HdrHistograms, so the percentiles, per-run
 * figures and compressed histograms are consistent with each other.
 *
 * <p>Every fixture is built as the model's own {@link Trial}s and {@link Results} (one method per kind of trial)
 * and written by the one writer, {@link ResultsWriter}: a fixture has the shape, order and numbers of a real
 * {@code results.json} and cannot drift from them.
 *
 * <p>Not thread-safe (one generator per thread).
 */
final class FixtureGenerator {
    private static final String[] KEYS = {"50", "90", "99", "99.9", "99.99"};

    private final boolean regressed;
    private final Random random;
    /** The baseline plus what only the renderers' tests need: GC per run, an http sweep over connections, a series. */
    private final boolean showcase;
    /** For what only the showcase adds (GC events, http, queue-large): the baseline's figures stay as they were. */
    private final Random later;

    /** The generator of what decorates a trial beside its known-truth figures, apart from theirs. */
    Random later() {
        return later;
    }
    /** Run-to-run variation of a run's median inside one fork (a coefficient of variation). */
    private final double runSpread;

    FixtureGenerator(boolean regressed) {
        this(regressed ? 20261121L : 20261120L, regressed, 0.02);
    }

    FixtureGenerator(long seed, boolean regressed, double runSpread) {
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
    record Truth(String workload, int feature, double[] forkLevelsNs, double[] probeNs) {
        Truth(String workload, int feature, double... forkLevelsNs) {
            this(workload, feature, forkLevelsNs, new double[0]);
        }

        /** The same forks on another JDK. */
        Truth withJdk(int otherFeature) {
            return new Truth(workload, otherFeature, forkLevelsNs, probeNs);
        }

        /** The same forks, the machine probe's cache-line round trip beside each (ns, before and after alike). */
        Truth withProbe(double... roundTripNs) {
            return new Truth(workload, feature, forkLevelsNs, roundTripNs);
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
        List<Trial> trials = new ArrayList<>();
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("rate", 100000);
        params.put("runs", 3);
        for (Truth row : rows) {
            for (int fork = 1; fork <= row.forkLevelsNs().length; fork++) {
                double level = row.forkLevelsNs()[fork - 1];
                if (level == FAILED) {
                    trials.add(g.notOk(row.workload(), params, jvm(row.feature()), "G1", fork, TrialStatus.FAILED,
                            "exit code 1: delivered 99,812 of 100,000 messages"));
                } else if (level == TIMED_OUT) {
                    trials.add(g.notOk(row.workload(), params, jvm(row.feature()), "G1", fork, TrialStatus.TIMEOUT,
                            "no result within 120 s"));
                } else {
                    Trial t = g.latencyTrial(row.workload(), params, jvm(row.feature()), "G1", fork, 3, level, false);
                    if (row.probeNs().length >= fork) {
                        MachineState.Reading r = probe(row.probeNs()[fork - 1], 1.0);
                        t = TrialBuilder.from(t).machineState(new MachineState(r, r)).build();
                    }
                    trials.add(t);
                }
            }
        }
        return written(g.results(trials));
    }

    /**
     * A grid of JVM settings on one JDK ({@code run queue-latency --gc … --jvm-args …}): per variant label
     * ("G1+-Xmx128m"), its forks around the given levels, interleaved fork by fork, with queue-latency's question across
     * JVMs recorded as the runner records it.
     */
    static String flagsGridJson(long seed, Map<String, double[]> levelsByVariant) throws IOException {
        FixtureGenerator g = new FixtureGenerator(seed, false, 0.001);
        List<Trial> trials = new ArrayList<>();
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("rate", 100000);
        params.put("runs", 3);
        int forks = levelsByVariant.values().iterator().next().length;
        for (int fork = 1; fork <= forks; fork++) {
            for (Map.Entry<String, double[]> e : levelsByVariant.entrySet()) {
                List<String> parts = List.of(e.getKey().split("\\+"));
                List<String> flags = parts.subList(1, parts.size());
                List<String> args = new ArrayList<>(List.of("-XX:+Use" + parts.get(0) + "GC"));
                args.addAll(flags);
                Trial t = g.latencyTrial("queue-latency", params, jvm(25), e.getKey(), fork, 3, e.getValue()[fork - 1], false);
                trials.add(TrialBuilder.from(t).requestedGc(parts.get(0)).variantJvmArgs(args).flags(flags).build());
            }
        }
        org.jvmmark.results.WorkloadQuestion q = new org.jvmmark.results.WorkloadQuestion("fastest-jvm",
                "Which JVM hands 256-byte messages through Chronicle Queue with the lowest latency?", false,
                List.of("endToEnd p50"), "", List.of());
        return written(g.results(trials).withQuestions(Map.of("queue-latency", List.of(q))));
    }

    /** The result set {@code r} as the runner writes it: by the one writer. */
    static String written(Results r) throws IOException {
        return new String(ResultsWriter.bytes(r), StandardCharsets.UTF_8);
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
     * A startup run with AppCDS: JDK 17 and 25, variants default and appcds, 3 forks each. Truth: JDK 25
     * starts 20 % faster than 17 on default; AppCDS starts 30 % faster than default on each JDK; AppCDS's
     * training takes 900 ms (its first ranked metric, which must never be the headline).
     */
    static String startupQuestionJson() throws IOException {
        FixtureGenerator g = new FixtureGenerator(20261125L, false, 0.01);
        List<Trial> trials = new ArrayList<>();
        for (int feature : new int[] {17, 25}) {
            for (String variant : new String[] {"default", "appcds"}) {
                for (int fork = 1; fork <= 3; fork++) {
                    trials.add(g.appCdsTrial(jvm(feature), variant, fork));
                }
            }
        }
        List<String> figures = List.of("hello.startupMs", "http.firstResponseMs", "hello.peakRssMiB", "http.idleRssMiB");
        WorkloadQuestion jvms = new WorkloadQuestion("fastest-start", "Which JVM starts fastest and with the smallest footprint?",
                false, figures, "", List.of());
        WorkloadQuestion variants = new WorkloadQuestion("startup-settings",
                "Do AppCDS, AOT, CDS off or C1 only change startup time and footprint on the same JVM?", true, figures,
                "default", List.of("appcds", "aot", "cds-off", "c1", "serial", "xmx15m"));
        return written(g.results(trials).withQuestions(Map.of("startup", List.of(jvms, variants))));
    }

    /** One fork of the AppCDS startup run (see {@link #startupQuestionJson}). */
    private Trial appCdsTrial(JvmInfo jdk, String variant, int fork) {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("variant", variant);
        params.put("launches", 10);
        TrialBuilder t = trial("startup", params, jdk, variant, fork).process(process(60_000_000, 2.0, 2.5, 0));
        double start = (jdk.feature() == 25 ? 40 : 50) * (variant.equals("appcds") ? 0.7 : 1);
        if (variant.equals("appcds")) {
            t.metric("hello.trainingMs", metric(900 * jiggle(0.01), "ms", Better.LOWER));
            t.metric("hello.archiveMiB", metric(12.5, "MiB", Better.LOWER));
        }
        t.metric("hello.startupMs", metric(start * jiggle(0.01), "ms", Better.LOWER));
        t.metric("hello.peakRssMiB", metric(41 * jiggle(0.01), "MiB", Better.LOWER));
        return t.info("processRssNotRanked", "the process is a launcher").build();
    }

    /** 1 ± spread·N(0,1): a fork's scatter around its true level. */
    double jiggle(double spread) {
        return 1 + spread * random.nextGaussian();
    }

    static void write(Path dir, boolean regressed) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("results.json"), json(regressed));
    }

    /** The baseline's (or regressed run's) result set: every workload, with a trial of each way a trial ends. */
    Results results() {
        JvmInfo jdk17 = jvm(17);
        JvmInfo jdk25 = jvm(25);
        List<Trial> trials = new ArrayList<>();
        Map<String, Object> synth = Map.of("rate", 100000, "serviceNanos", 0, "runs", 5);
        trials.add(latencyTrial("synthetic", synth, jdk17, "G1", 1, 5, 300, true));
        trials.add(latencyTrial("synthetic", synth, jdk25, "G1", 1, 5, 296, true));
        Map<String, Object> queue = Map.of("messageBytes", 256, "rate", 100000, "transport", "chronicle");
        for (int fork = 1; fork <= 3; fork++) {
            trials.add(latencyTrial("queue-latency", queue, jdk17, "G1", fork, 3, 345 * forkLevel(), false));
        }
        for (int fork = 1; fork <= 3; fork++) {
            trials.add(latencyTrial("queue-latency", queue, jdk25, "G1", fork, 3, (regressed ? 410 : 315) * forkLevel(), false));
        }
        trials.add(notOk("queue-latency", queue, jdk25, "ZGC", 1, TrialStatus.TIMEOUT,
                "no result after 120 s (profile quick timeout); last stderr: [jvmmark] run 2 of 3"));
        Map<String, Object> startup = Map.of("launches", 10, "program", "hello");
        trials.add(startupTrial(startup, jdk17, 118, 41_900_000));
        trials.add(startupTrial(startup, jdk25, 92, 44_300_000));
        Map<String, Object> chat = Map.of("rooms", 4, "users", 20, "count", 100);
        for (int fork = 1; fork <= 3; fork++) {
            trials.add(chatTrial(chat, jdk17, "platform", fork, 48_000 * forkLevel()));
        }
        trials.add(notOk("chat", chat, jdk17, "virtual", 1, TrialStatus.UNSUPPORTED,
                "variant virtual needs JDK 21 or newer; this JVM is 17"));
        trials.add(notOk("chat", chat, jdk17, "nio", 1, TrialStatus.FAILED,
                "validation failed: room #3 received 11988 of 12000 messages"));
        for (int fork = 1; fork <= 3; fork++) {
            trials.add(chatTrial(chat, jdk25, "platform", fork, (regressed ? 41_500 : 49_000) * forkLevel()));
        }
        trials.add(chatTrial(chat, jdk25, "virtual", 1, 52_500));
        if (showcase) {
            showcase(trials, jdk17, jdk25);
        }
        return results(trials);
    }

    /** A result set of this machine's host with {@code trials}, as the runner leaves it when the last one is kept. */
    Results results(List<Trial> trials) {
        Map<String, Object> host = new LinkedHashMap<>();
        host.put("cpuModel", "Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz");
        host.put("cpus", 2);
        if (showcase) {
            host.put("l3Domains", List.of("0-1"));
            host.put("smtSiblings", List.of("0", "1"));
        }
        host.put("memoryBytes", 4_124_000_256L);
        host.put("os", "Linux");
        host.put("kernel", "6.1.102");
        host.put("isolatedCpus", "");
        host.put("clockSource", "tsc");
        host.put("governor", "");
        host.put("thp", "madvise");
        host.put("virtualization", "firecracker");
        return Results.started(regressed ? "2026-11-21T09:00:00Z" : "2026-11-20T22:00:00Z", "quick", host, Map.of())
                .withTrials(trials, regressed ? "2026-11-21T09:13:41Z" : "2026-11-20T22:14:05Z");
    }

    /** A fresh JVM's own level: forks of one JVM differ by about 2 % on this machine's quiet levels. */
    private double forkLevel() {
        return 1 + 0.02 * random.nextGaussian();
    }

    /** The JDK of {@code feature} (11, 17, 21 or 25) as it describes itself, before a trial's flags. */
    static JvmInfo jvm(int feature) {
        String server = "OpenJDK 64-Bit Server VM";
        if (feature == 21 || feature == 11) {
            return new JvmInfo("/root/.cache/jvmmark/jdks/temurin-" + feature, feature == 21 ? "21.0.8" : "11.0.13", feature,
                    "Eclipse Adoptium", server, List.of(), List.of());
        } else if (feature == 17) {
            return new JvmInfo("/usr/lib/jvm/java-17-openjdk-amd64", "17.0.17", feature, "Debian", server, List.of(), List.of());
        }
        return new JvmInfo("/usr/lib/jvm/temurin-25-jdk-amd64", "25.0.1", feature, "Eclipse Adoptium", server, List.of(),
                List.of());
    }

    /** A trial's label of its JDK, as in its id ("temurin-25.0.1"). */
    private static String label(JvmInfo jdk) {
        return jdk.feature() == 17 ? "debian-17.0.17" : "temurin-" + jdk.version();
    }

    static TrialBuilder trial(String workload, Map<String, ?> params, JvmInfo jdk, String variant, int fork) {
        return trial(workload + "/" + label(jdk) + "/" + variant + "/fork" + fork, workload, params, jdk, variant, fork);
    }

    /** What the runner knows of a trial before it ends: its identity, and the JVM with the flags it was given. */
    private static TrialBuilder trial(String id, String workload, Map<String, ?> params, JvmInfo jdk, String variant, int fork) {
        String label = label(jdk);
        // As the runner records a variant: the collector asked for, and the variant's own flags.
        boolean zgc = variant.equals("ZGC");
        List<String> args = new ArrayList<>(List.of("-Dchronicle.analytics.disable=true",
                "-XX:ErrorFile=/tmp/results/logs/" + workload + "_" + label + "_" + variant + "_fork" + fork + "/jvm-hs_err_pid%p.log"));
        List<String> gc = List.of("G1 Young Generation", "G1 Concurrent GC", "G1 Old Generation");
        if (zgc) {
            args.add("-XX:+UseZGC");
            gc = List.of("ZGC Cycles", "ZGC Pauses");
        }
        if (jdk.feature() == 25) {
            args.add("--enable-native-access=ALL-UNNAMED");
        }
        return new TrialBuilder(id, workload).params(new TreeMap<>(params)).variant(variant).fork(fork)
                .requestedGc(zgc ? "ZGC" : null).variantJvmArgs(zgc ? List.of("-XX:+UseZGC") : List.of())
                .jvm(new JvmInfo(jdk.home(), jdk.version(), jdk.feature(), jdk.vendor(), jdk.vmName(), args, gc))
                .status(TrialStatus.OK, null);
    }

    /** A trial that did not end ok: it measured nothing; one that was unsupported ran no process. */
    private Trial notOk(String workload, Map<String, Object> params, JvmInfo jdk, String variant, int fork,
                        TrialStatus status, String error) {
        boolean ran = status != TrialStatus.UNSUPPORTED;
        boolean timedOut = status == TrialStatus.TIMEOUT;
        return trial(workload, params, jdk, variant, fork).status(status, error)
                .process(process(ran ? 180_000_000 : 0, timedOut ? 120.0 : ran ? 14.2 : 0, timedOut ? 238.1 : ran ? 20.3 : 0,
                        timedOut ? null : ran ? 1 : null))
                .build();
    }

    /** The runner's view of the process; killed at the time limit when it ran without an exit code. */
    static ProcessFacts process(long rss, double wall, double cpu, Integer exit) {
        return new ProcessFacts(rss, wall, cpu, exit, null, exit == null && wall > 0, null, null, null, Map.of());
    }

    static Metric metric(double value, String unit, Better better, double... samples) {
        return Metric.of(round(value), unit, better, samples);
    }

    /** A latency workload's fork as the harness reports it: its probes, the rate achieved, the CPUs it obtained. */
    private Trial latencyTrial(String workload, Map<String, Object> params, JvmInfo jdk, String variant, int fork, int runs,
                               double medianNs, boolean jitter) {
        TrialBuilder t = trial(workload, params, jdk, variant, fork);
        t.process(process(140_000_000L + random.nextInt(3_000_000), 31.5 + random.nextInt(30) / 10.0,
                62.0 + random.nextInt(40) / 10.0, 0));
        Probe endToEnd = block(runs, medianNs, 100_000, true, showcase ? jdk.feature() : 0, jitter);
        t.probe("endToEnd", endToEnd);
        if (workload.equals("queue-latency")) {
            t.probe("append", block(runs, medianNs * 0.35, 100_000, false, 0, false));
            t.probe("read", block(runs, medianNs * 0.30, 100_000, false, 0, false));
        }
        t.metric("achievedRate", metric(endToEnd.achievedRate(), "msg/s", Better.HIGHER));
        // Ordered maps only: Map.of iterates in a per-JVM random order, and the fixture must be reproducible.
        // As the harness records them: the CPUs the trial obtained, then one entry per thread it pinned.
        Map<String, Object> cpus = new LinkedHashMap<>();
        cpus.put("available", 2);
        cpus.put("process", "0-1");
        cpus.put("benchmark", pinned(1, "1"));
        if (workload.equals("queue-latency")) {
            cpus.put("consumer", pinned(0, "0"));
        }
        return t.info("harness", Map.of("cpus", cpus))
                .info("transport", workload.equals("queue-latency") ? "chronicle" : "none")
                .warning("2 CPUs: producer and consumer share cores with the OS; only p50 and p90 mean anything")
                .build();
    }

    private static Map<String, Object> pinned(int requested, String obtained) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("requested", requested);
        m.put("obtained", obtained);
        return m;
    }

    /**
     * A latency block as the harness writes it, from {@code runs} runs of 20 000 samples each.
     *
     * @param gcFeature with the collections of each run, as a JDK of this feature makes them; 0: none recorded
     * @param jitter with what the harness's jitter sampler saw
     */
    private Probe block(int runs, double medianNs, double rate, boolean coCorrected, int gcFeature, boolean jitter) {
        Histogram all = new Histogram(3);
        Histogram allUncorrected = new Histogram(3);
        List<Probe.Run> runList = new ArrayList<>();
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
            // What the model does not name of a run, under the names the harness (LatencyBlock) gives them.
            Map<String, Object> more = new LinkedHashMap<>();
            if (rate > 0) {
                more.put("achievedRate", round(rate * (1 - 0.0004 * random.nextDouble())));
                more.put("fellBehind", false);
            }
            List<GcEvent> events = gcFeature > 0 ? gcEvents(gcFeature) : null;
            if (events != null) {
                more.put("gcCount", events.size());
                more.put("gcMillis", events.stream().mapToLong(GcEvent::durationMillis).sum());
            }
            runList.add(new Probe.Run(null, h.getTotalCount(), percentiles(h), events, more));
        }
        double achieved = rate > 0 ? round(rate * (1 - 0.0002 * random.nextDouble())) : 0.0;
        Probe.Jitter sampled = null;
        if (jitter) {
            // As the harness nests it: gaps above 1 µs seen by its spinning sampler thread.
            Map<String, Double> gaps = block(runs, 9_000, 0, false, 0, false).percentiles();
            sampled = new Probe.Jitter(1000, 412 + random.nextInt(40), gaps);
        }
        return new Probe("ns", all.getTotalCount(), coCorrected, rate, achieved, false, percentiles(all),
                percentiles(allUncorrected), runList, all, sampled, null);
    }

    private static Map<String, Double> percentiles(Histogram h) {
        Map<String, Double> p = new LinkedHashMap<>();
        for (String k : KEYS) {
            p.put(k, (double) h.getValueAtPercentile(Double.parseDouble(k)));
        }
        p.put("max", (double) h.getMaxValue());
        return p;
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }

    private Trial startupTrial(Map<String, Object> params, JvmInfo jdk, double ms, long rss) {
        TrialBuilder t = trial("startup", params, jdk, "G1", 1);
        t.process(process(95_000_000L + random.nextInt(1_000_000), 4.8, 7.9, 0));
        double[] start = samples(10, ms, 0.04);
        double[] toMain = samples(10, ms * 0.55, 0.05);
        double[] footprint = samples(10, rss, 0.01);
        return t.metric("startupMillis", metric(Stats.median(start), "ms", Better.LOWER, start))
                .metric("forkToMainMillis", metric(Stats.median(toMain), "ms", Better.LOWER, toMain))
                .metric("coldStartupMillis", metric(ms * 1.9, "ms", Better.LOWER))
                .metric("peakRssBytes", metric(Stats.median(footprint), "bytes", Better.LOWER, footprint))
                .info("method", "CLOCK_MONOTONIC fork to exit, 10 launches")
                .build();
    }

    private Trial chatTrial(Map<String, Object> params, JvmInfo jdk, String variant, int fork, double score) {
        TrialBuilder t = trial("chat", params, jdk, variant, fork);
        t.process(process(210_000_000L + random.nextInt(3_000_000), 22.0, 39.5, 0));
        double[] runs = samples(5, score, 0.03);
        return t.metric("score", metric(Stats.mean(runs), "msg/s", Better.HIGHER, runs))
                .metric("serverHeapUsedBytes", metric(variant.equals("virtual") ? 61_000_000 : 83_000_000, "bytes", Better.LOWER))
                .info("threads", variant)
                .build();
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

    private void showcase(List<Trial> trials, JvmInfo jdk17, JvmInfo jdk25) {
        for (int connections : new int[] {100, 1000, 10000}) {
            for (JvmInfo jdk : List.of(jdk17, jdk25)) {
                for (String threads : List.of("platform", "virtual")) {
                    Map<String, Object> p = new TreeMap<>();
                    p.put("requestBytes", 128);
                    p.put("connections", connections);
                    p.put("threads", threads);
                    if (threads.equals("virtual") && jdk == jdk17) {
                        trials.add(notOk("http", p, jdk, threads, 1, TrialStatus.UNSUPPORTED,
                                "variant virtual needs JDK 21 or newer; this JVM is 17"));
                    } else {
                        for (int fork = 1; fork <= 3; fork++) {
                            trials.add(httpTrial(p, jdk, threads, connections, fork));
                        }
                    }
                }
            }
        }
        for (JvmInfo jdk : List.of(jdk17, jdk25)) {
            trials.add(queueLargeTrial(jdk));
        }
    }

    /** A reading of the runner's machine probe on CPUs 0 and 1. */
    private static MachineState.Reading probe(double roundTripNs, double nsPerOp) {
        return new MachineState.Reading(roundTripNs, nsPerOp, "0,1", null, 9.5);
    }

    /** Requests/s falls and RSS grows with connections; virtual threads scale further. */
    private Trial httpTrial(Map<String, Object> params, JvmInfo jdk, String threads, int connections, int fork) {
        String id = "http/" + label(jdk) + "/" + threads + "/fork" + fork + "/c" + connections;
        TrialBuilder t = trial(id, "http", params, jdk, threads, fork);
        t.process(process(300_000_000L + later.nextInt(5_000_000), 30.0, 50.0, 0));
        boolean v = threads.equals("virtual");
        double rps = 42_000 * (jdk.feature() == 25 ? 1.06 : 1.0) / (1 + Math.log10(connections / 100.0) * (v ? 0.15 : 0.45));
        double rss = 90e6 + connections * (v ? 12_000 : 140_000);
        double[] runs = laterSamples(5, rps, 0.03);
        t.metric("requestsPerSecond", metric(Stats.mean(runs), "/s", Better.HIGHER, runs));
        double[] rssRuns = laterSamples(5, rss, 0.02);
        return t.metric("serverRssBytes", metric(Stats.median(rssRuns), "bytes", Better.LOWER, rssRuns))
                .metric("serverPeakThreads", metric(v ? 24 : connections + 20, "threads", Better.NONE))
                .metric("requestsSent", metric(Math.round(rps * 10), "requests", Better.NONE))
                .info("threads", threads)
                .build();
    }

    /** Write and read time per GiB as the queue grows past the 4 GiB memory limit. */
    private Trial queueLargeTrial(JvmInfo jdk) {
        TrialBuilder t = trial("queue-large", Map.of("gib", 8, "memoryLimitGiB", 4), jdk, "G1", 1);
        t.process(process(4_100_000_000L, 95.0, 80.0, 0));
        // the runner's machine probe beside the fork: steady on JDK 25, changed while JDK 17's ran
        t.machineState(new MachineState(probe(133.4, 1.08), probe(jdk.feature() == 17 ? 410.2 : 141.9, 1.09)));
        double[] x = new double[8];
        double[] write = new double[8];
        double[] read = new double[8];
        double base = jdk.feature() == 25 ? 860 : 900;
        for (int gib = 1; gib <= 8; gib++) {
            x[gib - 1] = gib;
            write[gib - 1] = round(base * (gib > 4 ? 1.9 + 0.1 * (gib - 4) : 1) * (1 + 0.03 * later.nextGaussian()));
            read[gib - 1] = round(base * 0.22 * (gib > 4 ? 3.5 : 1) * (1 + 0.03 * later.nextGaussian()));
        }
        Series bursts = new Series(new Series.Axis("written", "GiB", null, x),
                List.of(new Series.Axis("writeMsPerGiB", "ms/GiB", "lower", write), new Series.Axis("readMsPerGiB", "ms/GiB", "lower", read)),
                List.of(new Series.Marker(4, "memory limit 4 GiB")));
        return t.series("bursts", bursts)
                .metric("writeMsPerGiB", metric(java.util.Arrays.stream(write).average().orElseThrow(), "ms/GiB", Better.LOWER))
                .metric("bytesWritten", metric(8L * 1024 * 1024 * 1024, "bytes", Better.NONE))
                .build();
    }

    private double[] laterSamples(int n, double mean, double cv) {
        return samples(later, n, mean, cv);
    }

    /**
     * Collections during one measured run, as the harness's listener records them: young pauses, a concurrent cycle
     * now and then.
     */
    private List<GcEvent> gcEvents(int feature) {
        List<GcEvent> events = new ArrayList<>();
        int young = 2 + later.nextInt(3);
        long at = 5_000;
        for (int i = 0; i < young; i++) {
            at += 400 + later.nextInt(600);
            long ms = (feature == 25 ? 1 : 2) + later.nextInt(4);
            events.add(new GcEvent("G1 Young Generation", "end of minor GC", "G1 Evacuation Pause", at, ms));
        }
        if (later.nextInt(3) == 0) {
            events.add(new GcEvent("G1 Concurrent GC", "end of concurrent GC pause", "No GC", at + 100, 40 + later.nextInt(30)));
        }
        return events;
    }
}
