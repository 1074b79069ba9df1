package org.jvmmark.runner.fork;

import java.util.List;
import java.util.Map;

/**
 * The environment every process jvmmark starts gets: the runner's, without the secrets the runner
 * itself uses. {@code PGPASSWORD} and {@code PGPASSFILE} (the history database's password, and the
 * file that holds it) and {@code JVMMARK_HISTORY} (a URL that may name a user) are for the runner's
 * history alone; the JVM under test, the driver and the user's server have no use for them and would
 * hand them to anything they run or log. {@code PGUSER} and the like are not secrets and stay. A
 * user's server that needs its own credentials gets them from its own configuration.
 *
 * <p>Stateless and thread-safe.
 */
public final class ChildEnvironment {
    /** The variables removed. */
    public static final List<String> REMOVED = List.of("PGPASSWORD", "PGPASSFILE", "JVMMARK_HISTORY");

    private ChildEnvironment() {
    }

    /** Removes {@link #REMOVED} from {@code environment} (a {@link ProcessBuilder#environment()}). */
    public static void scrub(Map<String, String> environment) {
        REMOVED.forEach(environment::remove);
    }
}
