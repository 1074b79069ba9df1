package org.jvmmark.workloads.http.driver;

import java.nio.channels.SocketChannel;

/** A write of the sender that the I/O thread must finish ({@code errorKind} null) or count as broken. Immutable. */
final class Fixup {
    final Conn conn;
    final SocketChannel channel;
    final int written;
    final String errorKind;

    Fixup(Conn conn, SocketChannel channel, int written, String errorKind) {
        this.conn = conn;
        this.channel = channel;
        this.written = written;
        this.errorKind = errorKind;
    }
}
