package org.jvmmark.workloads.chat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;

/**
 * One simulated chat user of the driver: its socket and what the driver knows about it (nick,
 * room, turn, counts, the next sequence number expected from each other member of its room).
 *
 * <p>Not thread-safe: owned by the {@link ClientLoop} thread.
 */
final class ClientConnection {
    final SocketChannel channel;
    final LineDecoder decoder = new LineDecoder();
    private final ArrayDeque<ByteBuffer> pending = new ArrayDeque<>(2);
    SelectionKey key;
    boolean closed;

    String nick;
    String room;
    int roomIndex;
    /** Position in the room: the user whose turn it is when {@code (sent + received) % users == index}. */
    int index;
    boolean registered;
    boolean joined;
    int sent;
    int received;
    /** Per sender in the room: the sequence number of the next message expected from it. */
    int[] nextSeq;
    /** Set when the reply the driver waits for (e.g. a PONG) has arrived. */
    boolean answered;

    ClientConnection(SocketChannel channel) {
        this.channel = channel;
    }

    /** Sends one line (CR LF appended); what the socket does not take now goes out on {@code OP_WRITE}. */
    void send(String line) throws IOException {
        byte[] bytes = (line + "\r\n").getBytes(StandardCharsets.UTF_8);
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        if (pending.isEmpty()) {
            channel.write(buffer);
            if (!buffer.hasRemaining()) {
                return;
            }
        }
        pending.add(buffer);
        key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
    }

    void flush() throws IOException {
        while (!pending.isEmpty()) {
            channel.write(pending.peek());
            if (pending.peek().hasRemaining()) {
                return;
            }
            pending.poll();
        }
        key.interestOps(SelectionKey.OP_READ);
    }

    @Override
    public String toString() {
        return nick == null ? "connection" : nick;
    }
}
