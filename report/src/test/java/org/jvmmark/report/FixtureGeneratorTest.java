package org.jvmmark.report;

import java.io.IOException;

import org.junit.jupiter.api.Test;

class FixtureGeneratorTest {
    @Test
    void shouldReproduceTheCommittedBaselineFixture() throws IOException {
        Golden.assertMatches("fixtures/baseline/results.json", FixtureGenerator.json(false));
    }

    @Test
    void shouldReproduceTheCommittedRegressedFixture() throws IOException {
        Golden.assertMatches("fixtures/regressed/results.json", FixtureGenerator.json(true));
    }

    @Test
    void shouldReproduceTheCommittedShowcaseFixture() throws IOException {
        Golden.assertMatches("fixtures/showcase/results.json", FixtureGenerator.showcaseJson());
    }
}
