package org.jvmmark.runner;

import org.jvmmark.runner.base.InertControls;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.base.Text;
import org.jvmmark.runner.base.ExitStatus;
import org.jvmmark.runner.base.Invocation;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import org.jvmmark.runner.cli.CompareCommand;
import org.jvmmark.runner.cli.CompletionCommand;
import org.jvmmark.runner.cli.ConfigFile;
import org.jvmmark.runner.cli.InitCommand;
import org.jvmmark.runner.cli.DriveCommand;
import org.jvmmark.runner.cli.HistoryCommand;
import org.jvmmark.runner.cli.JdksCommand;
import org.jvmmark.runner.cli.ListCommand;
import org.jvmmark.runner.cli.MergeCommand;
import org.jvmmark.runner.cli.ReportCommand;
import org.jvmmark.runner.cli.RunCommand;
import org.jvmmark.runner.cli.ServeCommand;
import org.jvmmark.runner.cli.TuneCommand;
import org.jvmmark.runner.cli.Streams;

/**
 * The {@code jvmmark} command line (picocli). User mistakes — unknown workload, parameter, JDK or
 * option — end with one line on stderr and exit status 2, never a stack trace; a run in which any
 * trial failed exits with 1; a full disk with 4, a bug in jvmmark with 3, an interrupted run with
 * 130 ({@link ExitStatus}).
 *
 * <p>{@link #execute} is re-entrant (the tests call it in-process); each call has its own streams.
 */
@Command(name = "jvmmark", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Which JVM runs my server workload fastest? Runs workloads on every JDK, in a fresh JVM per trial.",
        subcommands = {JdksCommand.class, ListCommand.class, RunCommand.class, TuneCommand.class, ReportCommand.class,
            CompareCommand.class, MergeCommand.class, HistoryCommand.class, ServeCommand.class, DriveCommand.class, InitCommand.class,
            CompletionCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable, Streams {
    static final int USAGE = ExitStatus.USAGE;
    public static final int INTERRUPTED = ExitStatus.INTERRUPTED;
    /** The environment variable that makes an internal error print its stack trace. */
    static final String DEBUG_VARIABLE = "JVMMARK_DEBUG";

    public PrintStream out = System.out;
    public PrintStream err = System.err;

    @Override
    public PrintStream out() {
        return out;
    }

    @Override
    public PrintStream err() {
        return err;
    }

    public static void main(String[] args) {
        Charset console = InertControls.consoleCharset();
        System.exit(execute(args, InertControls.of(System.out, console), InertControls.of(System.err, console)));
    }

    /** Runs the CLI and returns its exit status instead of exiting. */
    public static int execute(String[] args, PrintStream out, PrintStream callerErr) {
        Invocation.remember(args);
        Main main = new Main();
        // Labels, ids and errors printed below may come from results files or JVMs someone else controls. A caller's
        // own streams (the tests') write UTF-8; main() passes the console's, already filtered in its charset.
        main.out = InertControls.of(out, StandardCharsets.UTF_8);
        main.err = InertControls.of(callerErr, StandardCharsets.UTF_8);
        PrintStream err = main.err;
        CommandLine cl = new CommandLine(main);
        // jvmmark.toml in the working directory: defaults for the options, overridden by flags
        try {
            cl.setDefaultValueProvider(ConfigFile.load(Path.of("").toAbsolutePath()));
        } catch (UserException ex) {
            err.println("jvmmark: " + ex.getMessage());
            return USAGE;
        }
        cl.setOut(new PrintWriter(InertControls.raw(out), true)); // usage help: jvmmark's own text, colours and all
        cl.setErr(new PrintWriter(err, true));
        cl.setParameterExceptionHandler((ex, a) -> {
            err.println("jvmmark: " + Text.firstLine(ex.getMessage()));
            err.println("see: jvmmark " + commandPath(ex.getCommandLine()) + "--help");
            return USAGE;
        });
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            if (ex instanceof UserException) {
                err.println("jvmmark: " + ex.getMessage());
                return USAGE;
            }
            IOException full = ExitStatus.noSpace(ex);
            if (full != null) {
                String file = full instanceof FileSystemException f && f.getFile() != null ? " writing " + f.getFile() : "";
                err.println("jvmmark: no space left on the device" + file + "; finished trials are kept (free space, then --resume)");
                return ExitStatus.NO_SPACE;
            }
            err.println("jvmmark: internal error (a bug in jvmmark, please report it): " + ex);
            if (debug()) {
                ex.printStackTrace(err);
            } else {
                err.println("(run with " + DEBUG_VARIABLE + "=true for the stack trace)");
            }
            return ExitStatus.INTERNAL_ERROR;
        });
        return cl.execute(args);
    }

    /**
     * Whether an internal error prints its stack trace: {@value #DEBUG_VARIABLE}{@code =true} in the environment (jvmmark's
     * own variable: a {@code JAVA_TOOL_OPTIONS} exported for it would reach every JVM the shell starts), or
     * {@code -Djvmmark.debug=true} on the runner's own command line.
     */
    static boolean debug() {
        return Boolean.getBoolean("jvmmark.debug") || "true".equalsIgnoreCase(System.getenv(DEBUG_VARIABLE));
    }

    private static String commandPath(CommandLine cl) {
        StringBuilder sb = new StringBuilder();
        for (CommandLine c = cl; c != null && c.getParent() != null; c = c.getParent()) {
            sb.insert(0, c.getCommandName() + " ");
        }
        return sb.toString();
    }

    @Override
    public void run() {
        CommandLine.usage(this, InertControls.raw(out));
    }

    /**
     * The version and commit the runner was built from ({@code version.properties}, filled in by the build): "jvmmark
     * 0.5.0 (commit 0123456789ab) on Java 17.0.15". A build outside a git clone says "unknown commit"; classes
     * run without the build's resources say "development build".
     */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"jvmmark " + describe(Main.class.getResourceAsStream("version.properties")) + " on Java "
                    + System.getProperty("java.version")};
        }

        /** "0.5.0 (commit 0123456789ab)" from the properties, or "(development build)" without them. */
        static String describe(java.io.InputStream properties) {
            java.util.Properties p = new java.util.Properties();
            if (properties == null) {
                return "(development build)";
            }
            try (properties) {
                p.load(properties);
            } catch (java.io.IOException e) {
                return "(development build)";
            }
            String version = resolved(p.getProperty("version"));
            String commit = resolved(p.getProperty("commit"));
            return (version == null ? "(development build)" : version) + " (" + (commit == null ? "unknown commit" : "commit " + commit) + ")";
        }

        /** The value, or null when empty, "unknown" or left as a ${placeholder} the build could not fill in. */
        private static String resolved(String v) {
            return v == null || v.isBlank() || v.startsWith("${") || v.strip().equals("unknown") ? null : v.strip();
        }
    }
}
