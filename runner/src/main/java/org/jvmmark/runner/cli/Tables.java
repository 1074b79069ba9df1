package org.jvmmark.runner.cli;

import java.io.PrintStream;
import java.util.List;
import org.jvmmark.runner.base.Text;

/** Left-aligned plain-text tables, two spaces between columns. Stateless. */
public final class Tables {
    private Tables() {
    }

    static void print(PrintStream out, List<String[]> rows) {
        int cols = rows.stream().mapToInt(r -> r.length).max().orElse(0);
        int[] widths = new int[cols];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                widths[i] = Math.max(widths[i], r[i] == null ? 1 : r[i].length());
            }
        }
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < r.length; i++) {
                String cell = r[i] == null ? "-" : r[i];
                line.append(i == r.length - 1 ? cell : Text.pad(cell, widths[i] + 2));
            }
            out.println(line.toString().stripTrailing());
        }
    }
}
