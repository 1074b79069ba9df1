package org.jvmmark.runner.jdk;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.jvmmark.runner.base.UserException;

/**
 * Resolves {@code --jdk all|FEATURE|PATH[,...]} into JDKs. Discovery runs only when a selector
 * needs it, so {@code --jdk /path} alone starts nothing but that JDK. Stateless and thread-safe.
 */
public final class JdkSelection {
    private JdkSelection() {
    }

    /**
     * @param selectors comma-separated lists as typed; empty means {@code all}
     * @throws UserException naming the valid choices for an unknown feature version or a path that is not a JDK
     */
    public static List<Jdk> select(List<String> selectors, Supplier<List<Jdk>> discovered) {
        List<String> items = new ArrayList<>();
        for (String s : selectors.isEmpty() ? List.of("all") : selectors) {
            for (String item : s.split(",")) {
                if (!item.isBlank()) {
                    items.add(item.trim());
                }
            }
        }
        if (items.isEmpty()) {
            throw new UserException("--jdk needs a value: all, a feature version (e.g. 17) or a JDK path");
        }
        Map<Path, Jdk> chosen = new LinkedHashMap<>();
        List<Jdk> found = null;
        for (String item : items) {
            if (item.equals("all") || item.matches("\\d+")) {
                if (found == null) {
                    found = discovered.get();
                    if (found.isEmpty()) {
                        throw new UserException("no JDK found on this machine; give one with --jdk PATH");
                    }
                }
                List<Jdk> matching = new ArrayList<>();
                int feature = item.equals("all") ? -1 : feature(item);
                for (Jdk j : found) {
                    if (item.equals("all") || j.feature() == feature) {
                        matching.add(j);
                    }
                }
                if (matching.isEmpty()) {
                    throw new UserException("no JDK " + item + " found; valid: all, "
                            + found.stream().map(j -> Integer.toString(j.feature())).distinct().collect(Collectors.joining(", "))
                            + " or a JDK path");
                }
                matching.forEach(j -> chosen.putIfAbsent(j.home(), j));
            } else {
                Path home = Path.of(item).toAbsolutePath().normalize();
                if (Files.isRegularFile(home) && home.getFileName().toString().equals("java") && home.getParent() != null
                        && home.getParent().getParent() != null) {
                    home = home.getParent().getParent();
                }
                if (!Files.exists(home)) {
                    throw new UserException("not a JDK: " + item + " (no such directory); valid: all, a feature version or a JDK path");
                }
                for (Jdk j : JdkDiscovery.probeAll(List.of(home), true)) {
                    chosen.putIfAbsent(j.home(), j);
                }
            }
        }
        return new ArrayList<>(chosen.values());
    }

    /** A feature version as typed; one too large for an int matches no JDK (-1) rather than failing to parse. */
    private static int feature(String digits) {
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
