/**
 * From {@code results.json} to what a person reads, in packages by role whose arrows run one way: {@code render}
 * (the formats, {@code render.Format}, and what callers ask for, {@code render.Report} and {@code render.Compare}) →
 * {@code builders} (the report model of a run, {@code compare}'s comparison) → {@code words} (how a judgement, a note
 * or a figure is said) → {@code model} (report, sections, tables, rows, cells, figures, and the answers as values) →
 * {@code numbers} (numbers in their units) and {@code judge} (the one judgement layer, which depends on nothing here).
 * A tuning run's answer is in {@code tune}. It reads the typed results model and nothing of the runner. Every judgement
 * a renderer prints was made once, by the judge, and put in the model by a builder; the renderers only read it. Two
 * pieces still work from the trials while a format is written: the Why block ({@code render.WhyBlock}) lays out its
 * cells from the trials' instruments blocks, and {@code words.Explanations#notes} reads a row's probes for its "fell
 * behind" note.
 */
package org.jvmmark.report;
