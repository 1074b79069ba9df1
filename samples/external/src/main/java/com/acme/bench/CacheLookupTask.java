package com.acme.bench;

import java.util.SplittableRandom;
import org.jvmmark.harness.Harness;
import org.jvmmark.harness.LatencyTask;

/**
 * One cache lookup per iteration (a miss loads and inserts the value), timed from the intended
 * start. A bare {@link LatencyTask}, as a JLBH user writes a {@code JLBHTask}:
 * {@code jvmmark run --task com.acme.bench.CacheLookupTask --classpath target/acme-bench.jar}
 * runs it with the harness's options (rate, iterations, runs, warmup) as parameters. Not
 * thread-safe: the harness calls it from its one benchmark thread.
 */
public final class CacheLookupTask implements LatencyTask {
    private final LruCache<Integer, byte[]> cache;
    private final int keys;
    private final SplittableRandom random = new SplittableRandom(42);
    private Harness harness;
    private long hits;
    private long misses;

    /** 10,000 entries over 20,000 keys: about half the lookups miss. */
    public CacheLookupTask() {
        this(10_000, 20_000);
    }

    public CacheLookupTask(int capacity, int keys) {
        this.cache = new LruCache<>(capacity);
        this.keys = keys;
    }

    @Override
    public void init(Harness harness) {
        this.harness = harness;
    }

    @Override
    public void run(long startNanos) {
        Integer key = random.nextInt(keys);
        byte[] value = cache.get(key);
        if (value == null) {
            misses++;
            value = new byte[64];
            value[0] = (byte) key.intValue();
            cache.put(key, value);
        } else {
            hits++;
            if (value[0] != (byte) key.intValue()) {
                throw new IllegalStateException("cache returned the value of another key for " + key);
            }
        }
        harness.recordEndToEnd(startNanos);
    }

    public long lookups() {
        return hits + misses;
    }

    public long hits() {
        return hits;
    }

    public int size() {
        return cache.size();
    }
}
