/**
 * The formats: HTML (offline, charts drawn by a bundled Chart.js), Markdown, CSV, JSON, the console text and the
 * exports, one {@link org.jvmmark.report.render.Format} each, listed in {@link org.jvmmark.report.render.Formats}. Each
 * turns an answer (a run's report model, a comparison, a history check, a tune) into its format and decides nothing:
 * a verdict, a trust mark or a winner is read from the answer, never recomputed here, and nothing here calls a
 * builder. What callers ask for ({@code Report}, {@code Compare}) is one package up. Stateless.
 */
package org.jvmmark.report.render;
