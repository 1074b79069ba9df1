package org.jvmmark.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqliteHistoryTest extends HistoryStoreContract {
    @TempDir
    Path dir;

    @Override
    HistoryDatabase database() {
        return HistoryDatabase.of(dir.resolve("sub/history.db").toString());
    }

    @Test
    void shouldRefuseADatabaseOfANewerSchemaInOneLine() throws Exception {
        HistoryDatabase db = database().open();
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO jvmmark_schema_history (installed_rank, version, description, type, script, checksum,"
                    + " installed_by, installed_on, execution_time, success) VALUES (99, '99', 'future', 'SQL', 'V99__future.sql', 0,"
                    + " 'x', CURRENT_TIMESTAMP, 0, 1)");
        }
        HistoryException e = assertThrows(HistoryException.class, () -> database().open());
        assertTrue(e.getMessage().contains("schema version 99, newer than this jvmmark's 3"), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void shouldRefuseAPasswordInThePostgresUrl() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HistoryDatabase.of("jdbc:postgresql://h/db?user=a&password=secret"));
        assertTrue(e.getMessage().contains("PGPASSWORD"), e.getMessage());
    }

    @Test
    void shouldRefuseAPasswordInTheUrlsUserInformation() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HistoryDatabase.of("jdbc:postgresql://bench:s3cret@db.lab/jvmmark"));
        assertTrue(e.getMessage().contains("PGPASSWORD") && !e.getMessage().contains("s3cret"), e.getMessage());
    }

    @Test
    void shouldMaskCredentialsInAPrintedTarget() {
        assertEquals("jdbc:postgresql://db.lab/jvmmark?user=a&password=***",
                HistoryDatabase.mask("jdbc:postgresql://bench:s3cret@db.lab/jvmmark?user=a&password=s3cret"));
    }
}
