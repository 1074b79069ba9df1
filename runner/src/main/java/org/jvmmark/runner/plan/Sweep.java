package org.jvmmark.runner.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.jvmmark.api.ParamType;
import org.jvmmark.api.Parameter;
import org.jvmmark.api.WorkloadInfo;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.jdk.GarbageCollector;
import org.jvmmark.runner.jdk.Jdk;

/**
 * The {@code --param} settings of a run, where a parameter given several values becomes a
 * dimension of the plan: one set of trials (every JDK, variant and fork) per value.
 *
 * <p>Two ways to give several values, which mean the same: a comma list for a numeric
 * ({@code INTEGER} or {@code NUMBER}) parameter, {@code --param rate=10000,50000,100000}, and a
 * repeated key, {@code --param rate=10000 --param rate=50000}. A repeated key sweeps parameters of
 * every type ({@code --param transport=chronicle --param transport=memory}); commas split numeric
 * values only, so a string value such as {@code jvmArgs=-Xlog:gc,safepoint} stays whole. A value
 * given twice counts once. Several swept keys multiply: every combination is a point.
 *
 * <p>A point's label ({@code rate=10000}, keys in the order first given, joined by {@code ,}) is
 * inserted into its trials' ids, {@code workload/jdk/variant/rate=10000/forkN}, so ids stay unique
 * and {@code --resume} matches them; a run that sweeps nothing keeps the plain ids. Immutable,
 * hence thread-safe.
 */
public final class Sweep {
    /** Each key with its values as written (comma lists not yet split), in the order given. */
    private final Map<String, List<String>> given;
    /** The run's profile, whose own lists ({@code connections=100,1000}) sweep too; {@code null}: none. */
    private final String profile;

    private Sweep(Map<String, List<String>> given, String profile) {
        this.given = given;
        this.profile = profile;
    }

    /**
     * This sweep plus the lists a workload's {@code profile} declares for numeric parameters the
     * user did not set (the http workload's quick profile runs {@code connections=100,1000}): a
     * profile can make a dimension of the plan as {@code --param} does.
     */
    public Sweep withProfile(String profile) {
        return new Sweep(given, profile);
    }

    /**
     * @param settings the {@code --param KEY=VALUE} arguments, in order
     * @throws UserException for a setting without {@code =} or an empty value in a comma list
     */
    public static Sweep parse(List<String> settings) {
        Map<String, List<String>> given = new LinkedHashMap<>();
        for (String s : settings) {
            int eq = s.indexOf('=');
            if (eq <= 0) {
                throw new UserException("malformed parameter '" + s + "': expected KEY=VALUE or KEY=V1,V2,...");
            }
            given.computeIfAbsent(s.substring(0, eq).trim(), k -> new ArrayList<>()).add(s.substring(eq + 1).trim());
        }
        return new Sweep(given, null);
    }

    /** One combination of values for one workload. {@code label} is empty when nothing is swept. */
    record Point(Map<String, String> overrides, String label) {
    }

    /**
     * The points of one workload: the cartesian product of the values of the keys it takes, first
     * key outermost. With several workloads selected, each takes only the keys it declares (the
     * others are checked by {@link #check}); with one, every key is its own, so an unknown key
     * fails with that workload's list of parameters.
     */
    List<Point> points(WorkloadInfo info, boolean single) {
        List<Point> points = List.of(new Point(Map.of(), ""));
        for (Map.Entry<String, List<String>> e : withProfileLists(info).entrySet()) {
            Parameter declared = declared(info, e.getKey());
            if (declared == null && !single) {
                continue;
            }
            List<String> values = values(e.getKey(), e.getValue(), declared == null ? ParamType.STRING : declared.type());
            List<Point> next = new ArrayList<>();
            for (Point p : points) {
                for (String v : values) {
                    Map<String, String> o = new LinkedHashMap<>(p.overrides());
                    o.put(e.getKey(), v);
                    String part = values.size() > 1 ? e.getKey() + "=" + v.replace('/', '_') : "";
                    next.add(new Point(o, p.label().isEmpty() || part.isEmpty() ? p.label() + part : p.label() + "," + part));
                }
            }
            points = next;
        }
        return points;
    }

    /** {@link #given}, then the profile's numeric lists for the keys not given. */
    private Map<String, List<String>> withProfileLists(WorkloadInfo info) {
        if (profile == null || !WorkloadInfo.PROFILES.contains(profile)) {
            return given;
        }
        Map<String, List<String>> keys = new LinkedHashMap<>(given);
        Map<String, String> declared = info.resolveParams(profile, Map.of());
        for (Parameter p : info.parameters()) {
            String value = declared.get(p.name());
            boolean numeric = p.type() == ParamType.INTEGER || p.type() == ParamType.NUMBER;
            if (numeric && !keys.containsKey(p.name()) && value != null && value.contains(",")) {
                keys.put(p.name(), List.of(value));
            }
        }
        return keys;
    }

    private static List<String> values(String key, List<String> written, ParamType type) {
        boolean numeric = type == ParamType.INTEGER || type == ParamType.NUMBER;
        Set<String> values = new LinkedHashSet<>();
        Set<String> seen = new LinkedHashSet<>();
        for (String w : written) {
            List<String> parts = numeric ? List.of(w.split(",", -1)) : List.of(w);
            for (String v : parts) {
                String value = v.trim();
                if (numeric && value.isEmpty()) {
                    throw new UserException("--param " + key + "=" + w + ": empty value in the list");
                }
                // 100_000 and 100000 are one value
                if (seen.add(numeric ? value.replace("_", "") : value)) {
                    values.add(value);
                }
            }
        }
        return List.copyOf(values);
    }

    private static Parameter declared(WorkloadInfo info, String key) {
        return info.parameters().stream().filter(p -> p.name().equals(key)).findFirst().orElse(null);
    }

    /** The keys given more than one value for some workload: the plan's swept dimensions. */
    public Set<String> sweptKeys(List<CatalogEntry> workloads) {
        Set<String> keys = new LinkedHashSet<>();
        for (CatalogEntry w : workloads) {
            for (Point p : points(w.info(), workloads.size() == 1)) {
                if (!p.label().isEmpty()) {
                    for (String part : p.label().split(",")) {
                        keys.add(part.substring(0, part.indexOf('=')));
                    }
                }
            }
        }
        return keys;
    }

    /**
     * Checks every key and every value of every point without any JDK, so a typo fails before JDKs
     * are searched and started.
     *
     * @throws UserException naming the valid parameters or the bad value
     */
    public void check(List<CatalogEntry> workloads, String profile, List<String> variantNames) {
        Map<String, String> anyValue = new LinkedHashMap<>();
        given.forEach((k, v) -> anyValue.put(k, v.get(0)));
        if (workloads.size() > 1) {
            Planner.checkOverridesKnown(workloads, anyValue);
        }
        for (CatalogEntry w : workloads) {
            for (String fixed : w.fixedParams().keySet()) {
                if (given.containsKey(fixed)) {
                    throw new UserException("--param " + fixed + " cannot be set for " + w.name() + ": it is given by --" + fixed);
                }
            }
            for (Point p : points(w.info(), workloads.size() == 1)) {
                Planner.checkParams(List.of(w), profile, withFixed(w, p), variantNames);
            }
        }
    }

    /**
     * The whole plan ({@code variantNames}: {@code --variant}, as the planner was made with): per workload, per point, the planner's trials (ids carrying the point's
     * label), then forks interleaved across all of them — fork 1 of every JVM at every point before
     * any fork 2.
     */
    public List<PlannedTrial> plan(Planner planner, List<CatalogEntry> workloads, List<Jdk> jdks, List<GarbageCollector> gcs,
                            List<List<String>> jvmArgSets, int forks, String profile, List<String> variantNames) {
        check(workloads, profile, variantNames);
        List<PlannedTrial> all = new ArrayList<>();
        for (CatalogEntry w : workloads) {
            for (Point p : points(w.info(), workloads.size() == 1)) {
                for (PlannedTrial t : planner.plan(List.of(w), jdks, gcs, jvmArgSets, forks, profile, withFixed(w, p))) {
                    all.add(p.label().isEmpty() ? t : t.withId(insertLabel(t.id(), p.label())));
                }
            }
        }
        return Planner.interleaveForks(all);
    }

    /** The point's values, then what the workload always gets (a {@code --task}'s class), which wins. */
    private static Map<String, String> withFixed(CatalogEntry w, Point p) {
        Map<String, String> all = new LinkedHashMap<>(p.overrides());
        all.putAll(w.fixedParams());
        return all;
    }

    /** {@code w/jdk/variant/fork1} → {@code w/jdk/variant/rate=10/fork1}. */
    private static String insertLabel(String id, String label) {
        int slash = id.lastIndexOf('/');
        return id.substring(0, slash) + "/" + label + id.substring(slash);
    }

    /**
     * The unit a shard takes whole: the workload and its swept values, so that every JVM and variant
     * compared at one point runs on the same machine.
     */
    public static String unitOf(PlannedTrial t, Set<String> sweptKeys) {
        return t.workload().name() + sweptKeys.stream().filter(t.params()::containsKey)
                .map(k -> " " + k + "=" + t.params().get(k)).collect(Collectors.joining());
    }
}
