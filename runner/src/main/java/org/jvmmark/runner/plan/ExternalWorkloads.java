package org.jvmmark.runner.plan;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.jvmmark.api.Name;
import org.jvmmark.api.Workload;
import org.jvmmark.api.WorkloadInfo;
import org.jvmmark.harness.LatencyTask;
import org.jvmmark.harness.TaskWorkload;
import org.jvmmark.results.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.base.Text;

/**
 * The user's own code, benchmarked like the built-in workloads (a picocli mixin of {@code run} and
 * {@code list}):
 * <ul>
 *   <li>{@code --workload-jar JAR} (repeatable): workloads annotated like the built-in ones — those
 *       listed in the jar's {@code META-INF/jvmmark/workloads}, or, without that file, every class in
 *       the jar that implements {@code Workload} and carries {@code @Name};</li>
 *   <li>{@code --task CLASS} (repeatable): a bare {@code LatencyTask}, run by the harness's
 *       {@code TaskWorkload} with the harness's options as parameters and recorded under the task's
 *       simple class name;</li>
 *   <li>{@code --workload-classpath}/{@code --classpath PATH[:PATH...]}: the rest of the user's
 *       classpath (their dependencies; for {@code --task} the task's own classes).</li>
 * </ul>
 * The JVM under test gets {@code <dist>/child/*} (jvmmark's api, harness and HdrHistogram, nothing
 * else of jvmmark), then the jar, then the user's classpath. The runner reads the annotations
 * through a class loader of its own over those and never initialises a user class. Not
 * thread-safe (picocli fills the fields); {@link #load} is a pure function of them.
 */
public final class ExternalWorkloads {
    @Option(names = "--workload-jar", paramLabel = "JAR", description = "A jar of your own workloads (repeatable).")
    private List<Path> jars = new ArrayList<>();

    @Option(names = {"--workload-classpath", "--classpath"}, paramLabel = "PATH[:PATH...]",
            description = "Your workloads' (or task's) classpath: jars, directories, dir/* (repeatable).")
    private List<String> classpath = new ArrayList<>();

    @Option(names = "--task", paramLabel = "CLASS",
            description = "Run a bare LatencyTask (found on --classpath) with the harness's options as parameters (repeatable).")
    private List<String> tasks = new ArrayList<>();

    /** The user's own code as recorded ({@code --resume}): a value of its own, the parsed options left as given. */
    public static ExternalWorkloads of(List<String> jars, List<String> classpath, List<String> tasks) {
        ExternalWorkloads w = new ExternalWorkloads();
        w.jars = new ArrayList<>(jars.stream().map(Path::of).toList());
        w.classpath = new ArrayList<>(classpath);
        w.tasks = new ArrayList<>(tasks);
        return w;
    }

    /** The user's code as a results file's command recorded it ({@code --resume}). */
    public static ExternalWorkloads of(Command.Shared recorded) {
        return of(recorded.workloadJars(), recorded.workloadClasspath(), recorded.tasks());
    }

    /** {@code --workload-jar} as given, as text (what {@code results.json}'s command records). */
    public List<String> jarNames() {
        return jars.stream().map(Path::toString).toList();
    }

    /** {@code --workload-classpath} as given. */
    public List<String> classpathEntries() {
        return List.copyOf(classpath);
    }

    /** {@code --task} as given. */
    public List<String> taskNames() {
        return List.copyOf(tasks);
    }

    /** With {@code --resume}: each of these options given again must repeat what {@code file} recorded. */
    public void refuseOther(ParseResult given, Path file, Command.Shared recorded) {
        ResumeSpec.refuseOther(given, file, "--workload-jar", jarNames(), recorded.workloadJars());
        ResumeSpec.refuseOther(given, file, "--workload-classpath", classpathEntries(), recorded.workloadClasspath());
        ResumeSpec.refuseOther(given, file, "--task", taskNames(), recorded.tasks());
    }

    public boolean given() {
        return !jars.isEmpty() || !tasks.isEmpty();
    }

    /**
     * @throws UserException for a missing file, a jar without workloads, an unknown task class, or
     *     a distribution without the child classpath
     */
    public List<CatalogEntry> load(Path dist) {
        if (!classpath.isEmpty() && !given()) {
            throw new UserException("--workload-classpath/--classpath needs --workload-jar JAR or --task CLASS");
        }
        List<String> userPath = userClasspath();
        List<Path> child = childJars(dist);
        String childCp = dist.resolve("child").resolve("*").toString();
        List<CatalogEntry> entries = new ArrayList<>();
        for (Path jar : jars) {
            if (!Files.isRegularFile(jar)) {
                throw new UserException("--workload-jar " + jar + ": no such file");
            }
            Path abs = jar.toAbsolutePath().normalize();
            URLClassLoader loader = loader(abs, userPath, child);
            String cp = String.join(File.pathSeparator, childCp, abs.toString()) + suffix(userPath);
            List<String> names = workloadClasses(abs, loader);
            if (names.isEmpty()) {
                throw new UserException("--workload-jar " + jar + ": no workload in it (a class implementing "
                        + Workload.class.getName() + " with @Name, listed in " + WorkloadInfo.REGISTRY + ")");
            }
            for (String name : names) {
                try {
                    WorkloadInfo info = WorkloadInfo.of(Class.forName(name, false, loader));
                    entries.add(new CatalogEntry(info, "external", abs, false, cp, Map.of()));
                } catch (ClassNotFoundException | LinkageError | IllegalArgumentException e) {
                    throw new UserException("--workload-jar " + jar + ": " + name + ": " + Text.firstLine(String.valueOf(e.getMessage())));
                }
            }
        }
        for (String task : tasks) {
            entries.add(task(task, userPath, child, childCp));
        }
        return entries;
    }

    private CatalogEntry task(String className, List<String> userPath, List<Path> child, String childCp) {
        URLClassLoader loader = loader(null, userPath, child);
        try {
            Class<?> type = Class.forName(className, false, loader);
            // the loader's parent is the runner's, which has the harness: the task's LatencyTask is the one imported here
            if (!LatencyTask.class.isAssignableFrom(type)) {
                throw new UserException("--task " + className + " does not implement " + LatencyTask.class.getName());
            }
            WorkloadInfo info = WorkloadInfo.of(TaskWorkload.class)
                    .renamed(type.getSimpleName(), "LatencyTask " + className + " run by the harness");
            return new CatalogEntry(info, "task", Path.of(childCp).getParent(), false, childCp + suffix(userPath),
                    Map.of("task", className));
        } catch (ClassNotFoundException e) {
            throw new UserException("--task " + className + ": class not found on "
                    + (userPath.isEmpty() ? "an empty classpath (add --classpath)" : "--classpath " + String.join(File.pathSeparator, userPath)));
        } catch (LinkageError e) {
            throw new UserException("--task " + className + ": " + Text.firstLine(String.valueOf(e.getMessage())));
        }
    }

    private static String suffix(List<String> userPath) {
        return userPath.isEmpty() ? "" : File.pathSeparator + String.join(File.pathSeparator, userPath);
    }

    /** The user's classpath entries as absolute paths ({@code dir/*} kept as a wildcard, as {@code java -cp} reads it). */
    private List<String> userClasspath() {
        List<String> out = new ArrayList<>();
        for (String cp : classpath) {
            for (String e : cp.split(File.pathSeparator)) {
                if (e.isBlank()) {
                    continue;
                }
                boolean wildcard = e.endsWith("/*") || e.equals("*");
                Path p = Path.of(wildcard ? e.substring(0, e.length() - 1) : e).toAbsolutePath().normalize();
                if (!Files.exists(p)) {
                    throw new UserException("--classpath entry " + e + ": no such file or directory");
                }
                out.add(wildcard ? p.resolve("*").toString() : p.toString());
            }
        }
        return out;
    }

    private static List<Path> childJars(Path dist) {
        Path dir = dist.resolve("child");
        List<Path> jars = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "*.jar")) {
            s.forEach(jars::add);
        } catch (IOException e) {
            // empty: reported below
        }
        if (jars.isEmpty()) {
            throw new UserException("no harness jars in " + dir + ": build with ./mvnw package (./jvmmark does so on first use)");
        }
        return jars;
    }

    /** Over the jar, the user's classpath and jvmmark's child jars; {@code org.jvmmark.api} resolves to the runner's. */
    @SuppressWarnings("resource") // the annotations read through it stay in use for the whole run
    private static URLClassLoader loader(Path jar, List<String> userPath, List<Path> child) {
        List<URL> urls = new ArrayList<>();
        try {
            if (jar != null) {
                urls.add(jar.toUri().toURL());
            }
            for (String e : userPath) {
                if (e.endsWith("*")) {
                    try (DirectoryStream<Path> s = Files.newDirectoryStream(Path.of(e).getParent(), "*.jar")) {
                        for (Path p : s) {
                            urls.add(p.toUri().toURL());
                        }
                    }
                } else {
                    urls.add(Path.of(e).toUri().toURL());
                }
            }
            for (Path p : child) {
                urls.add(p.toUri().toURL());
            }
        } catch (IOException e) {
            throw new UserException("cannot read the classpath: " + e.getMessage());
        }
        return new URLClassLoader("external-workloads", urls.toArray(new URL[0]), ExternalWorkloads.class.getClassLoader());
    }

    /** The jar's registry, or, without one, every class in it implementing Workload with {@code @Name}. */
    private static List<String> workloadClasses(Path jar, URLClassLoader loader) {
        List<String> names = new ArrayList<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            JarEntry registry = file.getJarEntry(WorkloadInfo.REGISTRY);
            if (registry != null) {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(file.getInputStream(registry), StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null; ) {
                        String name = line.strip();
                        if (!name.isEmpty() && !name.startsWith("#")) {
                            names.add(name);
                        }
                    }
                }
                return names;
            }
            for (Enumeration<JarEntry> en = file.entries(); en.hasMoreElements(); ) {
                String entry = en.nextElement().getName();
                if (!entry.endsWith(".class") || entry.contains("-") || entry.startsWith("META-INF/")) {
                    continue; // module-info, package-info, multi-release copies
                }
                String name = entry.substring(0, entry.length() - ".class".length()).replace('/', '.');
                try {
                    Class<?> c = Class.forName(name, false, loader);
                    if (Workload.class.isAssignableFrom(c) && c.isAnnotationPresent(Name.class)) {
                        names.add(name);
                    }
                } catch (ClassNotFoundException | LinkageError e) {
                    // a class whose dependencies are missing is no workload we could run
                }
            }
        } catch (IOException e) {
            throw new UserException("--workload-jar " + jar + ": not a readable jar (" + e.getMessage() + ")");
        }
        return names;
    }
}
