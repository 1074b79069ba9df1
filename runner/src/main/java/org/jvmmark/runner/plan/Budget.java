package org.jvmmark.runner.plan;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jvmmark.runner.UserException;

/**
 * A time budget for a run ({@code --budget 30m}): the plan is cut to fit it ({@link BudgetCuts}) and
 * adaptive forks stop when the next one would overrun it. Without {@code --budget} adaptive forks
 * still have one: 1.2 × the plan's estimate (at least a minute more), so a run ends within a fifth of
 * its estimate — the main job's plan of about 17 minutes gets 20. Immutable, hence thread-safe.
 *
 * @param seconds the budget in seconds
 * @param given whether the user gave it (only a given budget cuts the plan)
 */
public record Budget(long seconds, boolean given) {
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
        return new Budget(total, true);
    }

    /** The budget adaptive forks get when none is given: 1.2 × the plan's estimate, at least a minute more. */
    public static Budget defaultFor(long planSeconds) {
        return new Budget(Math.max(planSeconds + 60, Math.round(planSeconds * (1 + DEFAULT_EXTRA))), false);
    }

    /** {@code 30m} style, as given and recorded. */
    public String label() {
        return seconds % 3600 == 0 ? seconds / 3600 + "h" : seconds % 60 == 0 ? seconds / 60 + "m" : seconds + "s";
    }
}
