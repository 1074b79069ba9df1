package org.jvmmark.runner.tune;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.jvmmark.api.Better;
import org.jvmmark.api.Name;
import org.jvmmark.api.Profile;
import org.jvmmark.api.Question;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.TuneSpace;
import org.jvmmark.api.Workload;

/**
 * A workload with a known best setting, for {@code tune}'s tests: its figure {@code opNanos} is {@value #BASE_NANOS}
 * ns, 30 % less with the Parallel collector and a max heap of at least {@value #FAST_HEAP_MIB} MiB (read at start from
 * the JVM's own beans), times a planted fork-to-fork noise of {@value #NOISE} (lognormal, seeded by the trial's id, so
 * every run of the tests draws the same noise for the same fork). The figure is planted, not timed, so the truth holds
 * on a busy machine too. It keeps a {@value #HELD_MIB} MiB array, so a smaller heap fails the trial. Not thread-safe;
 * one instance runs one trial.
 */
@Name("planted")
@Summary("tune's known optimum: opNanos 30 % lower with Parallel and Xmx >= 192m")
@Question(name = "fastest", text = "Which settings give the lowest opNanos?", figures = "opNanos")
@TuneSpace({"gc=Parallel,Serial", "Xmx=16m,64m,256m"})
@Profile(name = "smoke", timeoutSeconds = 60, estimatedSeconds = 1)
@Profile(name = "quick", timeoutSeconds = 60, estimatedSeconds = 1)
@Profile(name = "standard", timeoutSeconds = 60, estimatedSeconds = 1)
public class PlantedOptimumWorkload implements Workload {
    static final double BASE_NANOS = 1000;
    static final double PLANTED_GAIN = 0.30;
    static final long FAST_HEAP_MIB = 192;
    static final int HELD_MIB = 24;
    static final double NOISE = 0.03;

    /** A jar of the planted workloads in {@code dir}, listed as a user's workload jar lists them. */
    /** A jar of the planted workloads in {@code dir}, listed as a user's workload jar lists them. */
    public static Path jar(Path dir) throws Exception {
        Path classes = Path.of(PlantedOptimumWorkload.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path jar = dir.resolve("planted.jar");
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(jar))) {
            zip.putNextEntry(new ZipEntry("META-INF/jvmmark/workloads"));
            zip.write((PlantedOptimumWorkload.class.getName() + "\n" + PlantedOptimumWorkload.Flat.class.getName() + "\n")
                    .getBytes(StandardCharsets.UTF_8));
            for (Class<?> c : List.of(PlantedOptimumWorkload.class, PlantedOptimumWorkload.Flat.class)) {
                String entry = c.getName().replace('.', '/') + ".class";
                zip.putNextEntry(new ZipEntry(entry));
                zip.write(Files.readAllBytes(classes.resolve(entry)));
            }
        }
        return jar;
    }

    /** Whether the settings change anything: false for {@link Flat}. */
    boolean planted() {
        return true;
    }

    @Override
    public void run(TrialContext ctx) {
        byte[] held = new byte[HELD_MIB << 20];
        boolean parallel = false;
        for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
            parallel |= b.getName().startsWith("PS ");
        }
        boolean big = Runtime.getRuntime().maxMemory() >= FAST_HEAP_MIB << 20;
        double truth = planted() && parallel && big ? BASE_NANOS * (1 - PLANTED_GAIN) : BASE_NANOS;
        double noise = Math.exp(NOISE * new Random(ctx.spec().trialId().hashCode()).nextGaussian());
        ctx.result().metric("opNanos", truth * noise + held.length * 0.0, "ns", Better.LOWER);
    }

    /** The same workload where every setting is equal. */
    @Name("flat")
    @Summary("tune's flat space: opNanos the same with every setting")
    @Question(name = "fastest", text = "Which settings give the lowest opNanos?", figures = "opNanos")
    @Profile(name = "smoke", timeoutSeconds = 60, estimatedSeconds = 1)
    @Profile(name = "quick", timeoutSeconds = 60, estimatedSeconds = 1)
    @Profile(name = "standard", timeoutSeconds = 60, estimatedSeconds = 1)
    public static final class Flat extends PlantedOptimumWorkload {
        @Override
        boolean planted() {
            return false;
        }
    }
}
