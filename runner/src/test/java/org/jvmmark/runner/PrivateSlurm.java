package org.jvmmark.runner;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jvmmark.testkit.OutsideTool;

/**
 * Test helper: a private single-node Slurm cluster under one directory — its own munged (own key and
 * socket), slurmctld and slurmd on free ports, with their {@code slurm.conf}, state, spool, logs and
 * pid files there too — so that a test submits real jobs without touching the machine's own Slurm or
 * munge, if any. Commands run against it get {@link #environment()} ({@code SLURM_CONF}).
 *
 * <p>{@link #start} skips the test (fails it under {@code CI=true}, see {@link OutsideTool}) when a
 * program is missing or the cluster does not come up. {@link #close} cancels what is still queued and
 * stops every process it started, also on a failed test. Not thread-safe: one test drives it.
 */
final class PrivateSlurm implements AutoCloseable {
    private static final Duration UP_WITHIN = Duration.ofSeconds(60);

    private final Path dir;
    private final Path conf;
    private final Map<String, Path> tools;
    private final List<Process> daemons = new ArrayList<>();

    private PrivateSlurm(Path dir, Map<String, Path> tools) {
        this.dir = dir;
        this.conf = dir.resolve("slurm.conf");
        this.tools = tools;
    }

    /** Starts munged, slurmctld and slurmd under {@code dir} and waits until the node is idle. */
    static PrivateSlurm start(Path dir) throws Exception {
        Map<String, Path> tools = new LinkedHashMap<>();
        tools.put("munged", OutsideTool.require("munged", Path.of("/usr/sbin/munged")));
        tools.put("slurmctld", OutsideTool.require("slurmctld", Path.of("/usr/sbin/slurmctld")));
        tools.put("slurmd", OutsideTool.require("slurmd", Path.of("/usr/sbin/slurmd")));
        for (String client : List.of("sbatch", "squeue", "sinfo", "scontrol", "scancel")) {
            tools.put(client, OutsideTool.require(client, Path.of("/usr/bin", client)));
        }
        PrivateSlurm slurm = new PrivateSlurm(dir, tools);
        try {
            slurm.boot();
        } catch (Exception | AssertionError e) {
            String logs = slurm.logs();
            slurm.close();
            if (e instanceof NotUp) {
                OutsideTool.missing("a private Slurm did not come up: " + e.getMessage() + logs);
            }
            throw e;
        }
        return slurm;
    }

    private void boot() throws Exception {
        for (String d : List.of("munge", "state", "spool", "log", "run")) {
            Files.createDirectories(dir.resolve(d));
        }
        // munged insists on a key only its owner reads, and a socket directory others may enter
        Files.setPosixFilePermissions(dir.resolve("munge"), PosixFilePermissions.fromString("rwx--x--x"));
        Path key = dir.resolve("munge/munge.key");
        byte[] bytes = new byte[1024];
        new SecureRandom().nextBytes(bytes);
        Files.write(key, bytes);
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
        Path socket = dir.resolve("munge/munge.sock");
        daemons.add(daemon("munged", List.of(tools.get("munged").toString(), "-F", "-f", "--key-file=" + key, "--socket=" + socket,
                "--pid-file=" + dir.resolve("munge/munged.pid"), "--log-file=" + dir.resolve("log/munged.log"),
                "--seed-file=" + dir.resolve("munge/munged.seed"))));
        waitFor(() -> Files.exists(socket), "munged made no socket");

        int[] ports = freePorts(2);
        String user = System.getProperty("user.name");
        Files.writeString(conf, String.join("\n",
                "ClusterName=jvmmarktest",
                "SlurmctldHost=localhost(127.0.0.1)",
                "SlurmUser=" + user,
                "SlurmdUser=" + user,
                "SlurmctldPort=" + ports[0],
                "SlurmdPort=" + ports[1],
                "AuthType=auth/munge",
                "AuthInfo=socket=" + socket,
                "CredType=cred/munge",
                "StateSaveLocation=" + dir.resolve("state"),
                "SlurmdSpoolDir=" + dir.resolve("spool"),
                "SlurmctldPidFile=" + dir.resolve("run/slurmctld.pid"),
                "SlurmdPidFile=" + dir.resolve("run/slurmd.pid"),
                "SlurmctldLogFile=" + dir.resolve("log/slurmctld.log"),
                "SlurmdLogFile=" + dir.resolve("log/slurmd.log"),
                "ProctrackType=proctrack/linuxproc",
                "TaskPlugin=task/none",
                "SelectType=select/cons_tres",
                "SelectTypeParameters=CR_Core",
                "SchedulerType=sched/builtin",
                "JobAcctGatherType=jobacct_gather/none",
                "AccountingStorageType=accounting_storage/none",
                "JobCompType=jobcomp/none",
                "MpiDefault=none",
                "SwitchType=switch/none",
                "ReturnToService=2",
                "MinJobAge=3600",
                "NodeName=localhost NodeAddr=127.0.0.1 CPUs=" + Runtime.getRuntime().availableProcessors() + " State=UNKNOWN",
                "PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP",
                ""), StandardCharsets.UTF_8);
        daemons.add(daemon("slurmctld", List.of(tools.get("slurmctld").toString(), "-D", "-f", conf.toString())));
        daemons.add(daemon("slurmd", List.of(tools.get("slurmd").toString(), "-D", "-f", conf.toString(), "-N", "localhost")));
        waitFor(() -> run("sinfo", "-h", "-o", "%T").out().strip().equals("idle"), "the node did not become idle");
    }

    /** What a command run against this cluster needs in its environment. */
    Map<String, String> environment() {
        return Map.of("SLURM_CONF", conf.toString());
    }

    /** A Slurm client command ({@code sbatch}, {@code squeue}, ...) against this cluster. */
    Run run(String client, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(tools.get(client).toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putAll(environment());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Run(-1, out);
        }
        return new Run(p.exitValue(), out);
    }

    /** A finished command: its status and its output (stdout and stderr together). */
    record Run(int status, String out) {
    }

    /**
     * Waits until nothing is pending or running.
     *
     * @return false when {@code within} passed first
     */
    boolean waitUntilIdle(Duration within) throws Exception {
        long end = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < end) {
            Run q = run("squeue", "-h", "-o", "%i %T");
            if (q.status() == 0 && q.out().isBlank()) {
                return true;
            }
            Thread.sleep(1000);
        }
        return false;
    }

    /** Every job this cluster knows (finished ones too), as job id → state, e.g. {@code 1_1 → COMPLETED}. */
    Map<String, String> jobStates() throws Exception {
        Map<String, String> states = new LinkedHashMap<>();
        for (String line : run("scontrol", "-o", "show", "job").out().split("\\R")) {
            String id = field(line, "JobId");
            String array = field(line, "ArrayJobId");
            String task = field(line, "ArrayTaskId");
            if (id != null) {
                states.put(array != null && task != null ? array + "_" + task : id, field(line, "JobState"));
            }
        }
        return states;
    }

    private static String field(String line, String name) {
        for (String f : line.trim().split("\\s+")) {
            if (f.startsWith(name + "=")) {
                return f.substring(name.length() + 1);
            }
        }
        return null;
    }

    /** The daemons' logs, for a failure message. */
    String logs() {
        StringBuilder b = new StringBuilder();
        for (String name : List.of("munged.log", "munged.out", "slurmctld.out", "slurmd.out", "slurmctld.log", "slurmd.log")) {
            Path f = dir.resolve("log").resolve(name);
            try {
                if (Files.isRegularFile(f)) {
                    List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
                    b.append("\n--- ").append(name).append(" (last lines)\n")
                            .append(String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size())));
                }
            } catch (IOException e) {
                b.append("\n--- ").append(name).append(": ").append(e.getMessage());
            }
        }
        return b.toString();
    }

    /** Cancels every job, then stops slurmd, slurmctld and munged (the last started first). */
    @Override
    public void close() {
        if (daemons.size() == 3) {
            try {
                run("scancel", "--full", "--user=" + System.getProperty("user.name"));
                waitUntilIdle(Duration.ofSeconds(15));
            } catch (Exception e) {
                // the daemons are stopped below either way
            }
        }
        for (int i = daemons.size() - 1; i >= 0; i--) {
            Process p = daemons.get(i);
            p.destroy();
            try {
                if (!p.waitFor(10, TimeUnit.SECONDS)) {
                    p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        daemons.clear();
        // a job step slurmd started lives on as its own process (slurmstepd, and what it runs): end the
        // ones of this cluster, which name its directory on their command line
        String mine = dir.toString();
        ProcessHandle.allProcesses()
                .filter(h -> h.info().commandLine().map(c -> c.contains(mine)).orElse(false))
                .filter(h -> h.pid() != ProcessHandle.current().pid())
                .forEach(ProcessHandle::destroyForcibly);
    }

    private Process daemon(String name, List<String> cmd) throws IOException {
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("log").resolve(name + ".out").toFile()).start();
    }

    private void waitFor(Check check, String what) throws Exception {
        long end = System.nanoTime() + UP_WITHIN.toNanos();
        while (System.nanoTime() < end) {
            for (Process p : daemons) {
                if (!p.isAlive()) {
                    throw new NotUp(p.info().command().orElse("a daemon") + " exited with status " + p.exitValue());
                }
            }
            if (check.holds()) {
                return;
            }
            Thread.sleep(250);
        }
        throw new NotUp(what + " within " + UP_WITHIN.toSeconds() + " s");
    }

    private static int[] freePorts(int n) throws IOException {
        ServerSocket[] sockets = new ServerSocket[n];
        int[] ports = new int[n];
        try {
            for (int i = 0; i < n; i++) {
                sockets[i] = new ServerSocket(0);
                ports[i] = sockets[i].getLocalPort();
            }
        } finally {
            for (ServerSocket s : sockets) {
                if (s != null) {
                    s.close();
                }
            }
        }
        return ports;
    }

    @FunctionalInterface
    private interface Check {
        boolean holds() throws Exception;
    }

    /** The cluster did not come up: a reason to skip (or fail under CI), not a bug in jvmmark. */
    private static final class NotUp extends Exception {
        NotUp(String message) {
            super(message);
        }
    }
}
