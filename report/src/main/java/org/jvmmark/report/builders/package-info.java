/**
 * What makes the model: {@link org.jvmmark.report.builders.ModelBuilder} turns one run's results into the report model
 * (rows, figures, verdicts, the declared questions' answers), {@link org.jvmmark.report.builders.ComparisonBuilder}
 * judges two sides into {@code compare}'s comparison. Every verdict here is read from the judge. Stateless,
 * thread-safe.
 */
package org.jvmmark.report.builders;
