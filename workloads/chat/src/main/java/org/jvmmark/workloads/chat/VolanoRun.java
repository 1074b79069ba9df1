package org.jvmmark.workloads.chat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.jvmmark.api.ValidationException;

/**
 * VolanoMark's test, against any IRC server: {@code rooms × users} connections, each user in its
 * room; users take turns — a user sends when {@code (sent + received) % users} equals its place in
 * the room — until each has sent {@code count} messages a round for {@code warmupRounds + rounds}
 * rounds; the server relays every message to the other members. A round ends when the run as a whole
 * has sent and received a round's share of the messages ({@code rooms × users × count × users}): its
 * time and deliveries are kept apart, so the caller can discard the warm-up rounds and score the rest. With {@code pause > 0} users instead send every {@code pause} ms on a fixed
 * schedule (staggered within the room), and latency is measured from the scheduled time.
 *
 * <p>Every received message is checked: it is intact, it went to its sender's room, and it is the
 * next one expected from that sender (so a lost, duplicated or reordered message is caught where it
 * happens). At the end, each user must have received {@code count} messages from each other member:
 * {@code rooms × users × count × (users − 1)} in total.
 *
 * <p>Not thread-safe: one run, on the calling thread.
 */
final class VolanoRun implements ClientLoop.Handler {
    private final DriverConfig config;
    private final ClientConnection[][] rooms;
    private final long pauseNanos;
    private final int roundCount;
    /** Messages (sent plus received) a round holds. */
    private final long perRound;
    private final DeliveryLatency[] latency;
    /** When each round ended; {@code ends[0]} is the start. */
    private final long[] ends;
    private final long[] sentAt;
    private int round;
    private int joined;
    private boolean running;
    private long start;
    private long lastReceive;
    private long sent;
    private long maxLateness;
    private long received;

    private VolanoRun(DriverConfig config) {
        this.config = config;
        this.rooms = new ClientConnection[config.rooms][config.users];
        this.pauseNanos = TimeUnit.MILLISECONDS.toNanos(config.pauseMillis);
        this.roundCount = config.warmupRounds + config.rounds;
        this.perRound = (config.expectedSent() + config.expectedReceived()) / roundCount;
        this.latency = new DeliveryLatency[roundCount];
        for (int i = 0; i < roundCount; i++) {
            latency[i] = new DeliveryLatency(pauseNanos > 0);
        }
        this.ends = new long[roundCount + 1];
        this.sentAt = new long[roundCount + 1];
    }

    /** One round of a run: its messages, its time and its deliveries. Immutable after construction. */
    static final class Result {
        final long sent;
        final long received;
        final long elapsedNanos;
        final DeliveryLatency latency;
        /** In schedule mode, the most a message was sent after its scheduled time (over the whole run). */
        final long maxLatenessNanos;

        Result(long sent, long received, long elapsedNanos, DeliveryLatency latency, long maxLatenessNanos) {
            this.sent = sent;
            this.received = received;
            this.elapsedNanos = elapsedNanos;
            this.latency = latency;
            this.maxLatenessNanos = maxLatenessNanos;
        }

        /** VolanoMark's score: messages sent plus received, per second. */
        double score() {
            return (sent + received) / (elapsedNanos / 1e9);
        }
    }

    /** @return each round's result, the warm-up rounds first */
    static List<Result> run(DriverConfig config, Consumer<String> log) throws IOException, ValidationException {
        return new VolanoRun(config).execute(log);
    }

    private List<Result> execute(Consumer<String> log) throws IOException, ValidationException {
        String tag = DriverSupport.runTag();
        try (ClientLoop loop = new ClientLoop(new InetSocketAddress(config.host, config.port))) {
            int total = config.rooms * config.users;
            for (int r = 0; r < config.rooms; r++) {
                for (int u = 0; u < config.users; u++) {
                    ClientConnection c = openUser(loop);
                    c.roomIndex = r;
                    c.index = u;
                    c.nextSeq = new int[config.users];
                    rooms[r][u] = c;
                    DriverSupport.register(c, tag + "r" + r + "u" + u, "#" + tag + "-room" + r);
                    loop.poll(0, this);
                }
            }
            DriverSupport.await(loop, this, () -> joined == total, config.stallSeconds, "every user to join its room",
                    () -> joined + " of " + total + " joined");
            log.accept(total + " users in " + config.rooms + " rooms; " + config.expectedSent() + " messages to send in "
                    + roundCount + " rounds (" + config.warmupRounds + " to warm up)");

            running = true;
            start = System.nanoTime();
            lastReceive = start;
            ends[0] = start;
            for (ClientConnection[] room : rooms) {
                for (ClientConnection c : room) {
                    takeTurn(c);
                }
            }
            long stall = TimeUnit.SECONDS.toNanos(config.stallSeconds);
            long lastProgress = start;
            while (received < config.expectedReceived() || sent < config.expectedSent()) {
                long wait = stall;
                if (pauseNanos > 0) {
                    wait = sendDue(System.nanoTime());
                }
                long before = sent + received;
                loop.poll(Math.min(wait, TimeUnit.MILLISECONDS.toNanos(100)), this);
                long now = System.nanoTime();
                if (sent + received != before) {
                    lastProgress = now;
                } else if (now - lastProgress > stall) {
                    throw new ValidationException("stalled: no message for " + config.stallSeconds + " s; received "
                            + received + " of " + config.expectedReceived() + ", sent " + sent + " of " + config.expectedSent());
                }
            }
            ends[roundCount] = lastReceive;
            sentAt[roundCount] = sent;
            for (ClientConnection[] room : rooms) {
                for (ClientConnection c : room) {
                    quietly(c);
                }
            }
            List<Result> rounds = new ArrayList<>();
            for (int i = 0; i < roundCount; i++) {
                long roundSent = sentAt[i + 1] - sentAt[i];
                long all = i == roundCount - 1 ? config.expectedSent() + config.expectedReceived() - (long) i * perRound : perRound;
                rounds.add(new Result(roundSent, all - roundSent, ends[i + 1] - ends[i], latency[i], maxLateness));
            }
            return rounds;
        }
    }

    /** Closes the rounds whose share of messages the run has now sent and received. */
    private void progress(long now) {
        while (round < roundCount - 1 && sent + received >= (round + 1) * perRound) {
            round++;
            ends[round] = now;
            sentAt[round] = sent;
        }
    }

    private ClientConnection openUser(ClientLoop loop) throws IOException {
        try {
            return loop.open();
        } catch (IOException e) {
            throw new IOException("cannot connect to " + config.host + ":" + config.port + " (after "
                    + loop.connections().size() + " connections): " + e.getMessage(), e);
        }
    }

    private static void quietly(ClientConnection c) {
        try {
            c.send("QUIT :done");
        } catch (IOException | RuntimeException e) {
            // leaving anyway
        }
    }

    /** In turn mode: sends if it is {@code c}'s turn. */
    private void takeTurn(ClientConnection c) throws IOException {
        if (pauseNanos == 0 && c.sent < config.messagesPerUser() && (c.sent + c.received) % config.users == c.index) {
            send(c);
        }
    }

    /** In schedule mode: sends every message that is due; returns the time until the next one is. */
    private long sendDue(long now) throws IOException {
        long next = Long.MAX_VALUE;
        for (ClientConnection[] room : rooms) {
            for (ClientConnection c : room) {
                while (c.sent < config.messagesPerUser() && scheduled(c.index, c.sent) - now <= 0) {
                    maxLateness = Math.max(maxLateness, now - scheduled(c.index, c.sent));
                    send(c);
                }
                if (c.sent < config.messagesPerUser()) {
                    next = Math.min(next, scheduled(c.index, c.sent) - now);
                }
            }
        }
        return next;
    }

    private long scheduled(int sender, int sequence) {
        return start + sequence * pauseNanos + sender * pauseNanos / config.users;
    }

    private void send(ClientConnection c) throws IOException {
        String text = MessageText.encode(c.index, c.sent, System.nanoTime(), config.messageChars);
        c.send("PRIVMSG " + c.room + " :" + text);
        c.sent++;
        sent++;
        progress(System.nanoTime());
    }

    @Override
    public void onLine(ClientConnection c, String text, long now) throws IOException, ValidationException {
        boolean wasJoined = c.joined;
        IrcLine line = DriverSupport.common(c, text);
        if (line == null) {
            return;
        }
        if (c.joined && !wasJoined) {
            joined++;
            return;
        }
        if (!line.command().equals("PRIVMSG")) {
            return;
        }
        if (!running) {
            throw new ValidationException(c + " received a message before the test started: " + text);
        }
        receive(c, line, text, now);
        takeTurn(c);
    }

    private void receive(ClientConnection c, IrcLine line, String text, long now) throws ValidationException {
        if (!c.room.equalsIgnoreCase(line.param(0))) {
            throw new ValidationException(c + " received a message for " + line.param(0) + " instead of " + c.room);
        }
        MessageText.Decoded m = line.param(1) == null ? null : MessageText.decode(line.param(1), config.messageChars);
        if (m == null) {
            throw new ValidationException(c + " received a corrupted message: " + text);
        }
        if (m.sender < 0 || m.sender >= config.users || m.sender == c.index
                || !rooms[c.roomIndex][m.sender].nick.equalsIgnoreCase(line.prefixNick())) {
            throw new ValidationException(c + " received a message with a wrong sender: " + text);
        }
        int expected = c.nextSeq[m.sender];
        if (m.sequence != expected) {
            throw new ValidationException(c + " expected message " + expected + " from " + line.prefixNick() + " but got "
                    + m.sequence + " (" + (m.sequence < expected ? "duplicated or reordered" : "lost or reordered") + ")");
        }
        c.nextSeq[m.sender]++;
        c.received++;
        received++;
        lastReceive = now;
        long intended = pauseNanos > 0 ? scheduled(m.sender, m.sequence) : m.sendNanos;
        latency[round].record(now - intended, now - m.sendNanos);
        progress(now);
    }

    @Override
    public void onClosed(ClientConnection c) throws ValidationException {
        throw new ValidationException("the server closed the connection of " + c + " (it had received " + c.received
                + " and sent " + c.sent + " messages)");
    }
}
