package org.jvmmark.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkloadInfoTest {

    @Name("sample")
    @Summary("A workload for this test.")
    @Parameter(name = "rate", defaultValue = "1000", summary = "per second", type = ParamType.INTEGER)
    @Parameter(name = "transport", defaultValue = "chronicle", summary = "how", choices = {"chronicle", "memory"})
    @Profile(name = "smoke", params = "rate=10", timeoutSeconds = 30)
    @JvmArgs(value = "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED", since = 9)
    @JvmArgs(value = "--sun-misc-unsafe-memory-access=allow", since = 23)
    @Variant(name = "virtual", params = "transport=memory", since = 21)
    static final class Sample implements Workload {
        @Override
        public void run(TrialContext context) {
        }
    }

    /** A library's flags, declared once. */
    @java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)
    @java.lang.annotation.Target(java.lang.annotation.ElementType.TYPE)
    @JvmArgs("-Dlibrary.analytics.disable=true")
    @JvmArgs(value = "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED", since = 9)
    @interface LibraryFlags {
    }

    @Name("shared")
    @Summary("A workload using the library.")
    @LibraryFlags
    @JvmArgs(value = "-Dits.own=true", since = 17)
    static final class SharesFlags implements Workload {
        @Override
        public void run(TrialContext context) {
        }
    }

    static final class NotAnnotated implements Workload {
        @Override
        public void run(TrialContext context) {
        }
    }

    private final WorkloadInfo info = WorkloadInfo.of(Sample.class);

    @Test
    void shouldLayerDefaultsProfileAndOverrides() {
        assertEquals(Map.of("rate", "1000", "transport", "chronicle"), info.resolveParams("quick", Map.of()));
        assertEquals("10", info.resolveParams("smoke", Map.of()).get("rate"));
        assertEquals("7", info.resolveParams("smoke", Map.of("rate", "7")).get("rate"));
    }

    @Test
    void shouldNameValidChoicesForUnknownParameter() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> info.resolveParams("quick", Map.of("rat", "1")));
        assertEquals("sample has no parameter 'rat' (--param); valid: rate, transport", e.getMessage());
    }

    @Test
    void shouldRejectValuesOfTheWrongTypeOrOutsideChoices() {
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> info.resolveParams("quick", Map.of("rate", "fast"))).getMessage().contains("whole number"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> info.resolveParams("quick", Map.of("transport", "udp"))).getMessage().contains("chronicle, memory"));
        assertThrows(IllegalArgumentException.class, () -> info.resolveParams("huge", Map.of()));
    }

    @Test
    void shouldSelectFlagsByJdkFeature() {
        assertEquals(List.of(), info.jvmArgs(8));
        assertEquals(List.of("--add-exports=java.base/sun.nio.ch=ALL-UNNAMED"), info.jvmArgs(17));
        assertEquals(2, info.jvmArgs(25).size());
    }

    @Test
    void shouldTakeFlagsFromAnnotationsTheWorkloadCarries() {
        WorkloadInfo shared = WorkloadInfo.of(SharesFlags.class);
        assertEquals(List.of("-Dlibrary.analytics.disable=true"), shared.jvmArgs(8));
        assertEquals(List.of("-Dlibrary.analytics.disable=true", "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED", "-Dits.own=true"),
                shared.jvmArgs(17));
    }

    @Test
    void shouldExposeProfileTimeoutAndVariants() {
        assertEquals(30, info.timeoutSeconds("smoke"));
        assertEquals(300, info.timeoutSeconds("standard"));
        assertEquals("virtual", info.variants().get(0).name());
        assertEquals(21, info.variants().get(0).since());
    }

    @Test
    void shouldRefuseClassesWithoutMetadata() {
        assertThrows(IllegalArgumentException.class, () -> WorkloadInfo.of(NotAnnotated.class));
    }

    @Test
    void shouldRejectMalformedAssignments() {
        assertThrows(IllegalArgumentException.class, () -> WorkloadInfo.parseAssignments("rate"));
        assertThrows(IllegalArgumentException.class, () -> WorkloadInfo.parseAssignments("=3"));
        assertEquals(Map.of("a", "b=c"), WorkloadInfo.parseAssignments("a=b=c"));
    }
}
