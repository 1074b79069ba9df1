package org.jvmmark.testkit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reading a page that {@link Chromium#dumpDom} returned: the pages record what their scripts found (errors,
 * charts drawn, widths) in attributes of {@code <body>}, which these helpers pick out. Stateless and thread-safe.
 */
public final class DumpedDom {
    private DumpedDom() {
    }

    /** The opening {@code <body …>} tag, with the attributes the page's script set; fails the test when there is none. */
    public static String bodyTag(String dom) {
        Matcher m = Pattern.compile("<body[^>]*>").matcher(dom);
        assertTrue(m.find(), "no <body> in the dumped DOM");
        return m.group();
    }

    /** The value of attribute {@code name} in {@code tag} as written (still escaped), or a text saying it is missing. */
    public static String attribute(String tag, String name) {
        Matcher m = Pattern.compile(name + "=\"([^\"]*)\"").matcher(tag);
        return m.find() ? m.group(1) : "(no " + name + " in " + tag + ")";
    }

    /** An attribute's value with the two escapes Chromium writes in attributes undone. */
    public static String unescape(String attribute) {
        return attribute.replace("&quot;", "\"").replace("&amp;", "&");
    }

    /** How many times {@code what} occurs in {@code s}, overlaps included. */
    public static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }
}
