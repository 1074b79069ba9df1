/**
 * Helpers shared by the modules' tests, never shipped: the JDKs on this machine ({@link
 * org.jvmmark.testkit.Jdks}), a workload's trial forked as the runner forks it ({@link
 * org.jvmmark.testkit.ForkedTrial}), a main class run on another JDK ({@link
 * org.jvmmark.testkit.ForkedMain}), programs jvmmark did not write, skipped on a developer's machine
 * and required under CI ({@link org.jvmmark.testkit.OutsideTool}), and headless Chromium for the
 * HTML pages ({@link org.jvmmark.testkit.Chromium}, {@link org.jvmmark.testkit.DumpedDom}).
 *
 * <p>The stateless helpers are thread-safe; {@code ForkedTrial} and {@code Chromium} are one test's.
 */
package org.jvmmark.testkit;
