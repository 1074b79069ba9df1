package org.jvmmark.runner.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.runner.base.UserException;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

class ConfigFileTest {
    @TempDir
    Path dir;

    /** A picocli model of run and jdks with the options the file feeds, as the real commands declare them. */
    private static CommandLine commands(ConfigFile config) {
        CommandSpec run = CommandSpec.create().name("run")
                .addOption(OptionSpec.builder("--jdk").type(String.class).build())
                .addOption(OptionSpec.builder("--param", "-p").type(List.class).auxiliaryTypes(String.class).build())
                .addOption(OptionSpec.builder("--profile").type(String.class).defaultValue("quick").build())
                .addOption(OptionSpec.builder("--mix").type(String.class).build())
                .addPositional(CommandLine.Model.PositionalParamSpec.builder().paramLabel("WORKLOAD").arity("0..*")
                        .type(List.class).auxiliaryTypes(String.class).build());
        CommandSpec jdks = CommandSpec.create().name("jdks").addOption(OptionSpec.builder("--jdk").type(String.class).build());
        CommandLine cl = new CommandLine(CommandSpec.create().name("jvmmark").addSubcommand("run", run).addSubcommand("jdks", jdks));
        cl.setDefaultValueProvider(config);
        return cl;
    }

    private ConfigFile file(String toml) throws Exception {
        Files.writeString(dir.resolve(ConfigFile.NAME), toml);
        return ConfigFile.load(dir);
    }

    @Test
    void shouldGiveRunItsSettingsUnlessAFlagOverridesThem() throws Exception {
        ConfigFile config = file("jdks = [\"17\", 25]\nworkloads = [\"http\", \"synthetic\"]\nprofile = \"smoke\"\nmix = \"m.json\"\n"
                + "[params]\nserver = \"app\"\nrate = 500\n");
        CommandLine cl = commands(config);
        CommandSpec run = cl.parseArgs("run").subcommand().commandSpec();
        assertEquals("17,25", run.findOption("--jdk").getValue());
        assertEquals("smoke", run.findOption("--profile").getValue(), "the file's value beats the built-in default");
        assertEquals("m.json", run.findOption("--mix").getValue());
        assertEquals(List.of("server=app", "rate=500"), ConfigFile.lines(run.findOption("--param").getValue()));
        assertEquals(List.of("http", "synthetic"), ConfigFile.lines(run.positionalParameters().get(0).getValue()));
        CommandSpec flagged = commands(config).parseArgs("run", "--profile", "quick", "-p", "rate=1").subcommand().commandSpec();
        assertEquals("quick", flagged.findOption("--profile").getValue(), "a flag overrides its key");
        assertEquals(List.of("rate=1"), ConfigFile.lines(flagged.findOption("--param").getValue()));
        assertNull(commands(config).parseArgs("jdks").subcommand().commandSpec().findOption("--jdk").getValue(),
                "jdks' --jdk (a home to check) is not the run's JDKs");
    }

    @Test
    void shouldRefuseAnUnknownKeyOrABadFileInOneLine() throws Exception {
        String m = assertThrows(UserException.class, () -> file("profle = \"smoke\"\n")).getMessage();
        assertTrue(m.endsWith("jvmmark.toml: unknown key 'profle'; valid: budget, history, jdks, machine, mix, params, profile, threshold,"
                + " workloads"), m);
        m = assertThrows(UserException.class, () -> file("profile = \n")).getMessage();
        assertTrue(m.contains("jvmmark.toml is not TOML") && !m.contains("\n"), m);
        m = assertThrows(UserException.class, () -> file("params = \"a=b\"\n")).getMessage();
        assertTrue(m.endsWith("params must be a table ([params] with KEY = \"VALUE\" lines)"), m);
    }

    @Test
    void shouldReadWhatInitWritesAsTheBuiltInDefaults() throws Exception {
        CommandSpec run = commands(file(ConfigFile.TEMPLATE)).parseArgs("run").subcommand().commandSpec();
        assertEquals("all", run.findOption("--jdk").getValue());
        assertEquals("quick", run.findOption("--profile").getValue());
        assertTrue(ConfigFile.lines(run.findOption("--param").getValue() == null ? List.of()
                : run.findOption("--param").getValue()).isEmpty());
        assertNull(ConfigFile.load(dir.resolve("elsewhere")).file(), "no file: no settings");
    }
}
