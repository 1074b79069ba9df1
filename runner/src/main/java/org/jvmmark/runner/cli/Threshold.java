package org.jvmmark.runner.cli;

import org.jvmmark.report.judge.Judge;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads {@code --threshold}: the smallest relative difference a verdict calls, written as a fraction
 * ({@code 0.05}) or a percentage ({@code 5%}). Shared by {@code run}, {@code report} and
 * {@code compare}. Stateless and thread-safe.
 */
public final class Threshold implements ITypeConverter<Double> {
    /** The default, {@link Judge#DEFAULT_THRESHOLD} as the option's text: the one 5 %. */
    static final String DEFAULT = "" + Judge.DEFAULT_THRESHOLD;
    static final String LABEL = "FRACTION|PCT%";
    static final String HELP = "Smallest difference a verdict calls: 0.05 or 5%% (default: 5%%).";

    @Override
    public Double convert(String value) {
        String v = value.strip();
        boolean percent = v.endsWith("%");
        double d;
        try {
            d = Double.parseDouble(percent ? v.substring(0, v.length() - 1).strip() : v);
        } catch (NumberFormatException e) {
            throw new TypeConversionException("--threshold must be a fraction (0.05) or a percentage (5%), not '" + value + "'");
        }
        d = percent ? d / 100 : d;
        if (!(d >= 0) || Double.isInfinite(d) || d >= 1) {
            throw new TypeConversionException("--threshold must be at least 0 and below 1 (100%), not '" + value + "'");
        }
        return d;
    }
}
