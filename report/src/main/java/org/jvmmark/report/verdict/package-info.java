/**
 * The values a verdict is made of and the words it is said in, for the renderers: {@link
 * org.jvmmark.report.verdict.Effect} (a ratio with its interval), {@link org.jvmmark.report.verdict.Headline} (who
 * won a workload), {@link org.jvmmark.report.verdict.Answer} (a declared question's answer), {@link
 * org.jvmmark.report.verdict.Verdicts} (a table's marks and its headline, both read from the judge's answers), {@link
 * org.jvmmark.report.verdict.NoiseVerdict} (which percentiles this machine can support) and {@link
 * org.jvmmark.report.verdict.Stats} (descriptive statistics). Every decision is the judge's ({@link
 * org.jvmmark.report.judge.Judge}); nothing here tests anything. Stateless and thread-safe.
 */
package org.jvmmark.report.verdict;
