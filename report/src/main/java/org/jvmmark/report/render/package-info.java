/**
 * What callers ask for — {@link org.jvmmark.report.render.Report} (a result set's {@code report.html}, {@code
 * report.md}, {@code results.csv} and console text) and {@link org.jvmmark.report.render.Compare} (two result sets
 * judged against each other) — and the formats: HTML (offline, charts drawn by a bundled Chart.js), Markdown, CSV and the console text of
 * {@code compare}. Each renderer turns the one report model into its format and decides nothing: a
 * verdict, a trust mark or a winner is read from the model, never recomputed here. Stateless.
 */
package org.jvmmark.report.render;
