package org.jvmmark.workloads.startup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.jvmmark.api.Variant;
import org.jvmmark.api.WorkloadInfo;
import org.junit.jupiter.api.Test;

class StartupVariantTest {
    private final Path work = Path.of("/w");

    @Test
    void shouldUseArchivesStrictlyAfterTraining() {
        Path jsa = StartupVariant.APPCDS.archive(work, Program.HELLO);
        assertEquals(Path.of("/w/hello.jsa"), jsa);
        assertEquals(List.of("-XX:ArchiveClassesAtExit=/w/hello.jsa"), StartupVariant.APPCDS.trainingFlags(jsa));
        assertEquals(List.of("-XX:SharedArchiveFile=/w/hello.jsa", "-Xshare:on"), StartupVariant.APPCDS.runFlags(jsa));
        Path aot = StartupVariant.AOT.archive(work, Program.HTTP);
        assertEquals(List.of("-XX:AOTCacheOutput=/w/http.aot"), StartupVariant.AOT.trainingFlags(aot));
        assertEquals(List.of("-XX:AOTCache=/w/http.aot", "-XX:AOTMode=on"), StartupVariant.AOT.runFlags(aot));
    }

    @Test
    void shouldGiveFlagOnlyVariantsTheirFlagsAndNoTraining() {
        assertEquals(List.of(), StartupVariant.DEFAULT.runFlags(null));
        assertEquals(List.of("-Xmx15m", "-Xms15m"), StartupVariant.XMX15M.runFlags(null));
        assertEquals(List.of("-Xshare:off"), StartupVariant.CDS_OFF.runFlags(null));
        assertEquals(List.of("-XX:TieredStopAtLevel=1"), StartupVariant.C1.runFlags(null));
        assertEquals(List.of("-XX:+UseSerialGC"), StartupVariant.SERIAL.runFlags(null));
        assertFalse(StartupVariant.SERIAL.trains());
        assertTrue(StartupVariant.SERIAL.trainingFlags(null).isEmpty());
    }

    @Test
    void shouldDeclareOneWorkloadVariantPerStartupVariant() {
        List<String> declared = WorkloadInfo.of(StartupWorkload.class).variants().stream()
                .map(Variant::name).collect(Collectors.toList());
        List<String> known = Arrays.stream(StartupVariant.values()).map(StartupVariant::id).collect(Collectors.toList());
        assertEquals(known, declared);
        for (Variant v : WorkloadInfo.of(StartupWorkload.class).variants()) {
            assertEquals(List.of("variant=" + v.name()), List.of(v.params()), "variant " + v.name() + " sets only the parameter");
            assertEquals(0, v.jvmArgs().length, "flags go to the launched programs, not to the launching JVM");
        }
    }

    @Test
    void shouldRejectAnUnknownVariantInOneLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StartupVariant.parse("zing"));
        assertEquals("unknown startup variant 'zing'", e.getMessage());
    }
}
