package org.jvmmark.report.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.jvmmark.report.model.CheckAnswer;
import org.jvmmark.report.model.CompareAnswer;
import org.jvmmark.report.model.RunAnswer;
import org.jvmmark.report.tune.TuneAnswer;

/** The one format family: every answer has its formats, and a format refuses what it has no meaning for in one line. */
class FormatsTest {
    @Test
    void shouldRefuseInOneLineAnAnswerAFormatHasNoMeaningFor() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Formats.named("csv").write(new CheckAnswer(List.of())));
        assertTrue(e.getMessage().startsWith("--format csv has no meaning for a history check; it is written as text, markdown"),
                e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        IllegalArgumentException bmf = assertThrows(IllegalArgumentException.class, () -> Formats.named("bmf").write((TuneAnswer) null));
        assertEquals("--format bmf has no meaning for a tuning race; it is written as text", bmf.getMessage());
    }

    @Test
    void shouldNameTheValidFormatsForAnUnknownName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Formats.named("yaml"));
        assertTrue(e.getMessage().startsWith("unknown --format 'yaml'; valid: text, markdown, html, csv, json, bmf, github"),
                e.getMessage());
    }

    @Test
    void shouldWriteEveryAnswerInTextAndSayWhichFormatsWriteEach() {
        for (Class<?> answer : List.of(RunAnswer.class, CompareAnswer.class, CheckAnswer.class, TuneAnswer.class)) {
            assertTrue(Formats.TEXT.writes(answer), answer.getSimpleName());
        }
        assertTrue(Formats.CSV.writes(RunAnswer.class));
        assertFalse(Formats.CSV.writes(CompareAnswer.class));
        assertFalse(Formats.JSON.writes(RunAnswer.class));
    }

    @Test
    void shouldWriteAnEmptyCheckAsNoRegressionInEachOfItsFormats() {
        CheckAnswer none = new CheckAnswer(List.of());
        assertEquals(0, none.exitStatus());
        assertTrue(Formats.TEXT.write(none).startsWith("No regression: 0 regressed"), Formats.TEXT.write(none));
        assertTrue(Formats.MARKDOWN.write(none).contains("**No regression:**"), Formats.MARKDOWN.write(none));
        assertTrue(Formats.JSON.write(none).contains("\"series\" : [ ]"), Formats.JSON.write(none));
    }
}
