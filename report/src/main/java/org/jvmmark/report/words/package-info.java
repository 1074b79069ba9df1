/**
 * How the report says things: a judgement, a difference, a figure's label ({@link org.jvmmark.report.words.Words},
 * the one place), and the notes under a section, a row or a fork. Reads the model; builds nothing. Stateless,
 * thread-safe.
 */
package org.jvmmark.report.words;
