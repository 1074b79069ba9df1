package org.jvmmark.runner.jdk;

import java.nio.file.Path;

/**
 * One JDK (or JRE) found on this machine and proven to start. Immutable.
 *
 * @param home the real path of its home directory (symlinks resolved)
 * @param vendor {@code IMPLEMENTOR} from its {@code release} file, else its {@code java.vendor}
 * @param version {@code JAVA_VERSION}, e.g. {@code 25.0.3}
 * @param feature the feature release, e.g. {@code 25}
 * @param vmName {@code java.vm.name}, e.g. {@code OpenJDK 64-Bit Server VM}
 * @param label short name used in trial ids, e.g. {@code temurin-25.0.3}
 */
public record Jdk(Path home, String vendor, String version, int feature, String vmName, String label) {

    public Path java() {
        return home.resolve("bin").resolve("java");
    }
}
