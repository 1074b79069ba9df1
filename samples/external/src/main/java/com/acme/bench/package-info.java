/**
 * A user's own benchmark, a Maven project of its own built against jvmmark's harness jar (which
 * brings the api): how a team brings its code to {@code jvmmark run}. {@link
 * com.acme.bench.CacheLookupTask} is a bare latency task ({@code --task}), {@link
 * com.acme.bench.CacheWorkload} the same as a full workload with metadata and validation
 * ({@code --workload-jar}), and {@link com.acme.bench.LruCache} the code under test.
 *
 * <p>Not thread-safe: each runs one trial on the harness's benchmark thread.
 */
package com.acme.bench;
