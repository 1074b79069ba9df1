package org.jvmmark.report.render;

import java.util.List;
import org.jvmmark.report.model.CheckAnswer;
import org.jvmmark.report.model.CompareAnswer;
import org.jvmmark.report.model.RunAnswer;
import org.jvmmark.report.tune.TuneAnswer;

/**
 * One output format ({@code --format NAME}), which writes any of jvmmark's answers — a run, a comparison, a history
 * check, a tuning race's answer — that it has a meaning for. Modelled on JMH's {@code ResultFormatFactory}: the answers
 * are values ({@code report.model}) that know nothing of their formats, and a format is one subclass that overrides the
 * {@code write} of each answer it can say; for any other the inherited {@code write} refuses in one line, naming the
 * formats that do say it. A new format is one subclass plus its line in {@link Formats}. Implementations are stateless
 * and thread-safe.
 */
public abstract class Format {
    private final String name;

    /** @param name the option's value: "text", "markdown", … */
    protected Format(String name) {
        this.name = name;
    }

    /** The option's value, as {@code --format} takes it. */
    public final String name() {
        return name;
    }

    /** A run's answer in this format. */
    public String write(RunAnswer run) {
        throw noMeaning(RunAnswer.class, "a run");
    }

    /** {@code compare}'s answer in this format. */
    public String write(CompareAnswer comparison) {
        throw noMeaning(CompareAnswer.class, "a comparison");
    }

    /** {@code history check}'s answer in this format. */
    public String write(CheckAnswer check) {
        throw noMeaning(CheckAnswer.class, "a history check");
    }

    /** A tuning race's answer (which settings) in this format. */
    public String write(TuneAnswer tune) {
        throw noMeaning(TuneAnswer.class, "a tuning race");
    }

    /** Whether this format says answers of the given kind (it overrides their {@code write}). */
    public final boolean writes(Class<?> answer) {
        try {
            return getClass().getMethod("write", answer).getDeclaringClass() != Format.class;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    /** The one-line refusal: "--format bmf has no meaning for a history check; it is written as text, markdown or json". */
    private IllegalArgumentException noMeaning(Class<?> answer, String what) {
        List<String> names = Formats.all().stream().filter(f -> f.writes(answer)).map(Format::name).toList();
        String valid = names.size() == 1 ? names.get(0)
                : String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1);
        return new IllegalArgumentException("--format " + name + " has no meaning for " + what + "; it is written as " + valid);
    }

    @Override
    public String toString() {
        return name;
    }
}
