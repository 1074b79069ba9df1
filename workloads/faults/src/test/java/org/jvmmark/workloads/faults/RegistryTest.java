package org.jvmmark.workloads.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.jvmmark.api.WorkloadInfo;
import org.junit.jupiter.api.Test;

/** The registry lists every fault workload, each a valid declaration named {@code fault-*}. */
class RegistryTest {
    private static List<String> registered() throws IOException {
        try (InputStream in = RegistryTest.class.getClassLoader().getResourceAsStream(WorkloadInfo.REGISTRY)) {
            return Arrays.stream(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\\R"))
                    .map(String::strip).filter(s -> !s.isEmpty()).collect(Collectors.toList());
        }
    }

    @Test
    void shouldDeclareEveryRegisteredClassAsAFaultWorkload() throws Exception {
        List<String> names = registered();
        assertEquals(14, names.size(), names.toString());
        for (String className : names) {
            WorkloadInfo info = WorkloadInfo.of(Class.forName(className));
            assertTrue(info.name().startsWith("fault-"), info.name());
            for (String profile : WorkloadInfo.PROFILES) {
                info.resolveParams(profile, java.util.Map.of());
            }
        }
    }

    @Test
    void shouldPairTheEchoServerWithItsDriver() throws Exception {
        assertEquals(EchoDriver.class.getName(), WorkloadInfo.of(EchoServerWorkload.class).driverClass());
    }
}
