package org.jvmmark.runner.fork;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.jvmmark.api.ForkMain;
import org.jvmmark.api.TrialSpec;
import org.jvmmark.results.ChildResult;
import org.jvmmark.results.ResultsReader;
import org.jvmmark.results.TrialStatus;
import org.jvmmark.runner.jdk.JvmMessages;

/**
 * One forked JVM running {@link ForkMain} on a trial spec: builds the command line in one place
 * (as JMH's runner does), starts it, and judges what came back — the result file, read once into
 * a typed {@link ChildResult}, never stdout. A JVM that refused a flag, exited, crashed, hung, or wrote nothing or garbage is turned
 * into one readable line here. Not thread-safe: one owner per fork.
 */
public final class ForkedJvm {
    /** The most of a log's end {@link #tail} reads. */
    static final int TAIL_MAX_BYTES = 256 * 1024;
    /** How far into a crash log its header (the signal and where) is looked for. */
    private static final int HEADER_LINES = 200;
    static final int STDERR_TAIL_LINES = 20;
    private static final Path SETSID = Path.of("/usr/bin/setsid");

    private final List<String> command;
    private final Path dir;
    private final Path result;
    private final Path logDir;
    private final String logName;
    private ChildProcess child;

    /**
     * @param dir the fork's private directory: spec, result and working directory live there
     * @param logDir where stdout, stderr and any {@code hs_err} file are kept after the trial
     * @param logName prefix of the log files ({@code server}, {@code driver}, {@code jvm})
     * @param inside the limits the JVM runs inside: its cgroup and cpuset ({@link Confinement#NONE} for the host's)
     */
    public ForkedJvm(Path java, List<String> jvmArgs, String classpath, TrialSpec spec, Path dir, Path logDir, String logName,
              Confinement inside) throws IOException {
        this.dir = dir;
        this.result = dir.resolve(logName + "-result.json");
        this.logDir = logDir;
        this.logName = logName;
        Files.createDirectories(dir);
        Files.createDirectories(logDir);
        Files.createDirectories(spec.workDir());
        Files.createDirectories(spec.controlDir());
        Path specFile = dir.resolve(logName + "-spec.properties");
        spec.write(specFile);
        List<String> cmd = new ArrayList<>();
        // A session of its own: Ctrl-C on the terminal reaches the whole foreground process group,
        // and a JVM under test that dies of it would look like a failed trial. The runner alone
        // hears Ctrl-C and decides: kill a trial's child, or ask a server to stop through its stop
        // file. (setsid execs in place, as our child is never a group leader: the pid stays the JVM's.)
        if (Files.isExecutable(SETSID)) {
            cmd.add(SETSID.toString());
        }
        cmd.addAll(inside.prefix());
        cmd.add(java.toString());
        cmd.addAll(jvmArgs);
        cmd.add("-XX:ErrorFile=" + logDir.resolve(logName + "-hs_err_pid%p.log"));
        cmd.add("-cp");
        cmd.add(classpath);
        cmd.add(ForkMain.class.getName());
        cmd.add(specFile.toString());
        cmd.add(result.toString());
        this.command = List.copyOf(cmd);
    }

    void start() throws IOException {
        child = ChildProcess.start(command, dir, logDir.resolve(logName + "-stdout.log"), logDir.resolve(logName + "-stderr.log"));
    }

    /**
     * Starts the JVM with its stdout on the runner's terminal and its stderr in the log directory
     * ({@code jvmmark drive}): a failure is judged into one line instead of a stack trace on screen.
     */
    public void startWithErrorsLogged() throws IOException {
        child = ChildProcess.start(command, dir, null, logDir.resolve(logName + "-stderr.log"));
    }

    /** Starts the JVM with its output on the runner's own terminal ({@code jvmmark serve}). */
    public void startInForeground() throws IOException {
        child = ChildProcess.start(command, dir, null, null);
    }

    public boolean isAlive() {
        return child.isAlive();
    }

    /** The JVM's process id (once started). */
    long pid() {
        return child.pid();
    }

    public void kill() {
        child.kill();
    }

    /**
     * Waits for the JVM, killing it when {@code System.nanoTime()} passes {@code deadline} or when
     * cancelled, and judges the trial.
     *
     * @param timeoutReason the error line if the deadline kills it
     */
    public ForkOutcome await(long deadline, String timeoutReason, BooleanSupplier cancelled) {
        return judge(child.await(deadline, cancelled), timeoutReason);
    }

    private ForkOutcome judge(ProcessOutcome p, String timeoutReason) {
        List<String> tail = tail(logDir.resolve(logName + "-stderr.log"), STDERR_TAIL_LINES);
        Path hsErr = hsErr();
        if (p.cancelled()) {
            return new ForkOutcome(TrialStatus.FAILED, "interrupted by the user", null, p, command, tail, hsErr);
        }
        if (p.timedOut()) {
            return new ForkOutcome(TrialStatus.TIMEOUT, timeoutReason,
                    readResultQuietly(), p, command, tail, hsErr);
        }
        if (hsErr != null) {
            return new ForkOutcome(TrialStatus.FAILED, "JVM crashed (" + crashSummary(hsErr) + "), exit status " + p.exitCode()
                    + "; crash log " + hsErr.getFileName(), null, p, command, tail, hsErr);
        }
        if (!Files.isRegularFile(result)) {
            String why = Integer.valueOf(0).equals(p.exitCode()) ? "JVM exited with status 0 without writing a result"
                    : "JVM exited with status " + p.exitCode() + " before writing a result";
            // a JVM that refuses to start prints its reason on stdout ("Too small maximum heap")
            String clue = JvmMessages.lastInformative(tail);
            if (clue.isEmpty()) {
                clue = JvmMessages.lastInformative(tail(logDir.resolve(logName + "-stdout.log"), STDERR_TAIL_LINES));
            }
            return new ForkOutcome(TrialStatus.FAILED, clue.isEmpty() ? why : why + ": " + clue, null, p, command, tail, null);
        }
        ChildResult child;
        try {
            child = ResultsReader.child(result);
        } catch (IllegalArgumentException e) {
            return new ForkOutcome(TrialStatus.FAILED, "result file " + e.getMessage(), null, p, command, tail, null);
        } catch (IOException e) {
            return new ForkOutcome(TrialStatus.FAILED, "cannot read the result file: " + e.getMessage(), null, p, command, tail, null);
        }
        String error = child.error();
        TrialStatus status = child.said();
        if (status == null) {
            return new ForkOutcome(TrialStatus.FAILED, "result has unknown status '" + child.status() + "'", child, p, command, tail, null);
        }
        if (!Integer.valueOf(0).equals(p.exitCode()) && status == TrialStatus.OK) {
            return new ForkOutcome(TrialStatus.FAILED, "JVM exited with status " + p.exitCode() + " after writing its result", child, p, command, tail, null);
        }
        return new ForkOutcome(status, status == TrialStatus.OK ? null : (error == null ? "no reason given" : error), child, p, command, tail, null);
    }

    /** The child's result file as it wrote it (for {@code jvmmark drive --json}); it may not exist. */
    public Path resultFile() {
        return result;
    }

    /** What a child killed at its time limit had written, if anything readable. */
    private ChildResult readResultQuietly() {
        try {
            return ResultsReader.child(result);
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
    }

    private Path hsErr() {
        try (DirectoryStream<Path> s = Files.newDirectoryStream(logDir, logName + "-hs_err_pid*.log")) {
            for (Path p : s) {
                return p;
            }
        } catch (IOException e) {
            // no log directory: no crash log
        }
        return null;
    }

    /** {@code SIGSEGV (0xb) at pc=0x..., pid=123, tid=456} from the crash log's header. */
    static String crashSummary(Path hsErr) {
        // the header is at the top: a crash log of any size is read no further than its first lines
        try (Stream<String> header = Files.lines(hsErr, StandardCharsets.ISO_8859_1)) {
            for (String line : header.limit(HEADER_LINES).toList()) {
                String l = line.startsWith("#") ? line.substring(1).trim() : "";
                if (l.startsWith("SIG") || l.startsWith("EXCEPTION_") || l.startsWith("Internal Error")
                        || l.startsWith("Out of Memory Error") || l.startsWith("There is insufficient memory")) {
                    int comma = l.indexOf(", pid=");
                    return comma > 0 ? l.substring(0, comma) : l;
                }
            }
        } catch (IOException e) {
            // unreadable crash log: its existence is the news
        }
        return "see crash log";
    }

    /**
     * The last {@code lines} lines of {@code file}, read from its end ({@link #TAIL_MAX_BYTES} at most): a JVM that wrote
     * gigabytes of log costs the runner no more than a short one. Bytes that are not UTF-8 read as replacement
     * characters; an unreadable file has no tail.
     */
    static List<String> tail(Path file, int lines) {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            long end = f.length();
            long start = end;
            int newlines = 0;
            byte[] chunk = new byte[8192];
            // back from the end until the lines wanted (and the line break before them) are in, or the cap
            while (start > 0 && newlines <= lines && end - start < TAIL_MAX_BYTES) {
                int n = (int) Math.min(chunk.length, start);
                start -= n;
                f.seek(start);
                f.readFully(chunk, 0, n);
                for (int i = 0; i < n; i++) {
                    if (chunk[i] == '\n') {
                        newlines++;
                    }
                }
            }
            byte[] bytes = new byte[(int) (end - start)];
            f.seek(start);
            f.readFully(bytes);
            List<String> all = new ArrayList<>(List.of(new String(bytes, StandardCharsets.UTF_8).split("\\R")));
            if (start > 0 && !all.isEmpty()) {
                all.remove(0); // begun mid-line
            }
            return List.copyOf(all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }
}
