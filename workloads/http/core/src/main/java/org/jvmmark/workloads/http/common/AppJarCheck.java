package org.jvmmark.workloads.http.common;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

import org.jvmmark.api.ParamCheck;

/**
 * The runner's check of {@code --param app=JAR}: the jar exists, and its path is made absolute, since the trial's
 * JVM starts it from a directory of its own. Stateless and thread-safe.
 */
public final class AppJarCheck implements ParamCheck {
    @Override
    public String check(String value) {
        return existing(value, "app jar").toString();
    }

    /**
     * A file a parameter names, made absolute against the runner's working directory.
     *
     * @throws IllegalArgumentException "http: WHAT PATH does not exist"
     */
    public static Path existing(String value, String what) {
        Path file = Paths.get(value).toAbsolutePath().normalize();
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("http: " + what + " " + file + " does not exist");
        }
        return file;
    }
}
