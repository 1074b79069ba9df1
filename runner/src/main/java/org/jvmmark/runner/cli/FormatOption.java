package org.jvmmark.runner.cli;

import java.util.Iterator;
import org.jvmmark.report.model.CheckAnswer;
import org.jvmmark.report.model.CompareAnswer;
import org.jvmmark.report.model.RunAnswer;
import org.jvmmark.report.render.Format;
import org.jvmmark.report.render.Formats;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads {@code --format NAME} into one of the {@link Formats}: an unknown name is refused in one line listing the valid
 * ones; a format that has no meaning for the command's answer is refused when it is written. Help lists the formats
 * that write the command's answer ({@code ${COMPLETION-CANDIDATES}} from {@link ForRun}, {@link ForComparison}, {@link
 * ForCheck}), so a new format needs no edit here. Stateless and thread-safe.
 */
public final class FormatOption implements ITypeConverter<Format> {
    @Override
    public Format convert(String value) {
        try {
            return Formats.named(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }

    /** The names of the formats that write {@code answer}, in {@link Formats}' order. */
    private static Iterator<String> names(Class<?> answer) {
        return Formats.all().stream().filter(f -> f.writes(answer)).map(Format::name).iterator();
    }

    /** The formats of a run, for {@code report}'s help. */
    public static final class ForRun implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return names(RunAnswer.class);
        }
    }

    /** The formats of a comparison, for {@code compare}'s help. */
    public static final class ForComparison implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return names(CompareAnswer.class);
        }
    }

    /** The formats of a history check, for {@code history check}'s help. */
    public static final class ForCheck implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return names(CheckAnswer.class);
        }
    }
}
