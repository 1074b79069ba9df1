package org.jvmmark.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A forked JVM's result file read by {@link ResultsReader#child(Path)}: bound by the model, refused in one line. */
class ChildResultTest {
    @TempDir
    Path tmp;

    private Path file(String json) throws Exception {
        Path f = tmp.resolve("result.json");
        Files.writeString(f, json);
        return f;
    }

    @Test
    void shouldReadTheChildsStatusJvmAndFigures() throws Exception {
        ChildResult child = ResultsReader.child(file("{\"schema\":\"jvmmark/trial-result/1\",\"status\":\"failed\","
                + "\"error\":\"validation failed\",\"jvm\":{\"version\":\"25.0.1\",\"feature\":25},"
                + "\"metrics\":{\"score\":{\"value\":1.5,\"unit\":\"msg/s\",\"better\":\"higher\"},"
                + "\"bad\":{\"value\":NaN,\"unit\":\"ms\",\"better\":\"lower\"}}}"));
        assertEquals(TrialStatus.FAILED, child.said());
        assertEquals("validation failed", child.error());
        assertEquals(25, child.jvm().feature());
        assertEquals(1.5, child.measured().metrics().get("score").value());
        assertEquals(1, child.measured().metrics().size(), "a figure without a finite value is left out, as in results.json");
        assertEquals(1, child.measured().warnings().size());
    }

    @Test
    void shouldLeaveATimeoutOrAnUnknownWordToTheRunner() throws Exception {
        assertEquals(TrialStatus.UNSUPPORTED, new ChildResult("unsupported", "needs JDK 21", null, null).said());
        assertEquals(null, new ChildResult("timeout", null, null, null).said(), "a timeout is the runner's to call");
        assertEquals(null, new ChildResult("great", null, null, null).said());
    }

    @Test
    void shouldRefuseADocumentOfAnotherSchema() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ResultsReader.child(file("{\"schema\":\"jvmmark/results/1\",\"trials\":[]}")));
        assertEquals("is not a jvmmark/trial-result/1 document", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ResultsReader.child(file("[1, 2]")));
    }

    @Test
    void shouldCallAFileThatIsNotJsonCorruptInOneLine() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ResultsReader.child(file("{\"schema\":\"jvmmark/trial-result/1\",\"status\":\"ok\",\"metrics\":{")));
        assertEquals(true, e.getMessage().startsWith("is corrupt: "), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }

    @Test
    void shouldCallAMalformedBlockCorrupt() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ResultsReader.child(file("{\"schema\":\"jvmmark/trial-result/1\",\"status\":\"ok\","
                        + "\"latency\":{\"endToEnd\":{\"unit\":\"ns\",\"count\":1,\"percentiles\":{},\"histogram\":\"not base64!\"}}}")));
        assertEquals(true, e.getMessage().startsWith("is corrupt: "), e.getMessage());
    }
}
