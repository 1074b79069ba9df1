package org.jvmmark.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same series through {@link EDivisive} and through Apache Otava itself ({@code apache-otava} from
 * PyPI, in the venv scripts/setup-tests.sh makes: {@code $JVMMARK_OTAVA_VENV}, default
 * {@code ~/.cache/jvmmark/otava-venv}): the change points must be the same. Skipped without Otava,
 * except under {@code CI=true}, where that fails.
 */
class OtavaCrossCheckTest {
    private static final String SCRIPT = """
            import json, sys
            from otava.analysis import compute_change_points
            out = {}
            for name, xs in json.load(open(sys.argv[1])).items():
                cps, _ = compute_change_points(xs, window_len=50, max_pvalue=0.001, min_magnitude=0.05)
                out[name] = [[int(c.index), float(c.stats.pvalue), float(c.stats.forward_rel_change())] for c in cps]
            print(json.dumps(out))
            """;

    @TempDir
    Path dir;

    @Test
    void shouldFindTheSameChangePointsAsApacheOtava() throws Exception {
        Path python = otavaPython();
        Map<String, double[]> series = new LinkedHashMap<>();
        series.put("step up 12 % at 40", EDivisiveTest.step(40, 30, 100, 112, 0.01, 1));
        series.put("step down 10 % at 20", EDivisiveTest.step(20, 10, 1000, 900, 0.01, 5));
        series.put("flat, 3 % noise", EDivisiveTest.step(120, 0, 100, 100, 0.03, 2));
        series.put("flat, 5 % noise, long", EDivisiveTest.step(200, 0, 50, 50, 0.05, 7));
        double[] twoSteps = new double[150];
        double[] a = EDivisiveTest.step(60, 50, 200, 240, 0.015, 11);
        double[] b = EDivisiveTest.step(40, 0, 200, 200, 0.015, 12);
        System.arraycopy(a, 0, twoSteps, 0, 110);
        System.arraycopy(b, 0, twoSteps, 110, 40);
        series.put("up 20 % at 60, back at 110", twoSteps);
        Path input = dir.resolve("series.json");
        Files.writeString(input, new ObjectMapper().writeValueAsString(series));
        Path script = dir.resolve("otava_check.py");
        Files.writeString(script, SCRIPT);
        Process p = new ProcessBuilder(python.toString(), script.toString(), input.toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0, "otava failed: " + out);
        JsonNode otava = new ObjectMapper().readTree(out);
        EDivisive ours = new EDivisive(50, 0.001, 0.05);
        int planted = 0;
        for (Map.Entry<String, double[]> s : series.entrySet()) {
            List<Integer> theirs = new ArrayList<>();
            otava.get(s.getKey()).forEach(c -> theirs.add(c.get(0).asInt()));
            List<ChangePoint> mine = ours.changePoints(s.getValue());
            assertEquals(theirs, mine.stream().map(ChangePoint::index).toList(), s.getKey());
            for (int i = 0; i < mine.size(); i++) {
                assertEquals(otava.get(s.getKey()).get(i).get(2).asDouble(), mine.get(i).forwardChange(), 1e-9, s.getKey() + " change");
                double theirP = otava.get(s.getKey()).get(i).get(1).asDouble();
                assertEquals(theirP, mine.get(i).pValue(), Math.max(1e-12, theirP * 1e-6), s.getKey() + " p-value");
            }
            planted += mine.size();
        }
        assertEquals(4, planted, "the planted steps are found, the flat series give none");
    }

    static Path otavaPython() {
        String venv = System.getenv("JVMMARK_OTAVA_VENV");
        Path dir = venv != null ? Path.of(venv) : Path.of(System.getProperty("user.home"), ".cache", "jvmmark", "otava-venv");
        Path python = dir.resolve("bin").resolve("python");
        if (!Files.isExecutable(python)) {
            if ("true".equals(System.getenv("CI"))) {
                throw new AssertionError("Apache Otava not installed in " + dir + ": run scripts/setup-tests.sh");
            }
            Assumptions.abort("Apache Otava not installed in " + dir + " (scripts/setup-tests.sh installs it)");
        }
        return python;
    }
}
