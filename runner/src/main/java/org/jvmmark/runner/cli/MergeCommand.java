package org.jvmmark.runner.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.output.OutputDirectory;
import org.jvmmark.runner.output.OutputLock;
import org.jvmmark.runner.output.ResultsFile;
import org.jvmmark.runner.output.ResultsMerge;
import org.jvmmark.runner.tune.TuneOptions;

/**
 * {@code jvmmark merge DIR... --out D}: joins the slices of one plan ({@code run --shard I/N}, one
 * per machine) — or a tuning race's directory and the slices of its recorded round ({@code tune --resume
 * --shard I/N}) — into {@code D/results.json} and renders its report; the rules are {@link ResultsMerge}'s. Writes nothing and exits 2 when the inputs do not belong together or
 * {@code D} already holds results. Stateless.
 */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = "Join the results of the slices of one plan (run --shard I/N), or a tuning race's directory and its"
                + " round's slices (tune --resume --shard I/N), into one results.json and report.")
public final class MergeCommand implements Callable<Integer> {
    @ParentCommand
    private Streams main;

    @Parameters(paramLabel = "DIR", arity = "1..*", description = "Results directories written by 'jvmmark run --shard' (or a race's and its 'tune --shard' slices).")
    private List<Path> dirs = new ArrayList<>();

    @Option(names = "--out", paramLabel = "D", required = true, description = "Directory for the merged results.json and report.")
    private Path out;

    @Option(names = "--threshold", defaultValue = Threshold.DEFAULT, paramLabel = Threshold.LABEL, converter = Threshold.class,
            description = Threshold.HELP)
    private double threshold;

    @Override
    public Integer call() throws IOException {
        Path target = out.toAbsolutePath().normalize();
        if (Files.exists(target.resolve(ResultsFile.NAME))) {
            throw new UserException(target.resolve(ResultsFile.NAME) + " exists; choose another --out");
        }
        List<ResultsMerge.Input> inputs = new ArrayList<>();
        for (Path d : dirs) {
            Path dir = d.toAbsolutePath().normalize();
            if (dir.equals(target)) {
                throw new UserException("--out " + out + " is one of the inputs; choose another --out");
            }
            inputs.add(new ResultsMerge.Input(dir, ResultsFile.open(dir).results()));
        }
        List<String> warnings = new ArrayList<>();
        ResultsFile merged = ResultsFile.of(target, ResultsMerge.merge(inputs, warnings));
        warnings.forEach(w -> main.err().println("jvmmark: warning: " + w));
        OutputDirectory.forNewRun(target); // a new or empty directory: jvmmark never writes among files it did not make
        try (OutputLock lock = OutputLock.acquire(target, "merge")) {
            if (Files.exists(target.resolve(ResultsFile.NAME))) {
                throw new UserException(target.resolve(ResultsFile.NAME) + " exists; choose another --out");
            }
            merged.write();
        }
        main.out().printf("merged %d trials from %d directories into %s%n", merged.recordedIds().size(), inputs.size(), merged.path());
        int report = RunEnd.renderReport(main.out(), main.err(), target, threshold);
        if (TuneOptions.isTuning(merged.results())) {
            return report; // a failed point is the race's evidence, as in tune itself, not a failed merge
        }
        return report != 0 ? report : RunEnd.exitStatus(merged.trials());
    }
}
