package org.jvmmark.runner.cli;

import java.util.Stack;
import java.util.function.Consumer;
import org.jvmmark.runner.instruments.AsyncProfilerInstrument;
import org.jvmmark.runner.instruments.InstrumentSet;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import org.jvmmark.runner.base.UserException;

/**
 * {@code run}'s instrument options ({@code --gc-log}, {@code --jfr[=...]},
 * {@code --async-profiler[=...]}), a picocli mixin. An option whose value is optional takes the next
 * word only when it is one of its values ({@code --jfr default}), so that {@code --jfr synthetic}
 * still runs the workload {@code synthetic}. Not thread-safe: filled by picocli, read once.
 */
public final class InstrumentOptions {
    @Option(names = "--gc-log", description = "Keep each trial's GC log (-Xlog:gc*,safepoint) beside its logs and summarise it.")
    private boolean gcLog;

    @Option(names = "--jfr", arity = "0..1", paramLabel = "profile|default|FILE.jfc", parameterConsumer = JfrValue.class,
            description = "Record each trial with JFR (default settings: profile), keep the .jfr beside its logs and summarise it.")
    private String jfr;

    @Option(names = "--async-profiler", arity = "0..1", paramLabel = "cpu|alloc|wall|lock", parameterConsumer = ProfilerValue.class,
            description = "Profile each trial with async-profiler (default event: cpu); a flame graph per trial, linked from the report.")
    private String asyncProfiler;

    /** @throws UserException for a setting none of the valid ones */
    InstrumentSet toSet(Consumer<String> warn) {
        try {
            return InstrumentSet.of(gcLog, jfr, asyncProfiler, warn);
        } catch (IllegalArgumentException e) {
            throw new UserException(e.getMessage());
        }
    }

    /** Takes the next word as the option's value if {@code accepts} it, else the default. */
    private abstract static class OptionalValue implements picocli.CommandLine.IParameterConsumer {
        abstract boolean accepts(String word);

        abstract String fallback();

        @Override
        public void consumeParameters(Stack<String> args, ArgSpec argSpec, CommandSpec commandSpec) {
            String value = !args.isEmpty() && accepts(args.peek()) ? args.pop() : fallback();
            argSpec.setValue(value);
        }
    }

    static final class JfrValue extends OptionalValue {
        @Override
        boolean accepts(String word) {
            return word.equals("profile") || word.equals("default") || word.endsWith(".jfc");
        }

        @Override
        String fallback() {
            return "profile";
        }
    }

    static final class ProfilerValue extends OptionalValue {
        @Override
        boolean accepts(String word) {
            return AsyncProfilerInstrument.EVENTS.contains(word);
        }

        @Override
        String fallback() {
            return "cpu";
        }
    }
}
