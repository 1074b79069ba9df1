package org.jvmmark.workloads.chat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.jvmmark.api.TrialContext;
import org.jvmmark.api.TrialSpec;

/** Runs {@link ChatDriver} as the runner would, against a port, and returns its result tree. */
final class Drive {
    private Drive() {
    }

    static Map<String, Object> run(int port, String... settings) throws Exception {
        List<String> args = new ArrayList<>(Arrays.asList(settings));
        args.add("server.port=" + port);
        if (args.stream().noneMatch(a -> a.startsWith("profile="))) {
            args.add("profile=smoke");
        }
        Map<String, String> params = ChatDriverMain.params(args.toArray(new String[0]));
        Path scratch = Files.createTempDirectory("chat-drive");
        TrialContext context = new TrialContext(new TrialSpec("test", ChatDriver.class.getName(), "smoke", params, scratch, scratch));
        new ChatDriver().run(context);
        Files.delete(scratch);
        return context.result().toMap();
    }

    @SuppressWarnings("unchecked")
    static double metric(Map<String, Object> result, String name) {
        Map<String, Object> metrics = (Map<String, Object>) result.get("metrics");
        Map<String, Object> m = (Map<String, Object>) metrics.get(name);
        if (m == null) {
            throw new AssertionError("no metric " + name + " in " + metrics.keySet());
        }
        return ((Number) m.get("value")).doubleValue();
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> latency(Map<String, Object> result) {
        return (Map<String, Object>) ((Map<String, Object>) result.get("latency")).get("endToEnd");
    }
}
