package org.jvmmark.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A built trial, finished without building it again: its instruments added, a failed trial's figures set aside. */
class TrialTest {
    private static final Metric SCORE = new Metric(42, "ops/s", true, new double[0], true, Map.of());

    private static TrialBuilder builder(TrialStatus status) {
        return new TrialBuilder("w/jdk/default/fork1", "w").jvm(new JvmInfo("/jdk", "25", 25, "V", "VM", List.of(), List.of()))
                .status(status, status == TrialStatus.OK ? null : "3 of 10 messages lost").metric("score", SCORE)
                .info("mood", "calm");
    }

    @Test
    void shouldSetTheFiguresOfAFailedTrialAsideAsTheBuilderWould() {
        Trial failed = builder(TrialStatus.FAILED).build().withFiguresSetAsideUnlessOk();
        Trial expected = builder(TrialStatus.FAILED).measured(new Trial.Measured(Map.of(), Map.of(), Map.of(), Map.of("mood", "calm"),
                Map.of("mood", "calm"), List.of())).discarded(new Discarded(Map.of("score", SCORE), Map.of(), Map.of())).build();

        assertTrue(failed.measured().metrics().isEmpty());
        assertEquals(42, failed.outcome().discarded().metrics().get("score").value());
        assertEquals("calm", failed.measured().info().get("mood"), "info stays");
        assertEquals(ResultsWriter.trial(expected), ResultsWriter.trial(failed));
    }

    @Test
    void shouldLeaveAnOkTrialAsItIs() {
        Trial ok = builder(TrialStatus.OK).build();
        assertSame(ok, ok.withFiguresSetAsideUnlessOk());
    }

    @Test
    void shouldAddTheInstrumentsAndChangeNothingElse() {
        Instruments found = Instruments.of(List.of(Instruments.Instrument.on("gcLog", "GC log").build()), null);
        Trial t = builder(TrialStatus.OK).build();

        Trial with = t.withInstruments(found);

        assertEquals(found, with.provenance().instruments());
        assertEquals(ResultsWriter.trial(builder(TrialStatus.OK).instruments(found).build()), ResultsWriter.trial(with));
    }
}
