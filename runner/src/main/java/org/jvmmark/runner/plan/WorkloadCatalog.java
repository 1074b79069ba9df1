package org.jvmmark.runner.plan;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jvmmark.api.WorkloadInfo;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.base.Text;

/**
 * The workloads of a distribution, read from their own metadata — never a hand-kept list.
 *
 * <p>Each {@code <dist>/workloads/<module>/} directory gets an isolated {@link URLClassLoader} over
 * its jars whose parent is the runner's loader, so {@code org.jvmmark.api} resolves to the runner's
 * own classes and the annotations can be read. Workload classes are loaded without being
 * initialised and their dependencies are never linked: the runner stays free of, say, Chronicle
 * Queue, and one broken module cannot hide the others. Workloads of the {@code faults} module are
 * hidden from {@code list} and the default set.
 *
 * <p>Immutable after {@link #load}; thread-safe.
 */
public final class WorkloadCatalog {
    /** Modules whose workloads run only when named. */
    static final String HIDDEN_MODULE = "faults";

    private final Map<String, CatalogEntry> byName;
    private final List<String> problems;

    private WorkloadCatalog(Map<String, CatalogEntry> byName, List<String> problems) {
        this.byName = Collections.unmodifiableMap(byName);
        this.problems = List.copyOf(problems);
    }

    /** The distribution the launcher or the test set-up points at ({@code -Djvmmark.dist}). */
    public static Path distribution() {
        String dist = System.getProperty("jvmmark.dist");
        if (dist == null || dist.isBlank()) {
            throw new UserException("jvmmark.dist is not set: start jvmmark through ./jvmmark");
        }
        return Path.of(dist);
    }

    public static WorkloadCatalog load(Path dist) {
        Path root = dist.resolve("workloads");
        if (!Files.isDirectory(root)) {
            throw new UserException("no workloads built in " + root + ": run ./mvnw install (./jvmmark does so on first use)");
        }
        Map<String, CatalogEntry> byName = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        List<Path> modules = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(root, Files::isDirectory)) {
            s.forEach(modules::add);
        } catch (IOException e) {
            throw new UserException("cannot read " + root + ": " + e.getMessage());
        }
        modules.sort(Comparator.naturalOrder());
        for (Path module : modules) {
            loadModule(module, byName, problems);
        }
        return new WorkloadCatalog(byName, problems);
    }

    private static void loadModule(Path module, Map<String, CatalogEntry> byName, List<String> problems) {
        String moduleName = module.getFileName().toString();
        List<URL> jars = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(module, "*.jar")) {
            for (Path jar : s) {
                jars.add(jar.toUri().toURL());
            }
        } catch (IOException e) {
            problems.add("workloads/" + moduleName + ": " + e.getMessage());
            return;
        }
        // Not closed: the annotations read from these classes stay in use for the whole run.
        @SuppressWarnings("resource")
        URLClassLoader loader = new URLClassLoader("workloads-" + moduleName, jars.toArray(new URL[0]),
                WorkloadCatalog.class.getClassLoader());
        try {
            for (String className : registeredClasses(loader)) {
                try {
                    WorkloadInfo info = WorkloadInfo.of(Class.forName(className, false, loader));
                    CatalogEntry previous = byName.putIfAbsent(info.name(),
                            new CatalogEntry(info, moduleName, module, moduleName.equals(HIDDEN_MODULE)));
                    if (previous != null) {
                        problems.add("workload '" + info.name() + "' is declared twice (" + previous.module() + ", " + moduleName + ")");
                    }
                } catch (ClassNotFoundException | LinkageError | IllegalArgumentException e) {
                    problems.add("workloads/" + moduleName + ": " + className + ": " + Text.firstLine(String.valueOf(e.getMessage())));
                }
            }
        } catch (IOException e) {
            problems.add("workloads/" + moduleName + ": " + e.getMessage());
        }
    }

    private static List<String> registeredClasses(URLClassLoader loader) throws IOException {
        List<String> names = new ArrayList<>();
        // findResources, not getResources: only this module's jars, not the runner's own classpath
        Enumeration<URL> resources = loader.findResources(WorkloadInfo.REGISTRY);
        while (resources.hasMoreElements()) {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(resources.nextElement().openStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    String name = line.strip();
                    if (!name.isEmpty() && !name.startsWith("#")) {
                        names.add(name);
                    }
                }
            }
        }
        return names;
    }

    /**
     * This catalog plus the user's own workloads ({@link ExternalWorkloads}).
     *
     * @throws UserException when one of them has the name of a workload already known
     */
    public WorkloadCatalog with(List<CatalogEntry> external) {
        Map<String, CatalogEntry> all = new LinkedHashMap<>(byName);
        for (CatalogEntry e : external) {
            CatalogEntry previous = all.putIfAbsent(e.name(), e);
            if (previous != null) {
                throw new UserException("workload '" + e.name() + "' of " + e.classpathDir() + " has the name of "
                        + (previous.module().equals("external") || previous.module().equals("task") ? previous.classpathDir()
                        : "a built-in workload") + "; rename it (@Name)");
            }
        }
        return new WorkloadCatalog(all, problems);
    }

    /** All workloads, hidden ones included, in module order. */
    public List<CatalogEntry> all() {
        return List.copyOf(byName.values());
    }

    /** The workloads {@code list} shows and {@code run} runs by default. */
    public List<CatalogEntry> visible() {
        return byName.values().stream().filter(e -> !e.hidden()).collect(Collectors.toList());
    }

    /** Metadata that could not be read, one line each; shown as warnings. */
    public List<String> problems() {
        return problems;
    }

    /**
     * @throws UserException naming the valid workloads when {@code name} is unknown
     */
    public CatalogEntry get(String name) {
        CatalogEntry e = byName.get(name);
        if (e == null) {
            throw new UserException("unknown workload '" + name + "'; valid: "
                    + visible().stream().map(CatalogEntry::name).collect(Collectors.joining(", ")));
        }
        return e;
    }

}
