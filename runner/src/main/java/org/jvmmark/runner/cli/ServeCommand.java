package org.jvmmark.runner.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.TrialSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.fork.ForkedJvm;
import org.jvmmark.runner.jdk.Jdk;
import org.jvmmark.runner.plan.CatalogEntry;
import org.jvmmark.runner.plan.ClientServerWorkloads;
import org.jvmmark.runner.fork.ChildProcess;
import org.jvmmark.runner.fork.ClientServerTrial;
import org.jvmmark.runner.fork.Confinement;
import org.jvmmark.runner.fork.ForkOutcome;
import org.jvmmark.runner.fork.TrialExecutor;
import org.jvmmark.runner.jdk.JdkDiscovery;
import org.jvmmark.runner.jdk.JdkSelection;

/**
 * {@code jvmmark serve WORKLOAD}: runs a client/server workload's server in the foreground on one
 * JDK, prints its endpoint, and stops it cleanly on Ctrl-C (the stop file first, so it can shut
 * down in order; killed if it does not within {@value ClientServerTrial#STOP_GRACE_SECONDS} s).
 * Anyone can then point their own client — or {@code jvmmark drive} — at it. Not thread-safe.
 */
@Command(name = "serve", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Run a client/server workload's server in the foreground until Ctrl-C.")
public final class ServeCommand implements Callable<Integer> {
    @ParentCommand
    private Streams main;

    @Parameters(paramLabel = "WORKLOAD", description = "A client/server workload, e.g. chat.")
    private String workload;

    @Option(names = "--jdk", paramLabel = "FEATURE|PATH", description = "The JDK to serve on (default: the one running jvmmark).")
    private String jdk;

    @Option(names = {"--param", "-p"}, paramLabel = "KEY=VALUE", description = "Set a workload parameter (repeatable).")
    private List<String> params = new ArrayList<>();

    @Option(names = "--impl", paramLabel = "IMPL", description = "Server implementation, e.g. platform, virtual, nio (= -p impl=IMPL).")
    private String impl;

    @Option(names = "--port", paramLabel = "PORT", description = "Port to listen on, on loopback (= -p port=PORT; default: any free port).")
    private Integer port;

    @Option(names = "--profile", defaultValue = "quick", description = "Profile whose parameter values apply (default: quick).")
    private String profile;

    @Option(names = "--jvm-args", paramLabel = "\"FLAGS\"", description = "Extra JVM flags for the server.")
    private String jvmArgs;

    @Override
    public Integer call() throws Exception {
        if (impl != null) {
            params.add("impl=" + impl);
        }
        if (port != null) {
            if (port < 0 || port > 65535) {
                throw new UserException("--port must be 0..65535, not " + port);
            }
            params.add("port=" + port);
        }
        CatalogEntry entry = ClientServerWorkloads.find(workload);
        Map<String, String> resolved = ClientServerWorkloads.params(entry, profile, params);
        Jdk target = pickJdk();
        Path scratch = Files.createTempDirectory("jvmmark-serve-");
        Path control = scratch.resolve("control");
        TrialSpec spec = new TrialSpec("serve/" + entry.name(), entry.info().className(), profile, resolved,
                scratch.resolve("work"), control);
        List<String> flags = new ArrayList<>();
        if (jvmArgs != null && !jvmArgs.isBlank()) {
            flags.addAll(List.of(jvmArgs.trim().split("\\s+")));
        }
        flags.addAll(entry.info().jvmArgs(target.feature()));
        ForkedJvm server = new ForkedJvm(target.java(), flags, entry.classpathFor(resolved), spec, scratch, scratch, "server", Confinement.NONE);
        CountDownLatch stopped = new CountDownLatch(1);
        // Ctrl-C: the JVM exits when this hook returns, without waiting for the main thread's
        // finally, so the hook removes the scratch directory itself once the server is down
        Thread hook = new Thread(() -> {
            try {
                Files.writeString(control.resolve(TrialContext.STOP_FILE), "stop\n");
                if (!stopped.await(ClientServerTrial.STOP_GRACE_SECONDS, TimeUnit.SECONDS)) {
                    ChildProcess.killAll();
                }
            } catch (IOException | InterruptedException e) {
                ChildProcess.killAll();
            }
            TrialExecutor.deleteRecursively(scratch);
        }, "jvmmark-serve-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            server.startInForeground();
            Path ready = control.resolve(TrialContext.READY_FILE);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(entry.info().timeoutSeconds(profile));
            while (!Files.isRegularFile(ready)) {
                if (!server.isAlive()) {
                    ForkOutcome o = server.await(System.nanoTime(), "", () -> false);
                    main.err().println("jvmmark: " + entry.name() + " server ended before it was ready: " + o.error());
                    return 1;
                }
                if (System.nanoTime() - deadline > 0) {
                    server.kill();
                    main.err().println("jvmmark: " + entry.name() + " server not ready within " + entry.info().timeoutSeconds(profile) + " s");
                    return 1;
                }
                Thread.sleep(20);
            }
            main.out().println("jvmmark: " + entry.name() + " serving on " + target.label() + ": " + endpoint(ready) + " (Ctrl-C stops it)");
            main.out().flush();
            ForkOutcome o = server.await(System.nanoTime() + TimeUnit.DAYS.toNanos(36_500), "", () -> false);
            main.out().println("jvmmark: server stopped: " + o.status().json() + (o.error() == null ? "" : " (" + o.error() + ")"));
            return o.ok() ? 0 : 1;
        } finally {
            TrialExecutor.deleteRecursively(scratch);
            stopped.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // Ctrl-C: the hook is stopping the server
            }
        }
    }

    private Jdk pickJdk() {
        List<Jdk> jdks = jdk == null
                ? JdkDiscovery.probeAll(List.of(Path.of(System.getProperty("java.home"))), true)
                : JdkSelection.select(List.of(jdk), () -> new JdkDiscovery().discover());
        if (jdks.size() != 1) {
            throw new UserException("serve runs on one JDK; --jdk " + jdk + " matches " + jdks.size());
        }
        return jdks.get(0);
    }

    private static String endpoint(Path ready) throws IOException {
        List<String> parts = new ArrayList<>();
        ClientServerTrial.readEndpoint(ready).forEach((k, v) -> parts.add(k + "=" + v));
        return String.join(" ", parts);
    }
}
