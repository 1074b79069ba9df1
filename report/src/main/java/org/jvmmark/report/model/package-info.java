/**
 * What every rendering shows, as values that know nothing of how they are printed: a run's report ({@link
 * org.jvmmark.report.model.ReportModel}: sections, tables, rows, cells, figures, the noise verdict, the declared
 * questions' answers), {@code compare}'s comparison ({@link org.jvmmark.report.model.Comparison}), and the answers the
 * formats write — a run ({@link org.jvmmark.report.model.RunAnswer}), a comparison ({@link
 * org.jvmmark.report.model.CompareAnswer}) and a history check ({@link org.jvmmark.report.model.CheckAnswer}); a tuning
 * race's answer is {@code tune.TuneAnswer}. The builders make them; the formats ({@code render.Format}) only read them,
 * so a new format is one class and never touches an answer. Immutable values, thread-safe.
 */
package org.jvmmark.report.model;
