package org.jvmmark.workloads.startup;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jvmmark.workloads.startup.programs.ProgramReport;

/**
 * Writes the launched programs' whole class path: a jar holding only the classes of the
 * {@code programs} package, copied from wherever this workload's classes live (its jar, or a
 * classes directory under test). Without it the launched JVM would open jvmmark's jars too, and
 * the footprint figures would be jvmmark's rather than the program's. A jar rather than a
 * directory because CDS archives classes from jars only. Stateless.
 */
final class ProgramJar {
    static final String PACKAGE_PATH = ProgramReport.class.getPackageName().replace('.', '/') + "/";

    private ProgramJar() {
    }

    /** Writes the jar to {@code target}; returns the entries written. */
    static List<String> write(Path target) throws IOException {
        Path source = codeSource();
        List<String> names = new ArrayList<>();
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(target))) {
            if (Files.isDirectory(source)) {
                List<Path> files;
                try (Stream<Path> walk = Files.walk(source.resolve(PACKAGE_PATH))) {
                    files = walk.filter(Files::isRegularFile).sorted().collect(Collectors.toList());
                }
                for (Path f : files) {
                    String name = source.relativize(f).toString().replace('\\', '/');
                    try (InputStream in = Files.newInputStream(f)) {
                        copy(jar, name, in);
                    }
                    names.add(name);
                }
            } else {
                try (JarFile own = new JarFile(source.toFile())) {
                    for (Enumeration<JarEntry> e = own.entries(); e.hasMoreElements(); ) {
                        JarEntry entry = e.nextElement();
                        if (entry.getName().startsWith(PACKAGE_PATH) && !entry.isDirectory()) {
                            try (InputStream in = own.getInputStream(entry)) {
                                copy(jar, entry.getName(), in);
                            }
                            names.add(entry.getName());
                        }
                    }
                }
            }
        }
        if (names.stream().noneMatch(n -> n.endsWith(".class"))) {
            throw new IllegalStateException("no program classes found under " + source + "/" + PACKAGE_PATH);
        }
        return names;
    }

    private static void copy(JarOutputStream jar, String name, InputStream in) throws IOException {
        jar.putNextEntry(new JarEntry(name));
        in.transferTo(jar);
        jar.closeEntry();
    }

    private static Path codeSource() {
        try {
            return Paths.get(ProgramReport.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the startup programs' classes: " + e.getMessage(), e);
        }
    }
}
