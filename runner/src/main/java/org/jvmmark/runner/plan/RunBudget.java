package org.jvmmark.runner.plan;

import java.util.function.LongSupplier;
import org.jvmmark.runner.base.Text;

/**
 * A {@link Budget} held against the clock of the whole run: the seconds the launcher spent building jvmmark in this
 * launch ({@code JVMMARK_BUILD_SECONDS}, set by {@code ./jvmmark}), the seconds the runner's JVM has been up (JDK
 * discovery, planning and every trial, wall clock, so gaps between trials count too), and for a resumed run the
 * wall seconds of the trials recorded before it. The fixed plan gets {@value #PLAN_SHARE} of what is left when it is
 * planned (the rest is for the adaptive forks and for a machine slower than its estimates); an adaptive fork runs
 * only when what is left can hold it and the run's end ({@value #END_SECONDS} s: the summary and the report).
 *
 * <p>Not thread-safe: the run loop owns one.
 */
public final class RunBudget {
    /**
     * The share of the budget left after the build that the fixed plan may fill. The rest is the adaptive forks': on the
     * AMD EPYC host whose probe level flips, 28 of 114 and 30 of 96 forks of the main job changed level while they ran
     * (2026-11-28), and the forks of a figure that follows the level must be replaced before its row can answer. At
     * 0.9 the plan took 12 min 42 s of the 15 minutes and left 2 min for 12 forks, so startup and http's requests/s
     * ended "too few forks" with their replacements unbought. At 0.8 the JDK server's virtual-against-platform question
     * goes first (2 min 48 s) and about 4 minutes stay for replacements; every workload and the Tomcat pair stay.
     */
    public static final double PLAN_SHARE = 0.8;
    /**
     * Seconds kept for the run's end: the durations cache, the summary and the report of the main job's 84–110 trials
     * (3–6 s on the 2-vCPU VM, 2026-11-27), with room.
     */
    public static final int END_SECONDS = 10;
    /** The environment variable the launcher sets: this launch's build of jvmmark, in seconds (0 when it built nothing). */
    public static final String BUILD_SECONDS_ENV = "JVMMARK_BUILD_SECONDS";

    private final Budget budget;
    private final double buildSeconds;
    private final double earlierSeconds;
    private final LongSupplier nanoClock;
    private final long startNanos;

    /**
     * @param buildSeconds this launch's build of jvmmark
     * @param earlierSeconds for a resumed run, the wall seconds of the trials recorded before it; else 0
     * @param nanoClock {@link System#nanoTime} outside tests
     * @param startNanos the clock's reading when the run began (the runner's JVM's start)
     */
    public RunBudget(Budget budget, double buildSeconds, double earlierSeconds, LongSupplier nanoClock, long startNanos) {
        this.budget = budget;
        this.buildSeconds = Math.max(0, buildSeconds);
        this.earlierSeconds = Math.max(0, earlierSeconds);
        this.nanoClock = nanoClock;
        this.startNanos = startNanos;
    }

    /** The budget of this process: counted from the JVM's start, with the build the launcher reported. */
    public static RunBudget ofThisProcess(Budget budget, double earlierSeconds) {
        long uptimeNanos = java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime() * 1_000_000L;
        return new RunBudget(budget, buildSecondsOfThisLaunch(), earlierSeconds, System::nanoTime, System.nanoTime() - uptimeNanos);
    }

    /** {@value #BUILD_SECONDS_ENV} (or {@code -Djvmmark.buildSeconds}); 0 when unset or unreadable. */
    public static double buildSecondsOfThisLaunch() {
        String v = System.getProperty("jvmmark.buildSeconds", System.getenv(BUILD_SECONDS_ENV));
        try {
            double s = v == null ? 0 : Double.parseDouble(v.trim());
            return Double.isFinite(s) && s > 0 ? s : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    public Budget budget() {
        return budget;
    }

    public double buildSeconds() {
        return buildSeconds;
    }

    /** Seconds used so far: the build, earlier sessions' trials and this process's wall clock. */
    public double spentSeconds() {
        return buildSeconds + earlierSeconds + (nanoClock.getAsLong() - startNanos) / 1e9;
    }

    /** Seconds of the budget still free (negative once overrun). */
    public double leftSeconds() {
        return budget.seconds() - spentSeconds();
    }

    /** The seconds the fixed plan may take: {@value #PLAN_SHARE} of what is left now, less the run's end. */
    public long planSeconds() {
        return Math.max(0, (long) Math.floor((leftSeconds() - END_SECONDS) * PLAN_SHARE));
    }

    /** Whether {@code seconds} more of trials still leave room for the run's end. */
    public boolean holds(double seconds) {
        return seconds + END_SECONDS <= leftSeconds();
    }

    /** "14 min 10 s in all (build 48.0 s included) of the 15 min 00 s budget, 50.0 s to spare": the run's end. */
    public String endWords() {
        double spent = spentSeconds();
        double left = budget.seconds() - spent;
        return Text.seconds(spent) + " in all" + (buildSeconds > 0 ? " (build " + Text.seconds(buildSeconds) + " included)" : "")
                + " of the " + Text.seconds(budget.seconds()) + " budget, " + (left >= 0 ? Text.seconds(left) + " to spare"
                        : Text.seconds(-left) + " over");
    }

    /** "2 min 10 s of 15 min used (build 48.0 s), about 12 min 50 s left": the minutes against the budget. */
    public String words() {
        double spent = spentSeconds();
        double left = budget.seconds() - spent;
        return Text.seconds(spent) + " of " + Text.seconds(budget.seconds()) + " used"
                + (buildSeconds > 0 ? " (build " + Text.seconds(buildSeconds) + ")" : "")
                + (left >= 0 ? ", " + Text.seconds(left) + " left" : ", " + Text.seconds(-left) + " over");
    }
}
