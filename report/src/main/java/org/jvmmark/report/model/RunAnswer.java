package org.jvmmark.report.model;

import org.jvmmark.report.model.ReportModel;

/**
 * One run's answer: the report model built from its results (which it holds: the CSV is one row per trial of them).
 * A tuning run's answer is {@code tune.TuneAnswer}, judged from the same results. Immutable.
 *
 * @param model the report model, as {@code ModelBuilder} built it
 */
public record RunAnswer(ReportModel model) {
}
