package org.jvmmark.workloads.startup;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The settings users try to make a JVM start faster or smaller. Flags go to the launched programs,
 * not to the JVM that launches them. Whether a JVM supports a variant is never looked up in a table:
 * the workload tries, and a JVM that refuses makes the trial {@code unsupported} with its own words
 * (see {@link LaunchFailure}).
 *
 * <p>The archive variants first run the program once to train (write the archive into the trial's
 * work directory), then time runs that use it. They use it strictly ({@code -Xshare:on},
 * {@code -XX:AOTMode=on}): a JVM that silently fell back to running without the archive would
 * otherwise be reported as if the archive had helped.
 *
 * <p>Immutable.
 */
enum StartupVariant {
    DEFAULT("default"),
    XMX15M("xmx15m", "-Xmx15m", "-Xms15m"),
    CDS_OFF("cds-off", "-Xshare:off"),
    /** Dynamic AppCDS (JDK 13+): a top-layer archive of the application's classes, written at exit. */
    APPCDS("appcds"),
    /** The AOT cache of JEP 483/514 (JDK 25 one-step form): loaded and linked classes, profiles. */
    AOT("aot"),
    C1("c1", "-XX:TieredStopAtLevel=1"),
    SERIAL("serial", "-XX:+UseSerialGC");

    private final String id;
    private final List<String> flags;

    StartupVariant(String id, String... flags) {
        this.id = id;
        this.flags = Arrays.asList(flags);
    }

    String id() {
        return id;
    }

    /** Whether the variant needs a training run that writes an archive before the timed runs. */
    boolean trains() {
        return this == APPCDS || this == AOT;
    }

    /** The archive a training run for {@code program} writes, inside {@code workDir}. */
    Path archive(Path workDir, Program program) {
        return workDir.resolve(program.id() + (this == AOT ? ".aot" : ".jsa"));
    }

    /** Flags of the training run (empty for variants that do not train). */
    List<String> trainingFlags(Path archive) {
        switch (this) {
            case APPCDS:
                return List.of("-XX:ArchiveClassesAtExit=" + archive);
            case AOT:
                return List.of("-XX:AOTCacheOutput=" + archive);
            default:
                return List.of();
        }
    }

    /** Flags of the measured runs. */
    List<String> runFlags(Path archive) {
        switch (this) {
            case APPCDS:
                return List.of("-XX:SharedArchiveFile=" + archive, "-Xshare:on");
            case AOT:
                return List.of("-XX:AOTCache=" + archive, "-XX:AOTMode=on");
            default:
                return flags;
        }
    }

    static StartupVariant parse(String id) {
        for (StartupVariant v : values()) {
            if (v.id.equals(id)) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown startup variant '" + id + "'");
    }
}
