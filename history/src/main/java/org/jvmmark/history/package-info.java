/**
 * Every run kept, and change detection over time: {@code jvmmark history}.
 *
 * <h2>Storing</h2>
 * {@link org.jvmmark.history.HistoryDatabase} says where the history lives — an embedded SQLite file
 * by default, a PostgreSQL server for a team — and migrates its schema (Flyway, {@code db/migration}).
 * {@link org.jvmmark.history.HistoryStore} records a run's trials (one transaction per trial, inserts
 * that repeat nothing) and reads back series, each named by a {@link org.jvmmark.history.SeriesKey}:
 * machine, workload, parameters, JVM, variant, probe and figure.
 *
 * <h2>Judging</h2>
 * {@link org.jvmmark.history.EDivisive} finds change points in a series (as Apache Otava does);
 * {@link org.jvmmark.history.HistoryCheck} lists them, and {@link org.jvmmark.history.HistoryJudge}
 * answers {@code history check}'s question — is a regression in effect at the newest run? — with the
 * report's evidence and its three answers. {@link org.jvmmark.history.CheckText} words that answer for
 * a terminal and {@link org.jvmmark.history.TrendPage} draws the history as one HTML page.
 *
 * <p>Thread-safety: the values ({@code SeriesKey}, {@code ChangePoint}) are immutable, the judges and
 * renderers stateless, and the database classes open a connection per call; none keeps state between
 * calls that another thread could see half-made.
 */
package org.jvmmark.history;
