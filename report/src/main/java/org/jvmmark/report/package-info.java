/**
 * From {@code results.json} to the report model a person reads (rendered by {@code render}: {@code
 * render.Report} for one result set, {@code render.Compare} for two); it reads the typed results model and nothing of
 * the runner, and depends on no renderer. This package builds the report model (sections, tables, rows, cells,
 * figures) from the results, and reads every verdict in it — a table's marks ({@link org.jvmmark.report.Verdicts}), "Who won"
 * ({@link org.jvmmark.report.Headline}), the declared questions' answers ({@link org.jvmmark.report.QuestionAnswers})
 * and {@code compare}'s lines ({@link org.jvmmark.report.ComparisonBuilder}) — from the one judgement layer,
 * {@code judge}, which depends on nothing here; {@link org.jvmmark.report.Words} is the one place that says a
 * judgement in words. The formats that render the model (HTML with charts, Markdown, CSV, console text) are in
 * {@code render}, and a tuning run's answer in {@code tune}. Every judgement a renderer prints was made once, by
 * the judge. Two pieces still work from the trials while a format is written: the Why block ({@code render.WhyBlock})
 * lays out its cells from the trials' instruments blocks, and {@link org.jvmmark.report.Explanations#notes} reads a
 * row's probes for its "fell behind" note.
 */
package org.jvmmark.report;
