/**
 * Where a run's results go: the output directory (new or made by jvmmark, never a user's folder),
 * {@code results.json} rewritten atomically after every trial, the merge of a plan's slices, and the
 * record of a finished run in the history database.
 */
package org.jvmmark.runner.output;
