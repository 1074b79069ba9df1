/**
 * The statistics behind every verdict: one value per fork and figure (a fresh JVM is the unit of
 * evidence), stability per row, the test of two rows (Welch on log fork values, effect as the ratio of
 * geometric means with its interval) and the headline per workload. {@code report}, {@code compare} and
 * the history all judge through this package, so one row has one figure and one verdict everywhere.
 * Stateless and thread-safe.
 */
package org.jvmmark.report.verdict;
