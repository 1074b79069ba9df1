/**
 * From {@code results.json} to what a person reads. {@link org.jvmmark.report.Report} renders one result
 * set and {@link org.jvmmark.report.Compare} two; both read the typed results model and nothing of the
 * runner. This package builds the report model (sections, tables, rows, cells, figures) from the
 * results; the statistics that decide verdicts are in {@code verdict}, and the formats that render the
 * model (HTML with charts, Markdown, CSV, console text) in {@code render}. Renderers only render: every
 * judgement they print was made once, in {@code verdict}.
 */
package org.jvmmark.report;
