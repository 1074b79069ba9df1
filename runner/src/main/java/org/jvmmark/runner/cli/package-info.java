/**
 * The command line: one picocli command per verb ({@code run}, {@code list}, {@code jdks},
 * {@code tune}, {@code report}, {@code compare}, {@code merge}, {@code history}, {@code serve}, {@code drive}, {@code init},
 * {@code completion}), {@link org.jvmmark.runner.cli.ConfigFile} (jvmmark.toml, the options' defaults), the
 * option types they share, and the console output (progress, summary tables). Commands validate
 * input and turn it into calls on the other rooms; they hold no planning or forking logic: {@code run}
 * parses into an immutable {@link org.jvmmark.runner.cli.RunOptions} and hands it to
 * {@link org.jvmmark.runner.cli.RunSession}, the one place that walks the rooms in order for a run (plan,
 * lock, trial loop, adaptive rounds, recording, report) and prints through this package's progress and tables;
 * {@code tune} hands its {@code TuneOptions} to {@link org.jvmmark.runner.cli.TuneSession}. Both run their
 * trials through the one {@link org.jvmmark.runner.cli.TrialLoop} (progress, one write per trial, the history,
 * disturbed forks) and keep what they write in one {@link org.jvmmark.runner.cli.RunRecord} (the directory, the results
 * file, the plan so far and the fork account), which the loop and {@link org.jvmmark.runner.cli.RunEnd} ask.
 */
package org.jvmmark.runner.cli;
