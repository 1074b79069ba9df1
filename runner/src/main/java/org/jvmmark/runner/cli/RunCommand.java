package org.jvmmark.runner.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.jvmmark.runner.instruments.InstrumentSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import org.jvmmark.runner.fork.DisturbancePolicy;
import org.jvmmark.runner.output.ResultsFile;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.plan.Budget;
import org.jvmmark.runner.plan.MoreForks;
import org.jvmmark.runner.plan.ExternalWorkloads;
import org.jvmmark.runner.plan.Shard;
import org.jvmmark.runner.fork.Container;
import org.jvmmark.runner.plan.ResumeSpec;

/**
 * {@code jvmmark run}: the options, parsed and checked into one immutable {@link RunOptions} — from this
 * command line, or with {@code --resume} from the results file's recorded command (refusing an option
 * given again with another value) — then handed to a {@link RunSession}, which plans, runs, records and
 * reports. Not thread-safe: one instance per invocation.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Run workloads on JDKs, a fresh JVM per trial, and write DIR/results.json and the report.")
public final class RunCommand implements Callable<Integer> {
    @ParentCommand
    private Streams main;

    @Parameters(paramLabel = "WORKLOAD", arity = "0..*", description = "Workloads to run (default: all listed by 'jvmmark list').")
    private List<String> workloads = new ArrayList<>();

    @Mixin
    private ExternalWorkloads external = new ExternalWorkloads();

    @Mixin
    private SessionOptions session = new SessionOptions();

    @Option(names = {"--param", "-p"}, paramLabel = "KEY=VALUE[,...]",
            description = "Set a workload parameter (repeatable). Several values (a comma list for a numeric parameter, or the key repeated) sweep it: one set of trials per value.")
    private List<String> params = new ArrayList<>();

    @Option(names = "--mix", paramLabel = "FILE.json", description = "The http workload's request mix (the same as --param"
            + " mix=FILE.json; jvmmark.toml's mix): method, path, body, expected status and weight per endpoint.")
    private String mix;

    @Option(names = "--jvm-args", paramLabel = "\"FLAGS\"", description = "JVM flags forming one variant (repeatable: one variant each).")
    private List<String> jvmArgs = new ArrayList<>();

    @Option(names = "--gc", paramLabel = "G1,ZGC,...", split = ",",
            description = "Collectors to compare, each a variant: G1, Parallel, Serial, ZGC, GenZGC, Shenandoah, Epsilon.")
    private List<String> gcs = new ArrayList<>();

    @Option(names = "--variant", paramLabel = "NAME,...", split = ",",
            description = "Only these of the workload's own variants (see 'jvmmark list'), e.g. --variant nio,virtual.")
    private List<String> variants = new ArrayList<>();

    @Option(names = "--all-variants", description = "Every variant of each workload, not only its default set (see 'jvmmark list').")
    private boolean allVariants;

    @Option(names = "--forks", paramLabel = "N|auto", description = "Fresh JVMs per combination: auto (default for quick and"
            + " standard) runs 3 a row, then more only where the row's question is still open; N: exactly N (smoke: 1).")
    private String forksOption;

    @Option(names = "--max-forks", paramLabel = "N", description = "With --forks auto: at most N forks a row (default 10; with a budget, as the main job has, 60: the budget decides).")
    private Integer maxForks;

    @Option(names = "--budget", paramLabel = "DURATION", description = "Plan within this time (e.g. 30m, 1h30m): cut connection"
            + " levels, variants, forks in the order each workload declares, and say what was left out.")
    private String budgetOption;

    @Mixin
    private ContainerOptions container = new ContainerOptions();

    @Option(names = "--more", paramLabel = "DURATION", description = "With --resume on a finished run: more forks, within this"
            + " time (e.g. 5m), only for the rows whose question is still 'cannot tell', the most answer per second first;"
            + " then the report again.")
    private String more;

    @Option(names = "--more-forks", paramLabel = "N", description = "With --resume: at most N more forks a row, only where the"
            + " question is still 'cannot tell' (with --more, within its time too).")
    private Integer moreForks;

    @Mixin
    private JavaEnvOption javaEnv = new JavaEnvOption();

    @Option(names = "--shard", paramLabel = "I/N",
            description = "Run slice I of N of the plan, counted from 1 (1/4 ... 4/4), or auto/N (the index from JOB_COMPLETION_INDEX, or SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN); join slices with 'jvmmark merge'.")
    private String shard;

    @Mixin
    private InstrumentOptions instrumentOptions;

    @Spec
    private CommandSpec spec;

    /** With {@code --resume}: the results file being continued, opened before anything else. */
    private ResultsFile recorded;

    @Override
    public Integer call() throws Exception {
        RunOptions options = session.resume ? recordedOptions() : given();
        MoreForks top = MoreForks.parse(more, moreForks);
        if (top != null && !session.resume) {
            throw new UserException("--more" + (more == null ? "-forks" : "") + " adds forks to a run that has ended: jvmmark run"
                    + " --resume --out DIR " + (more == null ? "--more-forks " + moreForks : "--more " + more));
        }
        Container container = validate(options);
        DisturbancePolicy policy = DisturbancePolicy.of(session.disturbed);
        InstrumentSet instruments = instrumentOptions.toSet(w -> main.err().println("jvmmark: warning: " + w));
        ExternalWorkloads user = session.resume ? ExternalWorkloads.of(options.shared())
                : external;
        return new RunSession(main.out(), main.err(), options, recorded, session.out, session.dryRun, session.threshold, session.history,
                instruments, user, policy, container).withMore(top).run();
    }

    /**
     * What can be judged from the options alone, before any workload is loaded or JDK started.
     *
     * @return the container the trials run inside, prepared once, before the results directory or the Ctrl-C hook exist
     */
    private static Container validate(RunOptions options) {
        SessionOptions.checkProfile(options.profile());
        options.forkPolicy();
        if (options.budget() != null) {
            Budget.parse(options.budget());
        }
        // the machine refuses what it cannot give with one line, here, before any trial runs
        return Container.prepare(options.container());
    }

    /** The options as given on this command line. */
    private RunOptions given() {
        List<String> params = ConfigFile.lines(this.params);
        List<String> workloads = ConfigFile.lines(this.workloads);
        if (mix != null && params.stream().noneMatch(p -> p.startsWith("mix="))) {
            params.add("mix=" + mix);
        }
        return new RunOptions(session.given(workloads, params, variants, container, external, javaEnv, shard), session.profile, gcs,
                jvmArgs, forksOption, maxForks, budgetOption == null ? null : Budget.parse(budgetOption).label(), allVariants, List.of(),
                null, null);
    }

    /**
     * {@code --resume}: the run's options are the recorded command's, read from the file as they were
     * recorded. An option given again must repeat its recorded value; anything else would mix two settings
     * in one result set.
     */
    private RunOptions recordedOptions() {
        recorded = session.openForResume(false);
        RunOptions r = RunOptions.recorded(recorded.results());
        ParseResult given = spec.commandLine().getParseResult();
        Path file = recorded.path();
        session.refuseOther(given, file, recorded.results(), external, container, javaEnv);
        ResumeSpec.refuseOther(given, file, "WORKLOAD", workloads, r.shared().workloads());
        ResumeSpec.refuseOther(given, file, "--param", params, r.shared().params());
        ResumeSpec.refuseOther(given, file, "--gc", gcs, r.gc());
        ResumeSpec.refuseOther(given, file, "--jvm-args", jvmArgs, r.jvmArgs());
        ResumeSpec.refuseOther(given, file, "--variant", variants, r.shared().variants());
        ResumeSpec.refuseOther(given, file, "--forks", forksOption, r.forks());
        try {
            ResumeSpec.refuseOther(given, file, "--max-forks", maxForks, r.maxForks());
            ResumeSpec.refuseOther(given, file, "--budget", budgetOption == null ? null : Budget.parse(budgetOption).label(), r.budget());
        } catch (UserException e) {
            throw new UserException(e.getMessage() + "; to add forks where a question is still open: --more "
                    + MoreForks.SUGGESTED + " or --more-forks N");
        }
        ResumeSpec.refuseOther(given, file, "--all-variants", allVariants, r.allVariants());
        if (given.hasMatchedOption("--shard")) {
            ResumeSpec.refuseOther(file, "--shard", Shard.parse(shard, System.getenv()).label(), r.shared().shard());
        }
        return r;
    }
}
