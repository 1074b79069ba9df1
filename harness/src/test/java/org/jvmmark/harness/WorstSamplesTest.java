package org.jvmmark.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class WorstSamplesTest {

    @Test
    void shouldKeepTheLongestSamplesWithTheirDueTimesLongestFirst() {
        WorstSamples worst = new WorstSamples();
        List<Long> latencies = new ArrayList<>();
        for (long i = 0; i < 10_000; i++) {
            latencies.add(i);
        }
        Collections.shuffle(latencies, new Random(42));
        for (long latency : latencies) {
            worst.offer(1_000_000 + latency, latency); // due time tells which sample it was
        }
        List<WorstSamples.Sample> kept = worst.samples(3);
        assertEquals(WorstSamples.CAPACITY, kept.size());
        for (int i = 0; i < kept.size(); i++) {
            assertEquals(9_999 - i, kept.get(i).latencyNanos);
            assertEquals(1_000_000 + 9_999 - i, kept.get(i).dueNanos);
            assertEquals(3, kept.get(i).run);
        }
    }

    @Test
    void shouldKeepEverySampleWhileFewerThanCapacity() {
        WorstSamples worst = new WorstSamples();
        worst.offer(10, 5);
        worst.offer(20, 7);
        assertEquals(List.of(7L, 5L), worst.samples(1).stream().map(s -> s.latencyNanos).toList());
    }

    @Test
    void shouldKeepTheTrialsWorstAcrossRuns() {
        List<WorstSamples.Sample> all = new ArrayList<>();
        for (int run = 1; run <= 3; run++) {
            WorstSamples w = new WorstSamples();
            for (long i = 0; i < 100; i++) {
                w.offer(i, i * run);
            }
            all.addAll(w.samples(run));
        }
        WorstSamples.Record r = new WorstSamples.Record(all, List.of(), 0, 0, 0);
        assertEquals("[297, 294, 291, 288, 285, 282, 279, 276, 273, 270, 267, 264, 261, 258, 255, 252, 249, 246, 243, 240]",
                r.toString());
    }
}
