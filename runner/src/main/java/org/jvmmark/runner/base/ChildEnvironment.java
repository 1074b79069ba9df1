package org.jvmmark.runner.base;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The environment every process jvmmark starts gets: the runner's, without the secrets the runner itself uses and
 * without the variables a JVM takes options from.
 *
 * <p>{@code PGPASSWORD} and {@code PGPASSFILE} (the history database's password, and the file that holds it) and
 * {@code JVMMARK_HISTORY} (a URL that may name a user) are for the runner's history alone; the JVM under test, the
 * driver and the user's server have no use for them and would hand them to anything they run or log. {@code PGUSER}
 * and the like are not secrets and stay.
 *
 * <p>{@code JAVA_TOOL_OPTIONS}, {@code JDK_JAVA_OPTIONS} and {@code _JAVA_OPTIONS} ({@link #JAVA_OPTIONS}) change
 * what a JVM under test runs as (an exported {@code -Xint} makes every fork an interpreter) without a word on the
 * command line jvmmark builds: they are removed unless the run was started with {@code --inherit-java-env}
 * ({@link #inheritJavaOptions}), and the run says which were set ({@link #javaOptions}). The launcher moves them aside
 * for the runner's own JVM (as {@code JVMMARK_CALLER_<name>}, {@link #CALLER_PREFIX}), so the runner does not run
 * under them either and they are still known here.
 *
 * <p>Thread-safe: the one setting is a volatile flag, set once by a session before its first child.
 */
public final class ChildEnvironment {
    /** The variables removed. */
    public static final List<String> REMOVED = List.of("PGPASSWORD", "PGPASSFILE", "JVMMARK_HISTORY");
    /** The variables a JVM takes options from, removed unless inherited. */
    public static final List<String> JAVA_OPTIONS = List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");
    /** The launcher's name for a variable of {@link #JAVA_OPTIONS} it moved aside from the runner's own JVM. */
    public static final String CALLER_PREFIX = "JVMMARK_CALLER_";


    private static volatile boolean inherit;

    private ChildEnvironment() {
    }

    /**
     * Whether the children started from now on get the caller's {@link #JAVA_OPTIONS} ({@code --inherit-java-env}).
     * A session sets it before it starts any child; the default is not to.
     */
    public static void inheritJavaOptions(boolean inheritThem) {
        inherit = inheritThem;
    }

    /**
     * The {@link #JAVA_OPTIONS} the caller had set to something, in that order, from {@code environment} (the runner's
     * {@link System#getenv()}): each under its own name, or as the launcher moved it aside.
     */
    public static Map<String, String> javaOptions(Map<String, String> environment) {
        Map<String, String> found = new LinkedHashMap<>();
        for (String name : JAVA_OPTIONS) {
            String value = environment.containsKey(CALLER_PREFIX + name) ? environment.get(CALLER_PREFIX + name) : environment.get(name);
            if (value != null && !value.isBlank()) { // set but empty changes nothing
                found.put(name, value);
            }
        }
        return found;
    }

    /**
     * Removes {@link #REMOVED} from {@code environment} (a {@link ProcessBuilder#environment()}), and the
     * {@link #JAVA_OPTIONS} unless they are inherited (then the caller's values, as {@link #javaOptions} finds them).
     */
    public static void scrub(Map<String, String> environment) {
        scrub(environment, inherit);
    }

    static void scrub(Map<String, String> environment, boolean inheritJava) {
        REMOVED.forEach(environment::remove);
        Map<String, String> caller = javaOptions(environment);
        for (String name : JAVA_OPTIONS) {
            environment.remove(CALLER_PREFIX + name);
            environment.remove(name);
        }
        if (inheritJava) {
            environment.putAll(caller);
        }
    }
}
