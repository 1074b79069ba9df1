package org.jvmmark.workloads.chat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.jvmmark.api.Json;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.TrialSpec;
import org.jvmmark.api.ValidationException;
import org.jvmmark.api.WorkloadInfo;

/**
 * Runs the chat driver on its own against any IRC server and prints its result as JSON:
 * {@code java -cp 'target/jvmmark/workloads/chat/*' org.jvmmark.workloads.chat.ChatDriverMain
 * server.port=6667 [server.host=127.0.0.1] [profile=smoke|quick|standard] [rooms=10 users=20 …]}.
 * Parameters are those of {@code jvmmark list chat}; the profile defaults to {@code standard}
 * (VolanoMark's 10 × 20 × 100). A failed run prints one line and exits with status 1; bad
 * arguments exit with status 2. Not instantiable.
 */
public final class ChatDriverMain {
    private ChatDriverMain() {
    }

    public static void main(String[] args) throws IOException {
        Map<String, String> params;
        try {
            params = params(args);
        } catch (IllegalArgumentException e) {
            System.err.println(oneLine(e));
            System.exit(2);
            return;
        }
        Path scratch = Files.createTempDirectory("jvmmark-chat-driver");
        TrialContext context = new TrialContext(new TrialSpec("chat-driver", ChatDriver.class.getName(), "standard", params,
                scratch, scratch));
        try {
            new ChatDriver().run(context);
        } catch (ValidationException e) {
            System.err.println("chat driver: validation failed: " + e.getMessage());
            System.exit(1);
        } catch (IllegalArgumentException e) {
            System.err.println(oneLine(e));
            System.exit(2);
        } catch (Exception e) {
            System.err.println(oneLine(e));
            System.exit(1);
        } finally {
            Files.deleteIfExists(scratch);
        }
        System.out.print(Json.write(context.result().toMap()));
    }

    private static String oneLine(Exception e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.startsWith("chat") ? m : "chat driver: " + m;
    }

    /** {@code profile=…} picks the profile; {@code server.*} pass through; the rest are workload parameters. */
    static Map<String, String> params(String[] args) {
        Map<String, String> given = WorkloadInfo.parseAssignments(args);
        String profile = given.getOrDefault("profile", "standard");
        Map<String, String> endpoint = new LinkedHashMap<>();
        Map<String, String> overrides = new LinkedHashMap<>();
        given.forEach((k, v) -> {
            if (k.startsWith("server.")) {
                endpoint.put(k, v);
            } else if (!k.equals("profile")) {
                overrides.put(k, v);
            }
        });
        Map<String, String> params = new LinkedHashMap<>(WorkloadInfo.of(ChatWorkload.class).resolveParams(profile, overrides));
        params.putAll(endpoint);
        return params;
    }
}
