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
import java.util.function.Consumer;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.NodeList;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.base.Privileges;

/**
 * Finds the JDKs on this machine where they usually live — {@code JAVA_HOME}, {@code java} on
 * {@code PATH}, {@code /usr/lib/jvm}, SDKMAN, IntelliJ's {@code ~/.jdks}, Gradle's toolchains,
 * {@code /opt}, macOS's {@code JavaVirtualMachines}, Maven's {@code toolchains.xml}, jvmmark's own
 * {@code ~/.cache/jvmmark/jdks}, asdf ({@code ~/.asdf/installs/java}), mise
 * ({@code ~/.local/share/mise/installs/java}), jenv ({@code ~/.jenv/versions}) and Homebrew or Linuxbrew
 * ({@code $HOMEBREW_PREFIX/opt/openjdk*}) — then starts each candidate once (in parallel) and folds symlinked
 * duplicates into one. Candidates that do not start are left out silently: {@code /opt} holds much
 * besides JDKs.
 *
 * <p>As root, a candidate whose {@code bin/java} (the file links resolve to) or any directory above it is owned by
 * another user, or writable by group or others (a sticky directory such as {@code /tmp} excepted), is not started:
 * its owner could otherwise make root run anything ({@link #untrusted}). Each one skipped is named in one line.
 * Immutable; {@link #discover()} may be called from any thread.
 */
public final class JdkDiscovery {
    private final Map<String, String> env;
    private final Path userHome;
    private final List<Path> roots;
    private final boolean asRoot;
    private final Consumer<String> skipped;

    /** Discovery over this process's environment and the standard locations; what is skipped is said on stderr. */
    public JdkDiscovery() {
        this(System.getenv(), Path.of(System.getProperty("user.home")),
                List.of(Path.of("/usr/lib/jvm"), Path.of("/opt"), Path.of("/Library/Java/JavaVirtualMachines")), Privileges.isRoot(),
                line -> System.err.println("jvmmark: warning: " + line));
    }

    /** For tests: another environment, home directory and system-wide roots, as a normal user. */
    JdkDiscovery(Map<String, String> env, Path userHome, List<Path> systemRoots) {
        this(env, userHome, systemRoots, false, line -> { });
    }

    /** For tests: also whether discovery runs as root, and where the lines naming what was skipped go. */
    JdkDiscovery(Map<String, String> env, Path userHome, List<Path> systemRoots, boolean asRoot, Consumer<String> skipped) {
        this.env = env;
        this.userHome = userHome;
        this.roots = systemRoots;
        this.asRoot = asRoot;
        this.skipped = skipped;
    }

    /** Every JDK found that starts, ordered by feature version, then label. */
    public List<Jdk> discover() {
        List<Path> homes = candidates();
        if (asRoot) {
            homes = homes.stream().filter(h -> {
                String why = Files.isExecutable(h.resolve("bin/java")) ? untrusted(h.resolve("bin/java")) : null;
                if (why != null) {
                    skipped.accept("skipped " + h.resolve("bin/java") + ": " + why + " (as root, jvmmark starts only a java"
                            + " that root owns and no one else can change; name it with --jdk PATH to run it anyway)");
                }
                return why == null;
            }).toList();
        }
        return probeAll(homes, false);
    }

    /**
     * Why root should not start {@code java}: the file links resolve to, or a directory above it, is owned by another
     * user, or writable by group or others (a sticky directory owned by root, such as {@code /tmp}, excepted: others
     * cannot move what is in it); null when nothing but root can change it.
     */
    static String untrusted(Path java) {
        try {
            Path real = java.toRealPath();
            for (Path p = real; p != null; p = p.getParent()) {
                int uid = (Integer) Files.getAttribute(p, "unix:uid");
                int mode = (Integer) Files.getAttribute(p, "unix:mode");
                String what = p.equals(real) ? real.toString() : "its directory " + p;
                if (uid != 0) {
                    return what + " is owned by uid " + uid;
                }
                boolean sticky = (mode & 01000) != 0 && !p.equals(real);
                if ((mode & 022) != 0 && !sticky) {
                    return what + " is writable by " + ((mode & 020) != 0 ? "its group" : "others");
                }
            }
            return null;
        } catch (IOException | RuntimeException e) {
            return "its owner cannot be read (" + e.getMessage() + ")";
        }
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
        children(c, dataDir("ASDF_DATA_DIR", ".asdf").resolve("installs/java"));
        children(c, dataDir("MISE_DATA_DIR", ".local/share/mise").resolve("installs/java"));
        children(c, userHome.resolve(".jenv/versions"));
        Set<Path> brews = new LinkedHashSet<>();
        if (env.get("HOMEBREW_PREFIX") != null && !env.get("HOMEBREW_PREFIX").isBlank()) {
            brews.add(Path.of(env.get("HOMEBREW_PREFIX")));
        }
        brews.addAll(List.of(Path.of("/home/linuxbrew/.linuxbrew"), userHome.resolve(".linuxbrew"), Path.of("/opt/homebrew"),
                Path.of("/usr/local")));
        brews.forEach(prefix -> homebrew(c, prefix));
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

    /** A version manager's data directory: the variable's value when set, else its default under the home directory. */
    private Path dataDir(String variable, String underHome) {
        String dir = env.get(variable);
        return dir != null && !dir.isBlank() ? Path.of(dir) : userHome.resolve(underHome);
    }

    /**
     * Homebrew's (and Linuxbrew's) JDKs: {@code PREFIX/opt/openjdk} and {@code openjdk@21} and the like, each keeping
     * its home in {@code libexec} (on macOS {@code libexec/openjdk.jdk}, whose {@code Contents/Home} is found later).
     */
    private static void homebrew(Set<Path> c, Path prefix) {
        Path opt = prefix.resolve("opt");
        if (!Files.isDirectory(opt)) {
            return;
        }
        Set<Path> formulae = new LinkedHashSet<>();
        children(formulae, opt);
        for (Path f : formulae) {
            if (f.getFileName().toString().startsWith("openjdk")) {
                Path libexec = f.resolve("libexec");
                c.add(Files.isDirectory(libexec.resolve("openjdk.jdk")) ? libexec.resolve("openjdk.jdk") : libexec);
            }
        }
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
