package org.jvmmark.api;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A workload's declaration, read from its annotations. The runner builds one per workload through
 * an isolated class loader without initialising the workload class; {@code jvmmark list}, parameter
 * checking and the per-JDK flags all come from here. Immutable.
 */
public final class WorkloadInfo {
    /** Resource listing a workload jar's workload classes, one fully qualified name per line. */
    public static final String REGISTRY = "META-INF/jvmmark/workloads";
    /** The profiles, in increasing size. */
    public static final List<String> PROFILES = Collections.unmodifiableList(Arrays.asList("smoke", "quick", "standard"));

    /** {@link BudgetCuts}'s order for a workload that declares none. */
    public static final List<String> DEFAULT_BUDGET_CUTS = List.of("levels", "variants", "forks");

    private final String className;
    private final String name;
    private final String summary;
    private final List<Parameter> parameters;
    private final Map<String, Profile> profiles;
    private final List<JvmArgs> jvmArgs;
    private final List<Variant> variants;
    private final List<Question> questions;
    private final List<String> budgetCuts;
    private final int requiresJdk;
    private final String driverClass;
    private final List<String> tuneSpace;
    private final String tuneObjective;
    private final List<String> tuneConstraints;

    private WorkloadInfo(Class<?> type) {
        Name n = type.getAnnotation(Name.class);
        Summary s = type.getAnnotation(Summary.class);
        if (n == null || s == null || !Workload.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException(type.getName() + " is not a workload: it must implement Workload and carry @Name and @Summary");
        }
        this.className = type.getName();
        this.name = n.value();
        this.summary = s.value();
        this.parameters = List.of(type.getAnnotationsByType(Parameter.class));
        Map<String, Profile> p = new LinkedHashMap<>();
        for (Profile profile : type.getAnnotationsByType(Profile.class)) {
            if (!PROFILES.contains(profile.name())) {
                throw new IllegalArgumentException(className + " declares unknown profile '" + profile.name() + "'");
            }
            p.put(profile.name(), profile);
        }
        this.profiles = Collections.unmodifiableMap(p);
        this.jvmArgs = jvmArgsOf(type);
        this.variants = List.of(type.getAnnotationsByType(Variant.class));
        this.questions = List.of(type.getAnnotationsByType(Question.class));
        BudgetCuts cuts = type.getAnnotation(BudgetCuts.class);
        this.budgetCuts = cuts == null ? DEFAULT_BUDGET_CUTS : List.of(cuts.value());
        RequiresJdk r = type.getAnnotation(RequiresJdk.class);
        this.requiresJdk = r == null ? 0 : r.value();
        Driver d = type.getAnnotation(Driver.class);
        this.driverClass = d == null ? null : d.value().getName();
        TuneSpace t = type.getAnnotation(TuneSpace.class);
        this.tuneSpace = t == null ? List.of() : List.of(t.value());
        this.tuneObjective = t == null || t.objective().isBlank() ? null : t.objective();
        this.tuneConstraints = t == null ? List.of() : List.of(t.constraints());
        for (Profile profile : profiles.values()) {
            resolveParams(profile.name(), Map.of());
        }
    }

    /**
     * The {@link JvmArgs} on {@code type} and on the annotation types it carries (one level), so
     * flags a library needs are declared once, on an annotation, and shared by every workload that
     * uses the library.
     */
    private static List<JvmArgs> jvmArgsOf(Class<?> type) {
        List<JvmArgs> all = new ArrayList<>();
        for (java.lang.annotation.Annotation a : type.getAnnotations()) {
            all.addAll(Arrays.asList(a.annotationType().getAnnotationsByType(JvmArgs.class)));
        }
        all.addAll(Arrays.asList(type.getAnnotationsByType(JvmArgs.class)));
        return List.copyOf(all);
    }

    public static WorkloadInfo of(Class<?> type) {
        return new WorkloadInfo(type);
    }

    private WorkloadInfo(WorkloadInfo other, String name, String summary) {
        this.className = other.className;
        this.name = name;
        this.summary = summary;
        this.parameters = other.parameters;
        this.profiles = other.profiles;
        this.jvmArgs = other.jvmArgs;
        this.variants = other.variants;
        this.questions = other.questions;
        this.budgetCuts = other.budgetCuts;
        this.requiresJdk = other.requiresJdk;
        this.driverClass = other.driverClass;
        this.tuneSpace = other.tuneSpace;
        this.tuneObjective = other.tuneObjective;
        this.tuneConstraints = other.tuneConstraints;
    }

    /**
     * The same declaration under another name and summary: one generic workload class (the
     * harness's {@code TaskWorkload}) shown and recorded as the user's task it runs.
     */
    public WorkloadInfo renamed(String newName, String newSummary) {
        return new WorkloadInfo(this, newName, newSummary);
    }

    public String className() {
        return className;
    }

    public String name() {
        return name;
    }

    public String summary() {
        return summary;
    }

    public List<Parameter> parameters() {
        return parameters;
    }

    public List<Variant> variants() {
        return variants;
    }

    /**
     * The questions the workload declares ({@link Question}), in declaration order; empty when it
     * declares none (the views then rank JVMs on the first latency p50, else the first metric).
     */
    public List<Question> questions() {
        return questions;
    }

    /** The order {@code --budget} cuts this workload's plan in ({@link BudgetCuts}), most expendable first. */
    public List<String> budgetCuts() {
        return budgetCuts;
    }

    public int requiresJdk() {
        return requiresJdk;
    }

    /** The dimensions {@code jvmmark tune} searches by default ({@link TuneSpace}); empty when the workload declares none. */
    public List<String> tuneSpace() {
        return tuneSpace;
    }

    /** The figure {@code jvmmark tune} optimises by default ({@link TuneSpace#objective()}), or null: the headline figure. */
    public String tuneObjective() {
        return tuneObjective;
    }

    /** The bounds {@code jvmmark tune} keeps by default ({@link TuneSpace#constraints()}); empty when none are declared. */
    public List<String> tuneConstraints() {
        return tuneConstraints;
    }

    /** The load driver's class for a client/server workload, or {@code null}. */
    public String driverClass() {
        return driverClass;
    }

    /** The trial time limit under {@code profile}. */
    public int timeoutSeconds(String profile) {
        Profile p = profiles.get(profile);
        return p == null ? 300 : p.timeoutSeconds();
    }

    /** Typical seconds of one trial under {@code profile} (see {@link Profile#estimatedSeconds()}). */
    public int estimatedSeconds(String profile) {
        Profile p = profiles.get(profile);
        int declared = p == null ? 0 : p.estimatedSeconds();
        return declared > 0 ? declared : Math.max(1, timeoutSeconds(profile) / 10);
    }

    /** The flags this workload needs on JDK feature version {@code feature}, in declaration order. */
    public List<String> jvmArgs(int feature) {
        List<String> args = new ArrayList<>();
        for (JvmArgs a : jvmArgs) {
            if (feature >= a.since() && feature <= a.until()) {
                args.addAll(Arrays.asList(a.value()));
            }
        }
        return args;
    }

    /**
     * Parameters for a trial: defaults, then the profile's settings, then {@code overrides}.
     *
     * @throws IllegalArgumentException with one line naming the valid choices, for an unknown
     *     profile, an unknown parameter or a value of the wrong type
     */
    public Map<String, String> resolveParams(String profile, Map<String, String> overrides) {
        if (!PROFILES.contains(profile)) {
            throw new IllegalArgumentException("unknown profile '" + profile + "'; valid: " + String.join(", ", PROFILES));
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (Parameter p : parameters) {
            values.put(p.name(), p.defaultValue());
        }
        Profile p = profiles.get(profile);
        if (p != null) {
            putAll(values, parseAssignments(p.params()), "profile " + profile);
        }
        putAll(values, overrides, "--param");
        return values;
    }

    private void putAll(Map<String, String> values, Map<String, String> settings, String origin) {
        for (Map.Entry<String, String> e : settings.entrySet()) {
            Parameter p = parameter(e.getKey());
            if (p == null) {
                throw new IllegalArgumentException(name + " has no parameter '" + e.getKey() + "' (" + origin + "); valid: "
                        + parameters.stream().map(Parameter::name).collect(Collectors.joining(", ")));
            }
            String problem = null;
            for (String value : listable(p) ? e.getValue().split(",", -1) : new String[] {e.getValue()}) {
                value = value.trim();
                problem = p.type().check(value);
                if (problem == null && p.choices().length > 0 && !Arrays.asList(p.choices()).contains(value)) {
                    problem = "valid: " + String.join(", ", p.choices());
                }
                if (problem != null) {
                    break;
                }
            }
            if (problem != null) {
                throw new IllegalArgumentException(name + ": bad value '" + e.getValue() + "' for " + e.getKey() + " (" + problem + ")");
            }
            values.put(e.getKey(), checked(p, e.getValue()));
        }
    }

    /** The value after the parameter's own {@link ParamCheck}, if it names one and the value is not empty. */
    private static String checked(Parameter p, String value) {
        if (p.check() == ParamCheck.class || value.trim().isEmpty()) {
            return value;
        }
        ParamCheck check;
        try {
            check = p.check().getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError ex) {
            throw new IllegalStateException("cannot make the check " + p.check().getName() + " of parameter " + p.name() + ": " + ex, ex);
        }
        return check.check(value.trim());
    }

    /**
     * Whether {@code name} may be given as a comma list of values, one set of trials each (the
     * runner's sweep): numbers, whose values never hold a comma. A profile may declare such a list.
     */
    public boolean isListable(String name) {
        Parameter p = parameter(name);
        return p != null && listable(p);
    }

    private static boolean listable(Parameter p) {
        return p.type() == ParamType.INTEGER || p.type() == ParamType.NUMBER;
    }

    private Parameter parameter(String key) {
        for (Parameter p : parameters) {
            if (p.name().equals(key)) {
                return p;
            }
        }
        return null;
    }

    /**
     * Parses {@code key=value} settings.
     *
     * @throws IllegalArgumentException for a setting without {@code =} or with an empty key
     */
    public static Map<String, String> parseAssignments(String... settings) {
        Map<String, String> map = new LinkedHashMap<>();
        for (String s : settings) {
            int eq = s.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("malformed parameter '" + s + "': expected KEY=VALUE");
            }
            map.put(s.substring(0, eq).trim(), s.substring(eq + 1).trim());
        }
        return map;
    }
}
