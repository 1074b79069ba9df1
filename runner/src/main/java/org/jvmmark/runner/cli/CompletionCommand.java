package org.jvmmark.runner.cli;

import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code jvmmark completion bash|zsh}: the shell completion script picocli's {@link AutoComplete} generates from the
 * command model (every command, option and fixed choice), to {@code source <(jvmmark completion bash)} or put in the
 * shell's completion directory. The script serves zsh too, through zsh's bashcompinit. Stateless.
 */
@Command(name = "completion", mixinStandardHelpOptions = true,
        description = "Print the shell completion script: source <(jvmmark completion bash), or zsh.")
public final class CompletionCommand implements Callable<Integer> {
    @ParentCommand
    private Streams main;

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "bash|zsh", arity = "0..1", defaultValue = "bash", description = "The shell (default: bash).")
    private Shell shell;

    enum Shell { bash, zsh }

    @Override
    public Integer call() {
        CommandLine root = spec.commandLine().getParent();
        String script = AutoComplete.bash(root.getCommandName(), root);
        if (shell == Shell.zsh) {
            main.out().println("autoload -U +X compinit && compinit");
            main.out().println("autoload -U +X bashcompinit && bashcompinit");
        }
        main.out().print(script);
        return 0;
    }
}
