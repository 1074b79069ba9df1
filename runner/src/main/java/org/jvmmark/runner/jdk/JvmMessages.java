package org.jvmmark.runner.jdk;

import java.util.List;
import org.jvmmark.runner.base.Text;

/** Picks the informative line out of what a JVM prints when it refuses to start. Stateless. */
public final class JvmMessages {
    private static final List<String> BOILERPLATE = List.of(
            "Error: Could not create the Java Virtual Machine.",
            "Error: A fatal exception has occurred. Program will exit.",
            "Error occurred during initialization of VM");

    private JvmMessages() {
    }

    /**
     * The first line that is neither blank nor the launcher's generic trailer, e.g.
     * {@code Unrecognized VM option 'UseShenandoahGC'}.
     */
    static String refusal(String output) {
        for (String line : output.split("\\R")) {
            String l = line.trim();
            if (!l.isEmpty() && !BOILERPLATE.contains(l) && !l.startsWith("OpenJDK 64-Bit Server VM warning: Option")) {
                return l;
            }
        }
        return Text.firstLine(output);
    }

    /** The last line of a stderr tail that is not the launcher's generic trailer, or an empty string. */
    public static String lastInformative(List<String> tail) {
        for (int i = tail.size() - 1; i >= 0; i--) {
            String l = tail.get(i).trim();
            if (!l.isEmpty() && !BOILERPLATE.contains(l)) {
                return l;
            }
        }
        return "";
    }
}
