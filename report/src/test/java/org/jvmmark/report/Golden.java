package org.jvmmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Golden files under {@code src/test/resources}: a test fails on any difference. To accept a
 * deliberate change, regenerate them all and review the diff:
 * {@code ./mvnw -q -B -pl report test -Djvmmark.golden.update=true} then {@code git diff report/src/test/resources}.
 *
 * <p>Stateless and thread-safe.
 */
public final class Golden {
    static final Path RESOURCES = Path.of("src/test/resources");
    static final boolean UPDATE = Boolean.getBoolean("jvmmark.golden.update");

    private Golden() {
    }

    /** A committed fixture directory; when updating, the fixtures are regenerated first, whatever the test order. */
    public static synchronized Path fixture(String name) {
        if (UPDATE && !regenerated) {
            try {
                FixtureGenerator.write(RESOURCES.resolve("fixtures/baseline"), false);
                FixtureGenerator.write(RESOURCES.resolve("fixtures/regressed"), true);
                Files.createDirectories(RESOURCES.resolve("fixtures/showcase"));
                Files.writeString(RESOURCES.resolve("fixtures/showcase/results.json"), FixtureGenerator.showcaseJson());
                Files.createDirectories(RESOURCES.resolve("fixtures/http-questions"));
                Files.writeString(RESOURCES.resolve("fixtures/http-questions/results.json"), HttpQuestionFixture.json());
                Files.createDirectories(RESOURCES.resolve("fixtures/startup-questions"));
                Files.writeString(RESOURCES.resolve("fixtures/startup-questions/results.json"), FixtureGenerator.startupQuestionJson());
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            regenerated = true;
        }
        return RESOURCES.resolve("fixtures").resolve(name);
    }

    private static boolean regenerated;

    public static void assertMatches(String relative, String actual) throws IOException {
        Path golden = RESOURCES.resolve(relative);
        if (UPDATE) {
            Files.createDirectories(golden.getParent());
            Files.writeString(golden, actual);
        }
        String expected = Files.exists(golden) ? Files.readString(golden) : "(missing " + golden + ")";
        assertEquals(expected, actual, relative + " differs from its golden file; if the change is deliberate, "
                + "regenerate with -Djvmmark.golden.update=true and review the diff");
    }

    /** A scratch copy of a fixture directory, so rendering never writes into src/test/resources. */
    static Path copyFixture(String name, Path tmp) throws IOException {
        Path dir = tmp.resolve(name);
        Files.createDirectories(dir);
        Files.copy(fixture(name).resolve("results.json"), dir.resolve("results.json"));
        return dir;
    }

    /** Writes {@code dir/results.json} with this host block and these trial objects; returns {@code dir}. */
    static Path results(Path dir, String host, String... trials) throws IOException {
        java.nio.file.Files.createDirectories(dir);
        java.nio.file.Files.writeString(dir.resolve("results.json"), "{\"schema\": \"jvmmark/results/1\", \"profile\": \"smoke\", "
                + "\"host\": " + host + ", \"trials\": [" + String.join(", ", trials) + "]}");
        return dir;
    }

    /** One ok trial of workload w on Temurin 21.0.8 with these metrics and latency blocks (JSON object bodies). */
    static String trial(String id, String metrics, String latency) {
        return "{\"id\": \"" + id + "\", \"workload\": \"w\", \"status\": \"ok\", \"jvm\": {\"vendor\": \"Eclipse Adoptium\", "
                + "\"version\": \"21.0.8\", \"feature\": 21}, \"metrics\": {" + metrics + "}, \"latency\": {" + latency + "}}";
    }
}
