package org.jvmmark.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.jvmmark.harness.Harness;
import org.jvmmark.harness.HarnessOptions;
import org.jvmmark.harness.LatencyResult;
import org.junit.jupiter.api.Test;

/** The samples' tasks, at sizes that take a fraction of a second. */
class SamplesTest {

    @Test
    void shouldRunTheHelloWorldTask() {
        LatencyResult r = new Harness(HarnessOptions.builder().throughput(20_000, TimeUnit.SECONDS).warmupIterations(1_000)
                .iterations(2_000).runs(2).build(), new Sample_01_HelloWorld.HashTask()).run();
        assertEquals(4_000, r.endToEnd().count());
        assertTrue(r.report().contains("SUMMARY (end to end) us"));
    }

    @Test
    void shouldDeliverEveryMessageThroughTheHandOff() {
        LatencyResult r = new Harness(HarnessOptions.builder().throughput(50_000, TimeUnit.SECONDS).warmupIterations(5_000)
                .iterations(10_000).runs(2).build(), new Sample_02_ProducerConsumer.HandOffTask()).run();
        assertEquals(20_000, r.endToEnd().count());
        assertEquals(20_000, r.probe("publish").count());
        assertTrue(r.warnings().stream().noneMatch(w -> w.contains("did not hand out")), r.warnings().toString());
    }

    @Test
    void shouldShowTheStallOnlyWithCorrection() {
        long corrected = Sample_03_CoordinatedOmission.measure(true, 10_000).endToEnd().percentiles().get("99.9");
        long naive = Sample_03_CoordinatedOmission.measure(false, 10_000).endToEnd().percentiles().get("99.9");
        assertTrue(corrected >= 1_000_000, "corrected p99.9 " + corrected);
        assertTrue(naive < corrected, naive + " vs " + corrected);
    }
}
