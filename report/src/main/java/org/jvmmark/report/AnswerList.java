package org.jvmmark.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jvmmark.report.verdict.Answer;

/**
 * What every rendering shows before anything else: each workload's declared questions, each with one
 * line per group of comparable rows ({@link Answer}). It only lays out what the verdict code put into
 * each {@link Section}. Immutable, hence thread-safe.
 *
 * @param questions one entry per workload and question, in section and declaration order
 */
public record AnswerList(List<Question> questions) {
    public AnswerList {
        questions = List.copyOf(questions);
    }

    /**
     * One question of one workload and its answer lines.
     *
     * @param heading "http — Do virtual threads beat platform threads for Tomcat?"
     * @param anchor the id of the workload's section in the HTML page
     * @param lines one line per group of comparable rows
     */
    public record Question(String heading, String anchor, List<String> lines) {
        public Question {
            lines = List.copyOf(lines);
        }
    }

    public static AnswerList of(ReportModel model) {
        List<Question> out = new ArrayList<>();
        for (Section s : model.sections()) {
            Map<String, List<String>> byQuestion = new LinkedHashMap<>();
            Map<String, String> text = new LinkedHashMap<>();
            for (Answer a : s.answers()) {
                byQuestion.computeIfAbsent(a.question().name(), k -> new ArrayList<>()).add(a.words());
                text.putIfAbsent(a.question().name(), a.question().text());
            }
            byQuestion.forEach((name, lines) -> out.add(new Question(s.workload() + " — " + text.get(name), s.workload(), lines)));
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
            q.lines().forEach(l -> sb.append("    ").append(l).append('\n'));
        }
        return sb.toString();
    }
}
