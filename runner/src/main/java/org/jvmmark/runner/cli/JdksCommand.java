package org.jvmmark.runner.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import org.jvmmark.runner.jdk.Jdk;
import org.jvmmark.runner.jdk.JdkDiscovery;
import org.jvmmark.runner.jdk.JdkSelection;

/** {@code jvmmark jdks [--json] [--jdk PATH]...}: the JDKs found and proven to start. Stateless. */
@Command(name = "jdks", mixinStandardHelpOptions = true, description = "List the JDKs found on this machine.")
public final class JdksCommand implements Callable<Integer> {
    @ParentCommand
    private Streams main;

    @Option(names = "--json", description = "Print JSON: home, vendor, version, feature, vm.")
    private boolean json;

    @Option(names = "--jdk", paramLabel = "PATH", description = "Also check this JDK home (repeatable).")
    private List<String> extra = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        Map<java.nio.file.Path, Jdk> all = new LinkedHashMap<>();
        for (Jdk j : new JdkDiscovery().discover()) {
            all.put(j.home(), j);
        }
        if (!extra.isEmpty()) {
            for (Jdk j : JdkSelection.select(extra, List::of)) {
                all.putIfAbsent(j.home(), j);
            }
        }
        if (json) {
            ObjectMapper m = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            ArrayNode arr = m.createArrayNode();
            for (Jdk j : all.values()) {
                ObjectNode n = arr.addObject();
                n.put("home", j.home().toString());
                n.put("vendor", j.vendor());
                n.put("version", j.version());
                n.put("feature", j.feature());
                n.put("vm", j.vmName());
                n.put("label", j.label());
            }
            main.out().println(m.writeValueAsString(arr));
            return 0;
        }
        if (all.isEmpty()) {
            main.err().println("jvmmark: no JDK found; install one or give its path with --jdk");
            return 1;
        }
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"feature", "label", "vendor", "version", "vm", "home"});
        for (Jdk j : all.values()) {
            rows.add(new String[] {Integer.toString(j.feature()), j.label(), j.vendor(), j.version(), j.vmName(), j.home().toString()});
        }
        Tables.print(main.out(), rows);
        return 0;
    }
}
