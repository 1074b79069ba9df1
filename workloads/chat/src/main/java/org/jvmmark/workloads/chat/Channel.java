package org.jvmmark.workloads.chat;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A chat room. Membership changes go through {@link ChatState} (atomically with the channel's
 * creation and removal); relaying iterates the members concurrently with those changes, which a
 * concurrent set allows without copying on every join as a copy-on-write set would.
 *
 * <p>Thread-safe.
 */
final class Channel {
    private final String name;
    private final Set<IrcSession> members = ConcurrentHashMap.newKeySet();

    Channel(String name) {
        this.name = name;
    }

    /** The name as the first joiner spelled it. */
    String name() {
        return name;
    }

    Set<IrcSession> members() {
        return members;
    }

    /**
     * Sends {@code line} to every member but {@code except} (which may be null).
     *
     * @return the number of members it was queued for
     */
    int broadcast(byte[] line, IrcSession except) {
        int n = 0;
        for (IrcSession member : members) {
            if (member != except && member.outbound().send(line)) {
                n++;
            }
        }
        return n;
    }
}
