package org.jvmmark.runner.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import org.jvmmark.runner.base.InertControls;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import me.tongfei.progressbar.ProgressState;
import org.jvmmark.results.TrialStatus;
import org.jvmmark.runner.plan.PlannedTrial;
import org.jvmmark.runner.plan.RunBudget;
import org.jvmmark.runner.base.Text;

/**
 * Shows how far a run has got: a progress bar with ETA (me.tongfei progressbar) on a terminal, one
 * plain line per trial otherwise — CI logs and pipes get no cursor tricks. The bar counts
 * estimated seconds, not trials, so its ETA weighs a 100 s trial above a 1 s one. Not thread-safe:
 * the run loop owns it.
 */
public abstract class Progress implements AutoCloseable {

    /** @param budget the whole run's budget, whose minutes each line says (used and left, the build included) */
    static Progress create(PrintStream out, int trials, long estimatedSeconds, RunBudget budget, boolean terminal) {
        return terminal ? new Bar(out, trials, estimatedSeconds, budget) : new Lines(out, trials, estimatedSeconds, budget);
    }

    /** True when stdout is an interactive terminal. */
    static boolean isTerminal() {
        java.io.Console c = System.console();
        if (c == null) {
            return false;
        }
        try {
            // JDK 22+ returns a Console even for pipes; isTerminal() tells the truth there
            return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(c);
        } catch (ReflectiveOperationException e) {
            return true;
        }
    }

    abstract void starting(int index, PlannedTrial trial);

    abstract void finished(int index, PlannedTrial trial, TrialStatus status, double wallSeconds);

    /** A trial that was not {@code ok}: its reason and where its logs are, so nobody has to search for them. */
    abstract void problem(PlannedTrial trial, String error, Path logs);

    /**
     * Seconds left: the estimate of the trials still to run, scaled by how the finished ones compared
     * with their estimate (a loaded machine runs slower than the estimates say).
     */
    static double remaining(long estimatedTotal, long estimatedDone, double elapsedSeconds) {
        long left = Math.max(0, estimatedTotal - estimatedDone);
        return estimatedDone > 0 ? left * elapsedSeconds / estimatedDone : left;
    }

    static String problemLine(String error, Path logs) {
        return "    " + error + (logs == null ? "" : "; logs: " + logs);
    }

    @Override
    public abstract void close();

    /** One line per finished trial. */
    private static final class Lines extends Progress {
        private final PrintStream out;
        private final int total;
        private final long estimatedSeconds;
        private final RunBudget budget;
        private final long startNanos = System.nanoTime();
        private long estimatedDone;

        Lines(PrintStream out, int total, long estimatedSeconds, RunBudget budget) {
            this.out = out;
            this.total = total;
            this.estimatedSeconds = estimatedSeconds;
            this.budget = budget;
        }

        @Override
        void starting(int index, PlannedTrial trial) {
        }

        @Override
        void finished(int index, PlannedTrial trial, TrialStatus status, double wallSeconds) {
            estimatedDone += trial.estimatedSeconds();
            double elapsed = (System.nanoTime() - startNanos) / 1e9;
            out.printf("[%d/%d] %s: %s (%s)%s%s%n", index, total, trial.id(), status.json(), Text.seconds(wallSeconds),
                    index == total ? "" : " · about " + Text.seconds(remaining(estimatedSeconds, estimatedDone, elapsed)) + " of these left",
                    budget == null ? "" : " · budget: " + budget.words());
            out.flush();
        }

        @Override
        void problem(PlannedTrial trial, String error, Path logs) {
            out.println(problemLine(error, logs));
            out.flush();
        }

        @Override
        public void close() {
        }
    }

    /** The bar, drawn on stderr-free stdout; trial lines are printed above it. */
    private static final class Bar extends Progress {
        private final ProgressBar bar;
        private final PrintStream out;

        private final RunBudget budget;

        Bar(PrintStream out, int trials, long estimatedSeconds, RunBudget budget) {
            this.out = out;
            this.budget = budget;
            this.bar = new ProgressBarBuilder().setTaskName(trials + " trials").setInitialMax(Math.max(1, estimatedSeconds))
                    .setUnit(" s", 1).setStyle(ProgressBarStyle.COLORFUL_UNICODE_BLOCK).setUpdateIntervalMillis(500)
                    .setConsumer(new ConsoleProgressBarConsumer(InertControls.raw(out))).setMaxRenderedLength(100)
                    .setEtaFunction(Bar::eta)
                    .build();
        }

        /** The plan's estimate at first, then the estimate scaled by how fast the run really goes. */
        private static java.util.Optional<Duration> eta(ProgressState state) {
            long left = Math.max(0, state.getMax() - state.getCurrent());
            long elapsed = state.getTotalElapsed().toSeconds();
            long eta = state.getCurrent() > 0 ? elapsed * left / state.getCurrent() : Math.max(0, left - elapsed);
            return java.util.Optional.of(Duration.ofSeconds(eta));
        }

        @Override
        void starting(int index, PlannedTrial trial) {
            bar.setExtraMessage(" " + trial.id() + (budget == null ? "" : " · budget: " + budget.words()));
        }

        @Override
        void finished(int index, PlannedTrial trial, TrialStatus status, double wallSeconds) {
            bar.stepBy(trial.estimatedSeconds());
            if (status != TrialStatus.OK) {
                bar.setExtraMessage(" " + InertControls.text(trial.id()) + ": " + status.json());
            }
        }

        /** Printed above the bar (carriage return, erase the line, then the text), which redraws below it. */
        @Override
        void problem(PlannedTrial trial, String error, Path logs) {
            PrintStream raw = InertControls.raw(out);
            raw.print("\r\033[K" + InertControls.text(trial.id() + ":" + System.lineSeparator() + problemLine(error, logs))
                    + System.lineSeparator());
            raw.flush();
        }

        @Override
        public void close() {
            bar.close();
            out.flush();
        }
    }
}
