package org.jvmmark.results;

import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;

/**
 * The {@code jvm} block of a trial. Immutable, hence thread-safe.
 *
 * @param args the JVM's input arguments as it reported them
 * @param gc the names of its collector beans (e.g. "G1 Young Generation")
 * @param more what else the JVM said of itself (vendorVersion, vmVersion, pid, availableProcessors,
 *     maxHeapBytes ...), kept as plain JSON values
 */
public record JvmInfo(String home, String version, int feature, String vendor, String vmName, List<String> args,
                      List<String> gc, @JsonAnySetter @JsonAnyGetter java.util.Map<String, Object> more) {
    public JvmInfo {
        home = home == null ? "" : home;
        version = version == null ? "" : version;
        vendor = vendor == null ? "" : vendor;
        vmName = vmName == null ? "" : vmName;
        args = args == null ? List.of() : List.copyOf(args);
        gc = gc == null ? List.of() : List.copyOf(gc);
        more = JsonValues.copy(more);
    }

    public JvmInfo(String home, String version, int feature, String vendor, String vmName, List<String> args, List<String> gc) {
        this(home, version, feature, vendor, vmName, args, gc, java.util.Map.of());
    }

    /** A text field of {@link #more()} ("vmVersion", "vendorVersion"), or "" when absent. */
    public String fact(String name) {
        Object v = more.get(name);
        return v == null ? "" : v.toString();
    }

    /** "Temurin 25.0.1": the vendor as users call it, then the version. */
    public String label() {
        return shortVendor() + " " + (version.isEmpty() ? String.valueOf(feature) : version);
    }

    public String shortVendor() {
        String v = vendor.toLowerCase(Locale.ROOT);
        String vm = vmName.toLowerCase(Locale.ROOT);
        if (vm.contains("zero")) {
            return vendorName(v) + " (Zero VM)";
        }
        return vendorName(v);
    }

    private String vendorName(String v) {
        if (v.contains("adoptium") || v.contains("temurin")) {
            return "Temurin";
        } else if (v.contains("azul")) {
            return "Zulu";
        } else if (v.contains("amazon")) {
            return "Corretto";
        } else if (v.contains("graalvm")) {
            return "GraalVM";
        } else if (v.contains("bellsoft")) {
            return "Liberica";
        } else if (v.contains("microsoft")) {
            return "Microsoft";
        } else if (v.contains("sap")) {
            return "SapMachine";
        } else if (v.contains("debian") || v.contains("ubuntu")) {
            return "OpenJDK (" + vendor + ")";
        } else if (v.contains("oracle")) {
            return "Oracle";
        }
        return vendor.isEmpty() ? "unknown JVM" : vendor;
    }

    /** The collector by its flag name (G1, Parallel, Serial, ZGC, Shenandoah, Epsilon), from the bean names. */
    public String collector() {
        String all = String.join(" ", gc);
        if (all.contains("G1")) {
            return "G1";
        } else if (all.contains("ZGC")) {
            return "ZGC";
        } else if (all.contains("Shenandoah")) {
            return "Shenandoah";
        } else if (all.contains("PS ")) {
            return "Parallel";
        } else if (all.contains("Copy") || all.contains("MarkSweepCompact")) {
            return "Serial";
        } else if (all.contains("Epsilon")) {
            return "Epsilon";
        }
        return gc.isEmpty() ? "" : String.join("+", gc);
    }

    /**
     * The tuning flags (-XX:, -Xmx, -Xss ...), for results that do not say which flags the variant
     * asked for. The runner and the workloads add plumbing (-D, -cp, --add-exports, crash-log paths
     * ...) that would only hide what differs, and paths that differ per fork.
     */
    public List<String> tuningFlags() {
        return args.stream()
                .filter(a -> a.startsWith("-XX:") || (a.startsWith("-X") && !a.startsWith("-Xlog") && !a.startsWith("-Xshare")))
                .filter(a -> !a.startsWith("-XX:ErrorFile") && !a.startsWith("-XX:HeapDumpPath") && !a.startsWith("-XX:LogFile")
                        && !a.startsWith("-XX:ReplayDataFile"))
                .toList();
    }
}
