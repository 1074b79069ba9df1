import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The outside measurement of a server's footprint per held request, independent of jvmmark's driver:
 * opens {@code connections} keep-alive connections to {@code host:port}, then holds all of them, each with
 * one {@code GET /sleep} outstanding at all times (a connection sends again as soon as its answer arrives, so
 * the level stays held however long the server sleeps). Idle and held, it reads the server's {@code VmRSS}
 * from {@code /proc/PID/status} every 250 ms until the last 2 s of samples lie within 1 % (or {@code
 * settleSeconds} pass), and prints the RSS. Per held request = (RSS held − RSS idle) ÷ connections.
 *
 * <p>The server is measured fresh, as a trial's hold phase measures it (before the trial's load). With {@code
 * WARMUP_SECONDS} above 0, every connection first sends {@code GET /hello} back to back for that long: what a load
 * before the hold changes (the heap it leaves resident, which the hold then finds already paid for).
 *
 * <p>Run with the source launcher (JDK 11+): {@code java HoldClient.java HOST PORT PID CONNECTIONS
 * [SETTLE_SECONDS [WARMUP_SECONDS]]}; {@code scripts/measure-held-footprint.sh} starts a server and runs it. One
 * thread, one selector; an answer is counted when the 13-byte body of the workload's handlers has arrived.
 */
public final class HoldClient {
    static final byte[] BODY = "Hello, World!".getBytes(StandardCharsets.US_ASCII);
    static final long SAMPLE_MILLIS = 250;
    static final int SETTLE_SAMPLES = 8;
    static final double SETTLE_SHARE = 0.01;
    /** Every sample printed, with {@code -Dtrace=true}. */
    static final boolean TRACE = Boolean.getBoolean("trace");

    private final Selector selector = Selector.open();
    private final List<Conn> conns = new ArrayList<>();
    private final byte[] sleep;
    private final byte[] hello;
    private byte[] request;
    private final long pid;
    private int holding;

    private static final class Conn {
        final SocketChannel channel;
        final int index;
        boolean awaiting;
        int matched; // bytes of BODY matched so far in the stream

        Conn(SocketChannel channel, int index) {
            this.channel = channel;
            this.index = index;
        }
    }

    private HoldClient(String host, int port, long pid, int connections) throws IOException {
        this.pid = pid;
        this.sleep = get("/sleep", host, port);
        this.hello = get("/hello", host, port);
        this.request = sleep;
        InetSocketAddress target = new InetSocketAddress(host, port);
        for (int i = 0; i < connections; i++) {
            SocketChannel ch = SocketChannel.open();
            if (target.getAddress().isLoopbackAddress()) {
                // ephemeral ports are per source address: spread over 127.0.0.1..4 as the driver does
                ch.bind(new InetSocketAddress(InetAddress.getByAddress(new byte[] {127, 0, 0, (byte) (1 + i % 4)}), 0));
            }
            ch.connect(target);
            ch.configureBlocking(false);
            Conn c = new Conn(ch, i);
            ch.register(selector, SelectionKey.OP_READ, c);
            conns.add(c);
        }
    }

    private static byte[] get(String path, String host, int port) {
        return ("GET " + path + " HTTP/1.1\r\nHost: " + host + ":" + port + "\r\nUser-Agent: jvmmark-hold-client\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 4) {
            System.err.println("usage: java HoldClient.java HOST PORT PID CONNECTIONS [SETTLE_SECONDS [WARMUP_SECONDS]]");
            System.exit(2);
        }
        int connections = Integer.parseInt(args[3]);
        long settle = args.length > 4 ? Long.parseLong(args[4]) : 30;
        long warmup = args.length > 5 ? Long.parseLong(args[5]) : 0;
        HoldClient client = new HoldClient(args[0], Integer.parseInt(args[1]), Long.parseLong(args[2]), connections);
        System.out.printf(Locale.ROOT, "%,d connections open%n", connections);
        if (warmup > 0) {
            // what a load before the hold changes: a closed loop on /hello over every connection
            client.request = client.hello;
            client.level(connections, warmup, false);
            client.request = client.sleep;
        }
        long idle = client.level(0, settle, true);
        long held = client.level(connections, settle, true);
        System.out.printf(Locale.ROOT, "per held request ((held − idle) ÷ %,d): %.1f KiB%n", connections, (held - idle) / 1024.0 / connections);
    }

    /**
     * Holds {@code count} requests until the server's RSS settles (or, without {@code untilSettled}, for the whole
     * {@code seconds}); returns the settled (or last) RSS in bytes.
     */
    private long level(int count, long seconds, boolean untilSettled) throws IOException {
        holding = count;
        for (Conn c : conns) {
            if (c.index < holding && !c.awaiting) {
                send(c);
            }
        }
        long start = System.nanoTime();
        long deadline = start + seconds * 1_000_000_000L;
        long[] samples = new long[SETTLE_SAMPLES];
        int taken = 0;
        long nextSample = System.nanoTime();
        while (true) {
            long now = System.nanoTime();
            if (now - nextSample >= 0) {
                samples[taken++ % SETTLE_SAMPLES] = rss(pid);
                if (TRACE) {
                    System.out.printf(Locale.ROOT, "  %.2f s: %,.1f MiB%n", (now - start) / 1e9, samples[(taken - 1) % SETTLE_SAMPLES] / 1048576.0);
                }
                nextSample += SAMPLE_MILLIS * 1_000_000L;
                boolean settled = taken >= SETTLE_SAMPLES && spread(samples) <= SETTLE_SHARE * samples[(taken - 1) % SETTLE_SAMPLES];
                if (settled && untilSettled || now - deadline >= 0) {
                    long rss = samples[(taken - 1) % SETTLE_SAMPLES];
                    System.out.printf(Locale.ROOT, "%s %,6d: RSS %,.1f MiB, %s after %.1f s%n", untilSettled ? "held" : "warm-up, /hello on",
                            count, rss / 1048576.0, settled ? "settled" : "NOT settled", (now - start) / 1e9);
                    return rss;
                }
            }
            selector.select(Math.max(1, (nextSample - System.nanoTime()) / 1_000_000));
            for (SelectionKey k : selector.selectedKeys()) {
                read((Conn) k.attachment());
            }
            selector.selectedKeys().clear();
        }
    }

    private void read(Conn c) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(4096);
        int n = c.channel.read(buf);
        if (n < 0) {
            throw new IOException("connection " + c.index + " closed by the server");
        }
        for (int i = 0; i < n; i++) {
            byte b = buf.get(i);
            c.matched = b == BODY[c.matched] ? c.matched + 1 : b == BODY[0] ? 1 : 0;
            if (c.matched == BODY.length) {
                c.matched = 0;
                c.awaiting = false;
                if (c.index < holding) {
                    send(c);
                }
            }
        }
    }

    private void send(Conn c) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(request);
        while (b.hasRemaining()) {
            c.channel.write(b);
        }
        c.awaiting = true;
    }

    private static long spread(long[] samples) {
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (long s : samples) {
            min = Math.min(min, s);
            max = Math.max(max, s);
        }
        return max - min;
    }

    static long rss(long pid) throws IOException {
        for (String line : Files.readAllLines(Paths.get("/proc", Long.toString(pid), "status"), StandardCharsets.US_ASCII)) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.trim().split("\\s+")[1]) * 1024;
            }
        }
        throw new IOException("no VmRSS in /proc/" + pid + "/status");
    }
}
