package org.jvmmark.workloads.chat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The server side of one client's conversation: registration ({@code NICK}, {@code USER}), then
 * {@code JOIN}, {@code PART}, {@code PRIVMSG}/{@code NOTICE} to channels and nicks,
 * {@code PING}/{@code PONG} and {@code QUIT}, with the RFC 2812 numeric replies a client needs.
 * Anything else is answered with 421; lines that fail a command's rules get that command's error
 * reply. Transport-independent: the servers feed it lines and give it an {@link Outbound}.
 *
 * <p>One extension, {@code FOOTPRINT}, answers with this server's memory and thread figures
 * ({@code :server FOOTPRINT nick :rssBytes=… heapUsedBytes=…}) so that the capacity driver can
 * measure the cost of a connection from outside the JVM under test. Other servers answer it with
 * 421, which the driver reports as "not measured".
 *
 * <p>Not thread-safe: {@link #onLine} and {@link #onClose} are called by one thread at a time (the
 * connection's reader, or the event loop); other sessions only call {@link #outbound()}.
 */
final class IrcSession {
    private static final byte[] CRLF = {'\r', '\n'};

    private final ChatState state;
    private final Outbound outbound;
    private final String server;
    private final Map<String, Channel> channels = new LinkedHashMap<>();
    private volatile String nick;
    private String user;
    private volatile boolean registered;
    private boolean closed;

    IrcSession(ChatState state, Outbound outbound) {
        this.state = state;
        this.outbound = outbound;
        this.server = state.config().serverName();
    }

    Outbound outbound() {
        return outbound;
    }

    /** The current nickname, or {@code null} before the first {@code NICK}. */
    String nick() {
        return nick;
    }

    /**
     * Handles one line from the client.
     *
     * @return false when the client quit and the connection must be closed
     */
    boolean onLine(String text) {
        state.stats().lineIn();
        IrcLine line = IrcLine.parse(text);
        if (line == null) {
            return true;
        }
        switch (line.command()) {
            case "NICK": nick(line); return true;
            case "USER": user(line); return true;
            case "PASS": case "PONG": return true;
            case "PING": ping(line); return true;
            case "QUIT": quit(line); return false;
            case "FOOTPRINT": footprint(); return true;
            case "JOIN": case "PART": case "PRIVMSG": case "NOTICE":
                if (!registered) {
                    reply("451", ":You have not registered");
                    return true;
                }
                break;
            default:
                reply("421", line.command() + " :Unknown command");
                return true;
        }
        switch (line.command()) {
            case "JOIN": join(line); break;
            case "PART": part(line); break;
            default: message(line); break;
        }
        return true;
    }

    /**
     * The connection is gone (quit, reset, dropped for not reading): frees the nickname and tells
     * everyone who shared a channel, once each. Idempotent.
     */
    void onClose(String reason) {
        if (closed) {
            return;
        }
        closed = true;
        if (registered) {
            byte[] quit = encode(":" + mask() + " QUIT :" + reason);
            Set<IrcSession> peers = new LinkedHashSet<>();
            for (Channel c : channels.values()) {
                state.part(c, this);
                peers.addAll(c.members());
            }
            peers.remove(this);
            int sent = 0;
            for (IrcSession peer : peers) {
                if (peer.outbound.send(quit)) {
                    sent++;
                }
            }
            state.stats().linesOut(sent);
        }
        channels.clear();
        if (nick != null) {
            state.releaseNick(nick, this);
        }
    }

    private void nick(IrcLine line) {
        String wanted = line.param(0);
        if (wanted == null || wanted.isEmpty()) {
            reply("431", ":No nickname given");
        } else if (!Names.isValidNick(wanted)) {
            reply("432", wanted + " :Erroneous nickname");
        } else if (wanted.equals(nick)) {
            return;
        } else if (!state.claimNick(wanted, this)) {
            reply("433", wanted + " :Nickname is already in use");
        } else {
            String old = nick;
            if (old != null && !Names.fold(old).equals(Names.fold(wanted))) {
                state.releaseNick(old, this);
            }
            if (registered) {
                byte[] change = encode(":" + mask() + " NICK :" + wanted);
                Set<IrcSession> peers = new LinkedHashSet<>();
                peers.add(this);
                for (Channel c : channels.values()) {
                    peers.addAll(c.members());
                }
                for (IrcSession peer : peers) {
                    peer.outbound.send(change);
                }
                state.stats().linesOut(peers.size());
            }
            nick = wanted;
            completeRegistration();
        }
    }

    private void user(IrcLine line) {
        if (registered) {
            reply("462", ":Unauthorized command (already registered)");
        } else if (line.params().size() < 4 || line.param(0).isEmpty()) {
            reply("461", "USER :Not enough parameters");
        } else {
            user = line.param(0);
            completeRegistration();
        }
    }

    private void completeRegistration() {
        if (registered || nick == null || user == null) {
            return;
        }
        registered = true;
        reply("001", ":Welcome to the Internet Relay Network " + mask());
        reply("002", ":Your host is " + server + ", running jvmmark-chat");
        reply("003", ":This server was created for a benchmark");
        reply("004", server + " jvmmark-chat o o");
        reply("005", "CHANTYPES=#& CHANLIMIT=#&:" + state.config().maxChannels() + " :are supported by this server");
        reply("422", ":MOTD File is missing");
    }

    private void ping(IrcLine line) {
        if (line.param(0) == null) {
            reply("409", ":No origin specified");
        } else {
            send(":" + server + " PONG " + server + " :" + line.param(0));
        }
    }

    private void quit(IrcLine line) {
        String message = line.param(0) == null ? "Client Quit" : "Quit: " + line.param(0);
        send("ERROR :Closing Link: " + outbound.host() + " (" + message + ")");
        onClose(message);
    }

    private void footprint() {
        Footprint f = Footprint.measure(true);
        StringBuilder b = new StringBuilder(":");
        f.toMap().forEach((k, v) -> b.append(b.length() > 1 ? " " : "").append(k).append('=').append(v));
        b.append(" connections=").append(state.stats().open());
        send(":" + server + " FOOTPRINT " + target() + " " + b);
    }

    private void join(IrcLine line) {
        String list = line.param(0);
        if (list == null) {
            reply("461", "JOIN :Not enough parameters");
            return;
        }
        if (list.equals("0")) {
            for (Channel c : new ArrayList<>(channels.values())) {
                leave(c, "Left all channels");
            }
            return;
        }
        for (String name : list.split(",")) {
            if (!Names.isValidChannel(name)) {
                reply("403", name + " :No such channel");
                continue;
            }
            String key = Names.fold(name);
            if (channels.containsKey(key)) {
                continue;
            }
            if (channels.size() >= state.config().maxChannels()) {
                reply("405", name + " :You have joined too many channels");
                continue;
            }
            Channel c = state.join(name, this);
            if (c == null) {
                continue;
            }
            channels.put(key, c);
            state.stats().linesOut(c.broadcast(encode(":" + mask() + " JOIN " + c.name()), null));
            names(c);
        }
    }

    /** 353 lines with as many nicks as fit in 512 bytes, then 366. */
    private void names(Channel c) {
        String head = ":" + server + " 353 " + nick + " = " + c.name() + " :";
        StringBuilder b = new StringBuilder(head);
        for (IrcSession member : c.members()) {
            String n = member.nick;
            if (n == null) {
                continue;
            }
            if (b.length() + n.length() + 1 > LineDecoder.MAX_LINE_BYTES - 2 && b.length() > head.length()) {
                send(b.toString());
                b.setLength(head.length());
            }
            if (b.length() > head.length()) {
                b.append(' ');
            }
            b.append(n);
        }
        if (b.length() > head.length()) {
            send(b.toString());
        }
        reply("366", c.name() + " :End of NAMES list");
    }

    private void part(IrcLine line) {
        String list = line.param(0);
        if (list == null) {
            reply("461", "PART :Not enough parameters");
            return;
        }
        String reason = line.param(1) == null ? nick : line.param(1);
        for (String name : list.split(",")) {
            Channel c = channels.get(Names.fold(name));
            if (c != null) {
                leave(c, reason);
            } else if (state.channel(name) != null) {
                reply("442", name + " :You're not on that channel");
            } else {
                reply("403", name + " :No such channel");
            }
        }
    }

    private void leave(Channel c, String reason) {
        state.stats().linesOut(c.broadcast(encode(":" + mask() + " PART " + c.name() + " :" + reason), null));
        channels.remove(Names.fold(c.name()));
        state.part(c, this);
    }

    private void message(IrcLine line) {
        boolean notice = line.command().equals("NOTICE");
        if (line.param(0) == null || line.param(0).isEmpty()) {
            if (!notice) {
                reply("411", ":No recipient given (" + line.command() + ")");
            }
            return;
        }
        if (line.param(1) == null || line.param(1).isEmpty()) {
            if (!notice) {
                reply("412", ":No text to send");
            }
            return;
        }
        for (String target : line.param(0).split(",")) {
            if (Names.isChannel(target)) {
                Channel c = channels.get(Names.fold(target));
                if (c != null) {
                    byte[] relay = encode(":" + mask() + " " + line.command() + " " + c.name() + " :" + line.param(1));
                    state.stats().linesOut(c.broadcast(relay, this));
                } else if (!notice) {
                    reply(state.channel(target) != null ? "404" : "401",
                            target + (state.channel(target) != null ? " :Cannot send to channel" : " :No such nick/channel"));
                }
            } else {
                IrcSession to = state.user(target);
                if (to != null && to.registered) {
                    if (to.outbound.send(encode(":" + mask() + " " + line.command() + " " + to.nick + " :" + line.param(1)))) {
                        state.stats().linesOut(1);
                    }
                } else if (!notice) {
                    reply("401", target + " :No such nick/channel");
                }
            }
        }
    }

    private String mask() {
        return nick + "!" + user + "@" + outbound.host();
    }

    private String target() {
        return nick == null ? "*" : nick;
    }

    private void reply(String numeric, String rest) {
        send(":" + server + " " + numeric + " " + target() + " " + rest);
    }

    private void send(String line) {
        if (outbound.send(encode(line))) {
            state.stats().linesOut(1);
        }
    }

    /**
     * UTF-8 with CR LF, cut to the 512 bytes RFC 2812 allows (at a character boundary): a relayed
     * line carries a longer prefix than the client sent, so a maximal message would otherwise grow
     * past the limit.
     */
    static byte[] encode(String line) {
        byte[] text = line.getBytes(StandardCharsets.UTF_8);
        int n = text.length;
        int max = LineDecoder.MAX_LINE_BYTES - CRLF.length;
        if (n > max) {
            n = max;
            while (n > 0 && (text[n] & 0xC0) == 0x80) {
                n--;
            }
        }
        byte[] out = new byte[n + CRLF.length];
        System.arraycopy(text, 0, out, 0, n);
        out[n] = '\r';
        out[n + 1] = '\n';
        return out;
    }
}
