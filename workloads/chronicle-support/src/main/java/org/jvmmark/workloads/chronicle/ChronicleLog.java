package org.jvmmark.workloads.chronicle;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import net.openhft.chronicle.core.Jvm;
import net.openhft.chronicle.core.onoes.ExceptionHandler;
import org.slf4j.Logger;

/**
 * Routes Chronicle's own warnings and errors to the trial's log and keeps them, so that when
 * Chronicle Queue cannot run on a JVM (e.g. it falls back to a read-only table store because
 * {@code sun.nio.ch} is not exported) the trial reports the library's own reason.
 *
 * <p>Chronicle logs through SLF4J; the JVM under test carries no SLF4J binding (its classpath is
 * part of what is measured), so without this its messages would vanish. Debug and performance
 * chatter ({@code Took 29 ms to add mapping ...}) is dropped.
 *
 * <p>Thread-safe.
 */
public final class ChronicleLog {
    private final List<String> lines = new ArrayList<>();
    private final Consumer<String> sink;

    private ChronicleLog(Consumer<String> sink) {
        this.sink = sink;
    }

    /**
     * Installs the handlers; call before Chronicle Queue is first used. Also selects SLF4J's no-op
     * provider explicitly, which otherwise prints a three-line warning on every start.
     */
    public static ChronicleLog install(Consumer<String> sink) {
        setIfAbsent("slf4j.provider", "org.slf4j.helpers.NOP_FallbackServiceProvider");
        setIfAbsent("slf4j.internal.verbosity", "WARN");
        ChronicleLog log = new ChronicleLog(sink);
        ExceptionHandler ignore = ExceptionHandler.ignoresEverything();
        Jvm.setExceptionHandlers(log.handler("error"), log.handler("warning"), ignore, ignore);
        return log;
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }

    private ExceptionHandler handler(String level) {
        return new ExceptionHandler() {
            @Override
            public void on(Logger logger, String message, Throwable thrown) {
                record(level, message, thrown);
            }
        };
    }

    private void record(String level, String message, Throwable thrown) {
        StringBuilder line = new StringBuilder("chronicle ").append(level).append(": ");
        line.append(message == null ? "" : message.trim());
        if (thrown != null) {
            line.append(" (").append(rootCause(thrown)).append(')');
        }
        String text = line.toString().replace('\n', ' ');
        synchronized (this) {
            lines.add(text);
        }
        sink.accept(text);
    }

    /** The innermost cause with a message, as {@code SimpleName: message}, on one line. */
    public static String rootCause(Throwable thrown) {
        Throwable shown = thrown;
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            if (t.getMessage() != null) {
                shown = t;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        String message = shown.getMessage();
        String text = shown.getClass().getSimpleName() + (message == null ? "" : ": " + message);
        int eol = text.indexOf('\n');
        return (eol < 0 ? text : text.substring(0, eol)).trim();
    }

    /** What Chronicle warned about so far, oldest first. */
    public synchronized List<String> lines() {
        return new ArrayList<>(lines);
    }

    /** What Chronicle said, then {@code thrown}'s root cause, on one line: why the library failed. */
    public String reason(Throwable thrown) {
        StringBuilder reason = new StringBuilder();
        for (String line : lines()) {
            reason.append(reason.length() == 0 ? "" : "; ").append(line);
        }
        if (thrown != null) {
            reason.append(reason.length() == 0 ? "" : "; ").append(rootCause(thrown));
        }
        return reason.length() == 0 ? "no reason given by the library" : reason.toString();
    }
}
