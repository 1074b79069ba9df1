package org.jvmmark.workloads.http.driver;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

import org.jvmmark.api.ParamCheck;

/**
 * The runner's check of {@code --param mix=FILE}: the file exists and is a valid {@link RequestMix}; its path is made
 * absolute (trials run in a directory of their own). Stateless and thread-safe.
 */
public final class RequestMixCheck implements ParamCheck {
    @Override
    public String check(String value) {
        Path file = Paths.get(value).toAbsolutePath().normalize();
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("http: mix file " + file + " does not exist");
        }
        RequestMix.read(file);
        return file.toString();
    }
}
