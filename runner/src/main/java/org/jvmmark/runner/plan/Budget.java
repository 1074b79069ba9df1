package org.jvmmark.runner.plan;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jvmmark.runner.base.UserException;

/**
 * A time budget for a whole run ({@code --budget 30m}), the launcher's build of jvmmark included where
 * this launch built it ({@link RunBudget}): the plan is cut to fit it ({@link BudgetPlan}, in the order the
 * workloads declare with {@link org.jvmmark.api.BudgetCuts}), and adaptive forks stop when what is left of it
 * cannot hold the next fork. The main job ({@code ./jvmmark run}: no workload named, profile quick) has one
 * without {@code --budget}: {@value #MAIN_JOB_SECONDS} s, from a fresh clone, build included. Any other run without
 * {@code --budget} gives its adaptive forks 1.2 × the plan's estimate (at least a minute more), and is not cut.
 * Immutable, hence thread-safe.
 *
 * @param seconds the budget in seconds
 * @param kind where it comes from: given, the main job's, or the adaptive forks' default
 */
public record Budget(long seconds, Kind kind) {
    /** The main job's budget when no {@code --budget} is given: 15 minutes from a fresh clone, build included. */
    public static final long MAIN_JOB_SECONDS = 15 * 60;

    /** Where a budget comes from. */
    public enum Kind {
        /** {@code --budget}: cuts the plan. */
        GIVEN("--budget"),
        /** The main job's {@value #MAIN_JOB_SECONDS} s: cuts the plan as a given one does. */
        MAIN_JOB("the main job's budget; --budget sets it"),
        /** 1.2 × the plan's estimate, for adaptive forks only: cuts nothing. */
        ADAPTIVE_DEFAULT("the default budget; --budget sets it");

        private final String words;

        Kind(String words) {
            this.words = words;
        }
    }

    /** The share of the plan's estimate adaptive forks may add when no budget is given. */
    public static final double DEFAULT_EXTRA = 0.2;
    private static final Pattern PART = Pattern.compile("(\\d+)\\s*(h|min|m|s)");

    /**
     * @param spec {@code 30m}, {@code 1h}, {@code 1h30m}, {@code 90s}
     * @throws UserException for anything else, or a budget of zero
     */
    public static Budget parse(String spec) {
        String s = spec.trim().toLowerCase(Locale.ROOT).replace(" ", "");
        Matcher m = PART.matcher(s);
        long total = 0;
        int end = 0;
        while (m.find() && m.start() == end) {
            long n = Long.parseLong(m.group(1));
            total += switch (m.group(2)) {
                case "h" -> n * 3600;
                case "s" -> n;
                default -> n * 60;
            };
            end = m.end();
        }
        if (s.isEmpty() || end != s.length() || total <= 0) {
            throw new UserException("--budget " + spec + ": expected a duration such as 30m, 1h, 1h30m or 90s");
        }
        return new Budget(total, Kind.GIVEN);
    }

    /** The budget adaptive forks get when none is given: 1.2 × the plan's estimate, at least a minute more. */
    public static Budget defaultFor(long planSeconds) {
        return new Budget(Math.max(planSeconds + 60, Math.round(planSeconds * (1 + DEFAULT_EXTRA))), Kind.ADAPTIVE_DEFAULT);
    }

    /** The main job's budget: {@value #MAIN_JOB_SECONDS} s, build included. */
    public static Budget mainJob() {
        return new Budget(MAIN_JOB_SECONDS, Kind.MAIN_JOB);
    }

    /** Whether the plan is cut to fit it (a given budget, or the main job's). */
    public boolean cutsPlan() {
        return kind != Kind.ADAPTIVE_DEFAULT;
    }

    /** Whether {@code --budget} gave it. */
    public boolean given() {
        return kind == Kind.GIVEN;
    }

    /** "--budget", "the main job's budget; --budget sets it": where it comes from, in words. */
    public String origin() {
        return kind.words;
    }

    /** The same kind of budget with {@code seconds} (what is left of it after the build, say). */
    public Budget withSeconds(long seconds) {
        return new Budget(seconds, kind);
    }

    /** {@code 30m} style, as given and recorded. */
    public String label() {
        return seconds % 3600 == 0 ? seconds / 3600 + "h" : seconds % 60 == 0 ? seconds / 60 + "m" : seconds + "s";
    }
}
