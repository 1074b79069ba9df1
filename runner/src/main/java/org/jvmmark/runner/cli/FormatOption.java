package org.jvmmark.runner.cli;

import org.jvmmark.report.render.Format;
import org.jvmmark.report.render.Formats;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads {@code --format NAME} into one of the {@link Formats}: an unknown name is refused in one line listing the valid
 * ones; a format that has no meaning for the command's answer is refused when it is written. Stateless and thread-safe.
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
}
