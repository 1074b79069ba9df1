package org.jvmmark.runner.jdk;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.NodeList;
import org.jvmmark.runner.UserException;

/**
 * Finds the JDKs on this machine where they usually live — {@code JAVA_HOME}, {@code java} on
 * {@code PATH}, {@code /usr/lib/jvm}, SDKMAN, IntelliJ's {@code ~/.jdks}, Gradle's toolchains,
 * {@code /opt}, macOS's {@code JavaVirtualMachines}, Maven's {@code toolchains.xml} and jvmmark's own
 * {@code ~/.cache/jvmmark/jdks} — then starts each candidate once (in parallel) and folds symlinked
 * duplicates into one. Candidates that do not start are left out silently: {@code /opt} holds much
 * besides JDKs. Immutable; {@link #discover()} may be called from any thread.
 */
public final class JdkDiscovery {
    private final Map<String, String> env;
    private final Path userHome;
    private final List<Path> roots;

    /** Discovery over this process's environment and the standard locations. */
    public JdkDiscovery() {
        this(System.getenv(), Path.of(System.getProperty("user.home")),
                List.of(Path.of("/usr/lib/jvm"), Path.of("/opt"), Path.of("/Library/Java/JavaVirtualMachines")));
    }

    /** For tests: another environment, home directory and system-wide roots. */
    JdkDiscovery(Map<String, String> env, Path userHome, List<Path> systemRoots) {
        this.env = env;
        this.userHome = userHome;
        this.roots = systemRoots;
    }

    /** Every JDK found that starts, ordered by feature version, then label. */
    public List<Jdk> discover() {
        return probeAll(candidates(), false);
    }

    /** Where JDKs might be, in the order of the issue's list; not yet checked. */
    List<Path> candidates() {
        Set<Path> c = new LinkedHashSet<>();
        addHome(c, env.get("JAVA_HOME"));
        String path = env.get("PATH");
        if (path != null) {
            for (String dir : path.split(":")) {
                if (!dir.isEmpty()) {
                    Path java = Path.of(dir, "java");
                    if (Files.isExecutable(java)) {
                        try {
                            c.add(java.toRealPath().getParent().getParent());
                        } catch (IOException | NullPointerException e) {
                            // a dangling link on PATH: not a JDK
                        }
                    }
                }
            }
        }
        for (Path root : roots) {
            children(c, root);
        }
        children(c, userHome.resolve(".sdkman/candidates/java"));
        children(c, userHome.resolve(".jdks"));
        children(c, userHome.resolve(".gradle/jdks"));
        c.addAll(toolchains(userHome.resolve(".m2/toolchains.xml")));
        children(c, userHome.resolve(".cache/jvmmark/jdks"));
        addHome(c, System.getProperty("java.home"));
        List<Path> homes = new ArrayList<>();
        for (Path p : c) {
            // macOS bundles keep the home two levels down
            Path mac = p.resolve("Contents/Home");
            homes.add(Files.isDirectory(mac) ? mac : p);
        }
        return homes;
    }

    /**
     * Probes the given homes. With {@code strict}, the first that is not a JDK aborts with a
     * {@link UserException}; otherwise such candidates are skipped.
     */
    public static List<Jdk> probeAll(List<Path> homes, boolean strict) {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(4, homes.size())), r -> {
            Thread t = new Thread(r, "jdk-probe");
            t.setDaemon(true);
            return t;
        });
        try {
            Map<Path, Future<Jdk>> futures = new LinkedHashMap<>();
            for (Path home : homes) {
                if (Files.isExecutable(home.resolve("bin/java"))) {
                    futures.put(home, pool.submit(() -> JdkProbe.probe(home)));
                } else if (strict) {
                    throw new UserException("not a JDK: " + home + " (no bin/java)");
                }
            }
            Map<Path, Jdk> byRealHome = new LinkedHashMap<>();
            for (Map.Entry<Path, Future<Jdk>> f : futures.entrySet()) {
                try {
                    Jdk jdk = f.getValue().get();
                    byRealHome.putIfAbsent(jdk.home(), jdk);
                } catch (ExecutionException e) {
                    if (strict) {
                        throw new UserException("not a JDK: " + f.getKey() + " (" + e.getCause().getMessage() + ")");
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new UserException("interrupted while looking for JDKs");
                }
            }
            List<Jdk> jdks = new ArrayList<>(byRealHome.values());
            jdks.sort(Comparator.comparingInt(Jdk::feature).thenComparing(Jdk::label).thenComparing(j -> j.home().toString()));
            return disambiguate(jdks);
        } finally {
            pool.shutdownNow();
        }
    }

    /** Two JDKs of the same vendor and version (in different places) get {@code -2}, {@code -3}... */
    private static List<Jdk> disambiguate(List<Jdk> jdks) {
        Map<String, Integer> seen = new LinkedHashMap<>();
        List<Jdk> out = new ArrayList<>();
        for (Jdk j : jdks) {
            int n = seen.merge(j.label(), 1, Integer::sum);
            out.add(n == 1 ? j : j.withLabel(j.label() + "-" + n));
        }
        return out;
    }

    private static void addHome(Set<Path> c, String home) {
        if (home != null && !home.isBlank()) {
            c.add(Path.of(home));
        }
    }

    private static void children(Set<Path> c, Path dir) {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            List<Path> sorted = new ArrayList<>();
            s.forEach(sorted::add);
            sorted.sort(Comparator.naturalOrder());
            for (Path p : sorted) {
                if (Files.isDirectory(p) && !p.getFileName().toString().startsWith(".")) {
                    c.add(p);
                }
            }
        } catch (IOException e) {
            // unreadable: nothing found there
        }
    }

    /** The {@code jdkHome} of each toolchain in Maven's {@code toolchains.xml}. */
    static List<Path> toolchains(Path file) {
        List<Path> homes = new ArrayList<>();
        if (!Files.isRegularFile(file)) {
            return homes;
        }
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            NodeList nodes = f.newDocumentBuilder().parse(file.toFile()).getElementsByTagName("jdkHome");
            for (int i = 0; i < nodes.getLength(); i++) {
                String home = nodes.item(i).getTextContent().trim();
                if (!home.isEmpty() && !home.contains("${")) {
                    homes.add(Path.of(home));
                }
            }
        } catch (Exception e) {
            // a broken toolchains.xml is Maven's problem, not a reason to stop finding JDKs
        }
        return homes;
    }
}
