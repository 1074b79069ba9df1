package org.jvmmark.workloads.startup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ChildJvmArgsTest {
    @Test
    void shouldPassOnTuningFlagsOnly() {
        List<String> launcher = List.of("-XX:+UseZGC", "-Djvmmark.home=/x", "-Xmx2g", "-javaagent:cov.jar",
                "-XX:ErrorFile=/tmp/hs_err.log", "-Xlog:gc", "--add-opens=java.base/java.lang=ALL-UNNAMED",
                "-Xss512k", "-XX:+HeapDumpOnOutOfMemoryError", "-Xshare:off");
        assertEquals(List.of("-XX:+UseZGC", "-Xmx2g", "-Xss512k", "-Xshare:off"), ChildJvmArgs.inherited(launcher));
    }

    @Test
    void shouldSplitUserFlagsOnWhiteSpace() {
        assertEquals(List.of("-Xmx64m", "-XX:+UseSerialGC"), ChildJvmArgs.split("  -Xmx64m \t-XX:+UseSerialGC "));
        assertEquals(List.of(), ChildJvmArgs.split(""));
    }
}
