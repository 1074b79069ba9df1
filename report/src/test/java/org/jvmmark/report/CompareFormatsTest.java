package org.jvmmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.jvmmark.report.model.CompareAnswer;
import org.jvmmark.report.render.Format;
import org.jvmmark.report.render.Formats;
import org.w3c.dom.Element;
import org.jvmmark.report.judge.RunSpread;
import org.jvmmark.report.Compare;

/** {@code compare --format markdown|json}: pinned by golden files, and checked as a reader of each format reads it. */
class CompareFormatsTest {
    private static final Path BASELINE = Golden.fixture("baseline");
    private static final Path REGRESSED = Golden.fixture("regressed");

    private static String print(Path a, Path b, Format format, int[] exit) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        // A host whose history measured a 1 % run-to-run spread: one run a side can then call the fixture's regression.
        exit[0] = Compare.compare(a, b, new Compare.Options(0.05, false, false, null, false,
                k -> RunSpread.stored(0.01), format), out);
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void shouldPrintTheMarkdownEqualToTheGoldenFile() throws IOException {
        int[] exit = new int[1];
        Golden.assertMatches("golden/compare.md", print(BASELINE, REGRESSED, Formats.MARKDOWN, exit));
        assertEquals(1, exit[0]);
    }

    @Test
    void shouldPrintTheJsonEqualToTheGoldenFile() throws IOException {
        int[] exit = new int[1];
        Golden.assertMatches("golden/compare.json", print(BASELINE, REGRESSED, Formats.JSON, exit));
    }

    @Test
    void shouldOpenTheMarkdownWithTheConclusionAndKeepEveryTableRowSevenCellsWide() throws IOException {
        int[] exit = new int[1];
        String md = print(BASELINE, REGRESSED, Formats.MARKDOWN, exit);
        List<String> lines = md.lines().toList();
        assertTrue(lines.get(2).startsWith("**REGRESSED:** 2 regressed"), lines.get(2));
        List<String> table = lines.stream().filter(l -> l.startsWith("| ")).toList();
        assertTrue(table.size() > 10, md);
        for (String row : table) {
            // a cell's own pipes are escaped, so the unescaped ones are the 8 borders of 7 cells
            assertEquals(8, row.replace("\\|", "").chars().filter(ch -> ch == '|').count(), row);
        }
        assertTrue(lines.get(lines.size() - 1).startsWith("Exit status 1: regression"), md);
    }

    @Test
    void shouldGiveTheJsonItsSchemaTheExitStatusAndOneLinePerFigure() throws IOException {
        int[] exit = new int[1];
        JsonNode json = new ObjectMapper().readTree(print(BASELINE, REGRESSED, Formats.JSON, exit));
        assertEquals("jvmmark/compare/1", json.get("schema").asText());
        assertEquals(exit[0], json.get("exitStatus").asInt());
        assertTrue(json.get("conclusion").get(0).asText().startsWith("REGRESSED: "));
        JsonNode regressed = null;
        for (JsonNode l : json.get("lines")) {
            if (l.get("verdict").asText().equals("regressed") && l.get("gating").asBoolean()) {
                regressed = l;
            }
        }
        assertTrue(regressed != null, json.toPrettyString());
        JsonNode e = regressed.get("effect");
        assertTrue(e.get("low").asDouble() <= e.get("ratio").asDouble() && e.get("ratio").asDouble() <= e.get("high").asDouble());
        assertTrue(e.get("confidence").asDouble() > 0.9, e.toString());
    }

    @Test
    void shouldPrintTheRegressionAsAFailedJUnitTestCase() throws Exception {
        int[] exit = new int[1];
        String xml = print(BASELINE, REGRESSED, Formats.named("junit"), exit);
        Element suite = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8))).getDocumentElement();
        assertEquals("testsuite", suite.getTagName());
        assertEquals(1, exit[0]);
        assertTrue(Integer.parseInt(suite.getAttribute("failures")) >= 1, xml);
        assertEquals(suite.getAttribute("failures"), String.valueOf(suite.getElementsByTagName("failure").getLength()), xml);
    }

    @Test
    void shouldExitAsTheTextDoesInEveryFormat() throws IOException {
        for (Path[] pair : new Path[][] {{BASELINE, REGRESSED}, {BASELINE, BASELINE}}) {
            int[] text = new int[1];
            print(pair[0], pair[1], Formats.TEXT, text);
            for (Format f : Formats.all().stream().filter(f -> f.writes(CompareAnswer.class)).toList()) {
                int[] exit = new int[1];
                print(pair[0], pair[1], f, exit);
                assertEquals(text[0], exit[0], f.name());
            }
        }
    }
}
