/**
 * Runnable examples that double as the harness's documentation, numbered in reading order, after
 * JMH's samples: {@link org.jvmmark.samples.Sample_01_HelloWorld} (one task, one probe, a fixed rate),
 * {@link org.jvmmark.samples.Sample_02_ProducerConsumer} (a message crosses threads; a second probe)
 * and {@link org.jvmmark.samples.Sample_03_CoordinatedOmission} (the same stall with and without the
 * correction). Each class comment is an essay with a "how to run" block.
 *
 * <p>Not thread-safe: each sample is a main; {@link org.jvmmark.samples.SpscHandOff} says which of
 * its methods runs on which thread.
 */
package org.jvmmark.samples;
