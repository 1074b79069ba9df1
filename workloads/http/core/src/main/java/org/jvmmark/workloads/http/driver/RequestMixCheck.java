package org.jvmmark.workloads.http.driver;

import java.nio.file.Path;

import org.jvmmark.api.ParamCheck;
import org.jvmmark.workloads.http.common.AppJarCheck;

/**
 * The runner's check of {@code --param mix=FILE}: the file exists and is a valid {@link RequestMix}; its path is made
 * absolute (trials run in a directory of their own). Stateless and thread-safe.
 */
public final class RequestMixCheck implements ParamCheck {
    @Override
    public String check(String value) {
        Path file = AppJarCheck.existing(value, "mix file");
        RequestMix.read(file);
        return file.toString();
    }
}
