package org.jvmmark.history;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.jvmmark.results.Results;
import org.jvmmark.results.ResultsReader;
import org.jvmmark.results.ResultsWriter;
import org.jvmmark.results.Trial;

/**
 * Measures the history on a database given as the first argument: the time to record a 48-trial run
 * (48 copies of a measured queue-chronicle trial, each recorded in its own transaction as {@code run}
 * does), and the time to load and check 1,000 generated runs × 50 series (3 forks each, a planted 10 %
 * step at run 700 in every fifth series). Run by hand: {@code java -cp ... org.jvmmark.history.HistoryLoad TARGET}.
 */
public final class HistoryLoad {
    public static void main(String[] args) throws Exception {
        HistoryDatabase db = HistoryDatabase.of(args[0]).open();
        HistoryStore store = new HistoryStore(db);
        Results measured = ResultsReader.readDir(Path.of(args.length > 1 ? args[1] : "measured/2026-11-20/queue-chronicle"));
        ObjectNode template = ResultsWriter.trial(measured.trials().get(0));
        Results run48 = Results.started("2026-05-01T00:00:00Z", "quick", measured.hostValues(), Map.of());
        for (int i = 0; i < 48; i++) {
            ObjectNode t = template.deepCopy();
            t.put("id", template.get("id").asText() + "-copy" + i);
            t.put("fork", i + 1);
            run48 = run48.with(ResultsReader.trial(t), "2026-05-01T00:00:00Z");
        }
        long t0 = System.nanoTime();
        long runId = store.run(run48, "load-test", null);
        for (Trial t : run48.trials()) {
            store.trial(runId, "load-test", t);
        }
        double recordSeconds = (System.nanoTime() - t0) / 1e9;
        System.out.printf("record 48 trials (%d series each): %.3f s%n", HistoryStore.figures("m", run48.trials().get(0)).size(), recordSeconds);

        ObjectMapper json = new ObjectMapper();
        Random random = new Random(42);
        long l0 = System.nanoTime();
        for (int r = 0; r < 1000; r++) {
            String created = String.format("2027-01-01T00:00:00Z").replace("2027-01-01T00:00:00Z",
                    java.time.Instant.parse("2027-01-01T00:00:00Z").plusSeconds(3600L * r).toString());
            Results run = Results.started(created, "quick", Map.of("hostname", "gen", "cpuModel", "gen"), Map.of());
            for (int f = 1; f <= 3; f++) {
                ObjectNode t = json.createObjectNode();
                t.put("id", "gen/temurin-25/default/fork" + f);
                t.put("workload", "gen");
                t.put("status", "ok");
                t.put("fork", f);
                t.putArray("variantJvmArgs");
                ObjectNode jvm = t.putObject("jvm");
                jvm.put("vendor", "Eclipse Adoptium");
                jvm.put("version", "25.0.1");
                ObjectNode metrics = t.putObject("metrics");
                for (int s = 0; s < 50; s++) {
                    double level = 1000 * (s % 5 == 0 && r >= 700 ? 1.10 : 1.0);
                    ObjectNode m = metrics.putObject("figure" + s);
                    m.put("value", level * (1 + 0.02 * random.nextGaussian()));
                    m.put("unit", "ops/s");
                    m.put("better", "higher");
                }
                run = run.with(ResultsReader.trial(t), created);
            }
            store.importRun(run, "gen", null);
        }
        double loadSeconds = (System.nanoTime() - l0) / 1e9;
        long c0 = System.nanoTime();
        List<HistoryCheck.Change> changes = new HistoryCheck(new EDivisive(50, 0.001, 0.05)).changes(store, null);
        double checkSeconds = (System.nanoTime() - c0) / 1e9;
        List<String> found = new ArrayList<>();
        changes.stream().filter(c -> c.series().key().machine().equals("gen")).forEach(c -> found.add(c.series().key().figure() + "@" + c.change().index()));
        System.out.printf("load 1000 runs x 50 series x 3 forks: %.1f s; check over them: %.2f s; %d changes: %s%n",
                loadSeconds, checkSeconds, found.size(), found);
    }
}
