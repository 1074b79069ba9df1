package org.jvmmark.runner.fork;

/**
 * One cache line passed between two threads, for {@link MachineProbe}'s round trip: one thread writes a counter,
 * the other spins until it sees it and writes it back incremented; a round trip is two transfers of the line.
 * Thread-safe for exactly two threads, one calling {@link #roundTrips}, the other {@link #answer}; {@link #stop} from
 * any thread.
 *
 * <p>The counter is a {@code volatile} field padded by 128 bytes of fields on either side (superclass fields are
 * laid out first, so the padding stays around it), so that the line holds nothing else. A volatile field, not a
 * {@code VarHandle}'s release/acquire: a runner's first reading starts in the interpreter, where a {@code
 * VarHandle} access costs microseconds until compiled (the first readings took over 400 ms), while a volatile field
 * access is a plain bytecode. On x86 the volatile write adds a store fence, which only waits for the line the write
 * needs anyway. The spin is plain: {@code Thread.onSpinWait()} would add its pause to every hand-off.
 */
final class CacheLine extends CacheLineValue {
    long q0, q1, q2, q3, q4, q5, q6, q7, q8, q9, q10, q11, q12, q13, q14, q15;
    /**
     * Set by {@link #stop}, beside the counter's -1: a side preempted between seeing its value and answering it
     * would overwrite the -1 and then wait for an answer that never comes (a reading of 2026-11-27 waited out its 3 s).
     */
    volatile boolean stopped;

    /** Tells both sides to stop. */
    void stop() {
        stopped = true;
        value = -1;
    }

    /** Whether to give up a wait: stopped, or past the deadline; asked every 1,024 spins. */
    private boolean over(long deadline) {
        return stopped || System.nanoTime() - deadline > 0;
    }

    /**
     * {@code n} round trips from {@code seq}: writes {@code seq + 1}, waits for {@code seq + 2}. Returns the new
     * sequence, or -1 when the line was stopped or the deadline ({@code System.nanoTime()}) passed (the line is then
     * stopped, which stops the other side).
     */
    long roundTrips(long seq, int n, long deadline) {
        for (int i = 0; i < n; i++) {
            value = seq + 1;
            long want = seq + 2;
            int spins = 0;
            long v;
            while ((v = value) != want) {
                if (v < 0 || (++spins & 0x3FF) == 0 && over(deadline)) {
                    stop();
                    return -1;
                }
            }
            seq = want;
        }
        return seq;
    }

    /** The other side: answers each odd value with the next, until the line is stopped or the deadline passes. */
    void answer(long deadline) {
        long expect = 1;
        while (true) {
            int spins = 0;
            long v;
            while ((v = value) != expect) {
                if (v < 0 || (++spins & 0x3FF) == 0 && over(deadline)) {
                    return;
                }
            }
            value = expect + 1;
            expect += 2;
        }
    }
}

/** The padding before {@link CacheLine}'s counter. */
abstract class CacheLinePadding {
    long p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15;
}

/** {@link CacheLine}'s counter: odd values go one way, even values back; -1 stops both sides. */
abstract class CacheLineValue extends CacheLinePadding {
    volatile long value;
}
