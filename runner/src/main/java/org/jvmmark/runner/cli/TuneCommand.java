package org.jvmmark.runner.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.jvmmark.report.tune.Constraint;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.fork.Container;
import org.jvmmark.runner.output.ResultsFile;
import org.jvmmark.runner.plan.Budget;
import org.jvmmark.runner.plan.ExternalWorkloads;
import org.jvmmark.runner.plan.ResumeSpec;
import org.jvmmark.runner.tune.SearchSpace;
import org.jvmmark.runner.tune.TuneOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import org.jvmmark.runner.fork.DisturbancePolicy;
import org.jvmmark.runner.plan.Shard;

/**
 * {@code jvmmark tune WORKLOAD}: which JVM settings run the workload best, per JDK. Parses and checks the options into
 * one {@link TuneOptions} (with {@code --resume}, the recorded ones) and hands them to a {@link TuneSession}, which
 * races, or only records the next round ({@code --plan-only}), or runs one slice of it ({@code --resume --shard I/N
 * --slice-out S}). Not thread-safe: one instance per invocation.
 */
@Command(name = "tune", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Race JVM settings (collector, heap, flags) on forks, per JDK, and say which beat the default beyond noise.")
public final class TuneCommand implements Callable<Integer> {
    /** The budget when none is given. */
    static final String DEFAULT_BUDGET = "30m";

    @ParentCommand
    private Streams main;

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "WORKLOAD", arity = "0..1", description = "The workload to tune (default: your --task or jar's only one).")
    private String workload;

    @Mixin
    private ExternalWorkloads external = new ExternalWorkloads();

    @Mixin
    private SessionOptions session = new SessionOptions();

    @Option(names = "--objective", paramLabel = "FIGURE", description = "The figure to optimise, e.g. \"endToEnd p99\", score,"
            + " \"peak RSS\" (default: the workload's headline figure).")
    private String objective;

    @Option(names = "--constraint", paramLabel = "\"FIGURE <= VALUE\"", description = "A bound the best must keep, judged on its"
            + " forks' centre (repeatable), e.g. \"peak RSS <= 512m\", \"rate >= 99000\".")
    private List<String> constraints = new ArrayList<>();

    @Option(names = "--baseline", paramLabel = "\"FLAGS\"", description = "Your production flags, e.g. \"-XX:+UseG1GC -Xmx2g\":"
            + " they race as a point of their own beside the JDK's default, and the answer's gain is stated against them too.")
    private String baseline;

    @Option(names = "--space", paramLabel = "DIMENSION", description = "Add or replace a dimension (repeatable): gc=G1,ZGC,Parallel;"
            + " Xmx=64m..4g:log; -XX:+UseCompactObjectHeaders; -XX:TieredStopAtLevel=1,4.")
    private List<String> space = new ArrayList<>();

    @Option(names = "--budget", paramLabel = "DURATION", description = "Time for the whole race, all JDKs (default " + DEFAULT_BUDGET + ").")
    private String budget;

    @Option(names = {"--param", "-p"}, paramLabel = "KEY=VALUE", description = "Set a workload parameter (repeatable; one value each).")
    private List<String> params = new ArrayList<>();

    @Option(names = "--variant", paramLabel = "NAME", description = "The workload's own variant to tune (one; see 'jvmmark list').")
    private String variant;

    @Mixin
    private ContainerOptions container = new ContainerOptions();

    @Mixin
    private JavaEnvOption javaEnv = new JavaEnvOption();

    @Option(names = "--plan-only", description = "Record the round to run next in --out DIR (judging the rounds DIR holds) and"
            + " stop: run it as slices with --shard, join them with merge, and plan again on the merged directory.")
    private boolean planOnly;

    @Option(names = "--shard", paramLabel = "I/N", description = "With --resume: run slice I of N (or auto/N, from"
            + " SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX) of the round --plan-only recorded in --out DIR, into --slice-out.")
    private String shard;

    @Option(names = "--more-forks", paramLabel = "N", description = "With --resume on a race that ended: one more confirmation"
            + " round, N fresh forks a side, for each JDK whose answer cannot tell yet (the answer says N).")
    private int moreForks;

    @Option(names = "--slice-out", paramLabel = "S", description = "With --shard: the slice's own results directory (new or empty).")
    private Path sliceOut;

    @Override
    public Integer call() throws Exception {
        ResultsFile recorded = null;
        TuneOptions options;
        if (shard != null && (!session.resume || sliceOut == null || planOnly || session.dryRun)) {
            throw new UserException("--shard I/N runs a slice of a recorded round: jvmmark tune --resume --out DIR --shard I/N"
                    + " --slice-out SLICE_DIR (without --plan-only or --dry-run)");
        }
        if (sliceOut != null && shard == null) {
            throw new UserException("--slice-out goes with --shard I/N: jvmmark tune --resume --out DIR --shard I/N --slice-out "
                    + sliceOut);
        }
        if (moreForks != 0 && (!session.resume || moreForks < 0 || shard != null)) {
            throw new UserException("--more-forks N buys N more confirmation forks a side for a race that cannot tell yet:"
                    + " jvmmark tune --resume --out DIR --more-forks N (N at least 1)");
        }
        if (planOnly && session.dryRun) {
            throw new UserException("--plan-only records a round and --dry-run runs nothing and records nothing; give one");
        }
        Shard slice = shard == null ? null : Shard.parse(shard, System.getenv());
        if (session.resume) {
            recorded = session.openForResume(true);
            options = recordedOptions(recorded);
        } else {
            options = new TuneOptions(session.given(workload == null ? List.of() : List.of(workload), ConfigFile.lines(params),
                    variant == null ? List.of() : List.of(variant), container, external, javaEnv, null), session.profile, space,
                    objective, constraints, baseline, Budget.parse(budget == null ? DEFAULT_BUDGET : budget).label(), session.threshold);
        }
        validate(options);
        ExternalWorkloads user = session.resume ? ExternalWorkloads.of(options.shared())
                : external;
        TuneSession.Mode mode = slice != null ? TuneSession.Mode.SLICE : planOnly ? TuneSession.Mode.PLAN : TuneSession.Mode.RACE;
        return new TuneSession(main.out(), main.err(), options, recorded, session.out, session.dryRun, user,
                DisturbancePolicy.of(session.disturbed), session.history, mode, slice, sliceOut)
                .moreForks(moreForks).run();
    }

    /**
     * {@code --resume}: the race's options are the recorded command's. An option given again must repeat its recorded
     * value, as {@code run --resume} asks: a race that changed its JDKs, space or workload midway would judge points
     * measured under two settings against each other.
     */
    private TuneOptions recordedOptions(ResultsFile recorded) {
        TuneOptions r = TuneOptions.recorded(recorded.results());
        ParseResult given = spec.commandLine().getParseResult();
        Path file = recorded.path();
        session.refuseOther(given, file, recorded.results(), external, container, javaEnv);
        ResumeSpec.refuseOther(given, file, "WORKLOAD", workload, r.workload());
        ResumeSpec.refuseOther(given, file, "--param", ConfigFile.lines(params), r.shared().params());
        ResumeSpec.refuseOther(given, file, "--variant", variant, r.variant());
        ResumeSpec.refuseOther(given, file, "--space", space, r.space());
        ResumeSpec.refuseOther(given, file, "--objective", objective, r.objective());
        ResumeSpec.refuseOther(given, file, "--constraint", constraints, r.constraints());
        ResumeSpec.refuseOther(given, file, "--baseline", baseline, r.baseline());
        ResumeSpec.refuseOther(given, file, "--budget", budget == null ? null : Budget.parse(budget).label(), r.budget());
        ResumeSpec.refuseOther(given, file, "--threshold", session.threshold, r.threshold());
        return r;
    }

    /** What can be judged from the options alone, before any workload is loaded or JDK started. */
    private static void validate(TuneOptions o) {
        SessionOptions.checkProfile(o.profile());
        SearchSpace.of(List.of(), o.space());
        for (String c : o.constraints()) {
            try {
                Constraint.parse(c);
            } catch (IllegalArgumentException e) {
                throw new UserException(e.getMessage());
            }
        }
        if (o.baseline() != null && o.baseline().isBlank()) {
            throw new UserException("--baseline needs your flags, e.g. --baseline \"-XX:+UseG1GC -Xmx2g\"");
        }
        // the machine refuses what it cannot give with one line, here, before any trial runs
        Container.prepare(o.container());
        for (String p : o.shared().params()) {
            if (p.contains(",")) {
                throw new UserException("--param " + p + ": tune races one setting of each parameter; give one value");
            }
        }
    }
}
