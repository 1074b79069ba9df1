/**
 * The formats: HTML (offline, charts drawn by a bundled Chart.js), Markdown, CSV and the console text of
 * {@code compare}. Each renderer turns the one report model into its format and decides nothing: a
 * verdict, a trust mark or a winner is read from the model, never recomputed here. Stateless.
 */
package org.jvmmark.report.render;
