package org.jvmmark.workloads.http.driver;

/**
 * One slice of an open-model schedule, {@code I/N} (1-based, as {@code --shard} and k6's execution
 * segments are written): slice I takes the requests {@code j} with {@code j mod N = I − 1}, so the N
 * slices together are the whole schedule, each request in exactly one. Immutable.
 */
final class Segment {
    static final Segment WHOLE = new Segment(0, 1);

    /** 0-based. */
    final int index;
    final int count;

    Segment(int index, int count) {
        this.index = index;
        this.count = count;
    }

    /** @throws IllegalArgumentException one line naming the expected form */
    static Segment parse(String text) {
        String t = text.trim();
        int slash = t.indexOf('/');
        try {
            int i = Integer.parseInt(t.substring(0, slash));
            int n = Integer.parseInt(t.substring(slash + 1));
            if (n >= 1 && i >= 1 && i <= n) {
                return new Segment(i - 1, n);
            }
        } catch (RuntimeException e) {
            // below
        }
        throw new IllegalArgumentException("http: bad segment '" + text + "': expected I/N with 1 <= I <= N, e.g. 1/2");
    }

    /** How many of the whole schedule's requests {@code 0 … j−1} are this slice's. */
    long local(long j) {
        return j <= index ? 0 : (j - index + count - 1) / count;
    }

    @Override
    public String toString() {
        return (index + 1) + "/" + count;
    }
}
