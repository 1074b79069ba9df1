package org.jvmmark.workloads.startup;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.jvmmark.api.ValidationException;
import org.jvmmark.workloads.startup.programs.ProgramReport;

/**
 * What a launched program reported about itself (see {@link ProgramReport} for the format and
 * for when each figure is read). Immutable.
 */
final class LaunchReport {
    private final Properties values;

    private LaunchReport(Properties values) {
        this.values = values;
    }

    /** Reads a report; a missing file or a wrong schema is a failed launch. */
    static LaunchReport read(Path file) throws IOException, ValidationException {
        if (!Files.isRegularFile(file)) {
            throw new ValidationException("the program exited without writing its report " + file.getFileName());
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        if (!ProgramReport.SCHEMA.equals(p.getProperty("schema"))) {
            throw new ValidationException("report " + file.getFileName() + " has schema '" + p.getProperty("schema")
                    + "', expected " + ProgramReport.SCHEMA);
        }
        return new LaunchReport(p);
    }

    boolean has(String key) {
        return values.containsKey(key);
    }

    /** A numeric figure the program must have reported. */
    long number(String key) throws ValidationException {
        String v = values.getProperty(key);
        if (v == null) {
            throw new ValidationException("the program's report lacks '" + key + "'");
        }
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new ValidationException("the program's report has '" + key + "=" + v + "', not a whole number");
        }
    }

    String text(String key) {
        return values.getProperty(key, "");
    }
}
