package org.jvmmark.runner.cli;

import java.io.PrintStream;

/**
 * Where a command writes: the console streams of the top command, which picocli hands every subcommand as its parent
 * ({@code @ParentCommand}). A subcommand knows only this, not the top command's class, so the top command and its
 * subcommands do not refer to each other.
 */
public interface Streams {
    /** Standard output: results, tables, progress. */
    PrintStream out();

    /** Standard error: warnings and the one-line errors. */
    PrintStream err();
}
