/**
 * From {@code results.json} to what a person reads, in packages by role whose arrows run one way. Here, what callers
 * ask for: {@link org.jvmmark.report.Report} (a result set's {@code report.html}, {@code report.md}, {@code results.csv}
 * and console text) and {@link org.jvmmark.report.Compare} (two result sets judged against each other), each reading
 * the results, building the answer and handing it to a format. Below them, side by side: {@code builders} (the
 * report model of a run, {@code compare}'s comparison) and {@code render} (the formats, {@code render.Format}, which
 * only read an answer, {@code tune}'s among them); then {@code tune} (a tuning run's answer) → {@code words} (how a
 * judgement, a note, a figure or the Who won table is said) → {@code model} (report, sections, tables and their
 * views, rows, cells, figures, and the answers as values) → {@code numbers} (numbers in their units) and {@code
 * judge} (the one judgement layer, which depends on nothing here). It reads the typed results model and nothing of
 * the runner. Every judgement a renderer prints was made once, by the judge, and put in the model by a builder; the
 * renderers only read it. Two pieces still work from the trials while a format is written: the Why block ({@code render.WhyBlock}) lays out its cells from the trials'
 * instruments blocks, and {@code words.Explanations#notes} reads a row's probes for its "fell behind" note.
 */
package org.jvmmark.report;
