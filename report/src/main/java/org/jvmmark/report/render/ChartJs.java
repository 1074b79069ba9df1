package org.jvmmark.report.render;

/**
 * Chart.js (bundled from its webjar, so pages work offline) for other pages than the report, such as
 * the history's trend page. Stateless and thread-safe.
 */
public final class ChartJs {
    private ChartJs() {
    }

    /** The library's source, safe to put inside a {@code <script>} element. */
    public static String script() {
        return HtmlRenderer.chartJs();
    }
}
