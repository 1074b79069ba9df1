package org.jvmmark.report.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Labels from a results file someone else wrote, inert in a pull request's comment. */
class MarkdownRendererTest {
    @Test
    void shouldLeaveNoLinkMentionHtmlOrCodeInALabel() {
        assertEquals("\\[approve\\](https://x.example) @&#8203;team \\`rm\\` &lt;b&gt; a \\| b &amp; c \\*d\\* \\_e\\_ \\~f\\~ \\$g\\$",
                MarkdownRenderer.esc("[approve](https://x.example) @team `rm` <b> a | b & c *d* _e_ ~f~ $g$"));
        assertEquals("\\# heading? CPU @ 2.90GHz room #3 ?x? a b", MarkdownRenderer.esc("# heading\u001b CPU @ 2.90GHz room #3 \u202ex\u009b a\nb"));
    }

    @Test
    void shouldFenceACodeSpanPastTheBackticksInside() {
        assertEquals("`run-1`", MarkdownRenderer.code("run-1"));
        assertEquals("`` a`b ``".replace("`` a", "``a").replace("b ``", "b``"), MarkdownRenderer.code("a`b"));
        assertEquals("``` ``x ```", MarkdownRenderer.code("``x"));
        assertEquals("`a?b`", MarkdownRenderer.code("a\nb"));
    }

    @Test
    void shouldMakeAnAnchorOfLettersDigitsAndHyphensOnly() {
        assertEquals("queue-latency", MarkdownRenderer.anchor("queue-latency"));
        assertEquals("xhttpsevilexample", MarkdownRenderer.anchor("x](https://evil.example)"));
    }
}
