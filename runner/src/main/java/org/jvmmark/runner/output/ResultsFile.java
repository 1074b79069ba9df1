package org.jvmmark.runner.output;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.jvmmark.results.Command;
import org.jvmmark.results.Results;
import org.jvmmark.results.ResultsReader;
import org.jvmmark.results.ResultsWriter;
import org.jvmmark.results.Trial;
import org.jvmmark.results.WorkloadQuestion;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.base.Text;

/**
 * {@code DIR/results.json} (schema {@value #SCHEMA}) during a run: the typed {@link Results}, rewritten
 * whole by {@link ResultsWriter} after every trial (atomically: a reader, or a run killed at any
 * instant, sees the previous complete file or the new complete file). Thread-safe: all methods are
 * synchronized.
 */
public final class ResultsFile {
    static final String SCHEMA = Results.SCHEMA;
    public static final String NAME = "results.json";

    private final Path file;
    private Results results;

    private ResultsFile(Path file, Results results) {
        this.file = file;
        this.results = results;
    }

    /**
     * A new run's file, not yet written, that also records the questions its workloads declare (the
     * top-level {@value WorkloadQuestion#KEY} object): the report answers them first.
     *
     * @param command the options the run was given (what {@code --resume} reruns)
     */
    public static ResultsFile create(Path dir, String profile, Map<String, Object> host, Command command,
                                     Map<String, List<WorkloadQuestion>> questions) {
        Results started = Results.started(Instant.now().toString(), profile, host, command);
        return new ResultsFile(dir.resolve(NAME), questions.isEmpty() ? started : started.withQuestions(questions));
    }

    /**
     * @throws UserException when the file is missing, unreadable or not a jvmmark results file
     */
    public static ResultsFile open(Path dir) {
        Path file = dir.resolve(NAME);
        if (!Files.isRegularFile(file)) {
            throw new UserException("no " + NAME + " in " + dir);
        }
        try {
            return new ResultsFile(file, ResultsReader.read(file));
        } catch (IOException e) {
            throw new UserException("cannot resume: " + Text.firstLine(String.valueOf(e.getMessage())));
        }
    }

    /** A result set built elsewhere (merged from several, say), to be written to {@code dir}. */
    public static ResultsFile of(Path dir, Results results) {
        return new ResultsFile(dir.resolve(NAME), results);
    }

    synchronized String profile() {
        return results.profile();
    }

    /** Ids of the trials already recorded. */
    public synchronized Set<String> recordedIds() {
        Set<String> ids = new LinkedHashSet<>();
        results.trials().forEach(t -> ids.add(t.id()));
        return ids;
    }

    public synchronized List<Trial> trials() {
        return results.trials();
    }

    public synchronized Results results() {
        return results;
    }

    /** Appends a trial (replacing one with the same id) and rewrites the file atomically. */
    public synchronized void add(Trial trial) throws IOException {
        add(List.of(trial), null, null);
    }

    /**
     * Appends trials, in order (each replacing one with the same id), and with a {@code key} sets a
     * top-level object computed from the trials with them, in one atomic rewrite: what a trial changes
     * of another record or of that object is never a write of its own.
     *
     * @param key the top-level object to set, or null for none
     * @param valueOf the object's value from the file's trials, the new ones included (unused without a key)
     */
    public synchronized void add(List<Trial> trials, String key, Function<List<Trial>, Object> valueOf) throws IOException {
        String now = Instant.now().toString();
        for (Trial t : trials) {
            results = results.with(t, now);
        }
        if (key != null) {
            results = withMore(key, valueOf.apply(results.trials()));
        }
        write();
    }

    /** Sets a top-level object of the file (kept in {@link Results#more()}) and rewrites it atomically. */
    public synchronized void putMore(String key, Object value) throws IOException {
        setMore(key, value);
        write();
    }

    /** Sets a top-level object of the file (kept in {@link Results#more()}), written with the next write. */
    public synchronized void setMore(String key, Object value) {
        results = withMore(key, value);
    }

    private Results withMore(String key, Object value) {
        return results.withTopLevel(key, value);
    }

    public synchronized void write() throws IOException {
        ResultsWriter.write(results, file);
    }

    public Path path() {
        return file;
    }
}
