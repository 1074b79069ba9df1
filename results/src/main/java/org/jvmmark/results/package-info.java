/**
 * The typed model of {@code results.json} (schema {@code jvmmark/results/1}): {@link org.jvmmark.results.Results}
 * and its {@link org.jvmmark.results.Trial}s, read by {@link org.jvmmark.results.ResultsReader} and written by
 * {@link org.jvmmark.results.ResultsWriter}. The runner, the report and the history share this model
 * instead of each walking the JSON. Every type is an immutable value, hence thread-safe.
 */
package org.jvmmark.results;
