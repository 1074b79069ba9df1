/**
 * The command line: one picocli command per verb ({@code run}, {@code list}, {@code jdks},
 * {@code report}, {@code compare}, {@code merge}, {@code history}, {@code serve}, {@code drive}), the
 * option types they share, and the console output (progress, summary tables). Commands validate
 * input and turn it into calls on the other rooms; they hold no planning or forking logic: {@code run}
 * parses into an immutable {@link org.jvmmark.runner.cli.RunOptions} and hands it to
 * {@link org.jvmmark.runner.cli.RunSession}, the one place that walks the rooms in order for a run (plan,
 * lock, trial loop, adaptive rounds, recording, report) and prints through this package's progress and tables.
 */
package org.jvmmark.runner.cli;
