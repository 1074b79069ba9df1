package org.jvmmark.runner.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jvmmark.runner.base.UserException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code jvmmark init}: writes {@code jvmmark.toml} with comments into the working directory. Stateless. */
@Command(name = "init", mixinStandardHelpOptions = true,
        description = "Write jvmmark.toml, this directory's settings (JDKs, workloads, params, request mix, threshold, budget,"
                + " history, machine), with comments; every command run here reads it and a flag overrides it.")
public final class InitCommand implements Callable<Integer> {
    @ParentCommand
    private Streams main;

    @Option(names = "--force", description = "Overwrite an existing jvmmark.toml.")
    private boolean force;

    @Override
    public Integer call() throws IOException {
        Path file = Path.of("").toAbsolutePath().resolve(ConfigFile.NAME);
        if (Files.exists(file) && !force) {
            throw new UserException(file + " already exists; edit it, or jvmmark init --force to write it afresh");
        }
        Files.writeString(file, ConfigFile.TEMPLATE);
        main.out().println("wrote " + file + ": edit it, then `jvmmark run` here uses it");
        return 0;
    }
}
