package org.jvmmark.workloads.http.server;

import java.io.DataInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

/**
 * Reads which Java a server's jars need from their class files, so a JDK too old for a server gets
 * an {@code unsupported} row that names the jar ("tomcat-embed-core-11.0.27.jar is compiled for
 * Java 17") instead of a class-loading failure. Stateless and thread-safe.
 */
final class ServerJars {
    private ServerJars() {
    }

    /** A jar and the Java feature version its classes need. */
    static final class Requirement {
        final String jar;
        final int feature;

        Requirement(String jar, int feature) {
            this.jar = jar;
            this.feature = feature;
        }
    }

    /** The jars of this JVM's class path under {@code .../servers/<server>/}. */
    static List<Path> of(String server) {
        List<Path> jars = new ArrayList<>();
        String marker = File.separator + "servers" + File.separator + server + File.separator;
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (entry.contains(marker) && entry.endsWith(".jar")) {
                jars.add(Paths.get(entry));
            }
        }
        return jars;
    }

    /**
     * The server's jar needing the newest Java, or {@code null} for none. jvmmark's own adapter jar
     * is left out (it follows the server), and among jars needing the same Java the largest is
     * named: the server itself rather than, say, its annotations.
     */
    static Requirement newest(List<Path> jars) throws IOException {
        Requirement newest = null;
        long newestSize = -1;
        for (Path jar : jars) {
            if (jar.getFileName().toString().startsWith("jvmmark-")) {
                continue;
            }
            int feature = feature(jar);
            long size = Files.size(jar);
            if (newest == null || feature > newest.feature || feature == newest.feature && size > newestSize) {
                newest = new Requirement(jar.getFileName().toString(), feature);
                newestSize = size;
            }
        }
        return newest;
    }

    /** The newest class file version among the jar's base classes (not its multi-release ones), as a Java feature. */
    static int feature(Path jar) throws IOException {
        if (!Files.isRegularFile(jar)) {
            return 0;
        }
        int major = 0;
        try (JarFile j = new JarFile(jar.toFile())) {
            int looked = 0;
            for (Enumeration<? extends ZipEntry> e = j.entries(); e.hasMoreElements() && looked < 50; ) {
                ZipEntry entry = e.nextElement();
                String name = entry.getName();
                if (!name.endsWith(".class") || name.startsWith("META-INF/") || name.endsWith("module-info.class")) {
                    continue;
                }
                looked++;
                try (InputStream in = j.getInputStream(entry)) {
                    DataInputStream data = new DataInputStream(in);
                    if (data.readInt() == 0xCAFEBABE) {
                        data.readUnsignedShort();
                        major = Math.max(major, data.readUnsignedShort());
                    }
                }
            }
        }
        return major == 0 ? 0 : major - 44;
    }
}
