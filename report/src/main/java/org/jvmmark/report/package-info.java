/**
 * From {@code results.json} to what a person reads. {@link org.jvmmark.report.Report} renders one result
 * set and {@link org.jvmmark.report.Compare} two; both read the typed results model and nothing of the
 * runner. This package builds the report model (sections, tables, rows, cells, figures) from the
 * results; the statistics that decide verdicts are in {@code verdict}, and the formats that render the
 * model (HTML with charts, Markdown, CSV, console text) in {@code render}. Every judgement a renderer prints
 * was made once, in {@code verdict} and {@code judge}. Two pieces of this package still work from the trials
 * while a format is written: {@link org.jvmmark.report.WhyBlock} lays out its own HTML and Markdown cells from
 * the trials' instruments blocks, and {@link org.jvmmark.report.Explanations#notes} reads a row's probes for
 * its "fell behind" note.
 */
package org.jvmmark.report;
