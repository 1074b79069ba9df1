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
        Path jar = Paths.get(value).toAbsolutePath().normalize();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException("http: app jar " + jar + " does not exist");
        }
        return jar.toString();
    }
}
