/**
 * Numbers as every rendering prints them: three significant figures in a scaled unit, the same in every locale
 * ({@link org.jvmmark.report.numbers.Format}). Depends on nothing of the report. Stateless, thread-safe.
 */
package org.jvmmark.report.numbers;
