package org.jvmmark.runner.fork;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.jvmmark.api.TrialSpec;
import org.jvmmark.results.ResultsReader;
import org.jvmmark.results.Trial;
import org.jvmmark.runner.instruments.InstrumentSet;
import org.jvmmark.runner.instruments.TrialFiles;
import org.jvmmark.runner.output.OutputDirectory;
import org.jvmmark.runner.plan.ParamValues;
import org.jvmmark.runner.plan.PlannedTrial;

/**
 * Runs one planned trial and turns it into its typed {@code results.json} record (assembled from the
 * children's result files, then read by {@link ResultsReader#trial}): a single forked JVM,
 * or for a {@link org.jvmmark.api.Driver} workload the server/driver pair of
 * {@link ClientServerTrial}. Each trial gets a private scratch directory (removed afterwards) and
 * keeps its logs under {@code DIR/logs/}. Thread-safe as long as each trial has its own id.
 */
public final class TrialExecutor {
    public static final ObjectMapper JSON = new ObjectMapper();

    private final Path outDir;
    private final String cpus;
    private final BooleanSupplier cancelled;
    private final InstrumentSet instruments;

    /**
     * @param cpus the CPUs to pin the JVM under test to ({@code taskset -c} syntax), or {@code null}
     * @param cancelled true once the user has interrupted the run
     * @param instruments attached to the JVM under test of every trial ({@code --gc-log}, {@code --jfr}, ...)
     */
    public TrialExecutor(Path outDir, String cpus, BooleanSupplier cancelled, InstrumentSet instruments) {
        this.outDir = outDir;
        this.cpus = cpus;
        this.cancelled = cancelled;
        this.instruments = instruments;
    }

    /** @return the trial's record, or {@code null} if the user interrupted it (it is then not recorded) */
    public Trial run(PlannedTrial trial) throws IOException {
        ObjectNode record = header(trial);
        if (!trial.runnable()) {
            record.put("status", "unsupported");
            record.put("error", trial.unsupportedReason());
            record.set("process", processNode(null, null));
            return ResultsReader.trial(complete(record));
        }
        Path logDir = outDir.resolve("logs").resolve(safe(trial.id()));
          deleteRecursively(logDir);
        Path scratch = Files.createTempDirectory(Files.createDirectories(outDir.resolve(OutputDirectory.WORK)), "trial-");
        try {
            TrialSpec spec = new TrialSpec(trial.id(), trial.workload().info().className(), trial.profile(), trial.params(),
                    scratch.resolve("server-work"), scratch.resolve("control"));
            long deadline = System.nanoTime() + trial.timeoutSeconds() * 1_000_000_000L;
            String timeoutReason = "no result within the " + trial.timeoutSeconds() + " s time limit (profile "
                    + trial.profile() + "); killed";
            record.put("logs", outDir.relativize(logDir).toString());
            boolean clientServer = trial.workload().info().driverClass() != null;
            InstrumentSet.Launch launch = instruments.launch(trial.jdk().java(), trial.jdk().label(),
                    new TrialFiles(logDir, clientServer ? "server" : "jvm"));
            List<String> jvmArgs = new java.util.ArrayList<>(trial.jvmArgs());
            jvmArgs.addAll(launch.jvmArgs());
            if (clientServer) {
                ClientServerTrial cs = new ClientServerTrial(trial, jvmArgs, spec, scratch, logDir, cpus, cancelled);
                ClientServerTrial.Outcome o = cs.run(deadline, timeoutReason);
                if (o.server().process() != null && o.server().process().cancelled()
                        || o.driver() != null && o.driver().process() != null && o.driver().process().cancelled()) {
                    return null;
                }
                fill(record, o.server(), o.status(), o.error(), cpus);
                o.merge(record);
            } else {
                ForkedJvm jvm = new ForkedJvm(trial.jdk().java(), jvmArgs, trial.classpath(), spec,
                        scratch, logDir, "jvm", cpus);
                jvm.start();
                ForkOutcome o = jvm.await(deadline, timeoutReason, cancelled);
                if (o.process().cancelled()) {
                    return null;
                }
                fill(record, o, o.status(), o.error(), cpus);
                copyResult(record, o.result());
            }
            ObjectNode measuredBy = instruments.afterTrial(launch, record, outDir);
            if (measuredBy != null) {
                record.set("instruments", measuredBy);
            }
            setAsideUnlessOk(record);
            return ResultsReader.trial(complete(record));
        } finally {
              deleteRecursively(scratch);
        }
    }

    private ObjectNode header(PlannedTrial t) {
        ObjectNode r = JSON.createObjectNode();
        r.put("id", t.id());
        r.put("workload", t.workload().name());
        r.put("workloadClass", t.workload().info().className());
        r.put("module", t.workload().module());
        r.set("params", ParamValues.typed(t.workload().info(), t.params()));
        r.put("variant", t.variant());
        r.put("gc", t.gc());
        r.put("workloadVariant", t.workloadVariant());
        ArrayNode args = r.putArray("variantJvmArgs");
        t.variantJvmArgs().forEach(args::add);
        r.put("fork", t.fork());
        r.put("profile", t.profile());
        r.put("started", Instant.now().toString());
        ObjectNode jdk = r.putObject("jdk");
        jdk.put("home", t.jdk().home().toString());
        jdk.put("label", t.jdk().label());
        jdk.put("vendor", t.jdk().vendor());
        jdk.put("version", t.jdk().version());
        jdk.put("feature", t.jdk().feature());
        // what the JVM says of itself replaces this when it ran far enough to say it
        ObjectNode jvm = r.putObject("jvm");
        jvm.put("home", t.jdk().home().toString());
        jvm.put("version", t.jdk().version());
        jvm.put("feature", t.jdk().feature());
        jvm.put("vendor", t.jdk().vendor());
        jvm.put("vmName", t.jdk().vmName());
        ArrayNode all = jvm.putArray("args");
        t.jvmArgs().forEach(all::add);
        r.put("status", "failed");
        r.putNull("error");
        return r;
    }

    /** Status, error and what was seen from outside: process figures, command, stderr tail, crash log. */
    static void fill(ObjectNode record, ForkOutcome o, String status, String error, String cpusRequested) {
        record.put("status", status);
        if (error == null) {
            record.putNull("error");
        } else {
            record.put("error", error);
        }
        if (o == null) {
            return;
        }
        record.set("process", processNode(o.process(), cpusRequested));
        ArrayNode cmd = record.putArray("command");
        o.command().forEach(cmd::add);
        if (!status.equals("ok") && !o.stderrTail().isEmpty()) {
            ArrayNode tail = record.putArray("stderrTail");
            o.stderrTail().forEach(tail::add);
        }
        if (o.hsErr() != null) {
            record.put("hsErr", o.hsErr().toString());
        }
    }

    /**
     * The {@code process} block; every figure that could not be obtained is {@code null}.
     *
     * @param p {@code null} when no process ran (an {@code unsupported} trial): all figures {@code null}
     */
    public static ObjectNode processNode(ProcessOutcome p, String cpusRequested) {
        ObjectNode n = JSON.createObjectNode();
        if (p == null) {
            for (String field : List.of("pid", "peakRssBytes", "wallSeconds", "cpuSeconds", "exitCode")) {
                n.putNull(field);
            }
            return n;
        }
        n.put("pid", p.pid());
        n.put("peakRssBytes", p.peakRssBytes());
        n.put("wallSeconds", p.wallSeconds());
        n.put("cpuSeconds", p.cpuSeconds());
        n.put("exitCode", p.exitCode());
        n.put("timedOut", p.timedOut());
        n.put("cpusAllowed", p.cpusAllowed());
        if (cpusRequested != null) {
            n.put("cpusRequested", cpusRequested);
        }
        return n;
    }

    /**
     * Fills what the schema requires whatever happened to the child: a {@code process} block and
     * {@code jvm.gc} ({@code []} when the JVM never said which collectors it ran).
     */
    static ObjectNode complete(ObjectNode record) {
        if (!(record.get("process") instanceof ObjectNode)) {
            record.set("process", processNode(null, null));
        }
        if (record.get("jvm") instanceof ObjectNode jvm && !(jvm.get("gc") instanceof ArrayNode)) {
            jvm.putArray("gc");
        }
        return record;
    }

    /** The child's own findings: its JVM description, metrics, latency, series, info, warnings. */
    static void copyResult(ObjectNode record, ObjectNode result) {
        if (result == null) {
            return;
        }
        JsonNode jvm = result.get("jvm");
        if (jvm instanceof ObjectNode) {
            record.set("jvm", jvm);
        }
        for (String field : List.of("metrics", "latency", "series", "info", "warnings")) {
            JsonNode v = result.get(field);
            if (v != null && !v.isNull()) {
                record.set(field, v);
            }
        }
    }

    /**
     * A trial that is not {@code ok} has no figures: whatever it measured before failing (a score
     * before its validation failed, say) moves to {@code discarded}, kept for diagnosis but out of
     * every table and comparison.
     */
    static void setAsideUnlessOk(ObjectNode record) {
        if (record.path("status").asText().equals("ok")) {
            return;
        }
        ObjectNode discarded = JSON.createObjectNode();
        for (String field : List.of("metrics", "latency", "series")) {
            JsonNode v = record.remove(field);
            if (v != null && !v.isEmpty()) {
                discarded.set(field, v);
            }
        }
        if (!discarded.isEmpty()) {
            record.set("discarded", discarded);
        }
    }

    /** A trial id as a directory name: {@code synthetic/temurin-25/default/fork1} → {@code synthetic_temurin-25_default_fork1}. */
    static String safe(String id) {
        return id.replaceAll("[^A-Za-z0-9._+-]", "_");
    }

    /**
     * Removes {@code dir} and everything in it, never following a link (a trial's files are written
     * by the JVM under test, which need not be trusted); what cannot be removed is left.
     */
    public static void deleteRecursively(Path dir) {
        org.jvmmark.api.scratch.SafeTree.delete(dir);
    }
}
