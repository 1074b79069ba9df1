package org.jvmmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.report.render.OutputFile;

class OutputFileTest {
    @TempDir
    Path dir;

    @Test
    void shouldRefuseAFileJvmmarkDidNotWrite() throws IOException {
        Path foreign = Files.writeString(dir.resolve("page.html"), "<html>someone's</html>");
        IOException e = assertThrows(IOException.class, () -> OutputFile.writeHtml(foreign, "<html>" + OutputFile.GENERATOR));
        assertTrue(e.getMessage().contains("not written by jvmmark"), e.getMessage());
        assertEquals("<html>someone's</html>", Files.readString(foreign));
    }

    @Test
    void shouldRefuseALinkEvenToAPageItWrote() throws IOException {
        Path page = dir.resolve("real.html");
        OutputFile.writeHtml(page, "<html>" + OutputFile.GENERATOR);
        Path link = Files.createSymbolicLink(dir.resolve("link.html"), page);
        assertThrows(IOException.class, () -> OutputFile.writeHtml(link, "<html>" + OutputFile.GENERATOR + "new"));
    }

    @Test
    void shouldReplaceItsOwnPageAtomicallyLeavingNoTemporaryFile() throws IOException {
        Path page = dir.resolve("page.html");
        OutputFile.writeHtml(page, "<html>" + OutputFile.GENERATOR + "one");
        OutputFile.writeHtml(page, "<html>" + OutputFile.GENERATOR + "two");
        assertTrue(Files.readString(page).endsWith("two"));
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count());
        }
    }
}
