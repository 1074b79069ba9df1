package org.jvmmark.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release archive as a pipeline uses it: unpacked in a directory outside the source tree and run from a third
 * one, {@code bin/jvmmark} names its release and commit, plans the main job, runs a workload, and reads the
 * {@code jvmmark.toml} that {@code init} writes (flags overriding it); {@code completion} completes its commands in
 * bash.
 */
class ReleaseArchiveTest {
    @TempDir
    static Path dir;
    static Path jvmmark;

    record Result(int status, String out) {
    }

    @BeforeAll
    static void unpack() throws Exception {
        Path archive = Path.of(System.getProperty("jvmmark.archive"));
        assertTrue(Files.isRegularFile(archive), archive + " was not built");
        Path install = Files.createDirectories(dir.resolve("opt"));
        assertEquals(0, new ProcessBuilder("tar", "-xzf", archive.toString(), "-C", install.toString()).inheritIO().start().waitFor());
        jvmmark = install.resolve("jvmmark-" + System.getProperty("jvmmark.version") + "/bin/jvmmark");
        assertTrue(Files.isExecutable(jvmmark), "no bin/jvmmark in the archive");
    }

    private static Result run(Path cwd, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(jvmmark.toString()));
        cmd.addAll(List.of(args));
        Path log = Files.createTempFile(dir, "out", ".txt");
        Process p = new ProcessBuilder(cmd).directory(Files.createDirectories(cwd).toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "jvmmark " + String.join(" ", args) + " took over 5 minutes");
        return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }

    @Test
    void shouldNameItsReleaseAndCommit() throws Exception {
        Result r = run(dir.resolve("work"), "--version");
        assertEquals(0, r.status(), r.out());
        assertTrue(r.out().matches("(?s)jvmmark " + System.getProperty("jvmmark.version").replace(".", "\\.")
                + " \\((commit [0-9a-f]{12}|unknown commit)\\) on Java .+"), r.out());
    }

    @Test
    void shouldPlanTheMainJobAndRunAWorkloadFromOutsideTheSourceTree() throws Exception {
        Path work = dir.resolve("work");
        Result plan = run(work, "run", "--dry-run");
        assertEquals(0, plan.status(), plan.out());
        assertTrue(plan.out().contains("synthetic/") && plan.out().contains("http/") && plan.out().contains("estimated duration"), plan.out());
        Result r = run(work, "run", "synthetic", "--jdk", System.getProperty("java.home"), "--profile", "smoke", "--forks", "1",
                "--out", "out");
        assertEquals(0, r.status(), r.out());
        assertTrue(Files.isRegularFile(work.resolve("out/results.json")) && Files.isRegularFile(work.resolve("out/report.html")), r.out());
    }

    @Test
    void shouldUseTheSettingsFileThatInitWritesAndLetFlagsOverrideIt() throws Exception {
        Path project = dir.resolve("project");
        Result init = run(project, "init");
        assertEquals(0, init.status(), init.out());
        String template = Files.readString(project.resolve("jvmmark.toml"));
        assertTrue(template.contains("# JDKs to run on") && template.contains("[params]"), template);
        assertEquals(2, run(project, "init").status(), "init never overwrites without --force");
        Result defaults = run(project, "run", "--dry-run");
        assertEquals(0, defaults.status(), "the file init wrote is valid as it is: " + defaults.out());
        Files.writeString(project.resolve("jvmmark.toml"), template.replace("workloads = []", "workloads = [\"synthetic\"]")
                .replace("profile = \"quick\"", "profile = \"smoke\"").replace("jdks = [\"all\"]", "jdks = [\"" + System.getProperty("java.home") + "\"]"));
        Result fromFile = run(project, "run", "--dry-run");
        assertEquals(0, fromFile.status(), fromFile.out());
        assertTrue(fromFile.out().contains("1 trials (1 to run, 0 unsupported), profile smoke"), "no flags: the file's settings\n" + fromFile.out());
        Result overridden = run(project, "run", "--dry-run", "--profile", "quick");
        assertTrue(overridden.out().contains("profile quick") && overridden.out().contains("synthetic/"), "a flag overrides its key\n" + overridden.out());
        Files.writeString(project.resolve("jvmmark.toml"), "profle = \"smoke\"\n");
        Result bad = run(project, "run", "--dry-run");
        assertEquals(2, bad.status(), bad.out());
        assertTrue(bad.out().strip().matches("jvmmark: .*jvmmark\\.toml: unknown key 'profle'; valid: .*"), bad.out());
    }

    @Test
    void shouldCompleteItsCommandsInBash() throws Exception {
        Result script = run(dir.resolve("work"), "completion", "bash");
        assertEquals(0, script.status(), script.out());
        Path file = Files.writeString(dir.resolve("jvmmark-completion.bash"), script.out());
        Process p = new ProcessBuilder("bash", "-c", "source " + file + " && COMP_WORDS=(jvmmark ru) && COMP_CWORD=1 && _complete_jvmmark"
                + " && echo \"${COMPREPLY[@]}\" && COMP_WORDS=(jvmmark run --pro) && COMP_CWORD=2 && _complete_jvmmark && echo \"${COMPREPLY[@]}\"")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        assertTrue(out.lines().anyMatch(l -> l.trim().equals("run")) && out.contains("--profile"), out);
        assertTrue(run(dir.resolve("work"), "completion", "zsh").out().startsWith("autoload -U +X compinit"));
    }
}
