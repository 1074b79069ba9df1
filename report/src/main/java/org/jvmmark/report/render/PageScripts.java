package org.jvmmark.report.render;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The inline scripts a page carries, and the Content Security Policy that lets exactly those run. A report is
 * shared (attached to a pull request, mailed, opened from a CI artefact) and part of what it shows comes from a
 * results.json someone else wrote, so the page must not run anything it did not write: the policy names each
 * script by its SHA-256 instead of allowing every inline script, which also shuts out inline event handlers
 * ({@code onerror=}) and {@code javascript:} URLs should a value ever slip past the escaping. The chart data
 * travels in a {@code <script type="application/json">} block that no policy governs; {@link #data} keeps it
 * inert by writing every {@code <}, {@code >} and {@code &} as a JSON escape, so neither {@code </script>} nor
 * {@code <!--<script>} (which would swallow the rest of the page into the data block) can appear in it.
 * Stateless and thread-safe.
 */
public final class PageScripts {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SAFE_PATH = Pattern.compile("[A-Za-z0-9._+\\- ]+(/[A-Za-z0-9._+\\- ]+)*");

    private PageScripts() {
    }

    /** A {@code <script>} element around this source; the policy from {@link #policy} must name the same source. */
    public static String element(String source) {
        return "<script>\n" + source.replace("</script", "<\\/script") + "\n</script>\n";
    }

    /**
     * The page's CSP meta element: nothing from the network, inline styles, data: images, and only the scripts
     * whose sources are given (each as passed to {@link #element}).
     */
    public static String policy(List<String> sources) {
        Set<String> hashes = new LinkedHashSet<>();
        for (String s : sources) {
            hashes.add("'sha256-" + sha256(("\n" + s.replace("</script", "<\\/script") + "\n")) + "'");
        }
        return "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src "
                + String.join(" ", hashes) + "; style-src 'unsafe-inline'; img-src data:\">\n";
    }

    /** Data for the page's script as JSON that cannot end or comment out its script element. */
    public static String data(Object data) {
        try {
            return escapeForScript(JSON.writeValueAsString(data));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("chart data is not serialisable: " + e.getMessage(), e);
        }
    }

    /** JSON text with {@code <}, {@code >}, {@code &} and the two JavaScript line separators as escapes. */
    static String escapeForScript(String json) {
        StringBuilder sb = new StringBuilder(json.length() + 16);
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            switch (c) {
                case '<' -> sb.append("\\u003c");
                case '>' -> sb.append("\\u003e");
                case '&' -> sb.append("\\u0026");
                case '\u2028' -> sb.append("\\u2028");
                case '\u2029' -> sb.append("\\u2029");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    /**
     * Whether a path recorded in results.json may become a link on the page: only a relative path inside the run
     * directory, made of plain name characters (no scheme such as {@code javascript:}, no {@code ..} or {@code .}
     * segment, no leading {@code /}, no backslash, no percent escapes that a browser would decode into one of
     * those). Anything else is shown as text.
     */
    public static boolean isLinkable(String path) {
        if (path == null || path.isEmpty() || !SAFE_PATH.matcher(path).matches()) {
            return false;
        }
        for (String segment : path.split("/")) {
            if (segment.isBlank() || segment.equals(".") || segment.equals("..")) {
                return false;
            }
        }
        return true;
    }

    private static String sha256(String s) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(d);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
