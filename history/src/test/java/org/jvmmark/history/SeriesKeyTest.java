package org.jvmmark.history;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;
import org.junit.jupiter.api.Test;

class SeriesKeyTest {
    @Test
    void shouldLeaveEmptyParametersOutOfWhatTellsSeriesApart() {
        // startup's apps: each sets its own parameters and leaves the others' empty; "app= appArgs= sleepUrl=" said nothing.
        Set<String> all = Set.of("app=hello,appArgs=,launches=10,sleepUrl=", "app=spring,appArgs=--quiet,launches=10,sleepUrl=",
                "app=sleep,appArgs=,launches=10,sleepUrl=http://127.0.0.1:1/");
        assertEquals("app=hello", SeriesKey.varyingParams("app=hello,appArgs=,launches=10,sleepUrl=", all));
        assertEquals("app=spring appArgs=--quiet", SeriesKey.varyingParams("app=spring,appArgs=--quiet,launches=10,sleepUrl=", all));
        assertEquals("app=sleep sleepUrl=http://127.0.0.1:1/",
                SeriesKey.varyingParams("app=sleep,appArgs=,launches=10,sleepUrl=http://127.0.0.1:1/", all));
    }
}
