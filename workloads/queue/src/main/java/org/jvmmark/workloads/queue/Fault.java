package org.jvmmark.workloads.queue;

/**
 * A deliberate fault in the producer, for tests of the validation: set the system property
 * {@value #PROPERTY} to {@code corrupt:N} (flip a payload bit of message N after its checksum is
 * computed), {@code drop:N} (never send message N) or {@code duplicate:N} (send it twice). Not a
 * workload parameter on purpose: users never want it, and the runner would list it.
 *
 * <p>Immutable.
 */
final class Fault {
    static final String PROPERTY = "jvmmark.queue.fault";
    static final Fault NONE = new Fault(Kind.NONE, -1);

    enum Kind { NONE, CORRUPT, DROP, DUPLICATE }

    final Kind kind;
    /** The sequence number the fault applies to; -1 for none, which no message has. */
    final long sequence;

    private Fault(Kind kind, long sequence) {
        this.kind = kind;
        this.sequence = sequence;
    }

    static Fault fromSystemProperty() {
        return parse(System.getProperty(PROPERTY));
    }

    static Fault parse(String spec) {
        if (spec == null || spec.isEmpty()) {
            return NONE;
        }
        int colon = spec.indexOf(':');
        try {
            if (colon > 0) {
                Kind kind = Kind.valueOf(spec.substring(0, colon).toUpperCase(java.util.Locale.ROOT));
                long sequence = Long.parseLong(spec.substring(colon + 1));
                if (kind != Kind.NONE && sequence >= 0) {
                    return new Fault(kind, sequence);
                }
            }
        } catch (IllegalArgumentException e) {
            // fall through to the one-line error
        }
        throw new IllegalArgumentException(PROPERTY + "=" + spec + " is not corrupt:N, drop:N or duplicate:N");
    }

    @Override
    public String toString() {
        return kind == Kind.NONE ? "none" : kind.name().toLowerCase(java.util.Locale.ROOT) + ":" + sequence;
    }
}
