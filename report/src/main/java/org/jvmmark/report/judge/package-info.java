/**
 * The one judgement layer: every answer jvmmark gives — the report's marks and "Who won", the questions'
 * answers, {@code compare}, {@code history check} and {@code --forks auto} — comes from {@link
 * org.jvmmark.report.judge.Judge}. It takes typed evidence ({@link org.jvmmark.report.judge.Evidence}: rows ×
 * one figure × one value per fork, with the forks that failed) and {@link org.jvmmark.report.judge.Contrast}s
 * between its rows, and returns {@link org.jvmmark.report.judge.Judgement}s: values, never sentences.
 *
 * <p><b>Three answers.</b> Better or worse when the interval of the effect excludes no change and the effect
 * passes the practical threshold; <b>no difference only when the whole interval lies within ±threshold</b> (an
 * equivalence test: the interval is the two one-sided tests' at the family's level); otherwise <b>cannot
 * tell</b>, with the forks a side that would tell. "Cannot tell" is never read as "no regression": {@link
 * org.jvmmark.report.judge.ExitStatus} maps judgements to {@code compare}'s and {@code history check}'s exit
 * status in one place.
 *
 * <p><b>The machine as a blocking factor</b> ({@link org.jvmmark.report.judge.NoiseModel}): where the machine
 * probe's readings beside the forks split into two launch levels ({@link org.jvmmark.report.judge.TwoLevels}), every
 * row's effect is estimated within the levels (row + level on log fork values) — the levels observed, never inferred
 * from the figure's own values — and the noise is pooled over the rows whose spreads agree; an outlier row is judged
 * on its own spread.
 *
 * <p>The method — the model, the rule, the error rates — is written once, in this package's {@code DESIGN.md}
 * (§1–§8); each rule in the code names its section there.
 *
 * <p>The layer depends on nothing else of the report: its effects ({@link org.jvmmark.report.judge.Effect}) are
 * ratios with intervals, its statistics ({@link org.jvmmark.report.judge.Stats}) plain numbers; the report says them
 * in words.
 *
 * <p>Thread-safe; every type here is immutable, and each evidence's fit is made once and remembered while the
 * evidence is in use.
 */
package org.jvmmark.report.judge;
