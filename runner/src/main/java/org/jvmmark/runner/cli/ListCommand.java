package org.jvmmark.runner.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import org.jvmmark.api.Parameter;
import org.jvmmark.api.Variant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import org.jvmmark.runner.plan.CatalogEntry;
import org.jvmmark.runner.plan.DeclaredQuestions;
import org.jvmmark.runner.plan.ExternalWorkloads;
import org.jvmmark.runner.plan.WorkloadCatalog;
import org.jvmmark.api.Question;

/**
 * {@code jvmmark list}: every workload with its summary, parameters (name, default, description),
 * variants and requirements — read from the workloads' own annotations. Stateless.
 */
@Command(name = "list", mixinStandardHelpOptions = true, description = "List the workloads and their parameters.")
public final class ListCommand implements Callable<Integer> {
    @ParentCommand
    private Streams main;

    @Option(names = "--all", description = "Include the fault-injection workloads used by jvmmark's own tests.")
    private boolean all;

    @Option(names = "--markdown", description = "Print one Markdown table (the user guide's workload table, docs/workloads.md, is this output).")
    private boolean markdown;

    @picocli.CommandLine.Mixin
    private ExternalWorkloads external = new ExternalWorkloads();

    @Override
    public Integer call() {
        List<CatalogEntry> entries;
        if (external.given()) {
            // only the user's own: what --workload-jar JAR / --task CLASS would run
            entries = external.load(WorkloadCatalog.distribution());
        } else {
            WorkloadCatalog catalog = WorkloadCatalog.load(WorkloadCatalog.distribution());
            for (String problem : catalog.problems()) {
                main.err().println("jvmmark: warning: " + problem);
            }
            entries = all ? catalog.all() : catalog.visible();
        }
        if (entries.isEmpty()) {
            main.err().println("jvmmark: no workloads built in " + WorkloadCatalog.distribution());
            return 1;
        }
        if (markdown) {
            main.out().print(markdownTable(entries));
            return 0;
        }
        boolean first = true;
        for (CatalogEntry e : entries) {
            if (!first) {
                main.out().println();
            }
            first = false;
            main.out().println(e.name() + " — " + e.info().summary());
            List<String> facts = new ArrayList<>();
            if (e.info().driverClass() != null) {
                facts.add("client/server: the driver runs on the host JDK");
            }
            if (e.info().requiresJdk() > 0) {
                facts.add("requires JDK " + e.info().requiresJdk() + "+");
            }
            for (Variant v : e.info().variants()) {
                facts.add("variant " + v.name() + (v.since() > 0 ? " (JDK " + v.since() + "+)" : "") + (v.jvm() ? "" : " (not a JVM)")
                        + (v.inDefaultSet() ? "" : " (not in the default set: --all-variants or --variant " + v.name() + ")"));
            }
            if (!facts.isEmpty()) {
                main.out().println("  " + String.join("; ", facts));
            }
            for (Question q : e.info().questions()) {
                main.out().println("  question " + DeclaredQuestions.describe(q));
            }
            List<String[]> rows = new ArrayList<>();
            for (Parameter p : e.info().parameters()) {
                String type = p.choices().length > 0 ? String.join("|", Arrays.asList(p.choices()))
                        : p.type().name().toLowerCase(java.util.Locale.ROOT);
                rows.add(new String[] {"  " + p.name(), p.defaultValue(), type, p.summary()});
            }
            if (!rows.isEmpty()) {
                rows.add(0, new String[] {"  parameter", "default", "type", "description"});
                Tables.print(main.out(), rows);
            }
        }
        return 0;
    }

    /** One row per workload: name, summary, variants, parameters with their defaults. */
    static String markdownTable(List<CatalogEntry> entries) {
        StringBuilder sb = new StringBuilder();
        sb.append("| workload | what it measures | variants | parameters (default) |\n");
        sb.append("|---|---|---|---|\n");
        for (CatalogEntry e : entries) {
            List<String> variants = new ArrayList<>();
            for (Variant v : e.info().variants()) {
                variants.add("`" + v.name() + "`" + (v.since() > 0 ? " (JDK " + v.since() + "+)" : "") + (v.jvm() ? "" : " (not a JVM)"));
            }
            if (e.info().driverClass() != null) {
                variants.add("client/server");
            }
            List<String> params = new ArrayList<>();
            for (Parameter p : e.info().parameters()) {
                params.add("`" + p.name() + "`" + (p.defaultValue().isEmpty() ? "" : " (" + p.defaultValue() + ")"));
            }
            sb.append("| `").append(e.name()).append("` | ").append(e.info().summary().replace("|", "\\|"))
                    .append(" | ").append(variants.isEmpty() ? "—" : String.join(", ", variants))
                    .append(" | ").append(String.join(", ", params)).append(" |\n");
        }
        return sb.toString();
    }
}
