package org.jvmmark.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SeriesTest {

    private static Series bursts() {
        return new Series("writtenGiB", "GiB", "written so far")
                .y("writeMsPerGiB", "ms/GiB", Better.LOWER, "write time per GiB");
    }

    @Test
    void shouldWriteTheLayoutTheResultsModelReads() {
        Series s = bursts().point(1, 885.5).point(2, Double.NaN).marker(2, "memory limit 2 GiB");
        String json = Json.write(new TrialResult().series("bursts", s).toMap().get("series"));
        String expected = "{\n"
                + "  \"bursts\": {\n"
                + "    \"x\": {\n"
                + "      \"name\": \"writtenGiB\",\n      \"unit\": \"GiB\",\n      \"summary\": \"written so far\",\n"
                + "      \"values\": [\n        1,\n        2\n      ]\n"
                + "    },\n"
                + "    \"y\": [\n"
                + "      {\n        \"name\": \"writeMsPerGiB\",\n        \"unit\": \"ms/GiB\",\n        \"better\": \"lower\",\n"
                + "        \"summary\": \"write time per GiB\",\n"
                + "        \"values\": [\n          885.5,\n          null\n        ]\n      }\n"
                + "    ],\n"
                + "    \"markers\": [\n"
                + "      {\n        \"at\": 2,\n        \"label\": \"memory limit 2 GiB\"\n      }\n"
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
    void shouldRefusePointsThatDoNotFitTheAxes() {
        assertThrows(IllegalArgumentException.class, () -> bursts().point(1));
        assertThrows(IllegalStateException.class, () -> bursts().point(1, 2).y("late", "", Better.NONE, ""));
    }
}
