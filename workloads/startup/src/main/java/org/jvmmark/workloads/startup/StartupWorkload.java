package org.jvmmark.workloads.startup;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.jvmmark.api.Name;
import org.jvmmark.api.ParamType;
import org.jvmmark.api.Parameter;
import org.jvmmark.api.Profile;
import org.jvmmark.api.Question;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.TrialResult;
import org.jvmmark.api.UnsupportedWorkloadException;
import org.jvmmark.api.Variant;
import org.jvmmark.api.Workload;

/**
 * Startup time and memory footprint: launches the JVM under test (this JVM's own
 * {@code java.home}) on a hello world and on a small HTTP server, again and again, and measures
 * each launch from outside.
 *
 * <h2>What is measured, and how</h2>
 * <ul>
 * <li><b>Wall time</b> ({@code startupMs}): from the parent's {@code System.nanoTime()} just before
 *     the spawn call to the end-of-file of the child's stdout, which the kernel closes as the child
 *     exits (see {@link Launcher} for why not {@code Process.waitFor}). It includes the JDK's spawn
 *     cost in the parent (recorded as {@code info.<program>.spawnMs}, about a millisecond), as any
 *     launcher's would.</li>
 * <li><b>Fork to main</b> ({@code mainMs}): to the program's first statement, which reads
 *     {@code System.nanoTime()}. On Linux that is {@code CLOCK_MONOTONIC}, one clock for every
 *     process, read to tens of nanoseconds; the OS's own record of a process's start
 *     ({@code /proc/<pid>/stat} field 22) counts clock ticks of 10 ms, too coarse for a 40 ms
 *     start, so the start instant is the parent's reading at the spawn call: taken outside the JVM
 *     under test, before the OS creates the process. Each launch checks that the program's instant
 *     lies between the parent's fork and exit instants; elsewhere than Linux this figure is left
 *     out.</li>
 * <li><b>First response</b> ({@code http.firstResponseMs}): fork to the moment the HTTP program
 *     has its own answer in hand.</li>
 * <li><b>Peak RSS</b> ({@code peakRssMiB}): the kernel's high-water mark {@code VmHWM}, read from
 *     {@code /proc/self/status} by the program as its last act (a process already exited has no
 *     {@code /proc} memory figures left, and polling from outside misses the end of a 40 ms
 *     life).</li>
 * <li><b>Idle footprint</b> ({@code idle*}): separate launches that do the same work, stay alive
 *     {@code idleMillis}, then report {@code VmRSS} and the OS thread count, and from the
 *     management beans heap used/committed, metaspace used/committed, live Java threads and loaded
 *     classes.</li>
 * </ul>
 * Every figure is a median over the warm launches with one sample per launch; the first launch of
 * each program is reported apart as {@code cold*}. The launched JVM's class path is one small jar
 * holding only the programs ({@link ProgramJar}).
 *
 * <p>Flags: each {@link Variant} sets the {@code variant} parameter (see {@link StartupVariant});
 * the launched programs also inherit this JVM's tuning flags ({@link ChildJvmArgs}) and get the
 * {@code jvmArgs} parameter. Archives are written in the trial's work directory and deleted at the
 * end of the trial.
 *
 * <p>Not thread-safe; one instance runs one trial.
 */
@Name("startup")
@Summary("Startup time (fork to main, to first response, to exit) and footprint (peak and idle RSS, heap, "
        + "metaspace, threads) of a hello world and a small HTTP server, per JVM and startup variant")
@Parameter(name = "program", defaultValue = "both", choices = {"hello", "http", "both", "version"},
        summary = "what to launch: hello world, an HTTP server answering one request to itself, both, or java -version")
@Parameter(name = "launches", defaultValue = "10", type = ParamType.INTEGER,
        summary = "timed launches per program after the first (cold) one")
@Parameter(name = "idleLaunches", defaultValue = "2", type = ParamType.INTEGER,
        summary = "launches per program that stay alive idle and report their footprint (0: none)")
@Parameter(name = "idleMillis", defaultValue = "500", type = ParamType.INTEGER,
        summary = "how long an idle launch stays alive before it reports")
@Parameter(name = "variant", defaultValue = "default",
        choices = {"default", "xmx15m", "cds-off", "appcds", "aot", "c1", "serial"},
        summary = "startup setting of the launched JVMs (set by the workload's variants)")
@Parameter(name = "jvmArgs", defaultValue = "",
        summary = "extra flags for the launched JVMs, separated by spaces")
@Parameter(name = "inheritJvmArgs", defaultValue = "true", type = ParamType.BOOLEAN,
        summary = "pass this JVM's tuning flags (-XX:, -Xmx, ...: the runner's --gc/--jvm-args) to the launched JVMs")
@Parameter(name = "launchTimeoutSeconds", defaultValue = "120", type = ParamType.INTEGER,
        summary = "a launch (or archive training) running longer is killed and the trial fails")
@Profile(name = "smoke", params = {"launches=2", "idleLaunches=1", "idleMillis=50"}, timeoutSeconds = 240, estimatedSeconds = 4)
// estimatedSeconds: a quick fork's measured wall time, the mean over the main job's JDKs (JDK 11 trains no archive and
// takes 1.6-2.5 s, 17-25 take 7-8 s on a quiet AMD host, 10-16 s on a busy Intel one) — measured/2026-11-27/durations.md
@Profile(name = "quick", params = {"launches=6", "idleLaunches=1", "idleMillis=500"}, timeoutSeconds = 600, estimatedSeconds = 7)
@Profile(name = "standard", params = {"launches=30", "idleLaunches=5", "idleMillis=1000"}, timeoutSeconds = 1800, estimatedSeconds = 35)
@Variant(name = "default", params = "variant=default")
@Variant(name = "xmx15m", params = "variant=xmx15m", inDefaultSet = false)
@Variant(name = "cds-off", params = "variant=cds-off", inDefaultSet = false)
@Variant(name = "appcds", params = "variant=appcds", inDefaultSet = false)
@Variant(name = "aot", params = "variant=aot", inDefaultSet = false)
@Variant(name = "c1", params = "variant=c1", inDefaultSet = false)
@Variant(name = "serial", params = "variant=serial", inDefaultSet = false)
@Question(name = "fastest-start", text = "Which JVM starts fastest and with the smallest footprint?",
        figures = {"hello.startupMs", "http.firstResponseMs", "hello.peakRssMiB", "http.idleRssMiB"})
@Question(name = "startup-settings", text = "Do AppCDS, AOT, CDS off or C1 only change startup time and footprint on the same JVM?",
        across = Question.Across.VARIANTS, baseline = "default", variants = {"appcds", "aot", "cds-off", "c1", "serial", "xmx15m"},
        figures = {"hello.startupMs", "http.firstResponseMs", "hello.peakRssMiB", "http.idleRssMiB"})
public final class StartupWorkload implements Workload {

    @Override
    public void run(TrialContext context) throws Exception {
        List<Program> programs = Program.parse(context.param("program"));
        StartupVariant variant = StartupVariant.parse(context.param("variant"));
        int launches = atLeast(context, "launches", 1);
        int idleLaunches = atLeast(context, "idleLaunches", 0);
        long idleMillis = atLeast(context, "idleMillis", idleLaunches > 0 ? 1 : 0);
        long timeout = atLeast(context, "launchTimeoutSeconds", 1);

        List<String> flags = new ArrayList<>();
        if (context.booleanParam("inheritJvmArgs")) {
            flags.addAll(ChildJvmArgs.inherited(ManagementFactory.getRuntimeMXBean().getInputArguments()));
        }
        flags.addAll(ChildJvmArgs.split(context.param("jvmArgs")));

        Path dir = Files.createDirectories(context.workDir().resolve("startup"));
        try (Launcher launcher = new Launcher(Paths.get(System.getProperty("java.home")), dir, timeout)) {
            Path jar = dir.resolve("programs.jar");
            List<String> entries = ProgramJar.write(jar);
            boolean sharedClock = System.getProperty("os.name", "").startsWith("Linux");
            describeSetup(context.result(), variant, flags, Map.of("entries", entries.size(), "bytes", Files.size(jar)), sharedClock);
            boolean sharingChecked = false;
            for (Program program : programs) {
                if (!program.availableHere()) {
                    String why = program.id() + " needs module " + program.requiredModule() + ", which this runtime lacks";
                    if (programs.size() == 1) {
                        throw new UnsupportedWorkloadException(why);
                    }
                    context.result().warning(why + ": only the other programs were measured");
                    continue;
                }
                context.log("startup: " + program.id() + " under variant " + variant.id() + ", "
                        + (1 + launches) + " timed + " + idleLaunches + " idle launches");
                ProgramMeasurement.Outcome outcome;
                try {
                    outcome = new ProgramMeasurement(program, variant, launcher, dir, jar, flags, sharedClock)
                            .run(launches, idleLaunches, idleMillis);
                } catch (UnsupportedWorkloadException e) {
                    // The JVM's words, with the trial's long scratch path shortened for the report.
                    throw new UnsupportedWorkloadException(e.getMessage().replace(dir + File.separator, "<work>/"));
                }
                StartupMetrics.record(outcome, sharedClock, context.result());
                if (!sharingChecked && outcome.cold.report() != null) {
                    warnAboutSharing(context, variant, outcome);
                    sharingChecked = true;
                }
            }
        } finally {
            deleteTree(dir);
        }
    }

    private static void describeSetup(TrialResult result, StartupVariant variant, List<String> flags,
                                      Map<String, Object> programClassPath, boolean sharedClock) throws IOException {
        result.info("variant", variant.id());
        // The report reads this key: the trial process only launches the programs; their own RSS is peakRssMiB.
        result.info("processRssNotRanked", "the launcher's, not the launched programs' (see peakRssMiB)");
        result.info("launchedJvmFlags", flags);
        result.info("programClassPath", programClassPath);
        result.info("method", method(sharedClock));
        String cpus = cpusAllowed();
        if (cpus != null) {
            // Launched JVMs inherit this JVM's CPU affinity (the runner's pinning): say which CPUs they had.
            result.info("launchedJvmCpus", cpus);
        }
    }

    /** A JDK without a default CDS archive (e.g. a jlinked runtime) starts as if with -Xshare:off; say so. */
    private static void warnAboutSharing(TrialContext context, StartupVariant variant, ProgramMeasurement.Outcome o) {
        if (variant == StartupVariant.DEFAULT && !o.cold.report().text("vmInfo").contains("sharing")) {
            context.result().warning("this JDK has no default CDS archive (java.vm.info: '" + o.cold.report().text("vmInfo")
                    + "'): its default start is a start without class-data sharing");
        }
    }

    private static Map<String, Object> method(boolean sharedClock) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("wall", "parent System.nanoTime() just before the spawn call to the end-of-file of the child's stdout (closed by its exit)");
        m.put("forkToMain", sharedClock
                ? "parent System.nanoTime() before the spawn call to the program's first statement's System.nanoTime() (CLOCK_MONOTONIC, shared)"
                : "not measured: System.nanoTime() is not known to be one clock across processes on this OS");
        m.put("peakRss", "VmHWM of /proc/self/status, read by the program as its last act");
        m.put("idle", "VmRSS and Threads of /proc/self/status, then the management beans, after idling idleMillis");
        m.put("cold", "first launch of the program in this trial (page cache already warm), reported apart");
        return m;
    }

    /** {@code Cpus_allowed_list} of this process (Linux), which every launched JVM inherits; else null. */
    private static String cpusAllowed() throws IOException {
        Path status = Paths.get("/proc/self/status");
        if (!Files.isReadable(status)) {
            return null;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("Cpus_allowed_list:")) {
                return line.substring(line.indexOf(':') + 1).trim();
            }
        }
        return null;
    }

    private static int atLeast(TrialContext context, String name, int min) {
        int value = context.intParam(name);
        if (value < min) {
            throw new IllegalArgumentException("parameter '" + name + "' must be at least " + min + ", not " + value);
        }
        return value;
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) walk.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        }
    }
}
