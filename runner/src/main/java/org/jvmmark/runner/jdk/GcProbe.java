package org.jvmmark.runner.jdk;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jvmmark.runner.base.ShortProcess;

/**
 * Asks a JVM whether it has a collector by starting it with the collector's flags and
 * {@code -version}: a JVM built without Shenandoah, or a JDK 11 where ZGC is still experimental,
 * says so itself, in words the trial then carries. No hard-coded table of who has what.
 * Thread-safe; answers are cached per JDK and collector. Not final so that tests can answer instead.
 */
public class GcProbe {
    /** How long a JVM may take to answer {@code -version}: far more than any starts in, far less than forever. */
    private static final Duration LIMIT = Duration.ofSeconds(30);
    private final Map<String, Answer> answers = new ConcurrentHashMap<>();

    /**
     * What {@code java FLAGS -version} said: nothing (it started), or why not, and whether those are the JVM's own
     * words (it refused the flags) or ours (it could not be started or asked).
     */
    private record Answer(String refusal, boolean jvmsOwnWords) {
        static final Answer STARTED = new Answer(null, false);
    }

    /** @return {@code null} when supported, otherwise the JVM's own one-line refusal */
    public String unsupportedReason(Jdk jdk, GarbageCollector gc) {
        Answer a = answer(jdk, gc.flags());
        return a.refusal() == null || !a.jvmsOwnWords() ? a.refusal() : gc.label() + " not available: " + a.refusal();
    }

    /**
     * Whether the JVM starts with {@code flags} ({@code java FLAGS -version} exits 0): {@code null} when it does,
     * else its own one-line refusal. {@code tune} asks this of every flag of its search space.
     */
    public String refusal(Jdk jdk, List<String> flags) {
        return answer(jdk, flags).refusal();
    }

    private Answer answer(Jdk jdk, List<String> flags) {
        return answers.computeIfAbsent(jdk.home() + "|" + flags, k -> ask(jdk, flags));
    }

    private static Answer ask(Jdk jdk, List<String> flags) {
        List<String> cmd = new ArrayList<>();
        cmd.add(jdk.java().toString());
        cmd.addAll(flags);
        cmd.add("-version");
        try {
            ShortProcess.Result r = ShortProcess.run(cmd, null, LIMIT);
            return r.ok() ? Answer.STARTED : new Answer(JvmMessages.refusal(r.output()), true);
        } catch (ShortProcess.TimedOut e) {
            return new Answer(jdk.label() + " did not answer -version with " + String.join(" ", flags) + " within "
                    + LIMIT.toSeconds() + " s; killed", false);
        } catch (IOException e) {
            return new Answer("cannot start " + jdk.java() + ": " + e.getMessage(), false);
        }
    }
}
