package org.jvmmark.report.words;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jvmmark.report.model.Answer;
import org.jvmmark.report.model.ReportModel;
import org.jvmmark.report.model.Section;

/**
 * What every rendering shows right after Who won: each workload's declared questions, each with its groups of
 * comparable rows ({@link Answer}), one line per figure. It only lays out what the verdict code put into
 * each {@link Section}. Immutable, hence thread-safe.
 *
 * @param questions one entry per workload and question, in section and declaration order
 */
public record AnswerList(List<Question> questions) {
    public AnswerList {
        questions = List.copyOf(questions);
    }

    /**
     * One question of one workload and its answers.
     *
     * @param heading "http — Do virtual threads beat platform threads for Tomcat?"
     * @param anchor the id of the workload's section in the HTML page
     * @param groups one per group of comparable rows
     */
    public record Question(String heading, String anchor, List<Group> groups) {
        public Question {
            groups = List.copyOf(groups);
        }
    }

    /**
     * One group of comparable rows: its heading ("Temurin 25.0.1 · tomcat: virtual against platform", "" when the
     * question needs none) and one line per figure.
     */
    public record Group(String heading, List<String> lines) {
        public Group {
            lines = List.copyOf(lines);
        }
    }

    public static AnswerList of(ReportModel model) {
        List<Question> out = new ArrayList<>();
        for (Section s : model.sections()) {
            Map<String, List<Group>> byQuestion = new LinkedHashMap<>();
            Map<String, String> text = new LinkedHashMap<>();
            for (Answer a : s.answers()) {
                byQuestion.computeIfAbsent(a.question().name(), k -> new ArrayList<>()).add(new Group(a.heading(), a.lines()));
                text.putIfAbsent(a.question().name(), a.question().text());
            }
            byQuestion.forEach((name, groups) -> out.add(new Question(s.workload() + " — " + text.get(name), s.workload(), groups)));
        }
        return new AnswerList(out);
    }

    public boolean isEmpty() {
        return questions.isEmpty();
    }

    /** For a terminal: "The questions", each heading, then its lines indented; "" when no workload declared one. */
    public String text() {
        if (questions.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("The questions\n");
        for (Question q : questions) {
            sb.append("  ").append(q.heading()).append('\n');
            for (Group g : q.groups()) {
                String indent = g.heading().isEmpty() ? "    " : "      ";
                if (!g.heading().isEmpty()) {
                    sb.append("    ").append(g.heading()).append('\n');
                }
                g.lines().forEach(l -> sb.append(indent).append(l).append('\n'));
            }
        }
        return sb.toString();
    }
}
