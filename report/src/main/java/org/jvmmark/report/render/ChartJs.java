package org.jvmmark.report.render;

/**
 * Chart.js (bundled from its webjar, so pages work offline) and the report's error recorder for
 * other pages than the report, such as the history's trend page. Stateless and thread-safe.
 */
public final class ChartJs {
    private ChartJs() {
    }

    /** The library's source, safe to put inside a {@code <script>} element. */
    public static String script() {
        return HtmlRenderer.chartJs();
    }

    /**
     * The report's error recorder, to run before anything else on a page: every script error,
     * console.error and CSP violation lands in {@code <body data-errors>}, where a headless browser
     * test reads it.
     */
    public static String errorRecorder() {
        return HtmlRenderer.resource("errors.js");
    }
}
