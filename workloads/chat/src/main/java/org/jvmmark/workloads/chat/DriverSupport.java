package org.jvmmark.workloads.chat;

import java.io.IOException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import org.jvmmark.api.ValidationException;

/** What both driver modes share: nick tags, registration replies, waiting with a stall limit. Stateless. */
final class DriverSupport {
    private DriverSupport() {
    }

    /**
     * Two characters that make this run's nicks and channels unique, so that a second run against
     * the same server (which may still be reaping the first run's connections) does not collide.
     */
    static String runTag() {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        return "" + (char) ('a' + r.nextInt(26)) + (char) ('a' + r.nextInt(26));
    }

    /** Sends NICK, USER and (if {@code channel} is not null) JOIN in one go; servers process them in order. */
    static void register(ClientConnection c, String nick, String channel) throws IOException {
        c.nick = nick;
        c.room = channel;
        c.send("NICK " + nick);
        c.send("USER " + nick + " 0 * :jvmmark chat driver");
        if (channel != null) {
            c.send("JOIN " + channel);
        }
    }

    /**
     * Handles the replies every driver connection may get while setting up; returns the parsed line
     * for the caller to look at further.
     */
    static IrcLine common(ClientConnection c, String text) throws IOException {
        IrcLine line = IrcLine.parse(text);
        if (line == null) {
            return null;
        }
        switch (line.command()) {
            case "001":
                c.registered = true;
                break;
            case "366":
                if (c.room != null && c.room.equalsIgnoreCase(line.param(1))) {
                    c.joined = true;
                }
                break;
            case "PING":
                c.send("PONG :" + (line.param(0) == null ? "" : line.param(0)));
                break;
            case "432": case "433": case "436": case "437":
                throw new IOException("the server refused nick " + c.nick + ": " + text);
            case "403": case "405": case "471": case "473": case "474": case "475":
                throw new IOException("the server refused JOIN " + c.room + " for " + c.nick + ": " + text);
            case "451":
                throw new IOException("the server did not register " + c.nick + ": " + text);
            case "ERROR":
                throw new IOException("the server closed " + c.nick + ": " + text);
            default:
                break;
        }
        return line;
    }

    /**
     * Polls until {@code done}; fails when nothing arrives for {@code stallSeconds}.
     *
     * @param progress describes how far it got, for the failure message
     */
    static void await(ClientLoop loop, ClientLoop.Handler handler, BooleanSupplier done, int stallSeconds,
                      String what, Supplier<String> progress) throws IOException, ValidationException {
        long limit = TimeUnit.SECONDS.toNanos(stallSeconds);
        long last = System.nanoTime();
        while (!done.getAsBoolean()) {
            if (loop.poll(TimeUnit.MILLISECONDS.toNanos(100), handler) > 0) {
                last = System.nanoTime();
            } else if (System.nanoTime() - last > limit) {
                throw new IOException("nothing arrived for " + stallSeconds + " s while waiting for " + what + " (" + progress.get() + ")");
            }
        }
    }
}
