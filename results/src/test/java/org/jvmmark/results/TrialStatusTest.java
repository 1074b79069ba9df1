package org.jvmmark.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The four words of a trial's status, read and written through the one enum. */
class TrialStatusTest {
    @Test
    void shouldReadAndWriteTheFourWordsOfTheFile() {
        for (TrialStatus s : TrialStatus.values()) {
            assertEquals(s, TrialStatus.of(s.json()));
            assertEquals(s.json(), s.toString(), "printed as the file says it");
        }
        assertEquals(List.of("ok", "failed", "unsupported", "timeout"),
                List.of(TrialStatus.values()).stream().map(TrialStatus::json).toList());
    }

    @Test
    void shouldRefuseAnyOtherWordInOneLineNamingTheValidOnes() {
        for (String bad : new String[] {"OK", "", "crashed", null}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TrialStatus.of(bad));
            assertEquals("status '" + bad + "' is not one of ok, failed, unsupported, timeout", e.getMessage());
        }
    }

    @Test
    void shouldCountFailedAndTimeoutAsFailuresAndUnsupportedAsAnAnswer() {
        assertTrue(TrialStatus.FAILED.failure() && TrialStatus.TIMEOUT.failure());
        assertFalse(TrialStatus.OK.failure() || TrialStatus.UNSUPPORTED.failure());
    }

    @Test
    void shouldRefuseATrialWithAnUnknownStatusWhenReadFromTheFile() {
        Trial t = new TrialBuilder("w/jdk/default/fork1", "w").jvm(new JvmInfo("/jdk", "25", 25, "V", "VM", List.of(), List.of()))
                .status(TrialStatus.TIMEOUT, "no result within 3 s").build();
        com.fasterxml.jackson.databind.node.ObjectNode json = ResultsWriter.trial(t);
        assertEquals("timeout", json.path("status").asText());
        assertEquals(TrialStatus.TIMEOUT, ResultsReader.trial(json).outcome().trialStatus());
        json.put("status", "crashed");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ResultsReader.trial(json));
        assertEquals("status 'crashed' is not one of ok, failed, unsupported, timeout", e.getMessage());
    }
}
