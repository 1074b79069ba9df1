package org.jvmmark.runner.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.jvmmark.report.model.Percentiles;
import org.jvmmark.api.TrialSpec;
import org.jvmmark.report.numbers.Format;
import org.jvmmark.results.Trial;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.fork.ChildProcess;
import org.jvmmark.runner.fork.ClientServerTrial;
import org.jvmmark.runner.fork.Confinement;
import org.jvmmark.runner.fork.ForkOutcome;
import org.jvmmark.runner.fork.ForkedJvm;
import org.jvmmark.runner.fork.TrialExecutor;
import org.jvmmark.runner.plan.CatalogEntry;
import org.jvmmark.runner.plan.ClientServerWorkloads;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code jvmmark drive WORKLOAD --host H --port P}: runs a client/server workload's load driver,
 * on the host JDK as in a trial, against any server — ours under {@code serve}, or someone else's
 * (for {@code chat}, any IRC server) — and prints what it measured. The endpoint reaches the driver
 * as the parameters {@code server.host} and {@code server.port}. Not thread-safe.
 */
@Command(name = "drive", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Run a client/server workload's driver against a running server and print the result.")
public final class DriveCommand implements Callable<Integer> {
    @ParentCommand
    private Streams main;

    @Parameters(paramLabel = "WORKLOAD", description = "A client/server workload, e.g. chat.")
    private String workload;

    @Option(names = "--host", defaultValue = "127.0.0.1", description = "Server host (default: 127.0.0.1).")
    private String host;

    @Option(names = "--port", required = true, description = "Server port.")
    private int port;

    @Option(names = {"--param", "-p"}, paramLabel = "KEY=VALUE", description = "Set a workload parameter (repeatable).")
    private List<String> params = new ArrayList<>();

    @Option(names = "--profile", defaultValue = "quick", description = "Profile whose parameter values apply (default: quick).")
    private String profile;

    @Option(names = "--json", description = "Print the driver's whole result document.")
    private boolean json;

    @Option(names = "--segment", paramLabel = "I/N",
            description = "Run slice I of N of an open-model schedule (http: the parameter segment), one per host.")
    private String segment;

    @Option(names = "--start-at", paramLabel = "TIME",
            description = "Wall-clock start of the schedule, epoch ms or ISO-8601 (http: the parameter startAt), the same on every host.")
    private String startAt;

    @Override
    public Integer call() throws Exception {
        if (port < 1 || port > 65535) {
            throw new UserException("--port must be 1..65535, not " + port);
        }
        CatalogEntry entry = ClientServerWorkloads.find(workload);
        if (segment != null) {
            params.add("segment=" + segment);
        }
        if (startAt != null) {
            params.add("startAt=" + startAt);
        }
        Map<String, String> resolved = new LinkedHashMap<>(ClientServerWorkloads.params(entry, profile, params));
        resolved.put("server.host", host);
        resolved.put("server.port", Integer.toString(port));
        Path scratch = Files.createTempDirectory("jvmmark-drive-");
        // Ctrl-C: the JVM exits when the hook returns, without the finally below
        Thread hook = new Thread(() -> {
            ChildProcess.killAll();
            TrialExecutor.deleteRecursively(scratch);
        }, "jvmmark-drive-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            TrialSpec spec = new TrialSpec("drive/" + entry.name(), entry.info().driverClass(), profile, resolved,
                    scratch.resolve("work"), scratch.resolve("control"));
            ForkedJvm driver = new ForkedJvm(ClientServerTrial.hostJava(), entry.info().jvmArgs(Runtime.version().feature()),
                    entry.classpath(), spec, scratch, scratch, "driver", Confinement.NONE);
            driver.startWithErrorsLogged();
            int timeout = entry.info().timeoutSeconds(profile);
            ForkOutcome o = driver.await(System.nanoTime() + TimeUnit.SECONDS.toNanos(timeout),
                    "driver did not finish within " + timeout + " s (profile " + profile + "); killed", () -> false);
            if (json && o.result() != null) {
                // the child's own document, as it wrote it: the fork boundary's format, not results.json's
                main.out().println(TrialExecutor.JSON.writerWithDefaultPrettyPrinter()
                        .writeValueAsString(TrialExecutor.JSON.readTree(driver.resultFile().toFile())));
            } else {
                print(entry.name(), o);
            }
            return o.ok() ? 0 : 1;
        } finally {
            TrialExecutor.deleteRecursively(scratch);
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // Ctrl-C: the hook is cleaning up
            }
        }
    }

    private void print(String name, ForkOutcome o) {
        main.out().println(name + " driver against " + host + ":" + port + ": " + o.status().json()
                + (o.error() == null ? "" : " (" + o.error() + ")"));
        if (o.result() == null) {
            return;
        }
        List<String[]> rows = new ArrayList<>();
        Trial.Measured m = o.result().measured();
        m.metrics().forEach((metric, v) -> rows.add(new String[] {"  " + metric, Format.sig(v.value()), v.unit(),
            direction(v.better())}));
        m.latency().forEach((probe, l) -> {
            List<String> values = new ArrayList<>();
            l.percentiles().forEach((p, v) -> values.add(Percentiles.name(p) + " "
                    + Format.value(v, l.unit())));
            rows.add(new String[] {"  latency " + probe, String.join(", ", values), "",
                l.coCorrected() ? "(CO-corrected)" : "(not CO-corrected)"});
        });
        Tables.print(main.out(), rows);
        m.warnings().forEach(w -> main.out().println("  warning: " + w));
    }

    private static String direction(String better) {
        return better.equals("none") ? "(a fact, not ranked)" : "(" + better + " is better)";
    }
}
