package org.jvmmark.workloads.chat;

/**
 * The sending side of one client connection, as the protocol code sees it. Implementations keep a
 * bounded queue: a client that does not read must cost the server a bounded amount of memory and
 * must never block the thread relaying to everyone else, so when the queue is full the connection
 * is closed instead.
 *
 * <p>Implementations are thread-safe where their server calls them from several threads.
 */
interface Outbound {

    /**
     * Queues one encoded line (CR LF included) without blocking.
     *
     * @return false if the connection is closed, or has just been closed because its queue overflowed
     */
    boolean send(byte[] line);

    /** The client's address as it appears in {@code nick!user@host}. */
    String host();
}
