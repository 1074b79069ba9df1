package org.jvmmark.workloads.queue;

/**
 * A one-way, single-producer single-consumer hand-off of byte messages: Chronicle Queue, or an
 * in-memory ring for comparison. The producer side is opened and used on the producer thread only,
 * the consumer side on the consumer thread only — Chronicle's appenders and tailers are bound to the
 * thread that uses them.
 *
 * <p>{@link #close()} may be called from any thread once both sides are closed or their threads
 * have ended; it releases (and for Chronicle, unmaps) the storage but never deletes files: the
 * {@link QueueDirectory} does that.
 */
interface Transport extends AutoCloseable {

    /** {@code chronicle} or {@code memory}. */
    String name();

    /** Opens the producer side on the calling thread. */
    Sender openSender();

    /** Opens the consumer side on the calling thread; it reads from the first message on. */
    Receiver openReceiver();

    @Override
    void close();

    /** The producer side. Not thread-safe: one producer thread. */
    interface Sender extends AutoCloseable {
        /**
         * Appends {@code length} bytes of {@code message} as one message.
         *
         * @return false if there is no room now (a bounded transport); the caller retries
         */
        boolean offer(byte[] message, int length);

        @Override
        void close();
    }

    /** The consumer side. Not thread-safe: one consumer thread. */
    interface Receiver extends AutoCloseable {
        /**
         * Copies the next message, if one has arrived, into {@code into}.
         *
         * @return its length, or -1 if no message is waiting
         */
        int poll(byte[] into);

        @Override
        void close();
    }
}
