/**
 * Opt-in instruments attached to each trial — {@code --gc-log}, {@code --jfr},
 * {@code --async-profiler} — and the attribution of a trial's worst samples to what they
 * overlapped.
 *
 * <p>As in Renaissance's plugin API, each point of a trial's life has its own small interface and an
 * instrument implements only the ones it needs: {@link org.jvmmark.runner.instruments.LaunchListener}
 * (flags for the JVM under test, before it starts), {@link org.jvmmark.runner.instruments.TrialEndListener}
 * (read what it left in the trial's log directory and summarise it, after the JVM ended) and
 * {@link org.jvmmark.runner.instruments.PauseSource} (the pauses and safepoints it saw, on the
 * harness clock, for {@link org.jvmmark.runner.instruments.Outliers}). {@link
 * org.jvmmark.runner.instruments.InstrumentSet} is what the runner talks to: it asks each JVM once
 * whether it accepts an instrument's flags (a JVM that refuses runs the trial without it, and the
 * trial's {@code instruments} block says so in the JVM's own words) and writes the block.
 *
 * <p>Every summary is read on the host after the JVM under test has exited; nothing here runs inside
 * it, so the instruments cost the JVM under test only what the JVM's own logging, JFR or the
 * profiler cost — measured in {@code runner/README.md}.
 */
package org.jvmmark.runner.instruments;
