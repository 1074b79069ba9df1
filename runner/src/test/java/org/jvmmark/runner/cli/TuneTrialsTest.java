package org.jvmmark.runner.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.jvmmark.results.JvmFacts;

/** A point that restates the default inside the user's container (its collector and heap) is the default's twin. */
class TuneTrialsTest {
    private static JvmFacts chose(String gc, long heapMiB) {
        return new JvmFacts("/jdk", "jdk", List.of(), null, gc, heapMiB << 20, null, null, null, null, null, null);
    }

    @Test
    void shouldTellTheDefaultsTwinInsideTheContainerFromAPointThatDiffers() {
        assertTrue(TuneTrials.twin(chose("Serial", 128), chose("Serial", 128)), "-XX:+UseSerialGC -Xmx128m inside 1 CPU / 512 MiB");
        assertFalse(TuneTrials.twin(chose("Serial", 128), chose("Serial", 256)));
        assertFalse(TuneTrials.twin(chose("Serial", 128), chose("G1", 128)));
        assertFalse(TuneTrials.twin(chose("", 128), chose("", 128)), "a collector not said is no twin");
        assertFalse(TuneTrials.twin(chose("Serial", 128), null), "a JVM that would not say is no twin");
    }
}
