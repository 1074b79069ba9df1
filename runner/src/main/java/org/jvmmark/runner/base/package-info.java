/**
 * What every room of the runner shares and that depends on none of them: the one exception a user sees ({@link
 * org.jvmmark.runner.base.UserException}, one line, never a stack trace), the exit statuses, and {@link
 * org.jvmmark.runner.base.Text} (one-line messages, durations). A leaf, so that the entry point ({@code Main}, in the root
 * package) can depend on the commands without the commands depending back on it.
 */
package org.jvmmark.runner.base;
