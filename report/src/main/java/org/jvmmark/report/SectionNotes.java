package org.jvmmark.report;

import java.util.ArrayList;
import java.util.List;
import org.jvmmark.results.Results;

/**
 * The notes a workload's section shows under its headline, one paragraph each, in this order: how many
 * forks each row took ({@link ForkNotes#sentence}), which forks another process disturbed ({@link
 * ForkNotes#disturbedSentence}), which of the JVMs' own facts explain a difference between
 * its rows ({@link JvmFactNotes#of}). Every rendering asks here, so the Markdown and the HTML say the same.
 * Stateless and thread-safe.
 */
public final class SectionNotes {
    private SectionNotes() {
    }

    /** The notes of section {@code workload} (a workload's name, or "workload · on machine"), empty when there are none. */
    public static List<String> of(Results results, String workload) {
        List<String> notes = new ArrayList<>();
        add(notes, ForkNotes.sentence(results, workload));
        add(notes, ForkNotes.disturbedSentence(results, workload));
        notes.addAll(JvmFactNotes.of(results, workload));
        return notes;
    }

    private static void add(List<String> notes, String sentence) {
        if (!sentence.isEmpty()) {
            notes.add(sentence);
        }
    }
}
