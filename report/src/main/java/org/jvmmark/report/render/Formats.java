package org.jvmmark.report.render;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Every {@link Format}, by the name {@code --format} takes: the one place a format is registered (JMH's {@code
 * ResultFormatFactory}). Immutable, thread-safe.
 */
public final class Formats {
    /** For a person at a terminal: the default. */
    public static final Format TEXT = new TextFormat();
    public static final Format MARKDOWN = new MarkdownFormat();
    public static final Format HTML = new HtmlFormat();
    public static final Format CSV = new CsvFormat();
    public static final Format JSON = new JsonFormat();

    private static final List<Format> ALL = List.of(TEXT, MARKDOWN, HTML, CSV, JSON, new BmfFormat(), new GithubFormat(),
            new JunitFormat());

    private Formats() {
    }

    /** Every format, in the order help lists them. */
    public static List<Format> all() {
        return ALL;
    }

    /**
     * The format called {@code name}.
     *
     * @throws IllegalArgumentException one line naming the valid ones, for an unknown name
     */
    public static Format named(String name) {
        return ALL.stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow(() -> new IllegalArgumentException(
                "unknown --format '" + name + "'; valid: " + ALL.stream().map(Format::name).collect(Collectors.joining(", "))));
    }
}
