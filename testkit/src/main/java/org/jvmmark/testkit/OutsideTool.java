package org.jvmmark.testkit;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * A program a test needs that jvmmark did not write — chromium, ngircd, ii, hyperfine — found on
 * this machine, or the one decision every such test makes when it is missing: on a developer's
 * machine the test is skipped (aborted, and JUnit says why); under {@code CI=true} it fails, since
 * CI installs every tool ({@code scripts/setup-tests.sh}) and a skipped test there would pass
 * silently. Stateless and thread-safe.
 */
public final class OutsideTool {
    private OutsideTool() {
    }

    /**
     * @param name the program, looked up on {@code PATH} when no candidate is executable
     * @param candidates where it usually lives, tried first (e.g. {@code /usr/sbin/ngircd}, which a
     *     normal user's {@code PATH} lacks)
     * @return the executable
     */
    public static Path require(String name, Path... candidates) {
        Path found = find(name, candidates);
        if (found == null) {
            missing(name + " is not installed (scripts/setup-tests.sh installs it)");
        }
        return found;
    }

    /**
     * Skips the test, or fails it under {@code CI=true}, with {@code why}: also for a tool that is
     * installed but cannot start here (a daemon that does not come up).
     */
    public static void missing(String why) {
        if (onCi()) {
            Assertions.fail(why + "; CI=true, where a missing tool fails the test instead of skipping it");
        }
        Assumptions.abort(why);
    }

    /** True when the environment says it is CI ({@code CI=true}, as GitHub Actions, GitLab and most others set). */
    static boolean onCi() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }

    /** The first executable candidate, else {@code name} on {@code PATH}, else {@code null}. */
    static Path find(String name, Path... candidates) {
        List<Path> places = new ArrayList<>(List.of(candidates));
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                if (!dir.isEmpty()) {
                    places.add(Paths.get(dir, name));
                }
            }
        }
        for (Path p : places) {
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }
}
