package org.jvmmark.runner.jdk;

import java.nio.file.Path;
import org.jvmmark.results.JvmFacts;

/**
 * One JDK (or JRE) found on this machine and proven to start. Immutable.
 *
 * @param home the real path of its home directory (symlinks resolved)
 * @param vendor {@code IMPLEMENTOR} from its {@code release} file, else its {@code java.vendor}
 * @param version {@code JAVA_VERSION}, e.g. {@code 25.0.3}
 * @param feature the feature release, e.g. {@code 25}
 * @param vmName {@code java.vm.name}, e.g. {@code OpenJDK 64-Bit Server VM}
 * @param label short name used in trial ids, e.g. {@code temurin-25.0.3}
 * @param facts what the JDK chose by itself when it was described (CDS archive, collector, heap ...), or null
 *     when unknown
 */
public record Jdk(Path home, String vendor, String version, int feature, String vmName, String label, JvmFacts facts) {

    /** A JDK whose own facts are unknown. */
    public Jdk(Path home, String vendor, String version, int feature, String vmName, String label) {
        this(home, vendor, version, feature, vmName, label, null);
    }

    /** The same JDK under another label (a second install of one version). */
    public Jdk withLabel(String newLabel) {
        JvmFacts f = facts == null ? null : new JvmFacts(facts.home(), newLabel, facts.cdsArchives(), facts.sharing(), facts.gc(),
                facts.maxHeapBytes(), facts.compressedOops(), facts.compressedClassPointers(), facts.compactObjectHeaders(),
                facts.tieredCompilation(), facts.tieredStopAtLevel(), facts.container());
        return new Jdk(home, vendor, version, feature, vmName, newLabel, f);
    }

    public Path java() {
        return home.resolve("bin").resolve("java");
    }
}
