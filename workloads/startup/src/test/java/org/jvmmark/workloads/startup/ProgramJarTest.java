package org.jvmmark.workloads.startup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProgramJarTest {
    @TempDir
    Path tmp;

    @Test
    void shouldHoldThePrograms() throws Exception {
        List<String> entries = ProgramJar.write(tmp.resolve("programs.jar"));
        assertTrue(entries.stream().allMatch(e -> e.startsWith("org/jvmmark/workloads/startup/programs/")), entries.toString());
        assertTrue(entries.contains("org/jvmmark/workloads/startup/programs/HelloWorld.class"), entries.toString());
        assertTrue(entries.contains("org/jvmmark/workloads/startup/programs/HttpHello.class"), entries.toString());
    }

    @Test
    void shouldRunHelloWorldAndReportFromTheJarAlone() throws Exception {
        Path jar = tmp.resolve("programs.jar");
        ProgramJar.write(jar);
        Path report = tmp.resolve("hello.report");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        long before = System.nanoTime();
        Process p = new ProcessBuilder(java.toString(), "-cp", jar.toString(), Program.HELLO.arguments(jar, report, 1).get(2),
                report.toString(), "1").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        assertEquals("Hello, world!", out.strip());
        LaunchReport r = LaunchReport.read(report);
        assertEquals("hello", r.text("program"));
        assertTrue(r.number("mainNanos") > before && r.number("mainNanos") < System.nanoTime());
        assertTrue(r.number("vmHwmBytes") >= r.number("vmRssBytes"));
        assertTrue(r.number("heapCommittedBytes") >= r.number("heapUsedBytes"));
        assertTrue(r.number("loadedClasses") > 300);
    }
}
