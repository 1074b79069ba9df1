package org.jvmmark.runner.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jvmmark.api.WorkloadInfo;
import org.jvmmark.results.Command;
import org.jvmmark.results.Results;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.fork.ContainerLimits;
import org.jvmmark.runner.fork.MachineActivity;
import org.jvmmark.runner.output.OutputDirectory;
import org.jvmmark.runner.output.ResultsFile;
import org.jvmmark.runner.plan.ExternalWorkloads;
import org.jvmmark.runner.plan.ResumeSpec;
import org.jvmmark.runner.tune.TuneOptions;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;

/**
 * The options {@code run} and {@code tune} share, one picocli mixin for both: which JDKs, how long each trial
 * ({@code --profile}), the threshold of the verdicts, what to do with a disturbed fork, the results directory and
 * whether to continue it, the history the trials are recorded in ({@link HistoryOptions}), and the dry run. Each
 * command reads them into its own immutable options value ({@link RunOptions}, {@code TuneOptions}). Not thread-safe:
 * filled by picocli, read once.
 */
public final class SessionOptions {
    @Option(names = "--jdk", paramLabel = "all|FEATURE|PATH[,...]", description = "JDKs to run on (default: all); tune races"
            + " each its own settings, side by side.")
    List<String> jdks = new ArrayList<>();

    @Option(names = "--profile", paramLabel = "smoke|quick|standard", defaultValue = "quick",
            description = "Length of each trial. smoke: seconds (CI); quick: minutes (default); standard: the published sizes.")
    String profile;

    @Option(names = "--threshold", defaultValue = Threshold.DEFAULT, paramLabel = Threshold.LABEL, converter = Threshold.class,
            description = Threshold.HELP)
    double threshold;

    @Option(names = "--disturbed", paramLabel = "rerun|mark|ignore", description = "A fork during which other processes used"
            + " more than " + MachineActivity.THRESHOLD_CPUS + " CPUs on average is marked (left out of the report's figures and"
            + " named) and re-run once (rerun, the default), only marked (mark), or not judged (ignore).")
    String disturbed;

    @Option(names = "--out", paramLabel = "DIR", description = "Results directory (default: runs/<date-time>).")
    Path out;

    @Option(names = "--resume", description = "Continue --out DIR with the options it recorded: run keeps its ok and unsupported"
            + " trials and runs failed and missing ones (with --dry-run: shows which); tune races on.")
    boolean resume;

    /** {@code --history} and {@code --machine}: where the trials are recorded as they end. */
    @Mixin
    HistoryOptions history = new HistoryOptions();

    @Option(names = "--dry-run", description = "Print the plan and run nothing: run, its trials and estimated duration; tune, the"
            + " space, the valid and invalid points per JDK and the rounds.")
    boolean dryRun;

    /**
     * {@code --resume}: the results file of {@code --out DIR}, opened before anything else, refused when it is not a run
     * of this command ({@code tune}'s when {@code tuning}, else {@code run}'s) with the command that continues it.
     */
    ResultsFile openForResume(boolean tuning) {
        if (out == null) {
            throw new UserException("--resume needs --out DIR, the directory of the " + (tuning ? "tuning run" : "run") + " to continue");
        }
        Path dir = out.toAbsolutePath().normalize();
        OutputDirectory.forResume(dir);
        ResultsFile recorded = ResultsFile.open(dir);
        if (TuneOptions.isTuning(recorded.results()) != tuning) {
            throw new UserException(recorded.path() + (tuning ? " is not a tuning run" : " is a tuning run") + "; continue it with"
                    + " jvmmark " + (tuning ? "run" : "tune") + " --resume --out " + out);
        }
        return recorded;
    }

    /**
     * With {@code --resume}: {@code --jdk} and {@code --profile} given again must repeat what {@code file} recorded, and
     * so must the other options {@code run} and {@code tune} share — the user's code, the container, the Java
     * environment — each checked by its own mixin. One call, so that both commands refuse the same.
     */
    void refuseOther(ParseResult given, Path file, Results recorded, ExternalWorkloads external, ContainerOptions container,
                     JavaEnvOption javaEnv) {
        Command.Shared shared = recorded.command().shared();
        ResumeSpec.refuseOther(given, file, "--jdk", jdks, shared.jdk());
        ResumeSpec.refuseOther(given, file, "--profile", profile, recorded.profile());
        container.refuseOther(given, file, ContainerLimits.of(shared.container()));
        javaEnv.refuseOther(given, file, shared.inheritJavaEnv());
        external.refuseOther(given, file, shared);
    }

    /**
     * The options {@code run} and {@code tune} share as given on this command line, with the other mixins that hold
     * them (the container, the user's code, the Java environment): one value, the part of the command both record.
     *
     * @param shard the slice of the plan as given, or null
     */
    Command.Shared given(List<String> workloads, List<String> params, List<String> variants, ContainerOptions container,
                         ExternalWorkloads external, JavaEnvOption javaEnv, String shard) {
        return new Command.Shared(workloads, jdks, List.of(), params, variants, container.limits().recorded(), javaEnv.given(),
                external.jarNames(), external.classpathEntries(), external.taskNames(), shard);
    }

    /** A profile a workload can have, or a one-line error naming the valid ones. */
    static void checkProfile(String profile) {
        if (!WorkloadInfo.PROFILES.contains(profile)) {
            throw new UserException("unknown profile '" + profile + "'; valid: " + String.join(", ", WorkloadInfo.PROFILES));
        }
    }
}
