package org.jvmmark.workloads.chat;

import java.io.IOException;
import java.util.Map;

import org.jvmmark.api.WorkloadInfo;

/**
 * Runs a chat server on its own, without the runner, until interrupted:
 * {@code java -cp 'target/jvmmark/workloads/chat/*' org.jvmmark.workloads.chat.ChatServerMain
 * [impl=platform|virtual|nio] [port=6667] [host=127.0.0.1] [maxQueuedLines=1000]}. Connect any
 * IRC client to it. Bad arguments: one line and exit status 2. Not instantiable.
 */
public final class ChatServerMain {
    private ChatServerMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        ChatServer server;
        try {
            Map<String, String> p = WorkloadInfo.of(ChatWorkload.class).resolveParams("standard", WorkloadInfo.parseAssignments(args));
            server = ChatServer.start(p.get("impl"), ChatWorkload.config(p.get("host"), Integer.parseInt(p.get("port")),
                    Integer.parseInt(p.get("maxQueuedLines"))));
            System.out.println("chat server (" + p.get("impl") + ") listening on " + p.get("host") + ":" + server.port());
        } catch (IllegalArgumentException | UnsupportedOperationException | IOException e) {
            String m = String.valueOf(e.getMessage());
            System.err.println(m.startsWith("chat") ? m : "chat server: " + m);
            System.exit(2);
            return;
        }
        ChatServer running = server;
        Runtime.getRuntime().addShutdownHook(new Thread(running::close));
        Thread.sleep(Long.MAX_VALUE);
    }
}
