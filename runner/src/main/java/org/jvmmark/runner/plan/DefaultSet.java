package org.jvmmark.runner.plan;

import java.util.ArrayList;
import java.util.List;
import org.jvmmark.api.Question;
import org.jvmmark.api.Variant;
import org.jvmmark.api.WorkloadInfo;

/**
 * The default set's rule for variants that are compared with each other on one JVM (a question
 * {@link Question.Across#VARIANTS across variants}, e.g. Tomcat on virtual against platform threads):
 * such a pair is planned only on the JDKs where every variant of it can run, unless a question {@link
 * Question.Across#JVMS across JVMs} ranks the variant too: then every JDK that runs it ({@link Variant#since()}) is a row
 * of that ranking (http's {@code fastest-jvm} ranks platform-thread Tomcat on 17, 21 and 25). A variant that only a pair asks about
 * answers no question on a JDK its partner cannot run, and would cost three forks there; {@code --all-variants} or
 * naming the variant with {@code --variant} plans it everywhere.
 *
 * <p>A variant's partners are those of the workload's questions across variants that name it (as
 * baseline or compared variant); a workload without such questions pairs variants by name, as
 * {@link Question#variants()} does by default: the same prefix before the last {@code '-'}
 * ({@code tomcat-platform} with {@code tomcat-virtual}). Stateless and thread-safe.
 */
public final class DefaultSet {
    private DefaultSet() {
    }

    /**
     * Why the default set leaves {@code v} out on JDK feature {@code feature}, or null when it plans it.
     *
     * @param chosen the workload's variants in this run (the default set)
     */
    public static String leftOut(WorkloadInfo info, Variant v, List<Variant> chosen, int feature) {
        if (!v.jvm() || ranked(info, v) && feature >= v.since()) {
            return null;
        }
        List<Variant> partners = partners(info, v, chosen);
        if (partners.isEmpty()) {
            return null;
        }
        List<Variant> all = new ArrayList<>(partners);
        all.add(v);
        int needs = all.stream().mapToInt(Variant::since).max().orElse(0);
        return feature >= needs ? null : "compared on one JVM, each pair needs JDK " + needs;
    }

    /** Whether a question across JVMs ranks {@code v}'s rows: it names {@code v}, or names no variant (each on its own). */
    static boolean ranked(WorkloadInfo info, Variant v) {
        return info.questions().stream().anyMatch(q -> q.across() == Question.Across.JVMS
                && (q.variants().length == 0 || List.of(q.variants()).contains(v.name())));
    }

    /** The variants {@code v} is compared with on one JVM, among {@code chosen}. */
    static List<Variant> partners(WorkloadInfo info, Variant v, List<Variant> chosen) {
        List<String> names = new ArrayList<>();
        boolean declared = false;
        for (Question q : info.questions()) {
            if (q.across() != Question.Across.VARIANTS || q.baseline().isEmpty()) {
                continue;
            }
            declared = true;
            List<String> group = new ArrayList<>(List.of(q.variants()));
            if (group.isEmpty()) {
                String prefix = prefix(q.baseline());
                chosen.stream().map(Variant::name).filter(n -> !n.equals(q.baseline()) && prefix(n).equals(prefix)).forEach(group::add);
            }
            group.add(q.baseline());
            if (group.contains(v.name())) {
                group.stream().filter(n -> !n.equals(v.name()) && !names.contains(n)).forEach(names::add);
            }
        }
        if (!declared && v.name().contains("-")) {
            chosen.stream().map(Variant::name).filter(n -> !n.equals(v.name()) && n.contains("-") && prefix(n).equals(prefix(v.name())))
                    .forEach(names::add);
        }
        return chosen.stream().filter(c -> names.contains(c.name())).toList();
    }

    private static String prefix(String name) {
        int dash = name.lastIndexOf('-');
        return dash < 0 ? name : name.substring(0, dash);
    }
}
