package org.jvmmark.report.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.jvmmark.report.Golden;
import org.jvmmark.report.builders.ModelBuilder;
import org.jvmmark.report.model.Section;
import org.jvmmark.results.Instruments;
import org.jvmmark.results.Results;
import org.jvmmark.results.ResultsReader;

/** The "Why" block, from a run with --gc-log --jfr --async-profiler on two JDKs, two forks each. */
class WhyBlockTest {

    @Test
    void shouldRenderFiguresAndWhatTheWorstSamplesFellInsidePerFork() throws Exception {
        Results results = ResultsReader.readDir(Golden.fixture("instruments"));
        Section s = ModelBuilder.build(results).sections().get(0);
        Golden.assertMatches("golden/why.md", WhyBlock.markdown(s));
        String html = WhyBlock.html(s);
        assertTrue(html.contains("<a href=\"logs/synthetic_temurin-11.0.13_default_fork1/jvm-flamegraph.html\">flame graph</a>"), html);
        assertTrue(html.contains("async-profiler (cpu) refused: Could not find agent library"), html);
    }

    @Test
    void shouldReadTheInstrumentsBlockIntoTheTypedModel() throws Exception {
        Instruments in = ResultsReader.readDir(Golden.fixture("instruments")).trials().get(0).provenance().instruments();
        assertEquals(3, in.on().size());
        assertTrue(in.instruments().get("gcLog").files().get("file").endsWith("jvm-gc.log"));
        assertTrue(in.instruments().get("jfr").figure("gcPauses.pauses") > 0);
        assertEquals(20, in.outliers().samples());
        assertEquals("jfr", in.outliers().source());
    }

    @Test
    void shouldSayNothingForTrialsWithoutInstruments() throws Exception {
        for (Section s : ModelBuilder.build(ResultsReader.readDir(Golden.fixture("baseline"))).sections()) {
            assertEquals("", WhyBlock.markdown(s));
            assertEquals("", WhyBlock.html(s));
        }
    }
}
