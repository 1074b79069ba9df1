package org.jvmmark.runner.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import org.jvmmark.history.HistoryDatabase;
import org.jvmmark.history.HistoryException;
import org.jvmmark.history.HistoryStore;
import org.jvmmark.results.Results;
import org.jvmmark.results.Trial;
import org.jvmmark.runner.base.Text;

/**
 * Records a running {@code run}'s trials into the history as they finish, each in its own
 * transaction. The history never costs a run its results: a database that cannot be opened or
 * written gives one warning line and recording stops; {@code results.json} is written regardless.
 * Not thread-safe: one per run.
 */
public final class HistoryRecorder {
    private final PrintStream err;
    private HistoryStore store;
    private String machine;
    private long runId;

    private HistoryRecorder(PrintStream err) {
        this.err = err;
    }

    /** A recorder for this run; a no-op one when the history is off or cannot be used. */
    public static HistoryRecorder start(HistoryOptions options, Results results, Path dir, PrintStream err) {
        HistoryRecorder r = new HistoryRecorder(err);
        String target = options.target();
        if (target == null) {
            return r;
        }
        try {
            HistoryDatabase db = HistoryDatabase.of(target).open();
            r.store = new HistoryStore(db);
            r.machine = options.machine(results);
            r.runId = r.store.run(results, r.machine, dir);
        } catch (HistoryException | IllegalArgumentException e) {
            r.fail(e.getMessage());
        } catch (SQLException e) {
            r.fail("history database " + HistoryDatabase.mask(target) + " cannot be written: " + Text.firstLine(String.valueOf(e.getMessage())));
        }
        return r;
    }

    public void record(Trial trial) {
        if (store == null) {
            return;
        }
        try {
            if (store.record(runId, machine, trial) == HistoryStore.Recorded.REPLACED_FAILED) {
                err.println("jvmmark: history: " + trial.id() + " succeeded this time; it replaces the failed row of the earlier attempt");
            }
        } catch (SQLException | RuntimeException e) {
            fail("history not recorded from " + trial.id() + " on: " + Text.firstLine(String.valueOf(e.getMessage())));
        }
    }

    private void fail(String message) {
        store = null;
        err.println("jvmmark: warning: " + message + " (results.json is kept; import it later with 'jvmmark history import')");
    }
}
