package org.jvmmark.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process recording into the history is killed (SIGKILL) mid-way: the database must open, pass
 * SQLite's integrity check, and hold whole trials only — every recorded trial with all its samples.
 */
class KilledWriterTest {
    @TempDir
    Path dir;

    /** Records generated three-fork runs until killed. */
    public static void main(String[] args) throws Exception {
        HistoryStore store = new HistoryStore(HistoryDatabase.of(args[0]).open());
        for (int i = 0; ; i++) {
            double[] forks = new double[40];
            java.util.Arrays.fill(forks, 100 + i);
            store.importRun(HistoryStoreContract.run(java.time.Instant.ofEpochSecond(i).toString(), forks), "m", null);
        }
    }

    @Test
    void shouldHoldWholeTrialsOnlyAfterTheWriterIsKilled() throws Exception {
        Path db = dir.resolve("h.db");
        Process writer = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), KilledWriterTest.class.getName(), db.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("writer.log").toFile()).start();
        HistoryStore store = new HistoryStore(HistoryDatabase.of(db.toString()));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline && (!Files.exists(db) || trials(db) < 30)) {
            Thread.sleep(50);
        }
        writer.destroyForcibly();
        assertTrue(writer.waitFor(10, TimeUnit.SECONDS));
        HistoryDatabase reopened = HistoryDatabase.of(db.toString()).open();
        try (Connection c = reopened.connect(); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("PRAGMA integrity_check")) {
                rs.next();
                assertEquals("ok", rs.getString(1));
            }
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM trial t WHERE (SELECT COUNT(*) FROM sample x"
                    + " WHERE x.run_id = t.run_id AND x.trial_id = t.trial_id) <> 1")) {
                rs.next();
                assertEquals(0, rs.getInt(1), "a trial without its sample, or a sample without its trial");
            }
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM sample x WHERE NOT EXISTS (SELECT 1 FROM trial t"
                    + " WHERE x.run_id = t.run_id AND x.trial_id = t.trial_id)")) {
                rs.next();
                assertEquals(0, rs.getInt(1));
            }
        }
        assertTrue(store.runs() > 0);
    }

    private static int trials(Path db) {
        try (Connection c = HistoryDatabase.of(db.toString()).connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM trial")) {
            rs.next();
            return rs.getInt(1);
        } catch (java.sql.SQLException e) {
            return 0;
        }
    }
}
