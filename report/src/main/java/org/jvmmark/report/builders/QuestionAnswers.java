package org.jvmmark.report.builders;

import org.jvmmark.results.Trial;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.jvmmark.report.judge.Contrast;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.report.judge.Effect;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.results.JvmFacts;
import org.jvmmark.results.WorkloadQuestion;
import org.jvmmark.report.model.Answer;
import org.jvmmark.report.model.Cell;
import org.jvmmark.report.model.Column;
import org.jvmmark.report.model.Figure;
import org.jvmmark.report.numbers.Format;
import org.jvmmark.report.model.Headline;
import org.jvmmark.report.words.JvmFactNotes;
import org.jvmmark.report.model.NotRun;
import org.jvmmark.report.model.Row;
import org.jvmmark.report.model.Table;
import org.jvmmark.report.words.Words;

/**
 * Answers a workload's declared questions ({@link WorkloadQuestion}, read from {@code results.json}) from
 * the rows and tables of its section: one {@link Answer} per group of comparable rows, and the
 * {@link Headline}s the "Who won" table shows on the question's headline figure.
 *
 * <p><b>Across variants</b> (virtual vs platform threads, AppCDS vs default): each candidate variant is
 * compared with the baseline variant on the <em>same</em> JVM (vendor, version, flags) at the same
 * swept values — a paired comparison; rows of different JVMs are never compared. Every paired figure of the report
 * (all workloads, all questions) is judged by the {@link Judge} in one family, every row of the workload as evidence (the machine's levels, the pooled
 * noise): the same three answers as {@code compare}. <b>Across JVMs</b>: the rows of one variant at one swept value
 * are ranked with {@link Verdicts#headline} on the question's figures.
 *
 * <p>A figure is featured only when it can be trusted: a percentile the machine's noise rules out is
 * "cannot tell", and a closed-loop percentile (a latency block not corrected for coordinated omission,
 * such as HTTP's max mode) is left out with the reason — the requests that waited for a connection are
 * not in it.
 *
 * <p>Stateless and thread-safe.
 */
public final class QuestionAnswers {
    private QuestionAnswers() {
    }

    /** What a section gets: its answers and the headlines of the "Who won" table (empty: the usual ranking). */
    record Result(List<Answer> answers, List<Headline> headlines) {
    }

    static Result of(String workload, List<WorkloadQuestion> questions, List<Row> rows, List<Table> tables, double threshold) {
        return of(workload, questions, rows, tables, threshold, Map.of());
    }

    /** @param facts the JVMs' own facts by JDK label ({@link JvmFacts}), said beside a ranked row they explain */
    static Result of(String workload, List<WorkloadQuestion> questions, List<Row> rows, List<Table> tables, double threshold,
                     Map<String, JvmFacts> facts) {
        return of(workload, questions, rows, tables, threshold, facts, 0);
    }

    /**
     * @param family the paired contrasts of the whole report (every section's {@code Section#estimated}), one family: each
     *               pair's intervals are widened for all of them, not for its own figures only; 0 before they are counted
     */
    static Result of(String workload, List<WorkloadQuestion> questions, List<Row> rows, List<Table> tables, double threshold,
                     Map<String, JvmFacts> facts, int family) {
        List<Answer> answers = new ArrayList<>();
        List<Headline> headlines = new ArrayList<>();
        for (WorkloadQuestion q : questions) {
            // Every question with something to say has its line in "Who won" (on its first figure): http's Tomcat and
            // JDK-server pairs alike, not only the workload's first question.
            if (q.acrossVariants()) {
                answers.addAll(acrossVariants(workload, q, rows, tables, threshold, family, headlines));
            } else {
                answers.addAll(acrossJvms(workload, q, rows, tables, threshold, headlines, facts));
            }
        }
        return new Result(answers, headlines);
    }

    // ---- across variants: the same JVM, each candidate against the baseline ----

    private static List<Answer> acrossVariants(String workload, WorkloadQuestion q, List<Row> rows, List<Table> tables,
                                               double threshold, int family, List<Headline> headlines) {
        Set<String> swept = ModelBuilder.sweptKeys(rows);
        List<String> candidates = candidates(q, rows);
        List<Answer> out = new ArrayList<>();
        for (Row base : rows) {
            if (!base.variant().equals(q.baseline())) {
                continue;
            }
            for (String variant : candidates) {
                for (Row cand : rows) {
                    if (cand.variant().equals(variant) && sameJvm(base, cand) && at(cand, swept).equals(at(base, swept))) {
                        out.add(compare(workload, q, context(base, swept), cand, base, rows, tables, threshold, family, headlines));
                    }
                }
            }
        }
        return out;
    }

    /** The declared candidates, or every variant present that shares the baseline's prefix before its last '-'. */
    private static List<String> candidates(WorkloadQuestion q, List<Row> rows) {
        if (!q.variants().isEmpty()) {
            return q.variants();
        }
        int dash = q.baseline().lastIndexOf('-');
        Set<String> out = new LinkedHashSet<>();
        if (dash > 0) {
            String prefix = q.baseline().substring(0, dash + 1);
            rows.stream().map(Row::variant).filter(v -> v.startsWith(prefix) && !v.equals(q.baseline())).forEach(out::add);
        }
        return new ArrayList<>(out);
    }

    private static boolean sameJvm(Row a, Row b) {
        return a.jvm().vendor().equals(b.jvm().vendor()) && a.jvm().version().equals(b.jvm().version())
                && a.jvm().vmName().equals(b.jvm().vmName()) && a.flags().equals(b.flags());
    }

    private static Map<String, String> at(Row r, Set<String> swept) {
        Map<String, String> at = new TreeMap<>(r.params());
        at.keySet().retainAll(swept);
        return at;
    }

    private static String context(Row r, Set<String> swept) {
        List<String> parts = new ArrayList<>();
        parts.add(r.jvm().label());
        at(r, swept).forEach((k, v) -> parts.add(k + "=" + v));
        return String.join(" · ", parts);
    }

    /** "tomcat-virtual" against "tomcat-platform" reads "virtual" against "platform" once "tomcat" is said. */
    private static String[] shortNames(String candidate, String baseline) {
        int common = 0;
        while (common < Math.min(candidate.length(), baseline.length()) && candidate.charAt(common) == baseline.charAt(common)) {
            common++;
        }
        int cut = candidate.lastIndexOf('-', common - 1) + 1;
        if (cut <= 0 || cut >= candidate.length() || cut >= baseline.length()) {
            return new String[] {"", candidate, baseline};
        }
        return new String[] {candidate.substring(0, cut - 1), candidate.substring(cut), baseline.substring(cut)};
    }

    private static Answer compare(String workload, WorkloadQuestion q, String context, Row cand, Row base, List<Row> rows,
                                  List<Table> tables, double threshold, int family, List<Headline> headlines) {
        String[] names = shortNames(cand.variant(), base.variant());
        List<Answer.FigureAnswer> figures = new ArrayList<>();
        List<String> left = new ArrayList<>();
        List<Column> cols = new ArrayList<>();
        List<Figure[]> values = new ArrayList<>();
        List<String> closedLoop = new ArrayList<>();
        // The judge's: every row of the workload is evidence about the machine (its levels, its noise); the candidate
        // is judged against the baseline on the same JVM, within the report's family of paired contrasts.
        List<Contrast> contrasts = new ArrayList<>();
        List<Integer> judged = new ArrayList<>();
        for (String name : q.figures()) {
            Column col = Table.named(tables, name);
            Figure c = col == null ? null : Figures.figure(cand, col);
            Figure b = col == null ? null : Figures.figure(base, col);
            if (c == null || b == null) {
                continue; // not measured in this run (a mode that did not run): nothing to say
            }
            if (col.kind() == Column.Kind.LATENCY && !col.coCorrected()) {
                closedLoop.add(Words.label(name));
                continue;
            }
            if (col.trusted()) {
                judged.add(cols.size());
                contrasts.add(new Contrast(Figures.evidence(col, rows), String.valueOf(rows.indexOf(cand)),
                        String.valueOf(rows.indexOf(base))));
            }
            cols.add(col);
            values.add(new Figure[] {c, b});
        }
        closedLoop(closedLoop, left);
        List<Judgement> judgements = Judge.judge(contrasts, threshold, family);
        for (int i = 0; i < cols.size(); i++) {
            Column col = cols.get(i);
            Figure c = values.get(i)[0];
            Figure b = values.get(i)[1];
            int k = judged.indexOf(i);
            Judgement j = k < 0 ? null : judgements.get(k);
            Effect effect = j == null ? new Effect(c.value() / b.value(), Double.NaN, Double.NaN, 0.95, col.higherIsBetter())
                    : j.effect();
            String name = Words.label(q.figures().stream().filter(f -> col.equals(Table.named(tables, f))).findFirst().orElse(col.key()));
            String head = name + " " + names[1] + " " + Format.value(c.value(), col.unit()) + ", " + names[2] + " "
                    + Format.value(b.value(), col.unit());
            Judgement.Answer outcome;
            String words;
            if (j == null) {
                outcome = Judgement.Answer.CANNOT_TELL;
                words = head + ": cannot tell, not trusted on this machine";
            } else {
                switch (j.answer()) {
                    case WORSE, BETTER -> {
                        outcome = j.answer();
                        words = head + ": " + names[1] + " " + magnitude(col, effect);
                    }
                    case NO_DIFFERENCE -> {
                        outcome = Judgement.Answer.NO_DIFFERENCE;
                        words = head + ": no difference (" + magnitude(col, effect) + ", within ±"
                                + Format.percent(threshold) + ")";
                    }
                    default -> {
                        outcome = Judgement.Answer.CANNOT_TELL;
                        String tell = Words.tell(j);
                        words = head + ": cannot tell, " + Words.why(j, col.unit()) + (tell.isEmpty() ? "" : "; " + tell);
                    }
                }
            }
            figures.add(new Answer.FigureAnswer(col.key(), name, c.value(), b.value(), col.unit(), outcome,
                    effect, words, j));
        }
        String who = (names[0].isEmpty() ? "" : names[0] + ": ") + names[1] + " against " + names[2];
        headlines.add(headline(workload, context + (names[0].isEmpty() ? "" : " · " + names[0]), cols.isEmpty() ? null : cols.get(0),
                figures.isEmpty() ? null : figures.get(0), cand, base, names, notRun(cand, base)));
        return new Answer(workload, q, context, context + " · " + who, figures, left, lines(figures, left));
    }

    /** The "Who won" line of a paired comparison, from its first featured figure. */
    private static Headline headline(String workload, String family, Column col, Answer.FigureAnswer f, Row cand, Row base,
                                     String[] names, List<NotRun> notRun) {
        if (f == null) {
            return new Headline(workload, family, null, Headline.Outcome.NOTHING_RAN, null, null, null,
                    "No figure of the question was measured for " + names[1] + " against " + names[2] + ".", notRun);
        }
        return switch (f.outcome()) {
            case BETTER -> new Headline(workload, family, col, Headline.Outcome.WINNER, cand, base, inverse(f.effect()),
                    f.words(), notRun);
            case WORSE -> new Headline(workload, family, col, Headline.Outcome.WINNER, base, cand, f.effect(), f.words(), notRun);
            case NO_DIFFERENCE -> new Headline(workload, family, col, Headline.Outcome.NO_DIFFERENCE, base, cand, f.effect(),
                    f.words(), notRun);
            case CANNOT_TELL -> new Headline(workload, family, col, f.judgement() != null
                    && f.judgement().reason() == Judgement.Reason.TOO_FEW_FORKS ? Headline.Outcome.TOO_FEW_FORKS
                    : Headline.Outcome.CANNOT_TELL, null, null, null, f.words(), notRun);
        };
    }

    /** The baseline against the candidate: the runner-up of the "Who won" line is the baseline when the candidate won. */
    private static Effect inverse(Effect e) {
        return new Effect(1 / e.ratio(), 1 / e.high(), 1 / e.low(), e.confidence(), e.higherIsBetter());
    }

    private static List<NotRun> notRun(Row... rows) {
        return NotRun.of(List.of(rows));
    }

    /**
     * The size of an effect in the figure's words: "2.7× faster (95 % CI 2.4–3.1×)" when one side is at least
     * twice the other, else "12 % more (95 % CI 8.0–16 %)".
     */
    static String magnitude(Column col, Effect e) {
        return Words.magnitude(e, col.unit().endsWith("/s") ? new String[] {"more", "less"} : Words.moreLess(col));
    }

    /** Closed-loop percentiles, said once: what they leave out. */
    private static void closedLoop(List<String> figures, List<String> left) {
        if (!figures.isEmpty()) {
            left.add(String.join(", ", figures) + " (closed loop: the requests that waited for a connection are not in it)");
        }
    }

    /**
     * A ranking across JVMs in a few words, from the judgement behind the headline: "Temurin 25.0.1 · G1 best,
     * OpenJDK 17.0.17 · G1 25 % slower (95 % CI 22–27 %)", "no difference between … (…, within ±5 %)", "cannot tell
     * whether … beats …: …; 7 forks a side would tell".
     */
    /**
     * An answer's lines: one per figure, except that figures whose answer reads the same after their name share one
     * ("p50 latency, p90 latency: cannot tell: no row has the 3 forks a verdict needs"); then the figures not featured.
     */
    static List<String> lines(List<Answer.FigureAnswer> figures, List<String> left) {
        Map<String, List<String>> byAnswer = new LinkedHashMap<>();
        for (Answer.FigureAnswer f : figures) {
            String prefix = f.label() + ": ";
            if (f.words().startsWith(prefix)) {
                byAnswer.computeIfAbsent(f.words().substring(prefix.length()), k -> new ArrayList<>()).add(f.label());
            } else {
                byAnswer.computeIfAbsent(f.words(), k -> new ArrayList<>());
            }
        }
        List<String> lines = new ArrayList<>();
        byAnswer.forEach((answer, labels) -> lines.add(labels.isEmpty() ? answer : String.join(", ", labels) + ": " + answer));
        if (figures.isEmpty()) {
            lines.add("no figure of the question was measured");
        }
        if (!left.isEmpty()) {
            lines.add("not featured: " + String.join("; ", left));
        }
        return lines;
    }

    private static String ranking(Headline h, Column col) {
        return switch (h.outcome()) {
            case WINNER -> h.winner().label() + " best; " + Words.headline(h);
            case NO_DIFFERENCE -> "no difference: " + Words.headline(h);
            case NOT_TRUSTED -> Words.headline(h);
            default -> "cannot tell: " + Words.headline(h);
        };
    }

    /**
     * The ranking's every row, not only the headline's two: after the runner-up, what explains its difference from
     * the best, then each other row from the best down against the best — "; Temurin 21.0.8 · G1: 1.8× slower (95 % CI
     * 1.7–1.9×): this install has no default CDS archive …; Temurin 11.0.13 · G1: …". "" without a winner.
     */
    private static String everyRow(Headline h, Column col, List<Table> sub, Map<String, JvmFacts> facts, boolean starting) {
        if (h.outcome() != Headline.Outcome.WINNER || h.winner() == null || h.runnerUp() == null) {
            return "";
        }
        JvmFacts best = facts(h.winner(), facts);
        boolean bestAot = JvmFactNotes.aotCache(h.winner().flags(), best);
        StringBuilder sb = new StringBuilder(JvmFactNotes.beside(facts(h.runnerUp(), facts), best,
                JvmFactNotes.aotCache(h.runnerUp().flags(), facts(h.runnerUp(), facts)), bestAot, starting));
        for (Table t : sub) {
            int c = t.columns().indexOf(col);
            if (c < 0) {
                continue;
            }
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < t.rows().size(); i++) {
                Row r = t.rows().get(i);
                if (!r.equals(h.winner()) && !r.equals(h.runnerUp()) && t.cell(i, c).figure() != null) {
                    order.add(i);
                }
            }
            order.sort(java.util.Comparator.comparingDouble(i -> t.cell(i, c).delta()));
            for (int i : order) {
                Row r = t.rows().get(i);
                Cell cell = t.cell(i, c);
                JvmFacts f = facts(r, facts);
                sb.append("; ").append(r.label()).append(": ").append(cell.effect() == null
                        ? Format.value(cell.figure().value(), col.unit()) : Words.effect(col, cell.effect()))
                        .append(JvmFactNotes.beside(f, best, JvmFactNotes.aotCache(r.flags(), f), bestAot, starting));
            }
            break;
        }
        return sb.toString();
    }

    /** The facts of a row's JDK, or null when none were recorded. */
    private static JvmFacts facts(Row r, Map<String, JvmFacts> facts) {
        if (r.trials().isEmpty() || r.trials().get(0).provenance().jdk() == null) {
            return null;
        }
        return facts.get(r.trials().get(0).provenance().jdk().label());
    }

    // ---- across JVMs: one variant at one swept value, JVMs ranked ----

    /**
     * The workload's own variant a row ran ("platform", "tomcat-virtual"), or "" for a workload without variants: what
     * a question across JVMs groups by. Not the row's whole variant label, which names its collector and flags too
     * ("G1+-Xmx256m"): grouped by that, a run of {@code --gc}/{@code --jvm-args} put every JVM setting in a group of its
     * own and answered "only … ran: nothing to compare" for each, never which setting is fastest.
     */
    static String workloadVariant(Row r) {
        if (r.trials().isEmpty()) {
            return r.variant();
        }
        Trial t = r.trials().get(0);
        String v = t.identity().workloadVariant();
        boolean jvmSettings = !r.flags().isEmpty() || !t.provenance().requestedGc().isEmpty();
        return v != null ? v : jvmSettings ? "" : r.variant();
    }

    private static List<Answer> acrossJvms(String workload, WorkloadQuestion q, List<Row> rows, List<Table> tables,
                                           double threshold, List<Headline> headlines, Map<String, JvmFacts> facts) {
        boolean starting = JvmFactNotes.aboutStarting(workload);
        Set<String> swept = ModelBuilder.sweptKeys(rows);
        Map<List<Object>, List<Row>> groups = new LinkedHashMap<>();
        Set<String> variants = new LinkedHashSet<>();
        rows.forEach(r -> variants.add(workloadVariant(r)));
        for (Row r : rows) {
            if (!q.variants().isEmpty() && !q.variants().contains(workloadVariant(r))) {
                continue;
            }
            groups.computeIfAbsent(List.of(workloadVariant(r), at(r, swept)), k -> new ArrayList<>()).add(r);
        }
        List<Answer> out = new ArrayList<>();
        groups.forEach((key, group) -> {
            List<String> family = new ArrayList<>();
            if (variants.size() > 1 && !String.valueOf(key.get(0)).isEmpty()) {
                family.add(String.valueOf(key.get(0)));
            }
            at(group.get(0), swept).forEach((k, v) -> family.add(k + "=" + v));
            String context = String.join(" · ", family);
            List<Table> sub = tables.stream().map(t -> ModelBuilder.table(t.title(), t.columns(), group, threshold)).toList();
            List<Answer.FigureAnswer> figures = new ArrayList<>();
            List<String> left = new ArrayList<>();
            Headline firstHeadline = null;
            List<String> closedLoop = new ArrayList<>();
            for (String name : q.figures()) {
                Column col = Table.named(sub, name);
                if (col == null) {
                    continue;
                }
                if (col.kind() == Column.Kind.LATENCY && !col.coCorrected()) {
                    closedLoop.add(Words.label(name));
                    continue;
                }
                Headline h = Verdicts.headline(workload, context, group, sub, col.id());
                if (firstHeadline == null) {
                    firstHeadline = h;
                }
                Judgement.Answer outcome = switch (h.outcome()) {
                    case WINNER -> Judgement.Answer.BETTER;
                    case NO_DIFFERENCE -> Judgement.Answer.NO_DIFFERENCE;
                    default -> Judgement.Answer.CANNOT_TELL;
                };
                String words = Words.label(name) + ": " + ranking(h, col) + everyRow(h, col, sub, facts, starting);
                figures.add(new Answer.FigureAnswer(col.key(), Words.label(name), h.winner() == null ? Double.NaN : Figures.figure(h.winner(), col).value(),
                        h.runnerUp() == null ? Double.NaN : Figures.figure(h.runnerUp(), col).value(), col.unit(), outcome, h.effect(), words, null));
            }
            closedLoop(closedLoop, left);
            if (firstHeadline != null) {
                headlines.add(firstHeadline);
            }
            out.add(new Answer(workload, q, context, context, figures, left, lines(figures, left)));
        });
        return out;
    }
}
