package org.jvmmark.workloads.startup;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jvmmark.api.UnsupportedWorkloadException;
import org.jvmmark.api.ValidationException;

/**
 * Measures one program under one variant: the training run when the variant needs an archive, then
 * one cold launch (the first of the trial, reported apart), {@code launches} warm launches, and
 * {@code idleLaunches} launches that stay alive idle before reporting their footprint. Every launch
 * is checked before it counts: exit status 0, the program's output, its report, and that the
 * instants it reported lie between the parent's fork and exit instants (which also proves the two
 * processes read the same clock).
 *
 * <p>"Cold" here means the first launch in this trial: the JDK's files are already in the page
 * cache (the JVM running this workload has just read them), so it is not a cold-disk figure.
 *
 * <p>Not thread-safe; used once, by the workload's thread.
 */
final class ProgramMeasurement {
    private final Program program;
    private final StartupVariant variant;
    private final Launcher launcher;
    private final Path workDir;
    private final Path programJar;
    private final List<String> baseFlags;
    private final boolean sharedClock;

    ProgramMeasurement(Program program, StartupVariant variant, Launcher launcher, Path workDir, Path programJar,
                       List<String> baseFlags, boolean sharedClock) {
        this.program = program;
        this.variant = variant;
        this.launcher = launcher;
        this.workDir = workDir;
        this.programJar = programJar;
        this.baseFlags = List.copyOf(baseFlags);
        this.sharedClock = sharedClock;
    }

    /** The launches of one program, checked. Immutable. */
    static final class Outcome {
        final Program program;
        final Launch training;
        final long archiveBytes;
        final Launch cold;
        final List<Launch> warm;
        final List<Launch> idle;

        Outcome(Program program, Launch training, long archiveBytes, Launch cold, List<Launch> warm, List<Launch> idle) {
            this.program = program;
            this.training = training;
            this.archiveBytes = archiveBytes;
            this.cold = cold;
            this.warm = List.copyOf(warm);
            this.idle = List.copyOf(idle);
        }
    }

    Outcome run(int launches, int idleLaunches, long idleMillis) throws Exception {
        Path archive = variant.archive(workDir, program);
        Launch training = null;
        long archiveBytes = 0;
        if (variant.trains()) {
            if (!program.reports()) {
                throw new IllegalArgumentException("variant " + variant.id() + " archives an application's classes; program="
                        + program.id() + " runs none: use hello, http or both");
            }
            training = checked("train", variant.trainingFlags(archive), 0);
            if (!Files.isRegularFile(archive) || Files.size(archive) == 0) {
                throw new UnsupportedWorkloadException(variant.id() + ": no archive written: " + LaunchFailure.explainMissingArchive(training));
            }
            archiveBytes = Files.size(archive);
        }
        List<String> flags = variant.runFlags(archive);
        Launch cold = checked("cold", flags, 0);
        List<Launch> warm = new ArrayList<>();
        for (int i = 0; i < launches; i++) {
            warm.add(checked("warm", flags, 0));
        }
        List<Launch> idle = new ArrayList<>();
        for (int i = 0; program.reports() && i < idleLaunches; i++) {
            idle.add(checked("idle", flags, idleMillis));
        }
        return new Outcome(program, training, archiveBytes, cold, warm, idle);
    }

    private Launch checked(String role, List<String> variantFlags, long idleMillis) throws Exception {
        String name = program.id() + "-" + role;
        List<String> args = new ArrayList<>(baseFlags);
        args.addAll(variantFlags);
        args.addAll(program.arguments(programJar, launcher.reportFile(name), idleMillis));
        Launch launch = launcher.launch(name, args);
        LaunchFailure.check(launch, program, variant);
        if (!program.reports()) {
            return launch;
        }
        LaunchReport report = LaunchReport.read(launch.reportFile());
        if (sharedClock) {
            checkOrder(launch, report.number("mainNanos"), "main began");
            checkOrder(launch, report.number("reportNanos"), "it wrote its report");
            if (report.has("responseNanos")) {
                checkOrder(launch, report.number("responseNanos"), "the first response arrived");
            }
        }
        return launch.withReport(report);
    }

    private void checkOrder(Launch launch, long instant, String what) throws ValidationException {
        if (instant < launch.forkNanos() || instant > launch.exitNanos()) {
            throw new ValidationException(program.id() + ": the program says " + what + " at " + instant
                    + " ns, outside its fork..exit [" + launch.forkNanos() + ", " + launch.exitNanos()
                    + "] ns: System.nanoTime() is not one clock for both processes here");
        }
    }
}
