package org.jvmmark.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SeriesTest {

    private static Series bursts() {
        return new Series("one row per burst", "writtenGiB")
                .column("writtenGiB", "GiB", "written so far")
                .column("writeMsPerGiB", "ms/GiB", "write time per GiB");
    }

    @Test
    void shouldWriteItselfWithUnitsRowsAndMarksIntoTheTrialResult() {
        Series s = bursts().row(1, 885.5).row(2, null).mark(2, "memory limit 2 GiB");
        String json = Json.write(new TrialResult().series("bursts", s).toMap().get("series"));
        String expected = "{\n"
                + "  \"bursts\": {\n"
                + "    \"summary\": \"one row per burst\",\n"
                + "    \"x\": \"writtenGiB\",\n"
                + "    \"columns\": {\n"
                + "      \"writtenGiB\": {\n        \"unit\": \"GiB\",\n        \"summary\": \"written so far\"\n      },\n"
                + "      \"writeMsPerGiB\": {\n        \"unit\": \"ms/GiB\",\n        \"summary\": \"write time per GiB\"\n      }\n"
                + "    },\n"
                + "    \"rows\": [\n"
                + "      {\n        \"writtenGiB\": 1,\n        \"writeMsPerGiB\": 885.5\n      },\n"
                + "      {\n        \"writtenGiB\": 2,\n        \"writeMsPerGiB\": null\n      }\n"
                + "    ],\n"
                + "    \"marks\": [\n"
                + "      {\n        \"x\": 2,\n        \"label\": \"memory limit 2 GiB\"\n      }\n"
                + "    ]\n"
                + "  }\n"
                + "}\n";
        assertEquals(expected, json);
    }

    @Test
    void shouldLeaveSeriesOutOfAResultThatHasNone() {
        assertFalse(new TrialResult().toMap().containsKey("series"));
    }

    @Test
    void shouldRefuseRowsThatDoNotFitTheColumns() {
        assertThrows(IllegalArgumentException.class, () -> bursts().row(1));
        assertThrows(IllegalArgumentException.class, () -> bursts().row(1, "fast"));
        assertThrows(IllegalStateException.class, () -> new Series("s", "nope").column("a", "", "").toMap());
    }
}
