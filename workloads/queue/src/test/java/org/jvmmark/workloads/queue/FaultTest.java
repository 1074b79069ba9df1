package org.jvmmark.workloads.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class FaultTest {
    @Test
    void shouldParseEachKind() {
        assertEquals(Fault.Kind.CORRUPT, Fault.parse("corrupt:5").kind);
        assertEquals(5, Fault.parse("corrupt:5").sequence);
        assertEquals(Fault.Kind.DROP, Fault.parse("drop:0").kind);
        assertEquals("duplicate:9", Fault.parse("duplicate:9").toString());
    }

    @Test
    void shouldMeanNoFaultWhenUnset() {
        assertSame(Fault.NONE, Fault.parse(null));
        assertSame(Fault.NONE, Fault.parse(""));
    }

    @Test
    void shouldRejectMalformedSpecs() {
        for (String bad : new String[] {"corrupt", "corrupt:x", "melt:3", "drop:-1", "none:1"}) {
            assertThrows(IllegalArgumentException.class, () -> Fault.parse(bad), bad);
        }
    }
}
