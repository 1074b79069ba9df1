package org.jvmmark.workloads.chat;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * What all connections of one server share: the nickname registry and the channels, both keyed by
 * the RFC 1459 case-folded name. Channels are created by their first join and removed with their
 * last member, each atomically under the map's per-key lock, so a join never lands in a channel
 * that is being removed.
 *
 * <p>Thread-safe.
 */
final class ChatState {
    private final ConcurrentMap<String, IrcSession> nicks = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, Channel> channels = new ConcurrentHashMap<>();
    private final ServerConfig config;
    private final ServerStats stats;

    ChatState(ServerConfig config, ServerStats stats) {
        this.config = config;
        this.stats = stats;
    }

    ServerConfig config() {
        return config;
    }

    ServerStats stats() {
        return stats;
    }

    /** Takes {@code nick} for {@code session}; false if someone else holds it. */
    boolean claimNick(String nick, IrcSession session) {
        IrcSession holder = nicks.putIfAbsent(Names.fold(nick), session);
        return holder == null || holder == session;
    }

    void releaseNick(String nick, IrcSession session) {
        nicks.remove(Names.fold(nick), session);
    }

    IrcSession user(String nick) {
        return nicks.get(Names.fold(nick));
    }

    Channel channel(String name) {
        return channels.get(Names.fold(name));
    }

    /** Adds {@code session} to the channel, creating it; returns null if it already was a member. */
    Channel join(String name, IrcSession session) {
        Channel[] joined = new Channel[1];
        channels.compute(Names.fold(name), (key, channel) -> {
            Channel c = channel == null ? new Channel(name) : channel;
            if (c.members().add(session)) {
                joined[0] = c;
            }
            return c;
        });
        return joined[0];
    }

    /** Removes {@code session} from the channel, removing the channel when it is left empty. */
    void part(Channel channel, IrcSession session) {
        channels.computeIfPresent(Names.fold(channel.name()), (key, c) -> {
            c.members().remove(session);
            return c.members().isEmpty() ? null : c;
        });
    }
}
