package org.jvmmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.report.judge.Evidence;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.results.Results;
import org.jvmmark.results.ResultsReader;
import org.jvmmark.report.builders.Figures;
import org.jvmmark.report.model.Headline;
import org.jvmmark.report.builders.ModelBuilder;
import org.jvmmark.report.model.ReportModel;
import org.jvmmark.report.model.Section;
import org.jvmmark.report.words.Words;

/**
 * The main job of a host whose probe level flips (real data, fixtures/flipping-host: AMD EPYC, 26 of 82 forks changed
 * level while they ran), where every headline read "too few forks to tell": a figure the level does not move keeps the
 * forks that changed level and is answered; one the level may move leaves them out and says so.
 */
class FlippingHostTest {
    @TempDir
    static Path tmp;
    private static ReportModel model;
    private static Results results;

    @BeforeAll
    static void read() throws Exception {
        Path file = tmp.resolve("results.json");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(Golden.fixture("flipping-host").resolve("results.json.gz")))) {
            Files.copy(in, file);
        }
        results = ResultsReader.read(file);
        model = ModelBuilder.build(results);
    }

    private static Headline headline(String workload) {
        return model.sections().stream().filter(s -> s.workload().equals(workload)).findFirst().orElseThrow().headlines()
                .get(0);
    }

    /** The evidence of {@code workload}'s first headline, as the report judged it. */
    private static Evidence evidence(String workload) {
        Section s = model.sections().stream().filter(x -> x.workload().equals(workload)).findFirst().orElseThrow();
        Headline h = s.headlines().get(0);
        return Figures.evidence(h.figure(), s.rows());
    }

    @Test
    void shouldAnswerSyntheticWhoseFiguresTheLevelDoesNotMove() {
        Headline h = headline("synthetic");
        assertEquals(Headline.Outcome.NO_DIFFERENCE, h.outcome(), Words.headline(h));
        assertEquals(0, h.judgement().leftOut(), "the forks that changed level are kept: " + Words.headline(h));
        Evidence e = evidence("synthetic");
        assertTrue(Judge.levelBounded(e), "synthetic's p50 read 2,117 ns on both levels");
        double[] effect = Judge.levelEffect(e);
        assertTrue(effect[0] > 0.98 && effect[1] < 1.02, effect[0] + "–" + effect[1]);
    }

    @Test
    void shouldLeaveOutOfQueueLatencyTheForksThatChangedLevelAndSaySo() {
        Evidence e = evidence("queue-latency");
        assertTrue(!Judge.levelBounded(e), "queue-latency's p50 follows the level, about 450 ns or 1,100 ns");
        assertTrue(Judge.levelEffect(e)[0] > 2, "the upper level more than doubles it: " + Judge.levelEffect(e)[0]);
        int leftOut = e.rows().stream().mapToInt(r -> Judge.leftOut(e, r.id())).sum();
        assertEquals(6, leftOut, "the queue-latency forks whose probe read one level before and the other after");
    }

    @Test
    void shouldKeepStartupsForksWhereTheLevelMovesItLessThanItsNoise() {
        // hello startup time moved 3 % (90 % CI 0.8–5.6 %) with the level on its 12 forks on one level, its fork noise 1.7 %:
        // not within ±2 %, not wholly past the noise either, so a fork that changed level counts half on each level
        Headline h = headline("startup");
        assertEquals(0, h.judgement().leftOut(), Words.headline(h));
        assertTrue(h.outcome() != Headline.Outcome.TOO_FEW_FORKS, Words.headline(h));
        assertTrue(h.judgement().forksCandidate() >= 3 && h.judgement().forksReference() >= 3, Words.headline(h));
    }

    @Test
    void shouldSayWhyQueueLatencyCannotBeToldYet() {
        Headline h = headline("queue-latency");
        String words = Words.headline(h);
        assertTrue(words.contains("left out: the machine changed level while they ran, and this figure follows the level"),
                words);
    }
}
