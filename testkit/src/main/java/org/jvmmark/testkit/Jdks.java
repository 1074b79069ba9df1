package org.jvmmark.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The JDKs on this machine the end-to-end tests run on: every home under {@code /usr/lib/jvm} and
 * jvmmark's own cache {@code ~/.cache/jvmmark/jdks} (where {@code scripts/install-jdks.sh} puts
 * Temurin 11 and 21). Stateless and thread-safe.
 */
public final class Jdks {
    private static final Pattern VERSION = Pattern.compile("JAVA_VERSION=\"(\\d+)");

    /** One JDK: its home and feature version. */
    public static final class Jdk {
        public final Path home;
        public final int feature;

        Jdk(Path home, int feature) {
            this.home = home;
            this.feature = feature;
        }

        @Override
        public String toString() {
            return feature + " (" + home + ")";
        }
    }

    private Jdks() {
    }

    /** Every JDK found, each home once (symbolic links resolved), in path order. */
    public static List<Jdk> all() throws IOException {
        Set<Path> homes = new LinkedHashSet<>();
        for (Path root : List.of(Paths.get("/usr/lib/jvm"), Paths.get(System.getProperty("user.home"), ".cache/jvmmark/jdks"))) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (Stream<Path> dirs = Files.list(root)) {
                for (Path d : (Iterable<Path>) dirs.sorted()::iterator) {
                    if (Files.isExecutable(d.resolve("bin/java")) && Files.isRegularFile(d.resolve("release"))) {
                        homes.add(d.toRealPath());
                    }
                }
            }
        }
        List<Jdk> jdks = new ArrayList<>();
        for (Path home : homes) {
            Matcher m = VERSION.matcher(Files.readString(home.resolve("release")));
            if (m.find()) {
                int feature = Integer.parseInt(m.group(1));
                jdks.add(new Jdk(home, feature == 1 ? 8 : feature));
            }
        }
        return jdks;
    }

    /** The JDK the tests run on. */
    public static Jdk current() {
        return new Jdk(Paths.get(System.getProperty("java.home")), Runtime.version().feature());
    }

    /** The first JDK of {@code feature}; the tests that need it fail with this line when it is missing. */
    public static Jdk required(int feature) throws IOException {
        Jdk jdk = feature(feature);
        if (jdk == null) {
            throw new AssertionError("this test needs a JDK " + feature + " under /usr/lib/jvm or ~/.cache/jvmmark/jdks; found " + all());
        }
        return jdk;
    }

    /** The first JDK of {@code feature}, or null. */
    public static Jdk feature(int feature) throws IOException {
        return all().stream().filter(j -> j.feature == feature).findFirst().orElse(null);
    }
}
