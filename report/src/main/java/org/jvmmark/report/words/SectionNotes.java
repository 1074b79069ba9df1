package org.jvmmark.report.words;

import java.util.ArrayList;
import java.util.List;
import org.jvmmark.report.judge.Evidence;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.report.judge.RowForks;
import org.jvmmark.results.Results;
import org.jvmmark.report.model.Column;
import org.jvmmark.report.model.Figure;
import org.jvmmark.report.model.Headline;
import org.jvmmark.report.model.Section;
import org.jvmmark.report.model.Table;

/**
 * The notes a workload's section shows under its headline, one paragraph each, in this order: how much its headline
 * figure varies from fork to fork on this machine ({@link #spread}), how many
 * forks each row took ({@link ForkNotes#sentence}), which forks another process disturbed ({@link
 * ForkNotes#disturbedSentence}), during which forks the machine changed ({@link ForkNotes#machineChangedSentence}),
 * which of the JVMs' own facts explain a difference between
 * its rows ({@link JvmFactNotes#of}), what the JVMs chose inside the user's container ({@link ContainerNotes#of}). Every rendering asks here, so the Markdown and the HTML say the same.
 * Stateless and thread-safe.
 */
public final class SectionNotes {
    private SectionNotes() {
    }

    /** The notes of {@code section}, empty when there are none. */
    public static List<String> of(Results results, Section section) {
        List<String> notes = new ArrayList<>();
        String workload = section.workload();
        add(notes, spread(section));
        add(notes, ForkNotes.sentence(results, workload));
        add(notes, ForkNotes.disturbedSentence(results, workload));
        add(notes, ForkNotes.machineChangedSentence(results, workload));
        notes.addAll(JvmFactNotes.of(results, workload));
        add(notes, ContainerNotes.of(results, workload));
        return notes;
    }

    /**
     * How much the section's headline figure (its first headline's) varies from fork to fork here, as {@link
     * Judge#spread} measures it on the rows of its table; empty when no row has two forks.
     */
    static String spread(Section section) {
        for (Headline h : section.headlines()) {
            Column col = h.figure();
            if (col == null) {
                continue;
            }
            for (Table t : section.tables()) {
                int c = t.columns().indexOf(col);
                if (c < 0) {
                    continue;
                }
                List<RowForks> rows = new ArrayList<>();
                int forks = 0;
                for (int r = 0; r < t.rows().size(); r++) {
                    Figure f = t.cell(r, c).figure();
                    if (f != null && f.forks().length >= 2) {
                        rows.add(f.rowForks(String.valueOf(r), 0));
                        forks += f.forks().length;
                    }
                }
                if (rows.isEmpty()) {
                    return "";
                }
                Evidence e = new Evidence(col.id(), col.unit(), col.higherIsBetter(), rows);
                return Words.spread(col, Judge.spread(e), rows.size(), forks, Judge.levelGap(e));
            }
            return "";
        }
        return "";
    }

    private static void add(List<String> notes, String sentence) {
        if (!sentence.isEmpty()) {
            notes.add(sentence);
        }
    }
}
